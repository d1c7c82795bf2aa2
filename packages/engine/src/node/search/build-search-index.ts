import MiniSearch from 'minisearch';
import type { PageGraph, PageNode } from '../graph/page-graph';
import type { ApiOperationData, ApiSchemaData, ApiWebhookData } from '../../shared/api-model';
import { SEARCH_FIELDS, SEARCH_STORE } from '../../shared/search-query';
import { clean, clip, type PageSection } from './page-sections';

/** A search record in the DocSearch shape (so the same records can feed a hosted index). */
export interface SearchRecord {
  objectID: string;
  url: string;
  type: 'lvl1' | 'lvl2' | 'lvl3' | 'content';
  hierarchy: { lvl0: string; lvl1: string; lvl2: string | null; lvl3: string | null; lvl4: null; lvl5: null; lvl6: null };
  content: string | null;
}

// The fields are shared with the readers of the index (the browser, docsgen mcp).
export { SEARCH_FIELDS, SEARCH_STORE };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const BLOCK_TAG = /^(p|li|ul|ol|h\d|td|th|tr|table|thead|tbody|div|blockquote|dd|dt|dl|br|hr|figure|section)$/i;

/**
 * Plain text of rendered description HTML: code blocks and buttons left out, a space only where
 * a block ends (inline markup never splits a word), entities decoded.
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<(pre|button|svg)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<\/?([a-z][a-z0-9]*)\b[^>]*>/gi, (_, tag: string) => (BLOCK_TAG.test(tag) ? ' ' : ''))
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity: string, name: string) => {
      if (name[0] === '#') return String.fromCodePoint(name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10));
      return ENTITIES[name.toLowerCase()] ?? entity;
    });
  return clean(text);
}

/** A content page's records: the page itself, then one per section. Pure. */
function contentRecords(page: PageNode, sections: readonly PageSection[], lvl0: string): SearchRecord[] {
  const base = (id: string, type: SearchRecord['type'], lvl2: string | null, lvl3: string | null, content: string | null, hash = ''): SearchRecord => ({
    objectID: `${page.route}#${id}`,
    url: page.route + (hash ? `#${hash}` : ''),
    type,
    hierarchy: { lvl0, lvl1: page.title, lvl2, lvl3, lvl4: null, lvl5: null, lvl6: null },
    content,
  });
  const records: SearchRecord[] = [base('page', 'lvl1', null, null, page.description || null)];
  for (const { anchor, lvl2, lvl3, text } of sections) {
    const type = lvl3 ? 'lvl3' : lvl2 ? 'lvl2' : 'lvl1';
    records.push(base(anchor || 'top', text ? 'content' : type, lvl2, lvl3, text || null, anchor));
  }
  return records;
}

/**
 * objectIDs are `route#heading-id`, with `#page`, `#top`, `#operation` and `#schema` for the records
 * that have no heading: stable from build to build (a hosted index is updated by them). A heading
 * whose id is one of those words (`## Page`) would repeat one, and two records with one id break
 * the local index and overwrite each other in the hosted one: the later one gets `~2` (`~3`…), a
 * character heading ids never hold, so no id that was already unique changes. `seen` holds the ids
 * given so far.
 */
function uniqueId(record: SearchRecord, seen: Set<string>): SearchRecord {
  let id = record.objectID;
  for (let n = 2; seen.has(id); n++) id = `${record.objectID}~${n}`;
  record.objectID = id;
  seen.add(id);
  return record;
}

/**
 * The one record of an API operation, schema or webhook page, from its data; null for any other
 * page. The build makes it as the page is made (its data then leaves the heap). Pure.
 */
export function apiRecord(route: string, title: string, data: unknown): SearchRecord | null {
  const kind = (data as { type?: unknown } | null | undefined)?.type;
  if (kind === 'operation') {
    const op = data as ApiOperationData;
    const description = op.description ? htmlToText(op.description) : '';
    return {
      objectID: `${route}#operation`, url: route, type: 'content',
      hierarchy: { lvl0: 'API reference', lvl1: title, lvl2: `${op.method} ${op.path}`, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
      content: clip(`${op.method} ${op.path}. ${description} ${op.parameters.map((p) => p.name).join(' ')} ${(op.requestBody?.schema.children ?? []).map((c) => c.name).join(' ')}`, 500),
    };
  }
  if (kind === 'schema') {
    const schema = data as ApiSchemaData;
    return {
      objectID: `${route}#schema`, url: route, type: 'content',
      hierarchy: { lvl0: 'API reference', lvl1: schema.name, lvl2: 'Schema', lvl3: null, lvl4: null, lvl5: null, lvl6: null },
      content: clip(`${htmlToText(schema.description ?? '')} Fields: ${(schema.tree.children ?? []).map((c) => c.name).join(', ')}`, 500),
    };
  }
  if (kind === 'webhook') {
    const hook = data as ApiWebhookData;
    return {
      objectID: `${route}#webhook`, url: route, type: 'content',
      hierarchy: { lvl0: 'API reference', lvl1: title, lvl2: 'Webhook', lvl3: null, lvl4: null, lvl5: null, lvl6: null },
      content: clip(`Webhook ${hook.name}. ${htmlToText(hook.description ?? '')} ${hook.headers.map((h) => h.name).join(' ')} ${(hook.payload?.schema.children ?? []).map((c) => c.name).join(' ')}`, 500),
    };
  }
  return null;
}

const API_RECORD_KINDS = new Set(['api-operation', 'api-schema', 'api-webhook']);

/** One page's records: content split by heading, or the one record of an API operation, schema or webhook (`made` by route, else from its data). Pure. */
function pageRecords(graph: PageGraph, route: string, sections: ReadonlyMap<string, readonly PageSection[]>, made?: ReadonlyMap<string, SearchRecord>): SearchRecord[] {
  const page = graph.pages[route]!;
  if (['not-found', 'redirect', 'search'].includes(page.kind)) return [];
  if (API_RECORD_KINDS.has(page.kind)) {
    const record = made?.get(route) ?? apiRecord(route, page.title, page.data);
    return record ? [{ ...record }] : [];
  }
  const lvl0 = page.breadcrumbs[0]?.label ?? (page.kind.startsWith('api') ? 'API reference' : page.sidebarId ? page.sidebarLabel : 'Documentation');
  return contentRecords(page, sections.get(route) ?? [], lvl0);
}

/**
 * Every page's records, one page at a time in route order (the search stage indexes and writes
 * each as it comes, never holding the site's records at once): content split by heading
 * (`sections`, by route), and API operations, schemas and webhooks (`apiRecords`, by route, as the
 * build made them; else from the pages' data).
 */
export function* eachSearchRecord(graph: PageGraph, sections: ReadonlyMap<string, readonly PageSection[]>, apiRecords?: ReadonlyMap<string, SearchRecord>): Generator<SearchRecord> {
  const seen = new Set<string>();
  for (const route of graph.routes) for (const record of pageRecords(graph, route, sections, apiRecords)) yield uniqueId(record, seen);
}

/** Every page's records as one list. Pure. */
export const searchRecords = (graph: PageGraph, sections: ReadonlyMap<string, readonly PageSection[]>): SearchRecord[] => [...eachSearchRecord(graph, sections)];

/** The local MiniSearch index, fed one record at a time. */
export class SearchIndexBuilder {
  private readonly search = new MiniSearch({ idField: 'id', fields: [...SEARCH_FIELDS], storeFields: [...SEARCH_STORE] });

  add(r: SearchRecord): void {
    this.search.add({
      id: r.objectID,
      url: r.url,
      type: r.type,
      lvl0: r.hierarchy.lvl0,
      lvl1: r.hierarchy.lvl1,
      title: r.hierarchy.lvl1,
      heading: [r.hierarchy.lvl2, r.hierarchy.lvl3].filter(Boolean).join(' › '),
      content: r.content ?? '',
      snippet: r.content ? clip(r.content, 160) : '',
    });
  }

  /**
   * The index as JSON (loaded by the browser with `MiniSearch.loadJSON`), in pieces made as they
   * are read: exactly what `JSON.stringify` of the index gives, an entry at a time instead of the
   * whole of MiniSearch's `toJSON()` (at 10,000 pages a second copy of the index as plain objects,
   * about 100 MB, and its stored fields alone as one string of 20 MB). Reads MiniSearch's maps,
   * which `toJSON` iterates; a unit test holds the pieces to `JSON.stringify`.
   */
  *jsonParts(): Generator<string> {
    const { _index: terms, ...rest } = this.search as unknown as MiniSearchFields;
    yield `{"documentCount":${JSON.stringify(rest._documentCount)},"nextId":${JSON.stringify(rest._nextId)},"documentIds":`;
    yield* objectParts(rest._documentIds);
    yield `,"fieldIds":${JSON.stringify(rest._fieldIds)},"fieldLength":`;
    yield* objectParts(rest._fieldLength);
    yield `,"averageFieldLength":${JSON.stringify(rest._avgFieldLength)},"storedFields":`;
    yield* objectParts(rest._storedFields);
    yield `,"dirtCount":${JSON.stringify(rest._dirtCount)},"index":[`;
    let first = true;
    for (const [term, fieldIndex] of terms) {
      const data: Record<number, Record<number, number>> = {};
      for (const [fieldId, freqs] of fieldIndex) data[fieldId] = Object.fromEntries(freqs);
      yield `${first ? '' : ','}${JSON.stringify([term, data])}`;
      first = false;
    }
    yield '],"serializationVersion":2}';
  }

  json(): string {
    return [...this.jsonParts()].join('');
  }
}

/** Keys JSON gives in ascending numeric order, before any other key: array indices (0 to 2^32 - 2). */
const isIndex = (key: unknown): key is number => typeof key === 'number' && Number.isInteger(key) && key >= 0 && key < 2 ** 32 - 1;

/**
 * `JSON.stringify(Object.fromEntries(map))`, an entry at a time. MiniSearch's maps are keyed by its
 * short document ids, which an object holds (and JSON writes) in ascending order; any other key
 * is written as the object would be, whole.
 */
function* objectParts(map: Map<unknown, unknown>): Generator<string> {
  const keys = [...map.keys()];
  if (!keys.every(isIndex)) return yield JSON.stringify(Object.fromEntries(map));
  keys.sort((a, b) => a - b);
  let first = true;
  yield '{';
  for (const key of keys) {
    const value = JSON.stringify(map.get(key));
    if (value === undefined) continue;
    yield `${first ? '' : ','}"${key}":${value}`;
    first = false;
  }
  yield '}';
}

/** The fields of MiniSearch 7 that its `toJSON` reads. */
interface MiniSearchFields {
  _index: Iterable<[string, Map<number, Map<number, number>>]>;
  _documentCount: number;
  _nextId: number;
  _documentIds: Map<number, unknown>;
  _fieldIds: Record<string, number>;
  _fieldLength: Map<number, number[]>;
  _avgFieldLength: number[];
  _storedFields: Map<number, unknown>;
  _dirtCount: number;
}

/** The local MiniSearch index as JSON (loaded by the browser with `MiniSearch.loadJSON`). */
export function buildSearchIndex(records: Iterable<SearchRecord>): string {
  const index = new SearchIndexBuilder();
  for (const record of records) index.add(record);
  return index.json();
}

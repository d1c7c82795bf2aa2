import { searchVersionTag } from '../../shared/site';
import type { ResolvedConfig } from '../config/resolve-config';
import type { PageGraph } from '../graph/page-graph';
import { eachSearchRecord, SearchIndexBuilder, type SearchRecord } from '../search/build-search-index';
import type { PageSection } from '../search/page-sections';
import { hashOf } from '../cache/cache-key';
import type { DirCache } from '../cache/dir-cache';
import { staged, type Staged } from './stage';

/** The files the search stage writes. */
export const SEARCH_FILES = ['search-index.json', 'search-records.json'] as const;

/**
 * The local search index and the records for a hosted index. They come from the same inputs as the
 * pages: while every page's render key is unchanged, so are they (served from the cache).
 */
export function searchFiles(graph: PageGraph, sections: ReadonlyMap<string, readonly PageSection[]>, config: ResolvedConfig, renderKeys: ReadonlyMap<string, string>, cache: DirCache<string>, apiRecords?: ReadonlyMap<string, SearchRecord>): Staged<{ files: Map<string, readonly string[]>; reused: boolean }> {
  const { facets: names } = config.search;
  const key = hashOf('search', String(config.search.local), config.locale, config.versionLabel, names.language, names.version, ...graph.routes.map((r) => `${r}\0${renderKeys.get(r) ?? '-'}`));
  // Each file is its own cache entry, kept as its text (written from its pieces, never joined).
  const made = config.search.local ? SEARCH_FILES : SEARCH_FILES.filter((name) => name !== 'search-index.json');
  const entry = (name: string) => `${key}\0${name}`;
  if (renderKeys.size === graph.routes.length) {
    const cached = made.map((name) => [name, cache.get(entry(name))] as const);
    if (cached.every(([, text]) => text !== undefined)) return staged({ files: new Map(cached.map(([name, text]) => [name, [text!]])), reused: true });
  }
  // The export carries the facets the hosted search filters on (language, docs version), under the
  // names the config gives them (the schema keeps them apart from the record's own fields).
  const facets = { [names.language]: config.locale, [names.version]: searchVersionTag(config.versionLabel) };
  // Each record is indexed and turned into its JSON as it comes (the export as JSON.stringify of
  // the list would write it), so the site's records are never all held as objects.
  const index = config.search.local ? new SearchIndexBuilder() : null;
  const exported: string[] = ['['];
  for (const record of eachSearchRecord(graph, sections, apiRecords)) {
    index?.add(record);
    exported.push(`${exported.length > 1 ? ',' : ''}${JSON.stringify({ ...record, ...facets })}`);
  }
  exported.push(']');
  // Both files stay in pieces (a term, a record) until they are written.
  const files = new Map<string, readonly string[]>();
  if (index) files.set('search-index.json', index.jsonParts());
  files.set('search-records.json', exported);
  cache.retain(made.map(entry));
  for (const [name, parts] of files) cache.setText(entry(name), parts);
  return staged({ files, reused: false });
}

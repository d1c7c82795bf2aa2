import { createHash } from 'node:crypto';

/**
 * A record as `search-records.json` holds it (the DocSearch shape plus the facet attributes,
 * whose names come from the config), so only `objectID` is known here.
 */
export type ExportedRecord = { objectID: string } & Record<string, unknown>;

/** A record as it is stored in the hosted index: the exported record and its content hash. */
export type HostedRecord = ExportedRecord & { _hash: string };

/** What a push changes in the hosted index, by objectID. */
export interface PushPlan {
  added: HostedRecord[];
  updated: HostedRecord[];
  deleted: string[];
  unchanged: number;
}

/** JSON with object keys sorted at every level, so equal records hash equally whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The hash an incremental push compares: of the record without its objectID (the key it is
 * compared under) and without an earlier `_hash`.
 */
export function recordHash(record: ExportedRecord): string {
  const { objectID: _id, _hash: _old, ...rest } = record;
  return createHash('sha256').update(canonicalJson(rest)).digest('hex').slice(0, 32);
}

export function withHash(record: ExportedRecord): HostedRecord {
  return { ...record, _hash: recordHash(record) };
}

/**
 * Parses `search-records.json`. Throws a plain Error naming what is wrong: the caller turns it
 * into a diagnostic. Two records with one objectID would overwrite each other in the index.
 */
export function parseRecords(text: string): ExportedRecord[] {
  const value: unknown = JSON.parse(text);
  if (!Array.isArray(value)) throw new Error('it is not a JSON array of records');
  const seen = new Set<string>();
  for (const [i, record] of value.entries()) {
    const id: unknown = record && typeof record === 'object' ? (record as { objectID?: unknown }).objectID : undefined;
    if (typeof id !== 'string' || !id) throw new Error(`record ${i} has no objectID`);
    if (seen.has(id)) throw new Error(`two records have the objectID ${JSON.stringify(id)}`);
    seen.add(id);
  }
  return value as ExportedRecord[];
}

/** What to add, update and delete so that an index holding `remote` (objectID → `_hash`) holds `local`. Pure. */
export function planPush(local: readonly ExportedRecord[], remote: ReadonlyMap<string, string | undefined>): PushPlan {
  const plan: PushPlan = { added: [], updated: [], deleted: [], unchanged: 0 };
  const ids = new Set<string>();
  for (const record of local) {
    const hosted = withHash(record);
    ids.add(record.objectID);
    if (!remote.has(record.objectID)) plan.added.push(hosted);
    else if (remote.get(record.objectID) !== hosted._hash) plan.updated.push(hosted);
    else plan.unchanged += 1;
  }
  for (const id of remote.keys()) if (!ids.has(id)) plan.deleted.push(id);
  plan.deleted.sort();
  return plan;
}

/** A service host given as `[http://|https://]name[:port]`, as the client's `hosts` option takes it. */
export interface PushHost {
  url: string;
  port?: number;
  protocol: 'http' | 'https';
  accept: 'readWrite';
}

/** Parses `--host` / `DOCSGEN_SEARCH_HOST`: one host or several, comma-separated, tried in order. Null when one is not a host. */
export function parseHosts(value: string): PushHost[] | null {
  const hosts: PushHost[] = [];
  for (const part of value.split(',').map((s) => s.trim()).filter(Boolean)) {
    const m = /^(?:(https?):\/\/)?([^\s/?#:]+|\[[0-9a-fA-F:.]+\])(?::(\d{1,5}))?\/?$/.exec(part);
    if (!m) return null;
    const protocol = m[1] === 'http' ? 'http' : 'https';
    hosts.push({ url: m[2]!, protocol, accept: 'readWrite', ...(m[3] ? { port: Number(m[3]) } : {}) });
  }
  return hosts.length ? hosts : null;
}

/**
 * Settings for an index the push creates (an existing index keeps its own): search in the
 * DocSearch hierarchy and content only (not in `url` or `_hash`), and filter on the two facets
 * the search UI sends as `facetFilters`.
 */
export function newIndexSettings(facets: { language: string; version: string }): Record<string, unknown> {
  const levels = [0, 1, 2, 3, 4, 5, 6].map((n) => `unordered(hierarchy.lvl${n})`);
  return { searchableAttributes: [...levels, 'content'], attributesForFaceting: [facets.language, facets.version] };
}

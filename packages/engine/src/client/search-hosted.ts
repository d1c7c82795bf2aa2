// The hosted provider: the search service's multi-index queries endpoint, as the portal spec
// describes it (§7, §9). Loaded only on pages that carry hosted credentials.
//
// - POST `{host}/1/indexes/*/queries?x-algolia-api-key=…&x-algolia-application-id=…` with a JSON
//   body `{ requests: [{ indexName, query, params }] }` (`params` URL-encoded, arrays as JSON, the
//   form the service's JavaScript client sends), read `results[0].hits`, `nbHits`, `queryID`.
// - Timeouts: connect 1 s = no response headers within 1 s; read 2 s = the body within 2 s after
//   the headers. The service's write timeout (30 s) is for indexing requests; a search query is a
//   read request, so it never applies here (fetch cannot observe an upload on its own anyway).
// - A host that fails (network error, timeout, a status other than 2xx/4xx) is marked down for
//   2 minutes, in memory and in localStorage with a timestamp, and the next host is tried. A 4xx
//   answer (wrong key or index) is the request's fault, not the host's: no other host is tried.

// Type imports only: a value shared with the search UI (or with the entry, like storage.ts) would
// make esbuild split the shared modules into extra chunks that every page or every search loads.
import type { storage as Storage } from './storage';
import type { HostedSettings, Hierarchy, SearchHit, SearchProvider, SearchResponse } from './search-providers';

const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
const escapeHtml = (s: string): string => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
/** Display HTML of a highlighted value: everything escaped, then only the exact highlight tags restored. */
const markedHtml = (s: string): string => escapeHtml(s).replace(/&lt;(\/?)mark&gt;/g, '<$1mark>');
const abortError = (): DOMException => new DOMException('The search was replaced by a newer one', 'AbortError');

export const CONNECT_TIMEOUT_MS = 1_000;
export const READ_TIMEOUT_MS = 2_000;
/** A failed host is tried again after 2 minutes (spec §9). */
export const HOST_DOWN_MS = 120_000;
/** localStorage: host → time (ms) it was marked down. */
export const HOSTS_KEY = 'docsgen.search.hosts';
const PRE_TAG = '<mark>';
const POST_TAG = '</mark>';

/** A host that did not answer usefully; `retryable` when another host may do better. */
interface HostError extends Error {
  retryable: boolean;
}
// a plain object, not a class: class fields need an esbuild helper that would land in a chunk shared with the entry
const hostError = (message: string, retryable: boolean): HostError => Object.assign(new Error(message), { retryable });
const isHostError = (error: unknown): error is HostError => error instanceof Error && typeof (error as Partial<HostError>).retryable === 'boolean';

const downInMemory = new Map<string, number>();
let storage: typeof Storage | null = null;

function downTimes(): Map<string, number> {
  const times = new Map(downInMemory);
  try {
    const stored: unknown = JSON.parse(storage?.get(HOSTS_KEY) ?? '{}');
    if (stored && typeof stored === 'object') {
      for (const [host, at] of Object.entries(stored)) if (typeof at === 'number') times.set(host, Math.max(at, times.get(host) ?? 0));
    }
  } catch {
    // unreadable: only the in-memory marks count
  }
  return times;
}

function setDown(host: string, at: number | null): void {
  if (at === null) downInMemory.delete(host);
  else downInMemory.set(host, at);
  const times = downTimes();
  if (at === null) times.delete(host);
  const now = Date.now();
  const live = [...times].filter(([, t]) => now - t < HOST_DOWN_MS);
  storage?.set(HOSTS_KEY, live.length ? JSON.stringify(Object.fromEntries(live)) : null);
}

const baseUrl = (host: string) => (/^https?:\/\//i.test(host) ? host : `https://${host}`).replace(/\/+$/, '');

/** The v4 client's query-string form of search parameters: arrays and objects as JSON, every value URL-encoded. */
const serialize = (params: Record<string, unknown>) =>
  Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(typeof value === 'object' ? JSON.stringify(value) : String(value))}`)
    .join('&');

async function post(url: string, body: string, signal: AbortSignal | undefined): Promise<unknown> {
  const controller = new AbortController();
  const cancel = () => controller.abort();
  signal?.addEventListener('abort', cancel, { once: true });
  let timedOut = '';
  let timer = 0;
  const limit = (ms: number, what: string) => {
    clearTimeout(timer);
    timer = window.setTimeout(() => {
      timedOut = what;
      controller.abort();
    }, ms);
  };
  try {
    limit(CONNECT_TIMEOUT_MS, 'connect timeout (1 s)');
    // a CORS-safelisted content type: no preflight request (the service reads the body as JSON)
    const response = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' }, credentials: 'omit', signal: controller.signal });
    limit(READ_TIMEOUT_MS, 'read timeout (2 s)');
    const text = await response.text();
    if (response.status < 200 || response.status >= 300) throw hostError(`answered ${response.status}`, Math.floor(response.status / 100) !== 4);
    return JSON.parse(text) as unknown;
  } catch (error) {
    if (signal?.aborted) throw abortError();
    if (isHostError(error)) throw error;
    throw hostError(timedOut || (error instanceof Error ? error.message : String(error)), true);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
/** `_highlightResult` / `_snippetResult` value at a path, e.g. `['hierarchy', 'lvl2']`. */
const marked = (hit: Record<string, unknown>, result: '_highlightResult' | '_snippetResult', path: string[]): string | null => {
  let node: unknown = hit[result];
  for (const key of [...path, 'value']) node = isRecord(node) ? node[key] : undefined;
  return str(node);
};

/** Same-site hit URLs become path-relative (client-side navigation); anything but http(s) is dropped. */
function hitUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw, location.href);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  const site = canonical ? new URL(canonical).origin : location.origin;
  return url.origin === location.origin || url.origin === site ? url.pathname + url.search + url.hash : url.href;
}

function toHit(raw: unknown): SearchHit | null {
  if (!isRecord(raw) || !isRecord(raw.hierarchy)) return null;
  const source = raw.hierarchy;
  const url = hitUrl(str(raw.url) ?? '');
  if (!url) return null;
  const level = (l: (typeof LEVELS)[number]) => str(source[l]);
  const hierarchy: Hierarchy = { lvl0: level('lvl0'), lvl1: level('lvl1'), lvl2: level('lvl2'), lvl3: level('lvl3'), lvl4: level('lvl4'), lvl5: level('lvl5'), lvl6: level('lvl6') };
  // title: the heading path below the page (lvl2 › lvl3 …), else the page title, highlighted
  const path = LEVELS.slice(2).filter((l) => hierarchy[l]);
  const show = (l: (typeof LEVELS)[number]) => {
    const value = marked(raw, '_highlightResult', ['hierarchy', l]);
    return value ? markedHtml(value) : escapeHtml(hierarchy[l] ?? '');
  };
  const title = path.length ? path.map(show).join(' › ') : show(hierarchy.lvl1 ? 'lvl1' : 'lvl0');
  const content = str(raw.content);
  const snippet = marked(raw, '_snippetResult', ['content']);
  return {
    objectID: str(raw.objectID) ?? url,
    url,
    type: str(raw.type) ?? 'content',
    hierarchy,
    content,
    titleHtml: title,
    snippetHtml: snippet ? markedHtml(snippet) : escapeHtml(content ?? ''),
  };
}

function toResponse(json: unknown): SearchResponse {
  const result = isRecord(json) && Array.isArray(json.results) ? json.results[0] : undefined;
  if (!isRecord(result) || !Array.isArray(result.hits)) throw hostError('answered without results[0].hits', true);
  const hits = result.hits.map(toHit).filter((h): h is SearchHit => h !== null);
  const nbHits = typeof result.nbHits === 'number' ? result.nbHits : hits.length;
  return { hits, nbHits, queryID: str(result.queryID) ?? undefined, source: 'hosted' };
}

/** `store` keeps the down marks across pages (the localStorage wrapper of the page's code). */
export function hostedProvider(settings: HostedSettings, store: typeof Storage): SearchProvider {
  storage = store;
  const credentials = `x-algolia-api-key=${encodeURIComponent(settings.apiKey)}&x-algolia-application-id=${encodeURIComponent(settings.appId)}`;
  /** Page titles seen in hits: suggestions when the local index cannot give any. */
  const seen = new Set<string>();

  const { facets } = settings;
  const params = (page: number): Record<string, unknown> => {
    const words = settings.snippetWords();
    return {
      attributesToRetrieve: [...LEVELS.map((l) => `hierarchy.${l}`), 'content', 'type', 'url'],
      attributesToSnippet: [...LEVELS.slice(1).map((l) => `hierarchy.${l}:${words}`), `content:${words}`],
      snippetEllipsisText: '…',
      highlightPreTag: PRE_TAG,
      highlightPostTag: POST_TAG,
      hitsPerPage: settings.hitsPerPage,
      ...(page ? { page } : {}),
      // current language, and the docs version (or pages outside the docs, tagged `default`)
      facetFilters: [`${facets.language}:${settings.language}`, [`${facets.version}:default`, `${facets.version}:${settings.versionTag}`]],
    };
  };

  return {
    async search(query, { signal, page = 0 } = {}) {
      const body = JSON.stringify({ requests: [{ indexName: settings.indexName, query, params: serialize(params(page)) }] });
      const down = downTimes();
      const now = Date.now();
      const hosts = settings.hosts.filter((h) => now - (down.get(h) ?? -Infinity) >= HOST_DOWN_MS);
      let failure = new Error('every search host failed in the last 2 minutes');
      for (const host of hosts) {
        try {
          const response = toResponse(await post(`${baseUrl(host)}/1/indexes/*/queries?${credentials}`, body, signal));
          if (down.has(host)) setDown(host, null);
          for (const hit of response.hits) if (hit.hierarchy.lvl1) seen.add(hit.hierarchy.lvl1);
          return response;
        } catch (error) {
          if (signal?.aborted) throw abortError();
          if (isHostError(error) && !error.retryable) throw new Error(`search host ${host} ${error.message}`);
          setDown(host, Date.now());
          failure = new Error(`search host ${host}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      throw failure;
    },
    async suggest(query) {
      const q = query.toLowerCase();
      return [...seen].filter((s) => s.toLowerCase() !== q).slice(0, 3);
    },
  };
}

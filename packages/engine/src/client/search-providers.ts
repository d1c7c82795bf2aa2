/**
 * One search interface over two providers: the hosted search service (when the page carries its
 * credentials) and the local MiniSearch index built with the site. With both, the hosted service
 * answers and the local index is the fallback when no hosted host can be reached.
 */
import { storage } from './storage';
import { abortError, HITS_PER_PAGE, meta, snippetWords } from './search-util';
import { DEFAULT_SEARCH_FACETS, type SearchFacets } from '../shared/site';

/** DocSearch hierarchy levels of a hit (spec §3). */
export interface Hierarchy {
  lvl0: string | null;
  lvl1: string | null;
  lvl2: string | null;
  lvl3: string | null;
  lvl4: string | null;
  lvl5: string | null;
  lvl6: string | null;
}

/** A search hit: the record's fields (spec §3) and what the UI shows for it. */
export interface SearchHit {
  objectID: string;
  /** Same-site URLs are path-relative (`/a/b#c`), so links navigate client-side. */
  url: string;
  type: string;
  hierarchy: Hierarchy;
  content: string | null;
  /** Display HTML: the hit's heading path (or page title), matches in `<mark>`, all else escaped. */
  titleHtml: string;
  /** Display HTML: a few words of content around the match, matches in `<mark>`, all else escaped. */
  snippetHtml: string;
}

export interface SearchResponse {
  /** One page of hits (20). */
  hits: SearchHit[];
  /** Hits in all pages. */
  nbHits: number;
  /** The hosted service's id for this query (for click analytics, which this site does not send). */
  queryID?: string;
  /** Up to 3 other queries to try, when nothing matched. */
  suggestions?: string[];
  /** Which provider answered. */
  source: 'hosted' | 'local';
}

export interface SearchOptions {
  /** Aborts the search (a newer query replaced it); the promise then rejects with an AbortError. */
  signal?: AbortSignal;
  /** Page of 20 hits, from 0. */
  page?: number;
}

export interface SearchProvider {
  search(query: string, options?: SearchOptions): Promise<SearchResponse>;
  /** Up to 3 queries to suggest when `query` found nothing. */
  suggest(query: string): Promise<string[]>;
}

/** The hosted service as the page describes it (meta tags written only when it is configured). */
export interface HostedSettings {
  appId: string;
  apiKey: string;
  indexName: string;
  /** Tried in order; `host[:port]` means https, a host may also carry an `http://` or `https://` scheme. */
  hosts: string[];
  /** `<html lang>`: the value of the language facet. */
  language: string;
  /** The docs version tag (`docs-default-next`): the value of the version facet. */
  versionTag: string;
  /** Names of the language and version facets (`search.facets` in the config). */
  facets: SearchFacets;
  /** 20 (spec §9). */
  hitsPerPage: number;
  /** Snippet length in words for the current screen: 10, or 5 up to 768 px (spec §9). */
  snippetWords: () => number;
}

export function hostedSettings(): HostedSettings | null {
  const appId = meta('docsgen:search-app-id');
  const apiKey = meta('docsgen:search-api-key');
  const indexName = meta('docsgen:search-index-name');
  const hosts = (meta('docsgen:search-hosts') ?? '').split(/\s+/).filter(Boolean);
  if (!appId || !apiKey || !indexName || !hosts.length) return null;
  const facets: SearchFacets = {
    language: meta('docsgen:search-facet-language') ?? DEFAULT_SEARCH_FACETS.language,
    version: meta('docsgen:search-facet-version') ?? DEFAULT_SEARCH_FACETS.version,
  };
  const versionTag = meta(`docsearch:${facets.version}`) ?? 'docs-default-current';
  return { appId, apiKey, indexName, hosts, language: document.documentElement.lang || 'en', versionTag, facets, hitsPerPage: HITS_PER_PAGE, snippetWords };
}

export const isAbort = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';

export interface PageSearch extends SearchProvider {
  /** Starts loading what the first query needs (the hosted client, or else the local index). */
  preload(): void;
}

let provider: PageSearch | null = null;

/** The page's search: hosted with the local index as fallback, or local only, or (neither) always an error. */
export function searchProvider(): PageSearch {
  if (provider) return provider;
  const indexUrl = meta('docsgen:search-index');
  // the local provider's code (with its engine) is loaded only when it is asked, so a site with a
  // hosted index does not fetch it at load on /search?q=…; the import starts at the first query
  const localCode = () => import('./search-local').then((m) => m.localProvider(indexUrl!));
  const local: (SearchProvider & { preload(): void }) | null = indexUrl
    ? {
        search: (query, options) => localCode().then((p) => p.search(query, options)),
        suggest: (query) => localCode().then((p) => p.suggest(query)),
        preload: () => void localCode().then((p) => p.preload(), () => {}),
      }
    : null;
  const settings = hostedSettings();
  let hostedClient: Promise<SearchProvider> | null = null;
  const hosted = (): Promise<SearchProvider> | null => {
    if (!settings) return null;
    if (!hostedClient) {
      hostedClient = import('./search-hosted').then((m) => m.hostedProvider(settings, storage));
      hostedClient.catch(() => (hostedClient = null));
    }
    return hostedClient;
  };
  const fromLocal = (query: string, options: SearchOptions): Promise<SearchResponse> =>
    local ? local.search(query, options) : Promise.reject(new Error('this site has no local search index'));

  const suggest = async (query: string, client: SearchProvider | null): Promise<string[]> => {
    if (local) {
      try {
        return await local.suggest(query);
      } catch {
        // the local index is unavailable: fall through to what the hosted client has seen
      }
    }
    return client ? client.suggest(query) : [];
  };

  provider = {
    async search(query, options = {}) {
      const client = await hosted()?.catch(() => null);
      if (options.signal?.aborted) throw abortError();
      if (!client) return fromLocal(query, options);
      try {
        const result = await client.search(query, options);
        return result.nbHits ? result : { ...result, suggestions: await suggest(query, client) };
      } catch (error) {
        // every host failed (or is marked down): answer from the local index when there is one
        if (isAbort(error) || options.signal?.aborted) throw abortError();
        if (!local) throw error;
        return fromLocal(query, options);
      }
    },
    async suggest(query) {
      return suggest(query, (await hosted()?.catch(() => null)) ?? null);
    },
    preload() {
      const client = hosted();
      if (client) void client.catch(() => {});
      else local?.preload();
    },
  };
  return provider;
}

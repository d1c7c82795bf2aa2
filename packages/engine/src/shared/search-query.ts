/**
 * How the local search index is read and queried. Shared: the browser's local provider and
 * `docsgen mcp` (search_docs) rank with exactly these options, so an agent sees the site's ranking.
 */
import type { Options, SearchOptions } from 'minisearch';

/** The fields indexed and stored by the build (node/search/build-search-index.ts). */
export const SEARCH_FIELDS = ['title', 'heading', 'content'] as const;
export const SEARCH_STORE = ['url', 'lvl0', 'lvl1', 'heading', 'snippet', 'type'] as const;

/** Options for `MiniSearch.loadJSON` of `search-index.json`. */
export const INDEX_OPTIONS: Options = { idField: 'id', fields: [...SEARCH_FIELDS], storeFields: [...SEARCH_STORE] };

/**
 * Every word must match (a typo allowed in words of 3 letters or more); only the last word, the one
 * being typed, also matches as a prefix, as the hosted search service does. A prefix on every word
 * made a one-letter word ("set up a point o") expand to hundreds of terms.
 */
const lastWordOnly = (_term: string, i: number, terms: string[]): boolean => i === terms.length - 1;

/** Options of every query of the local index. */
export const QUERY_OPTIONS: SearchOptions = { prefix: lastWordOnly, fuzzy: 0.2, boost: { title: 3, heading: 2 }, combineWith: 'AND' };

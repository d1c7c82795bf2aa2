/** The local provider: the MiniSearch index built with the site, fetched once on first use. Works offline. */
import MiniSearch, { type SearchResult } from 'minisearch';
import type { SearchHit, SearchProvider } from './search-providers';
import { INDEX_OPTIONS, QUERY_OPTIONS } from '../shared/search-query';
import { abortError, escapeHtml, HITS_PER_PAGE, MAX_QUERY, snippetWords } from './search-util';

/** A stored record of the index (see node/search/build-search-index.ts, SEARCH_STORE). */
interface StoredHit extends SearchResult {
  url: string;
  type: string;
  lvl0: string;
  lvl1: string;
  /** `lvl2 › lvl3` */
  heading: string;
  snippet: string;
}

const indexes = new Map<string, Promise<MiniSearch>>();

function loadIndex(url: string): Promise<MiniSearch> {
  let index = indexes.get(url);
  if (!index) {
    index = fetch(url)
      .then((r) => {
        if (!r.ok) throw new Error(`index request failed (${r.status})`);
        return r.text();
      })
      .then((json) => MiniSearch.loadJSON(json, INDEX_OPTIONS));
    indexes.set(url, index);
    // a failed load (offline) is tried again by the next query
    index.catch(() => indexes.delete(url));
  }
  return index;
}

function query(search: MiniSearch, q: string): StoredHit[] {
  return search.search(q, QUERY_OPTIONS) as StoredHit[];
}

/**
 * Whether a word of the text shows a query term: one of its parts (between punctuation) is the term
 * or starts with it. A term of one or two letters counts only as a whole part unless it is the last,
 * the one being typed, so "a" in "set up a point" does not mark every word with an a in it.
 */
export function termMatcher(terms: string[]): (word: string) => boolean {
  const lower = terms.map((t) => t.toLowerCase()).filter(Boolean);
  return (word) =>
    word
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .some((part) => part && lower.some((t, i) => part === t || (part.startsWith(t) && (t.length >= 3 || i === lower.length - 1))));
}

/** A window of `words` words around the first matched term, with matches marked. */
function snippet(text: string, terms: string[], words: number): string {
  const all = text.split(/\s+/);
  const matches = termMatcher(terms);
  const at = Math.max(0, all.findIndex(matches));
  const start = Math.max(0, at - Math.floor(words / 3));
  const part = all.slice(start, start + words);
  const marked = part.map((w) => (matches(w) ? `<mark>${escapeHtml(w)}</mark>` : escapeHtml(w))).join(' ');
  return `${start > 0 ? '… ' : ''}${marked}${start + words < all.length ? ' …' : ''}`;
}

function toHit(h: StoredHit, terms: string[], words: number): SearchHit {
  const [lvl2 = null, lvl3 = null] = h.heading ? h.heading.split(' › ') : [];
  return {
    objectID: String(h.id),
    url: h.url,
    type: h.type,
    hierarchy: { lvl0: h.lvl0, lvl1: h.lvl1, lvl2, lvl3, lvl4: null, lvl5: null, lvl6: null },
    content: h.snippet || null,
    titleHtml: escapeHtml(h.heading || h.lvl1),
    snippetHtml: snippet(h.snippet, terms, words),
  };
}

let popular: string[] | null = null;

/** Words in the most page titles, most first: queries that always find something. */
function popularTerms(search: MiniSearch): string[] {
  if (!popular) {
    const counts = new Map<string, number>();
    for (const title of new Set((search.search(MiniSearch.wildcard) as StoredHit[]).map((h) => h.lvl1))) {
      for (const word of new Set(title.toLowerCase().match(/[a-z][a-z-]{3,}/g))) if (!/^(with|your|from|that|this|into)$/.test(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    popular = [...counts].sort((a, b) => b[1] - a[1]).map(([word]) => word);
  }
  return popular;
}

/** Up to 3 distinct queries to try instead: titles of pages matching any word of the query, then popular words. */
function suggestionsFor(search: MiniSearch, q: string): string[] {
  const related = (search.search(q, { prefix: true, fuzzy: 0.2, boost: { title: 3, heading: 2 }, combineWith: 'OR' }) as StoredHit[]).map((h) => h.lvl1);
  const seen = new Set([q.toLowerCase()]);
  const out: string[] = [];
  for (const s of [...related, ...popularTerms(search)]) {
    if (out.length === 3) break;
    if (s.length > MAX_QUERY || s.split(' ').length > 4 || seen.has(s.toLowerCase())) continue;
    seen.add(s.toLowerCase());
    out.push(s);
  }
  return out;
}

export function localProvider(url: string): SearchProvider & { preload(): void } {
  return {
    async search(q, { signal, page = 0 } = {}) {
      const index = await loadIndex(url);
      if (signal?.aborted) throw abortError();
      const all = query(index, q);
      const terms = q.split(/\s+/);
      const words = snippetWords();
      const hits = all.slice(page * HITS_PER_PAGE, (page + 1) * HITS_PER_PAGE).map((h) => toHit(h, terms, words));
      return { hits, nbHits: all.length, suggestions: all.length ? undefined : suggestionsFor(index, q), source: 'local' };
    },
    async suggest(q) {
      return suggestionsFor(await loadIndex(url), q);
    },
    preload() {
      loadIndex(url).catch(() => {});
    },
  };
}

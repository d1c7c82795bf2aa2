/**
 * Local search over the MiniSearch index built with the site: the modal (Ctrl/Cmd+K, "/", the
 * search button) and the /search page. Loaded on first use; the index is fetched once.
 */
import MiniSearch, { type SearchResult } from 'minisearch';
import { storage } from './storage';
import { trapFocus } from './focus-trap';

const MAX_QUERY = 64;
const HITS_PER_PAGE = 20;
const PER_GROUP = 5;
const STALL_MS = 300;
const RECENT_KEY = 'docsgen.search.recent';
const FAVOURITES_KEY = 'docsgen.search.favourites';
/** Recent searches kept: 7 with no favourites, otherwise 4; favourites kept: 10 (spec §9). */
const MAX_RECENT = [7, 4] as const;
const MAX_FAVOURITES = 10;

interface Hit extends SearchResult {
  url: string;
  lvl0: string;
  lvl1: string;
  heading: string;
  snippet: string;
}

let index: Promise<MiniSearch> | null = null;

function loadIndex(): Promise<MiniSearch> {
  if (!index) {
    const url = document.querySelector<HTMLMetaElement>('meta[name="docsgen:search-index"]')?.content;
    index = (url ? fetch(url) : Promise.reject(new Error('this site has no search index')))
      .then((r) => {
        if (!r.ok) throw new Error(`index request failed (${r.status})`);
        return r.text();
      })
      .then((json) => MiniSearch.loadJSON(json, { idField: 'id', fields: ['title', 'heading', 'content'], storeFields: ['url', 'lvl0', 'lvl1', 'heading', 'snippet', 'type'] }));
    index.catch(() => (index = null));
  }
  return index;
}

function query(search: MiniSearch, q: string): Hit[] {
  return search.search(q, { prefix: true, fuzzy: 0.2, boost: { title: 3, heading: 2 }, combineWith: 'AND' }) as Hit[];
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A window of `words` words around the first matched term, with matches marked. */
function snippet(text: string, terms: string[], words: number): string {
  const all = text.split(/\s+/);
  const lower = terms.map((t) => t.toLowerCase());
  const at = Math.max(0, all.findIndex((w) => lower.some((t) => w.toLowerCase().includes(t))));
  const start = Math.max(0, at - Math.floor(words / 3));
  const part = all.slice(start, start + words);
  const marked = part.map((w) => (lower.some((t) => t && w.toLowerCase().includes(t)) ? `<mark>${escapeHtml(w)}</mark>` : escapeHtml(w))).join(' ');
  return `${start > 0 ? '… ' : ''}${marked}${start + words < all.length ? ' …' : ''}`;
}

const snippetWords = () => (matchMedia('(max-width: 768px)').matches ? 5 : 10);

/** A stored list of queries; anything unreadable counts as empty. */
function stored(key: string): string[] {
  try {
    const value: unknown = JSON.parse(storage.get(key) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

const recent = () => stored(RECENT_KEY);
const favourites = () => stored(FAVOURITES_KEY);
const save = (key: string, list: string[]) => storage.set(key, JSON.stringify(list));
const maxRecent = (favs: string[]) => MAX_RECENT[favs.length ? 1 : 0];

/** Adds a query to the recent searches (a favourite stays only a favourite). */
function remember(q: string): void {
  const favs = favourites();
  if (!favs.includes(q)) save(RECENT_KEY, [q, ...recent().filter((r) => r !== q)].slice(0, maxRecent(favs)));
}

/** Stars a recent search (it moves to the favourites) or removes a favourite. */
function toggleFavourite(q: string): void {
  const favs = favourites();
  const next = favs.includes(q) ? favs.filter((f) => f !== q) : [q, ...favs].slice(0, MAX_FAVOURITES);
  save(FAVOURITES_KEY, next);
  save(RECENT_KEY, recent().filter((r) => r !== q).slice(0, maxRecent(next)));
}

/** The favourite and recent searches shown while the query is empty, each with its star button. */
function savedSearches(): string {
  const group = (title: string, list: string[], starred: boolean) =>
    list.length
      ? `<li class="search-group"><p class="search-group-title">${title}</p><ul>${list
          .map((q) => {
            const label = starred ? `Remove ${escapeHtml(q)} from favourites` : `Save ${escapeHtml(q)} as a favourite`;
            return `<li class="search-saved"><button type="button" class="search-hit" data-suggest="${escapeHtml(q)}">${escapeHtml(q)}</button><button type="button" class="search-star" data-star="${escapeHtml(q)}" aria-label="${label}" title="${label}">${starred ? '★' : '☆'}</button></li>`;
          })
          .join('')}</ul></li>`
      : '';
  return group('Favourites', favourites(), true) + group('Recent', recent(), false);
}

function renderGroups(hits: Hit[], terms: string[]): string {
  const groups = new Map<string, Hit[]>();
  for (const hit of hits) {
    const list = groups.get(hit.lvl1) ?? [];
    if (list.length < PER_GROUP) list.push(hit);
    groups.set(hit.lvl1, list);
  }
  return [...groups]
    .map(
      ([page, list]) =>
        `<li class="search-group"><p class="search-group-title">${escapeHtml(page)} <span>${escapeHtml(list[0]!.lvl0)}</span></p><ul>${list
          .map((h) => `<li><a class="search-hit" href="${escapeHtml(h.url)}"><span class="search-hit-title">${escapeHtml(h.heading || h.lvl1)}</span><span class="search-hit-text">${snippet(h.snippet, terms, snippetWords())}</span></a></li>`)
          .join('')}</ul></li>`,
    )
    .join('');
}

let popular: string[] | null = null;

/** Words in the most page titles, most first: queries that always find something. */
function popularTerms(search: MiniSearch): string[] {
  if (!popular) {
    const counts = new Map<string, number>();
    for (const title of new Set((search.search(MiniSearch.wildcard) as Hit[]).map((h) => h.lvl1))) {
      for (const word of new Set(title.toLowerCase().match(/[a-z][a-z-]{3,}/g))) if (!/^(with|your|from|that|this|into)$/.test(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    popular = [...counts].sort((a, b) => b[1] - a[1]).map(([word]) => word);
  }
  return popular;
}

/** Up to 3 distinct queries to try instead: titles of pages matching any word of the query, then popular words. */
function suggestionsFor(search: MiniSearch, q: string): string[] {
  const related = (search.search(q, { prefix: true, fuzzy: 0.2, boost: { title: 3, heading: 2 }, combineWith: 'OR' }) as Hit[]).map((h) => h.lvl1);
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

function noResults(q: string, search: MiniSearch): string {
  const suggestions = suggestionsFor(search, q);
  const support = document.querySelector<HTMLMetaElement>('meta[name="docsgen:support"]')?.content;
  return `<div class="search-empty"><p>No results for "<strong>${escapeHtml(q)}</strong>"</p>${
    suggestions.length ? `<p>Try searching for</p><ul class="search-suggestions">${suggestions.map((s) => `<li><button type="button" data-suggest="${escapeHtml(s)}">${escapeHtml(s)}</button></li>`).join('')}</ul>` : ''
  }<p class="search-feedback">Believe this query should return results? ${support ? `<a href="${escapeHtml(support)}" target="_blank" rel="noopener noreferrer">Let us know.</a>` : 'Let us know.'}</p></div>`;
}

const ERROR_HTML = '<div class="search-empty" role="alert"><p><strong>Unable to fetch results</strong></p><p>You might want to check your network connection.</p></div>';

/** Runs a query with the idle → loading → stalled (300 ms) → done/error states. */
async function run(q: string, status: HTMLElement, render: (search: MiniSearch) => void, onError: () => void): Promise<void> {
  status.dataset.status = 'loading';
  const stall = setTimeout(() => (status.dataset.status = 'stalled'), STALL_MS);
  try {
    const search = await loadIndex();
    render(search);
    status.dataset.status = 'idle';
  } catch {
    status.dataset.status = 'error';
    onError();
  } finally {
    clearTimeout(stall);
  }
  void q;
}

let modal: HTMLElement | null = null;
let opener: HTMLElement | null = null;

export function openSearchModal(from?: HTMLElement | null): void {
  opener = from ?? (document.activeElement as HTMLElement | null);
  if (!modal) modal = createModal();
  document.body.append(modal);
  modal.hidden = false;
  document.documentElement.classList.add('search-open');
  const input = modal.querySelector<HTMLInputElement>('input')!;
  input.focus();
  input.select();
  void loadIndex().catch(() => {});
  update(modal, input.value);
}

function closeModal(): void {
  if (!modal || modal.hidden) return;
  modal.hidden = true;
  document.documentElement.classList.remove('search-open');
  // the opener may have been replaced by a client-side navigation meanwhile
  (opener?.isConnected ? opener : document.querySelector<HTMLElement>('.navbar-items [data-search-button]'))?.focus();
}

function update(root: HTMLElement, raw: string): void {
  const q = raw.trim().slice(0, MAX_QUERY);
  const list = root.querySelector<HTMLElement>('.search-results')!;
  const footer = root.querySelector<HTMLElement>('.search-footer')!;
  if (!q) {
    list.innerHTML = savedSearches();
    footer.innerHTML = '';
    return;
  }
  void run(q, root, (search) => {
    const hits = query(search, q);
    const terms = q.split(/\s+/);
    list.innerHTML = hits.length ? renderGroups(hits.slice(0, HITS_PER_PAGE), terms) : noResults(q, search);
    footer.innerHTML = hits.length ? `<a href="/search?q=${encodeURIComponent(q)}" class="search-see-all">See all ${hits.length} results</a>` : '';
  }, () => {
    list.innerHTML = ERROR_HTML;
    footer.innerHTML = '';
  });
}

function createModal(): HTMLElement {
  const root = document.createElement('div');
  root.className = 'search-modal';
  root.innerHTML = `<div class="search-backdrop" data-search-close></div><div class="search-dialog" role="dialog" aria-modal="true" aria-label="Search the documentation"><form class="search-form" role="search" action="/search"><input class="search-input" type="search" name="q" maxlength="${MAX_QUERY}" placeholder="Search the docs" autocomplete="off" aria-label="Search" /><button type="button" class="search-cancel" data-search-close>Cancel</button></form><p class="search-status" aria-live="polite"><span class="search-stalled">Loading…</span></p><ul class="search-results"></ul><div class="search-footer"></div></div>`;
  const input = root.querySelector<HTMLInputElement>('input')!;
  input.addEventListener('input', () => update(root, input.value));
  root.addEventListener('click', (event) => {
    const target = event.target as Element;
    if (target.closest('[data-search-close]')) closeModal();
    const star = target.closest<HTMLElement>('[data-star]');
    if (star) {
      const q = star.dataset.star!;
      toggleFavourite(q);
      update(root, '');
      // keep focus on the same search (now starred), or go back to the input when it left the list
      ([...root.querySelectorAll<HTMLElement>('[data-star]')].find((b) => b.dataset.star === q) ?? input).focus();
    }
    const suggest = target.closest<HTMLElement>('[data-suggest]');
    if (suggest) {
      input.value = suggest.dataset.suggest!;
      update(root, input.value);
      input.focus();
    }
    const hit = target.closest<HTMLAnchorElement>('a.search-hit, a.search-see-all');
    if (hit) {
      if (input.value.trim()) remember(input.value.trim());
      closeModal();
    }
  });
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      closeModal();
      return;
    }
    if (event.key === 'Tab') trapFocus(event, root.querySelector('.search-dialog')!);
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const items = [...root.querySelectorAll<HTMLElement>('.search-hit, .search-see-all')];
    if (!items.length) return;
    event.preventDefault();
    const i = items.indexOf(document.activeElement as HTMLElement);
    items[(i + (event.key === 'ArrowDown' ? 1 : -1) + items.length + (i < 0 && event.key === 'ArrowUp' ? 1 : 0)) % items.length]!.focus();
  });
  root.querySelector('form')!.addEventListener('submit', () => {
    if (input.value.trim()) remember(input.value.trim());
  });
  return root;
}

/** The /search page: results for `?q=`, 20 at a time. */
export function renderSearchPage(): void {
  const container = document.querySelector<HTMLElement>('[data-search-results]');
  const input = document.querySelector<HTMLInputElement>('#search-page-input');
  if (!container || !input) return;
  const q = (new URLSearchParams(location.search).get('q') ?? '').slice(0, MAX_QUERY);
  input.value = q;
  if (!q) return;
  remember(q);
  let shown = HITS_PER_PAGE;
  void run(q, container, (search) => {
    const hits = query(search, q);
    const draw = () => {
      container.innerHTML = hits.length
        ? `<p class="search-count">${hits.length} result${hits.length === 1 ? '' : 's'} for "${escapeHtml(q)}"</p><ul class="search-results">${renderGroups(hits.slice(0, shown), q.split(/\s+/))}</ul>${shown < hits.length ? '<button type="button" class="button button-secondary" data-more>Show more results</button>' : ''}`
        : noResults(q, search);
      container.querySelector('[data-more]')?.addEventListener('click', () => {
        shown += HITS_PER_PAGE;
        draw();
      });
      container.querySelectorAll<HTMLElement>('[data-suggest]').forEach((b) => b.addEventListener('click', () => (location.href = `/search?q=${encodeURIComponent(b.dataset.suggest!)}`)));
    };
    draw();
  }, () => (container.innerHTML = ERROR_HTML));
}

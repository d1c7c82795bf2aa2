/**
 * The search UI: the modal (Ctrl/Cmd+K, "/", the search button) and the /search page, over one
 * provider interface (search-providers.ts): the hosted service when configured, else (or when it
 * cannot be reached) the local index built with the site. Loaded on first use.
 */
import { storage } from './storage';
import { trapFocus } from './focus-trap';
import { searchProvider, type SearchHit, type SearchResponse } from './search-providers';
import { escapeHtml, MAX_QUERY } from './search-util';

const PER_GROUP = 5;
const STALL_MS = 300;
const RECENT_KEY = 'docsgen.search.recent';
const FAVOURITES_KEY = 'docsgen.search.favourites';
/** Recent searches kept: 7 with no favourites, otherwise 4; favourites kept: 10 (spec §9). */
const MAX_RECENT = [7, 4] as const;
const MAX_FAVOURITES = 10;

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

/** Hits grouped by page (5 per group), each linking to its URL with its heading path and snippet. */
function renderGroups(hits: SearchHit[]): string {
  const groups = new Map<string, SearchHit[]>();
  for (const hit of hits) {
    const page = hit.hierarchy.lvl1 ?? hit.hierarchy.lvl0 ?? '';
    const list = groups.get(page) ?? [];
    if (list.length < PER_GROUP) list.push(hit);
    groups.set(page, list);
  }
  return [...groups]
    .map(
      ([page, list]) =>
        `<li class="search-group"><p class="search-group-title">${escapeHtml(page)} <span>${escapeHtml(list[0]!.hierarchy.lvl0 ?? '')}</span></p><ul>${list
          .map((h) => `<li><a class="search-hit" href="${escapeHtml(h.url)}"><span class="search-hit-title">${h.titleHtml}</span><span class="search-hit-text">${h.snippetHtml}</span></a></li>`)
          .join('')}</ul></li>`,
    )
    .join('');
}

function noResults(q: string, suggestions: string[]): string {
  const support = document.querySelector<HTMLMetaElement>('meta[name="docsgen:support"]')?.content;
  return `<div class="search-empty"><p>No results for "<strong>${escapeHtml(q)}</strong>"</p>${
    suggestions.length ? `<p>Try searching for</p><ul class="search-suggestions">${suggestions.map((s) => `<li><button type="button" data-suggest="${escapeHtml(s)}">${escapeHtml(s)}</button></li>`).join('')}</ul>` : ''
  }<p class="search-feedback">Believe this query should return results? ${support ? `<a href="${escapeHtml(support)}" target="_blank" rel="noopener noreferrer">Let us know.</a>` : 'Let us know.'}</p></div>`;
}

const ERROR_HTML = '<div class="search-empty" role="alert"><p><strong>Unable to fetch results</strong></p><p>You might want to check your network connection.</p></div>';

/** The search in flight per status element: a newer query (or clearing the input) aborts it. */
const inFlight = new WeakMap<HTMLElement, AbortController>();

function cancel(status: HTMLElement): void {
  inFlight.get(status)?.abort();
  inFlight.delete(status);
  status.dataset.status = 'idle';
}

/**
 * Runs a query with the idle → loading → stalled (300 ms) → idle/error states. Only the newest
 * query of a status element renders; `data-search-source` tells which provider answered.
 */
async function run(q: string, page: number, status: HTMLElement, render: (result: SearchResponse) => void, onError: () => void): Promise<void> {
  inFlight.get(status)?.abort();
  const controller = new AbortController();
  inFlight.set(status, controller);
  status.dataset.status = 'loading';
  const stall = setTimeout(() => (status.dataset.status = 'stalled'), STALL_MS);
  try {
    const result = await searchProvider().search(q, { signal: controller.signal, page });
    if (controller.signal.aborted) return;
    status.dataset.searchSource = result.source;
    render(result);
    status.dataset.status = 'idle';
  } catch {
    if (controller.signal.aborted) return;
    status.dataset.status = 'error';
    onError();
  } finally {
    clearTimeout(stall);
    if (inFlight.get(status) === controller) inFlight.delete(status);
  }
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
  searchProvider().preload();
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
    cancel(root);
    list.innerHTML = savedSearches();
    footer.innerHTML = '';
    return;
  }
  void run(q, 0, root, (result) => {
    list.innerHTML = result.hits.length ? renderGroups(result.hits) : noResults(q, result.suggestions ?? []);
    footer.innerHTML = result.hits.length ? `<a href="/search?q=${encodeURIComponent(q)}" class="search-see-all">See all ${result.nbHits} results</a>` : '';
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
  container.innerHTML = '<p class="search-status"><span class="search-stalled">Loading…</span></p>';
  const hits: SearchHit[] = [];
  let total = 0;
  let page = 0;
  const draw = (suggestions: string[]) => {
    container.innerHTML = hits.length
      ? `<p class="search-count">${total} result${total === 1 ? '' : 's'} for "${escapeHtml(q)}"</p><ul class="search-results">${renderGroups(hits)}</ul>${hits.length < total ? '<button type="button" class="button button-secondary" data-more>Show more results</button>' : ''}`
      : noResults(q, suggestions);
    container.querySelector<HTMLButtonElement>('[data-more]')?.addEventListener('click', (event) => {
      (event.currentTarget as HTMLButtonElement).disabled = true;
      page += 1;
      void run(q, page, container, (result) => {
        hits.push(...result.hits);
        // a page with no hits (the index changed meanwhile) ends the list
        total = result.hits.length ? Math.max(result.nbHits, hits.length) : hits.length;
        draw([]);
      }, () => (container.innerHTML = ERROR_HTML));
    });
    container.querySelectorAll<HTMLElement>('[data-suggest]').forEach((b) => b.addEventListener('click', () => (location.href = `/search?q=${encodeURIComponent(b.dataset.suggest!)}`)));
  };
  void run(q, 0, container, (result) => {
    hits.push(...result.hits);
    total = result.nbHits;
    draw(result.suggestions ?? []);
  }, () => (container.innerHTML = ERROR_HTML));
}

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

/**
 * Hits grouped by page, each linking to its URL with its heading path and snippet. A group shows
 * its first 5 hits (spec §9) and, when it has more, a button that shows them all (`expanded`
 * holds the groups opened so), so every hit counted is one the reader can reach.
 */
function renderGroups(hits: SearchHit[], expanded: ReadonlySet<string>): string {
  const groups = new Map<string, SearchHit[]>();
  for (const hit of hits) {
    const page = hit.hierarchy.lvl1 ?? hit.hierarchy.lvl0 ?? '';
    groups.set(page, [...(groups.get(page) ?? []), hit]);
  }
  return [...groups]
    .map(([page, all]) => {
      const list = expanded.has(page) ? all : all.slice(0, PER_GROUP);
      const more = all.length - list.length;
      return `<li class="search-group"><p class="search-group-title">${escapeHtml(page)} <span>${escapeHtml(all[0]!.hierarchy.lvl0 ?? '')}</span></p><ul>${list
        .map((h) => `<li><a class="search-hit" href="${escapeHtml(h.url)}"><span class="search-hit-title">${h.titleHtml}</span><span class="search-hit-text">${h.snippetHtml}</span></a></li>`)
        .join('')}${more ? `<li><button type="button" class="search-more-in-group" data-expand-group="${escapeHtml(page)}">Show all ${all.length} results in ${escapeHtml(page || 'this group')} (${more} more)</button></li>` : ''}</ul></li>`;
    })
    .join('');
}

const pendingAnnouncement = new WeakMap<HTMLElement, ReturnType<typeof setTimeout>>();

/**
 * Says `text` through a live region (cleared first, so the same words are announced again). Only
 * the last of several quick calls speaks (`delay` ms), so typing a word announces one count, not one per key.
 */
function announce(region: HTMLElement | null, text: string, delay = 50): void {
  if (!region) return;
  clearTimeout(pendingAnnouncement.get(region));
  region.textContent = '';
  pendingAnnouncement.set(region, setTimeout(() => (region.textContent = text), delay));
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

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

/**
 * Takes over the modal that search.ts has already shown, with its input focused and holding
 * whatever was typed meanwhile: wires it once, then searches the input's current value.
 */
export function openSearchModal(root: HTMLElement, from?: HTMLElement | null): void {
  opener = from ?? null;
  if (root.dataset.ready === undefined) {
    wire(root);
    root.dataset.ready = '';
    delete root.dataset.status;
  }
  modal = root;
  if (root.hidden) return; // closed again before the search code arrived
  const input = root.querySelector<HTMLInputElement>('input')!;
  searchProvider().preload();
  update(root, input.value);
}

function closeModal(): void {
  if (!modal || modal.hidden) return;
  modal.hidden = true;
  document.documentElement.classList.remove('search-open');
  // the opener may have been replaced by a client-side navigation meanwhile
  (opener?.isConnected ? opener : document.querySelector<HTMLElement>('.navbar-items [data-search-button]'))?.focus();
}

/** The modal's last answer, so a group can be expanded without searching again. */
const shown = new WeakMap<HTMLElement, { q: string; result: SearchResponse; expanded: Set<string> }>();

function drawModal(root: HTMLElement): void {
  const state = shown.get(root);
  if (!state) return;
  const { q, result, expanded } = state;
  root.querySelector<HTMLElement>('.search-results')!.innerHTML = result.hits.length ? renderGroups(result.hits, expanded) : noResults(q, result.suggestions ?? []);
  root.querySelector<HTMLElement>('.search-footer')!.innerHTML = result.hits.length ? `<a href="/search?q=${encodeURIComponent(q)}" class="search-see-all">See all ${result.nbHits} results</a>` : '';
}

function update(root: HTMLElement, raw: string): void {
  const q = raw.trim().slice(0, MAX_QUERY);
  const list = root.querySelector<HTMLElement>('.search-results')!;
  const footer = root.querySelector<HTMLElement>('.search-footer')!;
  const region = root.querySelector<HTMLElement>('.search-announce');
  shown.delete(root);
  if (!q) {
    cancel(root);
    list.innerHTML = savedSearches();
    footer.innerHTML = '';
    return;
  }
  void run(q, 0, root, (result) => {
    shown.set(root, { q, result, expanded: new Set() });
    drawModal(root);
    const listed = result.hits.length;
    announce(region, !listed ? `No results for ${q}` : listed < result.nbHits ? `${plural(result.nbHits, 'result')}, the first ${listed} listed` : plural(listed, 'result'), 400);
  }, () => {
    list.innerHTML = ERROR_HTML;
    footer.innerHTML = '';
  });
}

/** The modal's behaviours (search.ts made its markup): typing, stars, suggestions, hits, keys. */
function wire(root: HTMLElement): void {
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
    const group = target.closest<HTMLElement>('[data-expand-group]');
    const state = shown.get(root);
    if (group && state) {
      const at = [...root.querySelectorAll('.search-group')].indexOf(group.closest('.search-group')!);
      state.expanded.add(group.dataset.expandGroup!);
      drawModal(root);
      // focus stays in the list: on the first hit the button revealed
      root.querySelectorAll('.search-group')[at]?.querySelectorAll<HTMLElement>('.search-hit')[PER_GROUP]?.focus();
      announce(root.querySelector('.search-announce'), `All results in ${group.dataset.expandGroup} shown`);
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
    const items = [...root.querySelectorAll<HTMLElement>('.search-hit, .search-more-in-group, .search-see-all')];
    if (!items.length) return;
    event.preventDefault();
    const i = items.indexOf(document.activeElement as HTMLElement);
    const next = (i + (event.key === 'ArrowDown' ? 1 : -1) + items.length + (i < 0 && event.key === 'ArrowUp' ? 1 : 0)) % items.length;
    items[next]!.focus();
    // the active option, for screen readers: its title (not the whole snippet) and its place
    const title = items[next]!.querySelector('.search-hit-title')?.textContent ?? items[next]!.textContent ?? '';
    announce(root.querySelector('.search-announce'), `${title.trim()}, ${next + 1} of ${items.length}`);
  });
  root.querySelector('form')!.addEventListener('submit', () => {
    if (input.value.trim()) remember(input.value.trim());
  });
}

/**
 * The /search page: results for `?q=`, 20 at a time. Its live region (`[data-search-announce]`)
 * says how many results there are and how many are listed, never the list itself.
 */
export function renderSearchPage(): void {
  const container = document.querySelector<HTMLElement>('[data-search-results]');
  const input = document.querySelector<HTMLInputElement>('#search-page-input');
  const region = document.querySelector<HTMLElement>('[data-search-announce]');
  if (!container || !input) return;
  const q = (new URLSearchParams(location.search).get('q') ?? '').slice(0, MAX_QUERY);
  input.value = q;
  if (!q) return;
  remember(q);
  container.innerHTML = '<p class="search-status"><span class="search-stalled">Loading…</span></p>';
  const hits: SearchHit[] = [];
  const expanded = new Set<string>();
  let total = 0;
  let page = 0;
  const failed = () => {
    container.innerHTML = ERROR_HTML;
    announce(region, 'Unable to fetch results');
  };
  const draw = (suggestions: string[]) => {
    container.innerHTML = hits.length
      ? `<p class="search-count">${plural(total, 'result')} for "${escapeHtml(q)}"</p><ul class="search-results">${renderGroups(hits, expanded)}</ul>${hits.length < total ? '<button type="button" class="button button-secondary" data-more>Show more results</button>' : ''}`
      : noResults(q, suggestions);
    container.querySelector<HTMLButtonElement>('[data-more]')?.addEventListener('click', (event) => {
      (event.currentTarget as HTMLButtonElement).disabled = true;
      page += 1;
      const before = hits.length;
      void run(q, page, container, (result) => {
        hits.push(...result.hits);
        // a page with no hits (the index changed meanwhile) ends the list
        total = result.hits.length ? Math.max(result.nbHits, hits.length) : hits.length;
        draw([]);
        // focus goes to the first result just added, and the count of what is listed is announced
        container.querySelectorAll<HTMLElement>('.search-hit')[before]?.focus();
        announce(region, `${hits.length} of ${plural(total, 'result')} listed`);
      }, failed);
    });
    container.querySelectorAll<HTMLElement>('[data-expand-group]').forEach((b) =>
      b.addEventListener('click', () => {
        const at = [...container.querySelectorAll('.search-group')].indexOf(b.closest('.search-group')!);
        expanded.add(b.dataset.expandGroup!);
        draw([]);
        container.querySelectorAll('.search-group')[at]?.querySelectorAll<HTMLElement>('.search-hit')[PER_GROUP]?.focus();
        announce(region, `All results in ${b.dataset.expandGroup} shown`);
      }),
    );
    container.querySelectorAll<HTMLElement>('[data-suggest]').forEach((b) => b.addEventListener('click', () => (location.href = `/search?q=${encodeURIComponent(b.dataset.suggest!)}`)));
  };
  void run(q, 0, container, (result) => {
    hits.push(...result.hits);
    total = result.nbHits;
    draw(result.suggestions ?? []);
    announce(region, hits.length ? `${plural(total, 'result')} for ${q}${hits.length < total ? `, ${hits.length} listed` : ''}` : `No results for ${q}`);
  }, failed);
}

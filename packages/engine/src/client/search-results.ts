/**
 * What the search modal (search-modal.ts) and the /search page (search-page.ts) share: running a
 * query through the provider with its loading states, the grouped result list, the live-region
 * announcements and the recent searches. Loaded with whichever of the two comes first.
 */
import { storage } from './storage';
import { searchProvider, type SearchHit, type SearchResponse } from './search-providers';
import { escapeHtml } from './search-util';

// The modal's focus trap, handed on from here: imported by the modal directly, focus-trap.ts (which
// the entry also uses) would land in a chunk of its own, one more file for every page to fetch.
export { trapFocus } from './focus-trap';

export const PER_GROUP = 5;
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
export function remember(q: string): void {
  const favs = favourites();
  if (!favs.includes(q)) save(RECENT_KEY, [q, ...recent().filter((r) => r !== q)].slice(0, maxRecent(favs)));
}

/** Stars a recent search (it moves to the favourites) or removes a favourite. */
export function toggleFavourite(q: string): void {
  const favs = favourites();
  const next = favs.includes(q) ? favs.filter((f) => f !== q) : [q, ...favs].slice(0, MAX_FAVOURITES);
  save(FAVOURITES_KEY, next);
  save(RECENT_KEY, recent().filter((r) => r !== q).slice(0, maxRecent(next)));
}

/** The favourite and recent searches shown while the query is empty, each with its star button. */
export function savedSearches(): string {
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
export function renderGroups(hits: SearchHit[], expanded: ReadonlySet<string>): string {
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
export function announce(region: HTMLElement | null, text: string, delay = 50): void {
  if (!region) return;
  clearTimeout(pendingAnnouncement.get(region));
  region.textContent = '';
  pendingAnnouncement.set(region, setTimeout(() => (region.textContent = text), delay));
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function noResults(q: string, suggestions: string[]): string {
  const support = document.querySelector<HTMLMetaElement>('meta[name="docsgen:support"]')?.content;
  return `<div class="search-empty"><p>No results for "<strong>${escapeHtml(q)}</strong>"</p>${
    suggestions.length ? `<p>Try searching for</p><ul class="search-suggestions">${suggestions.map((s) => `<li><button type="button" data-suggest="${escapeHtml(s)}">${escapeHtml(s)}</button></li>`).join('')}</ul>` : ''
  }<p class="search-feedback">Believe this query should return results? ${support ? `<a href="${escapeHtml(support)}" target="_blank" rel="noopener noreferrer">Let us know.</a>` : 'Let us know.'}</p></div>`;
}

export const ERROR_HTML = '<div class="search-empty" role="alert"><p><strong>Unable to fetch results</strong></p><p>You might want to check your network connection.</p></div>';

/** The search in flight per status element: a newer query (or clearing the input) aborts it. */
const inFlight = new WeakMap<HTMLElement, AbortController>();

export function cancel(status: HTMLElement): void {
  inFlight.get(status)?.abort();
  inFlight.delete(status);
  status.dataset.status = 'idle';
}

/**
 * Runs a query with the idle → loading → stalled (300 ms) → idle/error states. Only the newest
 * query of a status element renders; `data-search-source` tells which provider answered.
 */
export async function run(q: string, page: number, status: HTMLElement, render: (result: SearchResponse) => void, onError: () => void): Promise<void> {
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


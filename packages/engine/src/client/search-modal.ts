/**
 * The search modal (Ctrl/Cmd+K, "/", the search button): search.ts shows its shell at once, and
 * this code, loaded on first use, takes it over. The /search page's code is search-page.ts.
 */
import { searchProvider, type SearchResponse } from './search-providers';
import { MAX_QUERY } from './search-util';
import { announce, cancel, ERROR_HTML, noResults, PER_GROUP, plural, remember, renderGroups, run, savedSearches, toggleFavourite, trapFocus } from './search-results';

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


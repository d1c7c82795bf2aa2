/**
 * Opens search on Ctrl/Cmd+K, "/", the search button, or the first key typed on the focused search
 * button. The modal's shell (its input) is made here, at once, so every key typed from that moment
 * lands in the input however long the search code (search-modal.ts, loaded on first use) or its index
 * takes to arrive; the search code then takes over the same input and searches what it holds.
 */
import { trapFocus } from './focus-trap';

const load = () => import('./search-modal');

/** Search input limit (spec §5; search-util.ts holds the same for the lazily loaded code). */
const MAX_QUERY = 64;

let opener: HTMLElement | null = null;

/** The modal, made once and kept in the page (hidden when closed). `data-ready`: the search code has taken it over. */
function shell(): HTMLElement {
  let root = document.querySelector<HTMLElement>('.search-modal');
  if (root) return root;
  root = document.createElement('div');
  root.className = 'search-modal';
  root.hidden = true;
  root.innerHTML = `<div class="search-backdrop" data-search-close></div><div class="search-dialog" role="dialog" aria-modal="true" aria-label="Search the documentation"><form class="search-form" role="search" action="/search"><input class="search-input" type="search" name="q" maxlength="${MAX_QUERY}" placeholder="Search the docs" autocomplete="off" aria-label="Search" /><button type="button" class="search-cancel" data-search-close>Cancel</button></form><p class="search-status" aria-live="polite"><span class="search-stalled">Loading…</span><span class="search-announce visually-hidden"></span></p><ul class="search-results"></ul><div class="search-footer"></div></div>`;
  const modal = root;
  // until the search code has arrived: Escape, Cancel and the backdrop still close the modal, and
  // Tab stays inside it (a modal dialog from the moment it shows)
  const early = (event: Event) => {
    if (modal.dataset.ready !== undefined) return;
    if (event instanceof KeyboardEvent && event.key === 'Tab') {
      trapFocus(event, modal.querySelector('.search-dialog')!);
      return;
    }
    if ((event instanceof KeyboardEvent && event.key === 'Escape') || (event.type === 'click' && (event.target as Element).closest('[data-search-close]'))) {
      event.preventDefault();
      closeShell();
    }
  };
  root.addEventListener('keydown', early);
  root.addEventListener('click', early);
  document.body.append(root);
  return root;
}

function closeShell(): void {
  const root = document.querySelector<HTMLElement>('.search-modal');
  if (!root || root.hidden) return;
  root.hidden = true;
  document.documentElement.classList.remove('search-open');
  (opener?.isConnected ? opener : document.querySelector<HTMLElement>('.navbar-items [data-search-button]'))?.focus();
}

/**
 * Shows the modal with its input focused, synchronously. `typed` is a first key typed on the
 * search button: it starts the query. Otherwise a query left from before is selected, so typing
 * replaces it.
 */
function open(from: HTMLElement | null, typed?: string): void {
  opener = from ?? (document.activeElement as HTMLElement | null);
  const root = shell();
  const wasOpen = !root.hidden;
  root.hidden = false;
  document.documentElement.classList.add('search-open');
  const input = root.querySelector<HTMLInputElement>('input')!;
  if (typed !== undefined) {
    input.value = typed;
    input.focus();
    input.setSelectionRange(typed.length, typed.length);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  } else {
    input.focus();
    if (!wasOpen) input.select();
  }
  // the search code is still on its way: "Loading…" after the stall threshold (300 ms, spec §4)
  if (root.dataset.ready === undefined) setTimeout(() => root.dataset.ready === undefined && !root.hidden && (root.dataset.status = 'stalled'), 300);
  void load().then(
    (m) => m.openSearchModal(root, opener),
    () => {
      // the search code cannot load (offline): the search button's link still goes to the /search page
      closeShell();
      if (from instanceof HTMLAnchorElement) location.assign(from.href);
    },
  );
}

export function setupSearch(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLElement>('[data-search-button]');
    if (!button || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    open(button);
  });
  document.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement;
    const typing = target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
    if (((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') || (event.key === '/' && !typing)) {
      event.preventDefault();
      open(document.querySelector<HTMLElement>('.navbar-items [data-search-button]'));
      return;
    }
    // a letter or digit typed on the focused search button starts the query with that key
    const button = target.closest?.<HTMLElement>('[data-search-button]');
    if (button && event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey && !event.isComposing) {
      event.preventDefault();
      open(button, event.key);
    }
  });
}

/**
 * On the /search page, fill in the results for `?q=` with the page's own code (the modal's is not
 * needed for that). A site that searches locally gets its search engine in the same round trip,
 * not after the page's code has asked for it.
 */
export function searchPage(): void {
  if (!document.querySelector('[data-search-results]')) return;
  if (location.search.includes('q=') && !document.querySelector('meta[name="docsgen:search-app-id"]')) void import('./search-local').catch(() => {});
  void import('./search-page').then((m) => m.renderSearchPage());
}

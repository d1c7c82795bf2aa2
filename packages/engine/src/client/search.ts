/** Opens search on Ctrl/Cmd+K, "/" or the search button; the search code loads on first use. */
const load = () => import('./search-ui');

export function setupSearch(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLElement>('[data-search-button]');
    if (!button || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    // if the search code cannot load (offline), the link still goes to the /search page
    void load().then((m) => m.openSearchModal(button), () => button instanceof HTMLAnchorElement && location.assign(button.href));
  });
  document.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement;
    const typing = target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
    if (((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') || (event.key === '/' && !typing)) {
      event.preventDefault();
      void load().then((m) => m.openSearchModal(document.querySelector<HTMLElement>('.navbar-items [data-search-button]')));
    }
  });
}

/** On the /search page, fill in the results for `?q=`. */
export function searchPage(): void {
  if (document.querySelector('[data-search-results]')) void load().then((m) => m.renderSearchPage());
}

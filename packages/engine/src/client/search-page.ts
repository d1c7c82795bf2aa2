/**
 * The /search page's code, loaded at once when the page has a query (search.ts): its results are
 * what the reader came for. The modal's code (search-modal.ts) stays out of it until search opens.
 */
import type { SearchHit } from './search-providers';
import { escapeHtml, MAX_QUERY } from './search-util';
import { announce, ERROR_HTML, noResults, PER_GROUP, plural, remember, renderGroups, run } from './search-results';

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

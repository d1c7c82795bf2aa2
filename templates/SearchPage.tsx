import type { PageProps } from './types';
import { Layout } from './Layout';

/** `/search?q=`: the form works without JavaScript; results are filled in by the search client. */
export function SearchPage({ site, page, sidebar, islands }: PageProps) {
  return (
    <Layout site={site} page={page} sidebar={sidebar} islands={islands}>
      <div className="search-page">
        <h1>Search the documentation</h1>
        <form className="search-page-form" action="/search" method="get" role="search">
          <label className="visually-hidden" htmlFor="search-page-input">Search</label>
          <input id="search-page-input" className="search-input" type="search" name="q" maxLength={64} placeholder="Search the docs" autoComplete="off" />
          <button type="submit" className="button">Search</button>
        </form>
        {/* the live region announces counts only; the results themselves are not live (a list read out on every update) */}
        <p className="visually-hidden" aria-live="polite" data-search-announce="" />
        <div className="search-page-results" data-search-results="" />
      </div>
    </Layout>
  );
}

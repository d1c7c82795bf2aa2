import type { NavItem } from '../packages/engine/src/shared/site';
import { isExternal } from '../packages/engine/src/shared/site';
import type { PageProps } from './types';
import { Layout } from './Layout';

/** The site's sections, as the navbar lists them: its links and the entries of its dropdowns. */
function sections(items: readonly NavItem[]): Array<{ label: string; href: string }> {
  return items.flatMap((item) => {
    if (item.type === 'link' && item.href && item.label) return [{ label: item.label, href: item.href }];
    if (item.type === 'dropdown') return item.items ?? [];
    return [];
  }).filter((section) => !isExternal(section.href));
}

/**
 * `/search?q=`: results are filled in by the search client. Without JavaScript the page says so
 * and offers the site's sections instead (hidden by CSS once the head script has run).
 */
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
        <div className="search-page-nojs">
          <p><strong>Search needs JavaScript</strong>, which is turned off or blocked in this browser. Every page is reachable from these sections:</p>
          <ul className="search-page-sections">
            {sections(site.navbar.items).map((section) => (
              <li key={section.href}><a href={section.href}>{section.label}</a></li>
            ))}
          </ul>
        </div>
        {/* the live region announces counts only; the results themselves are not live (a list read out on every update) */}
        <p className="visually-hidden" aria-live="polite" data-search-announce="" />
        <div className="search-page-results" data-search-results="" />
      </div>
    </Layout>
  );
}

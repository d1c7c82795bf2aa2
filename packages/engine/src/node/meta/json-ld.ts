import type { PageNode } from '../../shared/page';
import type { SiteData } from '../../shared/site';

type JsonLd = Record<string, unknown>;

const absolute = (site: SiteData, href: string): string => site.url + (href === '/' ? '/' : href);

/**
 * The page's structured data (schema.org, as JSON-LD): `WebSite` with a `SearchAction` on the home
 * page, `TechArticle` on documentation and API pages, and a `BreadcrumbList` wherever the page has
 * a place in a sidebar. Empty for pages that are not content (search, 404). Pure.
 */
export function structuredData(site: SiteData, page: PageNode, image: string | null): JsonLd[] {
  const url = absolute(site, page.route);
  if (page.kind === 'home') {
    return [{
      '@context': 'https://schema.org', '@type': 'WebSite', name: site.title, description: site.description || undefined, url: `${site.url}/`,
      potentialAction: { '@type': 'SearchAction', target: { '@type': 'EntryPoint', urlTemplate: `${site.url}/search?q={search_term_string}` }, 'query-input': 'required name=search_term_string' },
    }];
  }
  if (page.kind === 'search' || page.kind === 'not-found' || page.kind === 'redirect') return [];
  const out: JsonLd[] = [{
    '@context': 'https://schema.org', '@type': 'TechArticle', headline: page.title, description: page.description || undefined, url, mainEntityOfPage: url,
    ...(image ? { image } : {}), ...(page.lastUpdated ? { dateModified: page.lastUpdated } : {}), inLanguage: site.locale,
    isPartOf: { '@type': 'WebSite', name: site.title, url: `${site.url}/` },
  }];
  const crumbs = [{ label: 'Home', href: '/' }, ...page.breadcrumbs.filter((c): c is { label: string; href: string } => Boolean(c.href)), { label: page.sidebarLabel || page.title, href: page.route }];
  if (page.breadcrumbs.length || page.route.split('/').length > 2) {
    out.push({
      '@context': 'https://schema.org', '@type': 'BreadcrumbList',
      itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.label, item: absolute(site, c.href) })),
    });
  }
  return out;
}

/**
 * JSON-LD as `<script type="application/ld+json">` blocks: data, not script (a CSP does not apply
 * to it). `<` is written as `\u003c`, so no text in it can close the element.
 */
export function jsonLdScripts(items: JsonLd[]): string {
  return items.map((item) => `\n<script type="application/ld+json">${JSON.stringify(item).replace(/</g, '\\u003c')}</script>`).join('');
}

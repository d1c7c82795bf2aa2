import { searchVersionTag, type NavItem, type SiteData, type SiteSearch } from '../../shared/site';
import type { ResolvedConfig } from '../config/resolve-config';
import type { PageGraph } from '../graph/page-graph';
import { firstLink } from '../graph/navigation';
import type { NavbarItem } from '../config/config-schema';

/**
 * Resolves config + graph into what templates read: navbar items get real hrefs. `dev`: served by
 * `serve --watch`; `webFont`: the family of the web font built (`WebFont.family`). Pure.
 */
export function siteData(config: ResolvedConfig, graph: PageGraph, { dev = false, webFont }: { dev?: boolean; webFont?: string } = {}): SiteData {
  // A site without a config file gets a navbar with one item per sidebar, then search and the colour switch.
  const configured = config.configFile || config.navbar.items.length ? config.navbar.items : defaultNavbar(graph);
  const items: NavItem[] = configured.map((item): NavItem => {
    switch (item.type) {
      case 'sidebar':
        return { type: 'link', label: item.label, href: firstLink(graph.sidebars[item.sidebarId]) ?? '/', sidebarId: item.sidebarId };
      case 'link':
        return { type: 'link', label: item.label, href: item.to };
      case 'dropdown':
        return { type: 'dropdown', label: item.label, href: item.to, activePrefix: item.to, items: item.items.map((i) => ({ label: i.label, href: i.to })) };
      default:
        return { type: item.type };
    }
  });
  return {
    title: config.title,
    tagline: config.tagline,
    description: config.description,
    url: config.url,
    locale: config.locale,
    versionLabel: config.versionLabel,
    announcement: config.announcement,
    colorMode: config.colorMode,
    navbar: { logo: config.navbar.logo, items },
    footer: { logo: config.footer.logo, columns: config.footer.columns.map((c) => ({ title: c.title, items: c.items.map((i) => ({ label: i.label, href: i.to })) })), copyright: config.footer.copyright },
    socialCards: config.socialCards,
    provider: config.provider ? { name: config.provider.name, slug: config.provider.slug } : undefined,
    editUrl: config.editUrl,
    testCard: config.testCard,
    supportUrl: config.provider?.support,
    search: siteSearch(config),
    tagManager: config.tagManager ? `${config.tagManager.scriptUrl}${config.tagManager.scriptUrl.includes('?') ? '&' : '?'}id=${encodeURIComponent(config.tagManager.containerId)}` : undefined,
    dev,
    webFont,
  };
}

/**
 * The search settings pages carry. Hosted search needs both credentials (the config schema
 * rejects half of them); without a configured host the service's default pair is used:
 * `{appId}-dsn.algolia.net`, then `{appId}.algolia.net`.
 */
function siteSearch(config: ResolvedConfig): SiteSearch {
  const { appId, apiKey, indexName, host, local, facets } = config.search;
  if (!appId || !apiKey) return { local };
  const hosts = host === undefined ? [`${appId}-dsn.algolia.net`, `${appId}.algolia.net`] : typeof host === 'string' ? [host] : host;
  return { local, hosted: { appId, apiKey, indexName, hosts, versionTag: searchVersionTag(config.versionLabel), facets } };
}

/**
 * Sidebars the default navbar links to, at most: a site of hundreds of top-level folders would
 * otherwise put a link to each on every page, so every page would grow with the site. The others
 * are reached through the pages (`docsgen check` warns about a page nothing links to).
 */
export const DEFAULT_NAVBAR_SIDEBARS = 6;

function defaultNavbar(graph: PageGraph): NavbarItem[] {
  const label = (id: string) => (id.length <= 3 ? id.toUpperCase() : id.replace(/[-_]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase()));
  return [
    ...Object.keys(graph.sidebars).slice(0, DEFAULT_NAVBAR_SIDEBARS).map((id): NavbarItem => ({ type: 'sidebar', sidebarId: id, label: label(id) })),
    { type: 'search' },
    { type: 'colorMode' },
  ];
}

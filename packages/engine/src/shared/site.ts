/** What templates receive about the site (resolved from config). Plain data. */
export interface NavItem {
  type: 'link' | 'dropdown' | 'search' | 'colorMode' | 'localeDropdown' | 'versionDropdown';
  label?: string;
  href?: string;
  /** Sidebar id this item stands for: the item is active on that sidebar's pages. */
  sidebarId?: string;
  /** Route prefix that makes a dropdown active (e.g. `/products`). */
  activePrefix?: string;
  items?: Array<{ label: string; href: string }>;
}

export interface SiteData {
  title: string;
  tagline: string;
  description: string;
  url: string;
  locale: string;
  versionLabel: string;
  announcement?: { id: string; content: string; backgroundColor: string; textColor: string; isCloseable: boolean };
  colorMode: { defaultMode: 'light' | 'dark'; switch: boolean; respectPrefersColorScheme: boolean };
  navbar: { logo?: { src: string; alt: string }; items: NavItem[] };
  footer: { logo?: { src: string; alt: string; href?: string }; columns: Array<{ title: string; items: Array<{ label: string; href: string }> }>; copyright: string };
  provider?: { name: string; slug: string };
  /** Base for "Edit this page" links. */
  editUrl?: string;
  /** Where readers report problems (the search "Let us know" link). */
  supportUrl?: string;
  testCard?: { number: string; expiry: string; cvc: string; href: string };
  /** Search: the local index, and the hosted service when configured (written to meta tags for the browser). */
  search: SiteSearch;
  /** The tag-manager container script (`scriptUrl?id=containerId`), loaded by the client after the page is interactive. */
  tagManager?: string;
  /** Every page has a social card at `socialCardUrlFor(route)` (config `socialCards`). */
  socialCards: boolean;
  /** True when the site is served by `docsgen serve --watch` (live reload). */
  dev: boolean;
  /** The web font's family (config `font`) as its `@font-face` rules declare it: the head script decides before the first paint whether the page shows it. */
  webFont?: string;
}

/** What the browser needs to search. Everything here is public: the hosted key is a search-only key. */
export interface SiteSearch {
  /** The local MiniSearch index is built (`/search-index.json`): used offline and when the hosted service fails. */
  local: boolean;
  hosted?: {
    appId: string;
    apiKey: string;
    indexName: string;
    /** Tried in order: `host[:port]` (https) or with an explicit `http://` / `https://` scheme. */
    hosts: string[];
    /** The docs version facet value, e.g. `docs-default-next` (see `searchVersionTag`). */
    versionTag: string;
    /** Names of the facets hosted search filters on (`search.facets` in the config). */
    facets: SearchFacets;
  };
}

/**
 * Names of the record attributes (facets) the hosted index filters on: the page's language and the
 * docs version. They are whatever the site's crawler or record upload calls them (a Docusaurus
 * DocSearch index calls the version `docusaurus_tag`).
 */
export interface SearchFacets {
  language: string;
  version: string;
}

/** The engine's facet names when the config names none. */
export const DEFAULT_SEARCH_FACETS: Readonly<SearchFacets> = { language: 'language', version: 'version' };

/**
 * The docs version facet value (Docusaurus-style, as its DocSearch crawler tags pages): `docs-default-`
 * and the version label in lower case with runs of other characters as `-` (`Next` → `docs-default-next`).
 */
export const searchVersionTag = (versionLabel: string): string =>
  `docs-default-${versionLabel.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'current'}`;

export const isExternal = (href: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');

/** The name the navbar shows for the site's locale (`English` for `en`). */
export const localeLabel = (locale: string): string => (locale === 'en' ? 'English' : locale);

/**
 * The `data-fit` attribute of a navbar text whose box the web font's stylesheet makes exactly as
 * wide as the text in the web font (at `weight`), so swapping the font in moves no navbar item.
 */
export const fitKey = (weight: number, text: string): string => `${weight} ${text}`;

/** The texts the default theme's navbar shows, each with its font weight: the boxes `fitKey` names. */
export function navbarTexts(site: { locale: string; versionLabel: string; navbar: { items: ReadonlyArray<{ type: string; label?: string }> } }): Array<[number, string]> {
  const texts: Array<[number, string]> = [[400, 'Search'], [400, 'Ctrl K'], [400, '⌘K']];
  for (const item of site.navbar.items) {
    if ((item.type === 'link' || item.type === 'sidebar' || item.type === 'dropdown') && item.label) texts.push([500, item.label]);
    if (item.type === 'localeDropdown') texts.push([500, localeLabel(site.locale)]);
    if (item.type === 'versionDropdown') texts.push([500, site.versionLabel]);
  }
  return texts;
}

/** The navigation progress bar the client adds to a page while the next one loads (client/router.ts). */
export const PROGRESS_BAR_ID = 'docsgen-progress';

/**
 * The HTML standard's name for the top of the document: `#top` scrolls there when no element has
 * the id, and a theme's `paintAfter` returning it holds the first paint until the whole page is
 * parsed (`<link rel="expect" href="#top" blocking="render">`).
 */
export const TOP_OF_PAGE = 'top';

/**
 * Ids the engine gives meaning on every page, its client's and the standard's `top`: no heading
 * gets one of them (the theme lists its own layout's ids as `reservedIds`; the build reserves both).
 * A heading "Top" with id `top` would turn every `#top` link, and the whole-page paint hold, into
 * a jump to that heading.
 */
export const ENGINE_IDS: readonly string[] = [PROGRESS_BAR_ID, TOP_OF_PAGE];

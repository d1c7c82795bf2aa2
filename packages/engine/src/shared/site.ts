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
  /** True when the site is served by `docsgen serve --watch` (live reload). */
  dev: boolean;
}

export const isExternal = (href: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');

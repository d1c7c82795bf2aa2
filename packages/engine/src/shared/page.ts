/** Types shared by the engine and the templates. Plain, serialisable data only. */

export interface Heading {
  depth: number;
  id: string;
  text: string;
  line?: number;
}

/** `changelog`: a content page that publishes its dated sections as a feed (`feed: true`). */
export type PageKind = 'doc' | 'home' | 'changelog' | 'search' | 'not-found' | 'redirect' | 'api-operation' | 'api-schema' | 'api-overview';

export interface Breadcrumb {
  label: string;
  href?: string;
}

export interface PageLink {
  label: string;
  href: string;
}

export type SidebarNode =
  | { type: 'link'; label: string; href: string; badge?: string }
  | { type: 'category'; label: string; href?: string; collapsed: boolean; items: SidebarNode[] };

export interface Sidebar {
  id: string;
  items: SidebarNode[];
}

/** Types shared by the engine and the templates. Plain, serialisable data only. */

export interface Heading {
  depth: number;
  id: string;
  text: string;
  line?: number;
}

/** `changelog`: a content page that publishes its dated sections as a feed (`feed: true`). */
export type PageKind = 'doc' | 'home' | 'changelog' | 'search' | 'not-found' | 'redirect' | 'api-operation' | 'api-schema' | 'api-overview' | 'api-webhook';

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
  | {
      type: 'category';
      label: string;
      href?: string;
      collapsed: boolean;
      items: SidebarNode[];
      /**
       * A page (or page#section) that links to every item of the category. In a sidebar too large
       * to send whole with every page, a category away from the current page is sent as a link to
       * it (and loaded on demand by the client); without one the category is always sent whole.
       */
      index?: string;
    };

export interface Sidebar {
  id: string;
  items: SidebarNode[];
}

/** A link out of a page, with the place it was written. */
export interface LinkRef {
  /** The href as emitted (route plus `#hash`). */
  href: string;
  route: string;
  hash: string;
  file: string;
  line?: number;
  column?: number;
  /**
   * For a link written in the site config (a redirect target): its key path there, turned into a
   * line only when the link is reported, so a clean build never parses the config.
   */
  configPath?: PropertyKey[];
  /**
   * For a link written in the OpenAPI document (`file`): the JSON pointer of the text it is in,
   * turned into a line only when the link is reported, so a clean build never builds the YAML AST.
   */
  specPointer?: string;
  /** An image written with a site path (`![x](/img/a.png)`): it must be a file of the site. */
  image?: boolean;
}

/** A JSON example in content that names the API operation whose request body it is. */
export interface CodeSample {
  operation: string;
  lang: string;
  code: string;
  file: string;
  line?: number;
}

/** One route of the site. Plain data: templates and `check` read only this. */
export interface PageNode {
  route: string;
  kind: PageKind;
  title: string;
  description: string;
  /** Absolute source file, or null for generated pages. */
  sourceFile: string | null;
  /** Source file relative to the content folder (for edit links), or null. */
  contentFile: string | null;
  headings: Heading[];
  /** Headings shown in the table of contents (config levels). */
  toc: Heading[];
  /** Every `id` a link may target on this page. */
  anchors: string[];
  links: LinkRef[];
  sidebarId: string | null;
  sidebarLabel: string;
  sidebarPosition?: number;
  breadcrumbs: Breadcrumb[];
  prev: PageLink | null;
  next: PageLink | null;
  hideToc: boolean;
  /** ISO date of the last commit touching the source, when git knows it. */
  lastUpdated: string | null;
  /** For redirect pages: where they point. */
  redirectTo?: string;
  codeSamples: CodeSample[];
  /** Files whose change affects this page. */
  dependencies: string[];
  /** Atom feed of the page (`/changelog.xml`), when its frontmatter asks for one. */
  feed?: string;
  /** Opaque data for page kinds added by other stages (e.g. API operation pages). */
  data?: unknown;
}

import type { PageNode, Sidebar } from './page';
import type { SiteData } from './site';

/** Island name → public URL of its hydration bundle. */
export type IslandUrls = Readonly<Record<string, string>>;

/**
 * What the renderer hands every page template besides the page's content. Plain data: the
 * templates mark the current page (`page.route`) in `sidebar` and give each island its bundle URL
 * themselves, so the renderer never edits the HTML they write.
 */
export interface PageRenderData {
  site: SiteData;
  page: PageNode;
  /**
   * The page's sidebar, or null. It is the graph's own object, the same for every page of a build
   * and never changed: a theme may cache what it renders from it by identity.
   */
  sidebar: Sidebar | null;
  islands: IslandUrls;
}

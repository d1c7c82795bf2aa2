import type { ReactNode } from 'react';
import type { PageNode } from '../packages/engine/src/shared/page';
import type { SiteData } from '../packages/engine/src/shared/site';
import type { PageRenderData } from '../packages/engine/src/shared/render-data';

export type { PageNode, SiteData };

/**
 * Props every page template receives from the renderer: the site, the page (its `route` is the
 * current page the sidebar marks), the page's sidebar and the islands' bundle URLs, as data.
 */
export interface PageProps extends PageRenderData {
  /** The page's MDX content as React elements (null for generated pages). */
  content: ReactNode;
}

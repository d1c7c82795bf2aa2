import type { ReactNode } from 'react';
import type { PageNode } from '../packages/engine/src/shared/page';
import type { SiteData } from '../packages/engine/src/shared/site';

export type { PageNode, SiteData };

/** Props every page template receives from the renderer. */
export interface PageProps {
  site: SiteData;
  page: PageNode;
  /** The page's MDX content as React elements (null for generated pages). */
  content: ReactNode;
  /** The page's sidebar, rendered once per build and marked for this page (trusted HTML). */
  sidebarHtml: string;
}

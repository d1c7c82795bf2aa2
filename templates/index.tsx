/**
 * The default docsgen theme. The renderer imports this module (bundled by esbuild) and reads:
 * `templates` (one component per page kind, given `PageProps`) and `components` (the MDX component
 * registry). A site may ship its own `templates/index.tsx` with the same exports.
 */
import type { ComponentType } from 'react';
import type { PageKind } from '../packages/engine/src/shared/page';
import type { PageProps } from './types';
import { DocPage } from './DocPage';
import { HomePage } from './HomePage';
import { SearchPage } from './SearchPage';
import { NotFoundPage } from './NotFoundPage';
import { ApiOperationPage } from './api/ApiOperationPage';
import { ApiSchemaPage } from './api/ApiSchemaPage';
import { ApiOverviewPage } from './api/ApiOverviewPage';
import { ApiWebhookPage } from './api/ApiWebhookPage';
import { Admonition } from './components/Admonition';
import { Tabs, TabItem } from './components/Tabs';
import { Card, CardGrid } from './components/Cards';
import { Steps } from './components/Steps';
import { CodeBlock } from './components/CodeBlock';
import { ContentImage } from './components/ContentImage';
import { TaskCheckbox } from './components/TaskCheckbox';
import { InlineCode } from './components/InlineCode';
import { Table } from './components/Table';
import { TableHeaderCell } from './components/TableHeaderCell';
import { H2, H3, H4, H5, H6 } from './components/Heading';
import { sidebarParts } from './Sidebar';
import { LAYOUT_IDS, NAVBAR_ID, SIDEBAR_ID } from './layout-ids';
import type { PageRenderData } from '../packages/engine/src/shared/render-data';
import type { Sidebar } from '../packages/engine/src/shared/page';

export const templates: Partial<Record<PageKind, ComponentType<PageProps>>> = {
  doc: DocPage,
  changelog: DocPage,
  home: HomePage,
  search: SearchPage,
  'not-found': NotFoundPage,
  'api-operation': ApiOperationPage,
  'api-schema': ApiSchemaPage,
  'api-overview': ApiOverviewPage,
  'api-webhook': ApiWebhookPage,
};

/**
 * Components MDX content may use, by tag name. `CodeTabs` and `Include` are handled by the
 * compiler before rendering; `docsgen-code` and the headings are internal.
 */
export const components = {
  Admonition,
  Tabs,
  TabItem,
  Card,
  CardGrid,
  Steps,
  'docsgen-code': CodeBlock,
  img: ContentImage,
  input: TaskCheckbox,
  code: InlineCode,
  table: Table,
  th: TableHeaderCell,
  h2: H2,
  h3: H3,
  h4: H4,
  h5: H5,
  h6: H6,
};

/** Ids the layout uses on every page: content and API headings never get them. */
export const reservedIds = LAYOUT_IDS;

/** Tags authors may write (the compiler rejects any other capitalised tag). */
export const contentComponents = ['Admonition', 'Tabs', 'TabItem', 'Card', 'CardGrid', 'Steps', 'CodeTabs', 'Include'];

/** Files written once per build besides the pages: the lists a large sidebar loads on demand. */
export function siteFiles({ sidebars }: { sidebars: Readonly<Record<string, Sidebar>> }): Array<{ file: string; text: string }> {
  return Object.values(sidebars).flatMap(sidebarParts);
}

/**
 * The first paint waits for the navbar and the page's sidebar, the parts that stay in place while
 * the content arrives below and beside them: a half-parsed sidebar or navbar would move when the
 * rest of it comes. The content column and the TOC's have their widths from the start (styles.css).
 */
export function paintAfter({ sidebar }: PageRenderData): string {
  return sidebar ? SIDEBAR_ID : NAVBAR_ID;
}

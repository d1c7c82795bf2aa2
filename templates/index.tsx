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
import { LAYOUT_IDS, MAIN_ID } from './layout-ids';
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
 * The first paint waits until the main content begins: the navbar and the sidebar are then whole
 * (Chromium lifts the hold at the named element's start tag, not at its end, so naming the
 * sidebar let it paint half-parsed, an item's badge before its label). The content arrives below
 * and beside them and is laid out so that what comes later moves nothing painted before it (the
 * endpoint box aligns its badge on the path's first line, the Test Card shows once its island is
 * set up). Holding the whole page moved the largest operation page's first paint from 1.0 to 2.8 s
 * at 4x CPU throttling; holding until the main content, by nothing measurable.
 */
export function paintAfter(): string {
  return MAIN_ID;
}

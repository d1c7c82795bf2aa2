import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { fromHtml } from 'hast-util-from-html';
import { select, selectAll } from 'hast-util-select';
import { toString } from 'hast-util-to-string';
import type { Element, Root } from 'hast';
import { renderPages, type RenderResult } from '../../packages/engine/src/node/render/render-pages';
import type { TemplateModule } from '../../packages/engine/src/node/render/load-templates';
import type { PageGraph } from '../../packages/engine/src/node/graph/page-graph';
import { validateConfig } from '../../packages/engine/src/node/config/load-config';
import { resolveConfig } from '../../packages/engine/src/node/config/resolve-config';
import { siteData } from '../../packages/engine/src/node/render/site-data';
import type { PageNode, Sidebar as SidebarData } from '../../packages/engine/src/shared/page';
import { Sidebar } from '../../templates/Sidebar';
import { Table } from '../../templates/components/Table';
import { TableHeaderCell } from '../../templates/components/TableHeaderCell';
import * as theme from '../../templates/index';

const repo = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

// A route and label with every character a regular expression or HTML escaping could trip on.
const TRICKY = "/pricing/fees-(eu)+it's&more";
const TRICKY_LABEL = `Fees & "extras" (it's 1+1) <eu>`;

/** Two collapsed levels around the tricky page, a linked category, and an external link. */
function sidebarData(): SidebarData {
  return {
    id: 'docs',
    items: [
      { type: 'link', label: 'Intro', href: '/intro' },
      {
        type: 'category', label: 'Pricing', collapsed: true, items: [
          { type: 'link', label: 'Overview', href: '/pricing' },
          { type: 'category', label: 'Fees', href: '/pricing/fees', collapsed: true, items: [{ type: 'link', label: TRICKY_LABEL, href: TRICKY, badge: 'POST' }] },
        ],
      },
      { type: 'category', label: 'Other', collapsed: true, items: [{ type: 'link', label: 'Elsewhere', href: '/other' }] },
      { type: 'link', label: 'Status', href: 'https://status.example' },
    ],
  };
}

function renderSidebar(sidebar: SidebarData, currentRoute: string | null): Root {
  return fromHtml(renderToStaticMarkup(createElement(Sidebar, { sidebar, currentRoute })), { fragment: true });
}

const openCategories = (tree: Root) => selectAll('details[open]', tree).map((d) => toString(select('summary', d)!).trim());
const current = (tree: Root) => selectAll('a[aria-current="page"]', tree);
const href = (el: Element) => String(el.properties.href);

describe('the sidebar template', () => {
  it('marks the current link and opens the categories that hold it, whatever characters the route has', () => {
    const tree = renderSidebar(sidebarData(), TRICKY);
    const links = current(tree);
    expect(links.map(href)).toEqual([TRICKY]);
    expect(links[0]!.properties.className).toEqual(['sidebar-link', 'active']);
    expect(toString(links[0]!)).toBe(`POST${TRICKY_LABEL}`);
    expect(openCategories(tree)).toEqual(['Pricing', 'Fees']);
    expect(selectAll('.active', tree)).toHaveLength(1);
  });

  it('marks a linked category and opens it', () => {
    const tree = renderSidebar(sidebarData(), '/pricing/fees');
    expect(current(tree).map((a) => a.properties.className)).toEqual([['sidebar-link', 'sidebar-category-link', 'active']]);
    expect(openCategories(tree)).toEqual(['Pricing', 'Fees']);
  });

  it('marks nothing for a page outside the sidebar, and keeps collapsed categories closed', () => {
    for (const route of ['/elsewhere', null]) {
      const tree = renderSidebar(sidebarData(), route);
      expect(current(tree)).toEqual([]);
      expect(openCategories(tree)).toEqual([]);
    }
  });

  it('renders with its once-per-build memory exactly what it renders without it, for every page', () => {
    // The same sidebar object for every page, as in a build: lists without the page come from memory.
    const shared = sidebarData();
    for (const route of ['/intro', TRICKY, '/pricing', '/pricing/fees', '/other', '/intro', null]) {
      const memoised = renderToStaticMarkup(createElement(Sidebar, { sidebar: shared, currentRoute: route }));
      const fresh = renderToStaticMarkup(createElement(Sidebar, { sidebar: sidebarData(), currentRoute: route }));
      expect(memoised).toBe(fresh);
    }
  });

  it('numbers categories in document order, the same on every page', () => {
    const ids = (route: string | null) => selectAll('details', renderSidebar(sidebarData(), route)).map((d) => d.properties.dataCat);
    expect(ids(null)).toEqual(['0', '1', '2']);
    expect(ids(TRICKY)).toEqual(['0', '1', '2']);
  });
});

function pageNode(route: string, sidebarId: string | null, kind: PageNode['kind'] = 'doc'): PageNode {
  return {
    route, kind, title: `Title of ${route}`, description: '', sourceFile: null, contentFile: null, headings: [], toc: [], anchors: [], links: [],
    sidebarId, sidebarLabel: route, breadcrumbs: [], prev: null, next: null, hideToc: true, lastUpdated: null, codeSamples: [], dependencies: [],
  };
}

function renderSite(routes: string[], islands: ReadonlyMap<string, string>): RenderResult[] {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-render-'));
  dirs.push(root);
  const config = resolveConfig(validateConfig({ title: 'Docs', url: 'https://docs.example', testCard: { number: '4111', expiry: '12/35', cvc: '123', href: '/intro' } }, path.join(root, 'docs-build.config.ts')), root, null);
  const pages = Object.fromEntries(routes.map((r) => [r, pageNode(r, r === '/no-sidebar' ? null : 'docs')]));
  const graph: PageGraph = { routes, pages, sidebars: { docs: sidebarData() }, redirects: [], staticFiles: [], diagnostics: [] };
  const templates: TemplateModule = { templates: theme.templates, components: theme.components, contentComponents: theme.contentComponents };
  return [...renderPages({ graph, site: siteData(config, graph), templates, contents: new Map(), assets: { css: '/a.css', js: '/a.js', islands } })];
}

const html = (result: RenderResult | undefined): string => {
  if (!result?.ok) throw new Error(`not rendered: ${result?.route}`);
  return result.html;
};

describe('page rendering', () => {
  const results = renderSite(['/intro', TRICKY, '/no-sidebar'], new Map([['TestCard', '/assets/island-TestCard.ABC.js']]));

  it('hands the templates the page and its sidebar: each page marks its own link', () => {
    const sidebarOf = (page: Root, where: '.sidebar-container'): Root => ({ type: 'root', children: [select(where, page)!] });
    const introPage = fromHtml(html(results[0]));
    const trickyPage = fromHtml(html(results[1]));
    const intro = sidebarOf(introPage, '.sidebar-container');
    const tricky = sidebarOf(trickyPage, '.sidebar-container');
    // one sidebar a page, inside the mobile menu (which shows it without JavaScript too), after the main links
    expect(selectAll('.sidebar', trickyPage)).toHaveLength(1);
    expect(select('#drawer .drawer-panel > .drawer-items + .sidebar-container .sidebar', trickyPage)).toBeTruthy();
    expect(current(intro).map(href)).toEqual(['/intro']);
    expect(openCategories(intro)).toEqual([]);
    expect(current(tricky).map(href)).toEqual([TRICKY]);
    expect(openCategories(tricky)).toEqual(['Pricing', 'Fees']);
    expect(select('.sidebar', fromHtml(html(results[2])))).toBeFalsy();
  });

  it('hands the templates the island bundle URLs: every island names its bundle', () => {
    for (const result of results) {
      const islands = selectAll('docsgen-island', fromHtml(html(result)));
      expect(islands.map((i) => [i.properties.dataIsland, i.properties.dataSrc])).toEqual([['TestCard', '/assets/island-TestCard.ABC.js']]);
    }
  });

  it('leaves an island without a bundle unlinked', () => {
    const [result] = renderSite(['/intro'], new Map());
    const island = select('docsgen-island', fromHtml(html(result)))!;
    expect(island.properties.dataIsland).toBe('TestCard');
    expect(island.properties.dataSrc).toBeUndefined();
  });

  it('edits no HTML after React wrote it: the renderer and the shell make no string replacements', () => {
    for (const file of ['render-pages.ts', 'html-document.ts']) {
      expect(fs.readFileSync(path.join(repo, 'packages/engine/src/node/render', file), 'utf8')).not.toMatch(/\.replace(All)?\(/);
    }
  });
});

describe('content tables', () => {
  // What MDX makes of `| | test | live |`: `th` is the theme's TableHeaderCell, the rest plain elements.
  const table = (corner: string) =>
    createElement(
      Table,
      null,
      createElement('thead', null, createElement('tr', null, createElement(TableHeaderCell, null, corner), createElement(TableHeaderCell, null, 'test'))),
      '\n',
      createElement('tbody', null, createElement('tr', null, createElement('td', null, 'Key'), createElement('td', null, createElement('code', null, 'sk_test_')))),
    );

  it('heads each row with its first cell when the header row starts with an empty corner', () => {
    const html = renderToStaticMarkup(table(''));
    expect(html).toContain('<thead><tr><td class="table-corner"></td><th>test</th></tr></thead>');
    expect(html).toContain('<tbody><tr><th scope="row">Key</th><td><code>sk_test_</code></td></tr></tbody>');
  });

  it('leaves a table with a header in every column as it is', () => {
    const html = renderToStaticMarkup(table('name'));
    expect(html).toContain('<thead><tr><th>name</th><th>test</th></tr></thead>');
    expect(html).toContain('<tbody><tr><td>Key</td><td><code>sk_test_</code></td></tr></tbody>');
    expect(html).not.toContain('scope');
  });
});

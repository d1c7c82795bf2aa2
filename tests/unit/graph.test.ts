import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Root as HastRoot } from 'hast';
import { buildPageGraph, type ExtraPage, type PageGraph } from '../../packages/engine/src/node/graph/page-graph';
import { autogenerate, firstLink, sidebarMembership } from '../../packages/engine/src/node/graph/navigation';
import { validateConfig } from '../../packages/engine/src/node/config/load-config';
import { resolveConfig, type ResolvedConfig } from '../../packages/engine/src/node/config/resolve-config';
import type { UserConfig } from '../../packages/engine/src/node/config/config-schema';
import type { CompiledPage } from '../../packages/engine/src/node/markdown/compile-page';
import { keepPage, type ContentPage } from '../../packages/engine/src/node/markdown/content-page';
import type { CategoryMeta } from '../../packages/engine/src/node/crawl/crawl-content';
import type { Frontmatter } from '../../packages/engine/src/node/crawl/frontmatter';
import type { Heading, Sidebar, SidebarNode } from '../../packages/engine/src/shared/page';
import { routeForFile } from '../../packages/engine/src/shared/routes';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A resolved config for a fresh temp site. With `source`, that text is written as the config file
 * (so positions can be located in it); the values still come from `raw`.
 */
function makeConfig(raw: Partial<UserConfig> = {}, source?: string): ResolvedConfig {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-graph-'));
  dirs.push(root);
  const file = path.join(root, 'docs-build.config.ts');
  if (source !== undefined) fs.writeFileSync(file, source);
  return resolveConfig(validateConfig({ title: 'Docs', url: 'https://docs.example', description: 'Site description.', ...raw }, file), root, source === undefined ? null : file);
}

function page(config: ResolvedConfig, rel: string, frontmatter: Frontmatter = { title: path.basename(rel) }, extra: Partial<CompiledPage> = {}): ContentPage {
  const file = path.join(config.contentPath, rel);
  return keepPage({ file, route: routeForFile(rel), frontmatter, firstH1: null, headings: [], links: [], assets: [], codeSamples: [], dependencies: [file], codeBlocks: [], hast: null, markdown: '', diagnostics: [], ...extra });
}

/** Sidebar as `label -> href` lines, categories indented. */
function outline(items: SidebarNode[], indent = ''): string[] {
  return items.flatMap((item) =>
    item.type === 'link' ? [`${indent}${item.label} -> ${item.href}`] : [`${indent}[${item.label}] -> ${item.href ?? '-'}${item.collapsed ? '' : ' (open)'}`, ...outline(item.items, `${indent}  `)],
  );
}

/** The guide folder used by the navigation tests. */
function guidePages(config: ResolvedConfig): ContentPage[] {
  return [
    page(config, 'index.mdx', { title: 'Home' }),
    page(config, 'guide/index.mdx', { title: 'Guide' }),
    page(config, 'guide/zeta.mdx', { title: 'Zeta' }),
    page(config, 'guide/alpha.mdx', { title: 'Alpha' }),
    page(config, 'guide/second.mdx', { title: 'Second', sidebar_position: 2 }),
    page(config, 'guide/first.mdx', { title: 'First page', sidebar_label: 'Start here', sidebar_position: 1 }),
    page(config, 'guide/advanced/index.mdx', { title: 'Advanced topics', sidebar_position: 3 }),
    page(config, 'guide/advanced/webhooks.mdx', { title: 'Webhooks', sidebar_position: 1 }),
    page(config, 'guide/advanced/errors.mdx', { title: 'Errors' }),
    page(config, 'api/overview.mdx', { title: 'API overview' }),
  ];
}

const noCategories = new Map<string, CategoryMeta>();

describe('buildPageGraph: pages', () => {
  it('turns compiled pages into nodes with title, description, toc, anchors and feed', () => {
    const config = makeConfig({ toc: { minLevel: 2, maxLevel: 3 } });
    const headings: Heading[] = [
      { depth: 2, id: 'install', text: 'Install', line: 5 },
      { depth: 3, id: 'npm', text: 'npm', line: 7 },
      { depth: 4, id: 'deep', text: 'Deep', line: 9 },
    ];
    const hast: HastRoot = { type: 'root', children: [{ type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: 'First  paragraph\nof the page.' }] }] };
    const graph = buildPageGraph({
      config,
      pages: [
        page(config, 'guide/setup.mdx', { title: 'Set up', sidebar_label: 'Setup', sidebar_position: 4, hide_table_of_contents: true }, { headings, hast }),
        page(config, 'changelog.mdx', { title: 'Changelog', description: 'What changed.', feed: true }, { headings: [{ depth: 2, id: '2025-06-01-launch', text: '2025-06-01: Launch' }] }),
        page(config, 'news.mdx', { title: 'News', description: 'Nothing dated.', feed: true }),
        page(config, 'notes.md', {}, { firstH1: 'Release notes' }),
      ],
      categories: noCategories,
      lastUpdated: new Map([[path.join(config.contentPath, 'guide/setup.mdx'), '2025-05-01T10:00:00Z']]),
    });
    // A feed is linked only when there is a dated section to publish; otherwise a warning.
    expect(graph.diagnostics.map((d) => `${path.basename(d.file)} ${d.severity} ${d.code}`)).toEqual(['news.mdx warning FeedEmpty']);
    expect(graph.routes).toEqual(['/', '/404', '/changelog', '/guide/setup', '/news', '/notes', '/search']);
    expect(graph.pages['/news']!.feed).toBeUndefined();
    const setup = graph.pages['/guide/setup']!;
    expect(setup).toMatchObject({
      route: '/guide/setup',
      kind: 'doc',
      title: 'Set up',
      description: 'First paragraph of the page.',
      sourceFile: path.join(config.contentPath, 'guide/setup.mdx'),
      contentFile: 'guide/setup.mdx',
      sidebarLabel: 'Setup',
      sidebarPosition: 4,
      hideToc: true,
      lastUpdated: '2025-05-01T10:00:00Z',
      feed: undefined,
    });
    expect(setup.toc.map((h) => h.id)).toEqual(['install', 'npm']);
    expect(setup.anchors).toEqual(['install', 'npm', 'deep']);
    expect(graph.pages['/changelog']).toMatchObject({ kind: 'changelog', description: 'What changed.', feed: '/changelog.xml', lastUpdated: null });
    expect(graph.pages['/notes']).toMatchObject({ title: 'Release notes', description: 'Site description.' });
  });

  it('clips a long first paragraph to 160 characters at a word boundary', () => {
    const config = makeConfig();
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const hast: HastRoot = { type: 'root', children: [{ type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: words }] }] };
    const description = buildPageGraph({ config, pages: [page(config, 'long.mdx', { title: 'Long' }, { hast })], categories: noCategories }).pages['/long']!.description;
    expect(description).toBe(`${Array.from({ length: 24 }, (_, i) => `word${i}`).join(' ')}…`);
    expect(description.length).toBe(158);
  });

  it('generates home, search and not-found pages, and a home page is a home kind', () => {
    const config = makeConfig();
    const empty = buildPageGraph({ config, pages: [], categories: noCategories });
    expect(empty.routes).toEqual(['/', '/404', '/search']);
    expect([empty.pages['/']!.kind, empty.pages['/search']!.kind, empty.pages['/404']!.kind]).toEqual(['home', 'search', 'not-found']);
    expect(empty.pages['/']!.title).toBe('Docs');
    const withIndex = buildPageGraph({ config, pages: [page(config, 'index.mdx', { title: 'Welcome' }), page(config, 'guide/index.mdx', { title: 'G', template: 'home' })], categories: noCategories });
    expect(withIndex.pages['/']).toMatchObject({ kind: 'home', title: 'Welcome', sourceFile: path.join(config.contentPath, 'index.mdx') });
    expect(withIndex.pages['/guide']!.kind).toBe('home');
    const docIndex = buildPageGraph({ config, pages: [page(config, 'index.mdx', { title: 'Welcome', template: 'doc' })], categories: noCategories });
    expect(docIndex.pages['/']!.kind).toBe('doc');
  });

  it('reports an MDX page without a title, and names it after its file', () => {
    const config = makeConfig();
    const graph = buildPageGraph({ config, pages: [page(config, 'guide/getting_started-now.mdx', {}), page(config, 'guide/payments/index.mdx', {})], categories: noCategories });
    expect(graph.diagnostics.map((d) => `${path.relative(config.contentPath, d.file)}:${d.line}:${d.column} ${d.code}`)).toEqual([
      'guide/getting_started-now.mdx:1:1 MissingTitle',
      'guide/payments/index.mdx:1:1 MissingTitle',
    ]);
    expect(graph.pages['/guide/getting_started-now']!.title).toBe('Getting started now');
    expect(graph.pages['/guide/payments']!.title).toBe('Payments');
  });

  it('reports two files on one route as DuplicateRoute at the second, keeping the first', () => {
    const config = makeConfig();
    const graph = buildPageGraph({
      config,
      pages: [page(config, 'guide/setup.mdx', { title: 'A' }), page(config, 'guide/setup/index.mdx', { title: 'B' })],
      categories: noCategories,
    });
    expect(graph.diagnostics).toEqual([
      {
        code: 'DuplicateRoute',
        message: 'two sources claim the route /guide/setup: guide/setup.mdx and guide/setup/index.mdx',
        severity: 'error',
        hint: 'rename or remove one of them',
        file: path.join(config.contentPath, 'guide/setup/index.mdx'),
        line: 1,
        column: 1,
      },
    ]);
    expect(graph.pages['/guide/setup']!.title).toBe('A');
  });

  it('reports a page of another stage that collides with a content page', () => {
    const config = makeConfig();
    const extra: ExtraPage = {
      route: '/api', kind: 'api-overview', title: 'API', description: '', sourceFile: '/site/specs/payments.yaml', contentFile: null,
      headings: [], toc: [], anchors: [], links: [], sidebarLabel: 'API', hideToc: true, codeSamples: [], dependencies: [],
    };
    const graph = buildPageGraph({ config, pages: [page(config, 'api.mdx', { title: 'Mine' })], categories: noCategories, extraPages: [extra] });
    expect(graph.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`)).toEqual([
      '/site/specs/payments.yaml:1:1 DuplicateRoute two sources claim the route /api: api.mdx and /site/specs/payments.yaml',
    ]);
  });

  it('adds redirect pages, and reports a redirect that collides with a page at its line in the config', () => {
    const source = `export default {\n  redirects: [\n    { from: '/old/', to: '/guide#top' },\n    { from: '/guide', to: '/elsewhere' },\n  ],\n};\n`;
    const config = makeConfig({ redirects: [{ from: '/old/', to: '/guide#top' }, { from: '/guide', to: '/elsewhere' }] }, source);
    const graph = buildPageGraph({ config, pages: [page(config, 'guide/index.mdx', { title: 'Guide' })], categories: noCategories });
    expect(graph.redirects).toEqual([{ from: '/old', to: '/guide#top' }]);
    expect(graph.pages['/old']).toMatchObject({ kind: 'redirect', redirectTo: '/guide#top', title: 'Redirecting to /guide#top' });
    // The target's position is its key path, turned into a line only if the link is reported.
    expect(graph.pages['/old']!.links).toEqual([{ href: '/guide#top', route: '/guide', hash: 'top', file: config.configFile, configPath: ['redirects', 0, 'to'] }]);
    expect(graph.diagnostics.map((d) => `${path.basename(d.file)}:${d.line}:${d.column} ${d.code} ${d.message}`)).toEqual([
      'docs-build.config.ts:4:13 DuplicateRoute redirect from /guide collides with a page of that route',
    ]);
    expect(graph.pages['/guide']!.kind).toBe('doc');
  });

  it('reports a colliding redirect at its own entry, trailing slash and all', () => {
    const source = `export default {\n  redirects: [\n    { from: '/guide', to: '/a' },\n    { from: '/guide/', to: '/b' },\n  ],\n};\n`;
    const config = makeConfig({ redirects: [{ from: '/guide', to: '/a' }, { from: '/guide/', to: '/b' }] }, source);
    const graph = buildPageGraph({ config, pages: [page(config, 'guide/index.mdx', { title: 'Guide' })], categories: noCategories });
    expect(graph.diagnostics.map((d) => `${d.line}:${d.column} ${d.code}`)).toEqual(['3:13 DuplicateRoute', '4:13 DuplicateRoute']);
  });
});

describe('buildPageGraph: sidebars and navigation', () => {
  it('reports each sidebar problem at its own item, not at the first text that spells the same route', () => {
    const source = [
      `// '/guide/nope' was removed; 'gone' too`, // 1
      `export default {`, // 2
      `  tagline: '/guide/nope',`, // 3
      `  sidebars: {`, // 4
      `    one: ['/guide/first', '/guide/nope'],`, // 5
      `    two: [{ type: 'category', label: 'C', link: '/guide/nope', items: [{ type: 'doc', id: '/guide/nope' }, { type: 'autogenerated', dirName: 'gone' }] }],`, // 6
      `  },`, // 7
      `};`, // 8
    ].join('\n');
    const sidebars: UserConfig['sidebars'] = {
      one: ['/guide/first', '/guide/nope'],
      two: [{ type: 'category', label: 'C', link: '/guide/nope', items: [{ type: 'doc', id: '/guide/nope' }, { type: 'autogenerated', dirName: 'gone' }] }],
    };
    const config = makeConfig({ sidebars, tagline: '/guide/nope' }, source);
    const graph = buildPageGraph({ config, pages: guidePages(config), categories: noCategories });
    expect(graph.diagnostics.map((d) => `${d.line}:${d.column} ${d.code}`)).toEqual([
      '5:27 SidebarUnknownPage',
      '6:49 SidebarUnknownPage',
      '6:91 SidebarUnknownPage',
      '6:142 SidebarEmptyFolder',
    ]);
  });

  it('orders an autogenerated sidebar by sidebar_position, then by file name, with folders as categories', () => {
    const config = makeConfig({ sidebars: { guide: [{ type: 'autogenerated', dirName: 'guide' }] } });
    const graph = buildPageGraph({ config, pages: guidePages(config), categories: noCategories });
    expect(graph.diagnostics).toEqual([]);
    expect(outline(graph.sidebars.guide!.items)).toEqual([
      'Start here -> /guide/first',
      'Second -> /guide/second',
      '[Advanced topics] -> /guide/advanced',
      '  Webhooks -> /guide/advanced/webhooks',
      '  Errors -> /guide/advanced/errors',
      'Alpha -> /guide/alpha',
      'Guide -> /guide',
      'Zeta -> /guide/zeta',
    ]);
  });

  it('takes a category label, position and collapsed state from _category_ metadata', () => {
    const config = makeConfig({ sidebars: { guide: [{ type: 'autogenerated', dirName: 'guide' }] } });
    const categories = new Map<string, CategoryMeta>([['guide/advanced', { dir: 'guide/advanced', label: 'Going further', position: 0, collapsed: false }]]);
    const graph = buildPageGraph({ config, pages: guidePages(config), categories });
    expect(outline(graph.sidebars.guide!.items).slice(0, 4)).toEqual([
      '[Going further] -> /guide/advanced (open)',
      '  Webhooks -> /guide/advanced/webhooks',
      '  Errors -> /guide/advanced/errors',
      'Start here -> /guide/first',
    ]);
  });

  it('gives every sidebar page its sidebar, breadcrumbs and prev/next in sidebar order', () => {
    const config = makeConfig({ sidebars: { guide: [{ type: 'autogenerated', dirName: 'guide' }] } });
    const graph = buildPageGraph({ config, pages: guidePages(config), categories: noCategories });
    const nav = (route: string) => {
      const p = graph.pages[route]!;
      return { sidebarId: p.sidebarId, breadcrumbs: p.breadcrumbs, prev: p.prev?.href ?? null, next: p.next?.href ?? null };
    };
    expect(nav('/guide/first')).toEqual({ sidebarId: 'guide', breadcrumbs: [], prev: null, next: '/guide/second' });
    expect(nav('/guide/advanced')).toEqual({ sidebarId: 'guide', breadcrumbs: [], prev: '/guide/second', next: '/guide/advanced/webhooks' });
    expect(nav('/guide/advanced/webhooks')).toEqual({
      sidebarId: 'guide',
      breadcrumbs: [{ label: 'Advanced topics', href: '/guide/advanced' }],
      prev: '/guide/advanced',
      next: '/guide/advanced/errors',
    });
    expect(nav('/guide/advanced/errors').next).toBe('/guide/alpha');
    expect(nav('/guide/zeta')).toEqual({ sidebarId: 'guide', breadcrumbs: [], prev: '/guide', next: null });
    expect(graph.pages['/guide/second']!.prev).toEqual({ label: 'Start here', href: '/guide/first' });
    expect(nav('/api/overview')).toEqual({ sidebarId: null, breadcrumbs: [], prev: null, next: null });
    expect(nav('/')).toEqual({ sidebarId: null, breadcrumbs: [], prev: null, next: null });
  });

  it('without a sidebars config, makes one autogenerated sidebar per top-level folder, ordered by category position then name', () => {
    const config = makeConfig();
    const categories = new Map<string, CategoryMeta>([['guide', { dir: 'guide', position: 1 }]]);
    const graph = buildPageGraph({ config, pages: guidePages(config), categories });
    expect(Object.keys(graph.sidebars)).toEqual(['guide', 'api']);
    expect(outline(graph.sidebars.api!.items)).toEqual(['API overview -> /api/overview']);
    expect(graph.pages['/api/overview']!.sidebarId).toBe('api');
    expect(graph.pages['/guide/zeta']!.sidebarId).toBe('guide');
  });

  it('resolves configured items, skips external links in prev/next and reports unknown pages at their line', () => {
    const source = `export default {\n  sidebars: {\n    main: [\n      '/guide/first',\n      { type: 'doc', id: '/guide/second', label: 'Two' },\n      { type: 'link', label: 'GitHub', href: 'https://github.com/x' },\n      { type: 'category', label: 'More', items: ['/guide/alpha', '/guide/nope'] },\n      { type: 'autogenerated', dirName: 'missing' },\n    ],\n  },\n};\n`;
    const config = makeConfig(
      {
        sidebars: {
          main: [
            '/guide/first',
            { type: 'doc', id: '/guide/second', label: 'Two' },
            { type: 'link', label: 'GitHub', href: 'https://github.com/x' },
            { type: 'category', label: 'More', items: ['/guide/alpha', '/guide/nope'] },
            { type: 'autogenerated', dirName: 'missing' },
          ],
        },
      },
      source,
    );
    const graph = buildPageGraph({ config, pages: guidePages(config), categories: noCategories });
    expect(outline(graph.sidebars.main!.items)).toEqual(['Start here -> /guide/first', 'Two -> /guide/second', 'GitHub -> https://github.com/x', '[More] -> -', '  Alpha -> /guide/alpha']);
    expect(graph.diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}`)).toEqual([
      '7:66 error SidebarUnknownPage sidebar "main" lists /guide/nope, which is not a page',
      '8:41 warning SidebarEmptyFolder sidebar "main": no pages in content folder "missing"',
    ]);
    expect(graph.pages['/guide/alpha']).toMatchObject({ breadcrumbs: [{ label: 'More', href: undefined }], prev: { label: 'Two', href: '/guide/second' }, next: null });
    expect(graph.pages['/guide/second']!.next).toEqual({ label: 'Alpha', href: '/guide/alpha' });
  });

  it('keeps a page in the first sidebar that lists it, and prefers a configured sidebar over a contributed one of the same id', () => {
    const config = makeConfig({ sidebars: { one: ['/guide/alpha'], two: ['/guide/zeta', '/guide/alpha'] } });
    const contributed: Sidebar = { id: 'one', items: [{ type: 'link', label: 'X', href: '/guide/zeta' }] };
    const api: Sidebar = { id: 'api', items: [{ type: 'link', label: 'API', href: '/api/overview' }] };
    const graph = buildPageGraph({ config, pages: guidePages(config), categories: noCategories, extraSidebars: { one: contributed, api } });
    expect(Object.keys(graph.sidebars)).toEqual(['one', 'two', 'api']);
    expect(outline(graph.sidebars.one!.items)).toEqual(['Alpha -> /guide/alpha']);
    expect(graph.pages['/guide/alpha']).toMatchObject({ sidebarId: 'one', prev: null, next: null });
    expect(graph.pages['/guide/zeta']).toMatchObject({ sidebarId: 'two', next: { label: 'Alpha', href: '/guide/alpha' } });
    expect(graph.pages['/api/overview']!.sidebarId).toBe('api');
  });
});

describe('navigation helpers', () => {
  it('sidebarMembership lists a route once even when the sidebar repeats it', () => {
    const sidebar: Sidebar = {
      id: 's',
      items: [
        { type: 'link', label: 'A', href: '/a' },
        { type: 'category', label: 'C', collapsed: true, items: [{ type: 'link', label: 'A again', href: '/a' }, { type: 'link', label: 'B', href: '/b' }] },
      ],
    };
    const members = sidebarMembership({ s: sidebar });
    expect(members.map((m) => m.route)).toEqual(['/a', '/b']);
    // Never its own neighbour: /a's next is /b, and /b's previous is the first /a.
    expect(members[0]).toMatchObject({ sidebarId: 's', breadcrumbs: [], prev: null, next: { label: 'B', href: '/b' } });
    expect(members[1]).toEqual({ route: '/b', sidebarId: 's', breadcrumbs: [{ label: 'C', href: undefined }], prev: { label: 'A', href: '/a' }, next: null });
  });

  it('firstLink finds the first internal link, preferring a category page over its items', () => {
    const items: SidebarNode[] = [
      { type: 'link', label: 'Ext', href: 'https://x.example' },
      { type: 'category', label: 'C', href: '/c', collapsed: true, items: [{ type: 'link', label: 'D', href: '/d' }] },
    ];
    expect(firstLink({ id: 's', items })).toBe('/c');
    expect(firstLink({ id: 's', items: [{ type: 'category', label: 'C', collapsed: true, items: [{ type: 'link', label: 'D', href: '/d' }] }] })).toBe('/d');
    expect(firstLink({ id: 's', items: [] })).toBeUndefined();
    expect(firstLink(undefined)).toBeUndefined();
  });

  it('autogenerate labels a folder without index or metadata from its name', () => {
    const config = makeConfig();
    const graph: PageGraph = buildPageGraph({ config, pages: [page(config, 'guide/payment-methods/cards.mdx', { title: 'Cards' })], categories: noCategories });
    const docs = Object.values(graph.pages).filter((p) => p.contentFile);
    expect(outline(autogenerate('guide', docs, noCategories))).toEqual(['[Payment methods] -> -', '  Cards -> /guide/payment-methods/cards']);
  });
});

import path from 'node:path';
import type { Diagnostic } from '../../shared/diagnostic';
import { diagnostic } from '../../shared/diagnostic';
import type { Breadcrumb, Heading, PageKind, PageLink, Sidebar } from '../../shared/page';
import type { LinkRef } from '../markdown/plugins/remark-links';
import type { CompiledPage, CodeSample } from '../markdown/compile-page';
import type { CategoryMeta } from '../crawl/crawl-content';
import type { ResolvedConfig } from '../config/resolve-config';
import { buildSidebars, sidebarMembership } from './navigation';
import { locateInConfig } from './config-position';

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

export interface PageGraph {
  /** Routes in a stable order (sorted). */
  routes: string[];
  pages: Record<string, PageNode>;
  sidebars: Record<string, Sidebar>;
  redirects: Array<{ from: string; to: string }>;
  /** Files that exist in the output besides pages (e.g. `/specs/payments.yaml`). */
  staticFiles: string[];
  diagnostics: Diagnostic[];
}

/** A page contributed by another stage (the OpenAPI reference), already resolved. */
export type ExtraPage = Omit<PageNode, 'sidebarId' | 'breadcrumbs' | 'prev' | 'next' | 'lastUpdated'>;

export interface GraphInput {
  config: ResolvedConfig;
  pages: CompiledPage[];
  categories: Map<string, CategoryMeta>;
  extraPages?: ExtraPage[];
  staticFiles?: string[];
  lastUpdated?: Map<string, string>;
  /** Sidebars contributed by other stages (the API reference's `api`); a configured one of the same id wins. */
  extraSidebars?: Record<string, Sidebar>;
}

const titleFromFile = (file: string) => {
  const base = path.basename(file).replace(/\.mdx?$/, '');
  const name = base === 'index' ? path.basename(path.dirname(file)) : base;
  return name.replace(/[-_]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
};

function firstParagraphText(page: CompiledPage): string {
  const first = page.hast?.children.find((n) => n.type === 'element' && n.tagName === 'p');
  if (!first || first.type !== 'element') return '';
  const text: string[] = [];
  const walk = (n: typeof first | { type: string; value?: string; children?: unknown[] }) => {
    if (n.type === 'text') text.push((n as { value: string }).value);
    for (const c of ((n as { children?: unknown[] }).children ?? []) as Array<typeof first>) walk(c);
  };
  walk(first);
  const joined = text.join('').replace(/\s+/g, ' ').trim();
  return joined.length > 160 ? `${joined.slice(0, 157).replace(/\s+\S*$/, '')}…` : joined;
}

/** Builds the graph of every route before anything renders. Pure. */
export function buildPageGraph(input: GraphInput): PageGraph {
  const { config } = input;
  const diagnostics: Diagnostic[] = [];
  const pages: Record<string, PageNode> = {};
  const claimedBy = new Map<string, string>();
  const { minLevel, maxLevel } = config.toc;

  const add = (node: PageNode, claimant: string) => {
    const previous = claimedBy.get(node.route);
    if (previous) {
      diagnostics.push(diagnostic('DuplicateRoute', `two sources claim the route ${node.route}: ${previous} and ${claimant}`, { file: node.sourceFile ?? claimant, line: 1, column: 1 }, { hint: 'rename or remove one of them' }));
      return;
    }
    claimedBy.set(node.route, claimant);
    pages[node.route] = node;
  };

  for (const page of input.pages) {
    const rel = path.relative(config.contentPath, page.file).split(path.sep).join('/');
    const title = page.frontmatter.title ?? page.firstH1 ?? titleFromFile(rel);
    // A page whose frontmatter did not parse already has its error; no title is a consequence.
    const frontmatterBroken = page.diagnostics.some((d) => d.code === 'FrontmatterSyntax');
    if (!page.frontmatter.title && !page.firstH1 && page.file.endsWith('.mdx') && !frontmatterBroken) {
      diagnostics.push(diagnostic('MissingTitle', 'the page has no title: add `title:` to its frontmatter', { file: page.file, line: 1, column: 1 }));
    }
    const home = page.frontmatter.template === 'home' || (page.route === '/' && page.frontmatter.template !== 'doc');
    const kind: PageKind = home ? 'home' : page.frontmatter.feed ? 'changelog' : 'doc';
    add(
      {
        route: page.route,
        kind,
        title,
        description: page.frontmatter.description ?? (firstParagraphText(page) || config.description),
        sourceFile: page.file,
        contentFile: rel,
        headings: page.headings,
        toc: page.headings.filter((h) => h.depth >= minLevel && h.depth <= maxLevel),
        anchors: page.headings.map((h) => h.id),
        links: page.links,
        sidebarId: null,
        sidebarLabel: page.frontmatter.sidebar_label ?? title,
        sidebarPosition: page.frontmatter.sidebar_position,
        breadcrumbs: [],
        prev: null,
        next: null,
        hideToc: page.frontmatter.hide_table_of_contents ?? false,
        lastUpdated: input.lastUpdated?.get(page.file) ?? null,
        codeSamples: page.codeSamples,
        dependencies: page.dependencies,
        feed: page.frontmatter.feed ? `/${page.route === '/' ? 'index' : page.route.slice(1)}.xml` : undefined,
      },
      rel,
    );
  }
  for (const extra of input.extraPages ?? []) {
    add({ ...extra, sidebarId: null, breadcrumbs: [], prev: null, next: null, lastUpdated: extra.sourceFile ? input.lastUpdated?.get(extra.sourceFile) ?? null : null }, extra.sourceFile ?? extra.route);
  }

  const generated = (route: string, kind: PageKind, title: string, description = config.description): PageNode => ({
    route, kind, title, description, sourceFile: null, contentFile: null, headings: [], toc: [], anchors: [], links: [],
    sidebarId: null, sidebarLabel: title, breadcrumbs: [], prev: null, next: null, hideToc: true, lastUpdated: null, codeSamples: [], dependencies: [],
  });
  if (!pages['/']) add(generated('/', 'home', config.title, config.description), '(generated home page)');
  if (!pages['/search']) add(generated('/search', 'search', 'Search', `Search the ${config.title}`), '(generated search page)');
  add(generated('/404', 'not-found', 'Page not found', 'The page you are looking for does not exist.'), '(generated not-found page)');

  const configFile = config.configFile ?? path.join(config.root, 'docs-build.config.ts');
  const redirects: Array<{ from: string; to: string }> = [];
  for (const [index, redirect] of config.redirects.entries()) {
    const from = redirect.from.replace(/\/$/, '') || '/';
    if (pages[from]) {
      diagnostics.push(diagnostic('DuplicateRoute', `redirect from ${from} collides with a page of that route`, { file: configFile, ...locateInConfig(config, ['redirects', index, 'from']) }));
      continue;
    }
    redirects.push({ from, to: redirect.to });
    const link = { href: redirect.to, ...splitLink(redirect.to), file: configFile, configPath: ['redirects', index, 'to'] };
    add({ ...generated(from, 'redirect', `Redirecting to ${redirect.to}`), redirectTo: redirect.to, links: [link] }, `redirect in ${path.basename(configFile)}`);
  }

  const { sidebars, diagnostics: sidebarProblems } = buildSidebars(config, pages, input.categories);
  for (const [id, sidebar] of Object.entries(input.extraSidebars ?? {})) if (!sidebars[id]) sidebars[id] = sidebar;
  diagnostics.push(...sidebarProblems);
  for (const membership of sidebarMembership(sidebars)) {
    const node = pages[membership.route];
    if (!node || node.sidebarId) continue;
    Object.assign(node, { sidebarId: membership.sidebarId, breadcrumbs: membership.breadcrumbs, prev: membership.prev, next: membership.next });
  }
  return { routes: Object.keys(pages).sort(), pages, sidebars, redirects, staticFiles: input.staticFiles ?? [], diagnostics };
}

function splitLink(href: string): { route: string; hash: string } {
  const i = href.indexOf('#');
  return i < 0 ? { route: href, hash: '' } : { route: href.slice(0, i), hash: href.slice(i + 1) };
}

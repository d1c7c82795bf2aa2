import path from 'node:path';
import { describeMarkdown, summarize } from '../meta/describe';
import { diagnostic, type Diagnostic, type SourcePosition } from '../../shared/diagnostic';
import { routeProblem } from '../../shared/routes';
import type { PageKind, PageNode, Sidebar } from '../../shared/page';
import type { KeptPage } from '../markdown/content-page';
import type { CategoryMeta } from '../crawl/crawl-content';
import type { ResolvedConfig } from '../config/resolve-config';
import { buildSidebars, sidebarMembership } from './navigation';
import { DATED } from '../emit/atom-feed';
import { locateInConfig } from './config-position';

// PageNode lives in shared/ because templates read it; re-exported for the engine's importers.
export type { PageNode };

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
  pages: KeptPage[];
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

/**
 * The routes of a site as they are claimed: each is a clean URL path, claimed once, and not equal
 * to another but for letter case (two such collide on case-insensitive file systems and hosts).
 */
class RouteTable {
  readonly pages: Record<string, PageNode> = {};
  private readonly claimedBy = new Map<string, string>();
  private readonly byFoldedCase = new Map<string, string>();

  constructor(private readonly diagnostics: Diagnostic[]) {}

  /** `place` gives the position to report at, computed only when there is a problem. */
  add(node: PageNode, claimant: string, place: () => SourcePosition = () => ({ file: node.sourceFile ?? claimant, line: 1, column: 1 })): boolean {
    const problem = routeProblem(node.route);
    const previous = this.claimedBy.get(node.route);
    const sameButCase = this.byFoldedCase.get(node.route.toLowerCase());
    if (problem) this.diagnostics.push(diagnostic('InvalidRoute', `the route "${node.route}" of ${claimant} ${problem}`, place(), { hint: 'routes are clean URL paths: letters, digits, "-", "_" and "." between single slashes' }));
    else if (previous) this.diagnostics.push(diagnostic('DuplicateRoute', `two sources claim the route ${node.route}: ${previous} and ${claimant}`, place(), { hint: 'rename or remove one of them' }));
    else if (sameButCase) this.diagnostics.push(diagnostic('RouteCaseClash', `the routes ${sameButCase} and ${node.route} differ only in letter case`, place(), { hint: 'they would overwrite each other on case-insensitive file systems and hosts: rename one of them' }));
    else {
      this.claimedBy.set(node.route, claimant);
      this.byFoldedCase.set(node.route.toLowerCase(), node.route);
      this.pages[node.route] = node;
      return true;
    }
    return false;
  }
}

/** Builds the graph of every route before anything renders. Pure. */
export function buildPageGraph(input: GraphInput): PageGraph {
  const { config } = input;
  const diagnostics: Diagnostic[] = [];
  const table = new RouteTable(diagnostics);
  for (const page of input.pages) {
    const rel = path.relative(config.contentPath, page.file).split(path.sep).join('/');
    // A page whose frontmatter did not parse already has its error; no title is a consequence.
    const frontmatterBroken = page.diagnostics.some((d) => d.code === 'FrontmatterSyntax');
    if (!page.frontmatter.title && !page.firstH1 && page.file.endsWith('.mdx') && !frontmatterBroken) {
      diagnostics.push(diagnostic('MissingTitle', 'the page has no title: add `title:` to its frontmatter', { file: page.file, line: 1, column: 1 }));
    }
    // The feed is linked from the page only when it will be written: a section to publish.
    if (page.frontmatter.feed && !hasDatedSection(page)) diagnostics.push(diagnostic('FeedEmpty', 'the page asks for a feed but has no "## YYYY-MM-DD: Title" sections', { file: page.file, line: 1, column: 1 }, { severity: 'warning' }));
    table.add(contentNode(page, rel, input), rel);
  }
  for (const extra of input.extraPages ?? []) {
    table.add({ ...extra, sidebarId: null, breadcrumbs: [], prev: null, next: null, lastUpdated: extra.sourceFile ? input.lastUpdated?.get(extra.sourceFile) ?? null : null }, extra.sourceFile ?? extra.route);
  }
  const { pages } = table;
  if (!pages['/']) table.add(generated(config, '/', 'home', config.title, config.description), '(generated home page)');
  if (!pages['/search']) table.add(generated(config, '/search', 'search', 'Search', `Search the ${config.title}`), '(generated search page)');
  table.add(generated(config, '/404', 'not-found', 'Page not found', 'The page you are looking for does not exist.'), '(generated not-found page)');
  const redirects = addRedirects(config, table, diagnostics);
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

const hasDatedSection = (page: KeptPage) => page.headings.some((h) => h.depth === 2 && DATED.test(h.text));

/** The graph node of a content page. */
function contentNode(page: KeptPage, rel: string, input: GraphInput): PageNode {
  const { config } = input;
  const title = page.frontmatter.title ?? page.firstH1 ?? titleFromFile(rel);
  const home = page.frontmatter.template === 'home' || (page.route === '/' && page.frontmatter.template !== 'doc');
  const kind: PageKind = home ? 'home' : page.frontmatter.feed ? 'changelog' : 'doc';
  return {
    route: page.route,
    kind,
    title,
    description: describeMarkdown(page.frontmatter.description) || page.summary || summarize(config.description),
    sourceFile: page.file,
    contentFile: rel,
    headings: page.headings,
    toc: page.headings.filter((h) => h.depth >= config.toc.minLevel && h.depth <= config.toc.maxLevel),
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
    feed: page.frontmatter.feed && hasDatedSection(page) ? `/${page.route === '/' ? 'index' : page.route.slice(1)}.xml` : undefined,
  };
}

/** A page docsgen makes itself (home when there is none, search, 404, redirects). */
function generated(config: ResolvedConfig, route: string, kind: PageKind, title: string, description = config.description): PageNode {
  return {
    route, kind, title, description, sourceFile: null, contentFile: null, headings: [], toc: [], anchors: [], links: [],
    sidebarId: null, sidebarLabel: title, breadcrumbs: [], prev: null, next: null, hideToc: true, lastUpdated: null, codeSamples: [], dependencies: [],
  };
}

/** The config's redirects as redirect pages; returns the ones that were added. */
function addRedirects(config: ResolvedConfig, table: RouteTable, diagnostics: Diagnostic[]): Array<{ from: string; to: string }> {
  const configFile = config.configFile ?? path.join(config.root, 'docs-build.config.ts');
  const redirects: Array<{ from: string; to: string }> = [];
  for (const [index, redirect] of config.redirects.entries()) {
    const from = redirect.from.replace(/\/$/, '') || '/';
    // The config is parsed for a position only when a redirect has a problem.
    const at = () => ({ file: configFile, ...locateInConfig(config, ['redirects', index, 'from']) });
    if (table.pages[from]) {
      diagnostics.push(diagnostic('DuplicateRoute', `redirect from ${from} collides with a page of that route`, at()));
      continue;
    }
    const link = { href: redirect.to, ...splitLink(redirect.to), file: configFile, configPath: ['redirects', index, 'to'] };
    if (table.add({ ...generated(config, from, 'redirect', `Redirecting to ${redirect.to}`), redirectTo: redirect.to, links: [link] }, `the redirect from ${redirect.from}`, at)) redirects.push({ from, to: redirect.to });
  }
  return redirects;
}

function splitLink(href: string): { route: string; hash: string } {
  const i = href.indexOf('#');
  return i < 0 ? { route: href, hash: '' } : { route: href.slice(0, i), hash: href.slice(i + 1) };
}

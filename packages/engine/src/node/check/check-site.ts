import fs from 'node:fs';
import { specLocator, type Locate } from '../openapi/spec-locator';
import path from 'node:path';
import { diagnostic, type Diagnostic, type DiagnosticCode, type Severity } from '../../shared/diagnostic';
import { htmlFileForRoute, normalizeRoutePath, splitHref } from '../../shared/routes';
import { TOP_OF_PAGE } from '../../shared/site';
import type { PageGraph } from '../graph/page-graph';
import type { ResolvedConfig } from '../config/resolve-config';
import { locateConfigString, locateInConfig } from '../graph/config-position';
import { hasId, linksIn, type PageFacts } from './page-facts';

export interface CheckInput {
  graph: PageGraph;
  config: ResolvedConfig;
  /** Ids and links of each route's emitted HTML (when rendered): links written by templates are checked too. */
  facts?: ReadonlyMap<string, PageFacts>;
  /** Every non-page output path (`assets/x.css`, `specs/payments.yaml`). */
  outputFiles?: ReadonlySet<string>;
}

const severityOf = (level: 'ignore' | 'warn' | 'error'): Severity | null => (level === 'ignore' ? null : level === 'warn' ? 'warning' : 'error');

/** A broken link, before it is placed in a file. */
type LinkProblem = { code: DiagnosticCode; message: string; hint?: string };

/**
 * Whether a config string is where a template's link `href` (path `p`) came from: the link itself
 * (`to: '/guide'`), or an HTML string holding it (the announcement's `<a href="/guide">`). A link
 * with a `#hash` must match whole: the anchor may be the broken part.
 */
function linksTo(value: string, href: string, p: string): boolean {
  const hasHash = href.includes('#');
  return value === href || (!hasHash && p !== '' && value === p) || value.includes(`href="${href}"`);
}

/**
 * Validates the graph (and the emitted HTML when given): every internal link and anchor resolves,
 * every redirect target exists, every page is reachable. Collects everything; never throws. Pure.
 */
export function checkSite(input: CheckInput): Diagnostic[] {
  const linkSeverity = severityOf(input.config.checks.brokenLinks);
  const reachSeverity = severityOf(input.config.checks.unreachablePages);
  const problems: Diagnostic[] = [];
  if (linkSeverity) {
    const verifier = linkVerifier(input);
    const checked = new Set<string>();
    problems.push(...checkGraphLinks(input, verifier, linkSeverity, checked), ...checkTemplateLinks(input, verifier, linkSeverity, checked));
  }
  if (reachSeverity) problems.push(...checkReachability(input, reachSeverity));
  return problems;
}

interface LinkVerifier {
  /** Ids on a route: from its emitted HTML when there is some, else the anchors the graph expects. */
  hasAnchor(route: string, id: string): boolean;
  /** null when a link to `route#hash` resolves; otherwise the problem. */
  verify(route: string, hash: string): LinkProblem | null;
}

function linkVerifier({ graph, facts, outputFiles }: CheckInput): LinkVerifier {
  // The emitted HTML is the truth when there is some: an anchor the graph expects but no element
  // carries (a TOC entry without its heading id) must not pass.
  const hasAnchor = (route: string, id: string): boolean => {
    // `#top` is the top of every page (the HTML standard), the element's or not
    if (id.toLowerCase() === TOP_OF_PAGE) return true;
    const known = facts?.get(route);
    return known ? hasId(known, id) : graph.pages[route]!.anchors.includes(id);
  };
  const staticFiles = new Set(graph.staticFiles);
  const resolve = (route: string) => {
    let page = graph.pages[route];
    for (let hops = 0; page?.kind === 'redirect' && hops < 5; hops++) page = graph.pages[splitHref(page.redirectTo!).path];
    return page;
  };
  const verify = (route: string, hash: string): LinkProblem | null => {
    if (staticFiles.has(route) || outputFiles?.has(route.slice(1))) return null;
    const target = resolve(route);
    if (!target || target.kind === 'not-found') {
      const clean = normalizeRoutePath(route);
      const hint = clean && graph.pages[clean] ? `write ${clean}: routes are clean, without index, .html or a trailing slash` : undefined;
      return { code: 'DeadLink', message: `link to a missing page: ${route}${hash ? `#${hash}` : ''}`, hint };
    }
    if (hash && !hasAnchor(target.route, hash)) {
      return { code: 'DeadAnchor', message: `link to a missing anchor: ${route}#${hash}`, hint: `${target.route} has no heading or element with id "${hash}"` };
    }
    return null;
  };
  return { hasAnchor, verify };
}

/**
 * Where a JSON pointer is in a spec file: each file is read and parsed on the first link reported
 * in it, once per check (a watch session's next check reads the file as it is then).
 */
function specPositions(): (file: string, pointer: string) => { line?: number; column?: number } {
  const locators = new Map<string, Locate>();
  return (file, pointer) => {
    let locate = locators.get(file);
    if (!locate) {
      let text = '';
      try {
        text = fs.readFileSync(file, 'utf8');
      } catch {
        return {};
      }
      locators.set(file, (locate = specLocator(text)));
    }
    return locate(pointer);
  };
}

/** Links written in content, spec descriptions and redirects, at the place they were written. */
function checkGraphLinks({ graph, config }: CheckInput, { verify }: LinkVerifier, severity: Severity, checked: Set<string>): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const locateInSpec = specPositions();
  for (const route of graph.routes) {
    const page = graph.pages[route]!;
    for (const link of page.links) {
      checked.add(`${route}\0${link.href}`);
      const problem = verify(link.route, link.hash);
      if (!problem) continue;
      const at = link.configPath ? locateInConfig(config, link.configPath) : link.specPointer ? locateInSpec(link.file, link.specPointer) : { line: link.line, column: link.column };
      if (link.image && problem.code === 'DeadLink') {
        problems.push(diagnostic('MissingImage', `image not found: ${link.route} is not a file of the site`, { file: link.file, ...at }, { hint: 'a path starting with / names a file under static/ (static/img/a.png is /img/a.png); or write the path relative to the page' }));
        continue;
      }
      problems.push(diagnostic(problem.code, problem.message, { file: link.file, ...at }, { severity: page.kind === 'redirect' ? 'error' : severity, hint: problem.hint }));
    }
  }
  return problems;
}

/**
 * Links written by templates and config (navbar, footer, sidebars, pagination); a config link that
 * is broken on every page is reported once, at its line in the config.
 */
function checkTemplateLinks({ config, facts }: CheckInput, { verify, hasAnchor }: LinkVerifier, severity: Severity, checked: Set<string>): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const reportedConfigLinks = new Set<string>();
  for (const [route, page] of facts ?? []) {
    for (const { href, line, column } of linksIn(page)) {
      if (checked.has(`${route}\0${href}`)) continue;
      const { path: p, hash } = splitHref(href.split('?')[0]!);
      // A same-page fragment (`#main`) needs the element on this page, whatever its kind.
      const problem: LinkProblem | null = p ? verify(p, hash) : hasAnchor(route, hash) ? null : { code: 'DeadAnchor', message: `link to a missing anchor: #${hash}`, hint: `${route} has no element with id "${hash}"` };
      if (!problem) continue;
      const fromConfig = locateConfigString(config, (value) => linksTo(value, href, p));
      if (fromConfig.line) {
        if (reportedConfigLinks.has(href)) continue;
        reportedConfigLinks.add(href);
        problems.push(diagnostic(problem.code, `${problem.message} (linked from the site config)`, { file: config.configFile!, ...fromConfig }, { severity, hint: problem.hint }));
        continue;
      }
      problems.push(diagnostic(problem.code, `${problem.message} (in the page template of ${route})`, { file: path.join(config.outPath, htmlFileForRoute(route)), line, column }, { severity, hint: problem.hint }));
    }
  }
  return problems;
}

/** Every page must be reachable from a sidebar, the navbar, the footer or a reachable page (breadth-first, linear). */
function checkReachability({ graph, config }: CheckInput, severity: Severity): Diagnostic[] {
  const reachable = new Set<string>(['/', '/search', '/404']);
  const queue: string[] = ['/'];
  const visit = (route: string) => {
    if (!reachable.has(route) && graph.pages[route]) {
      reachable.add(route);
      queue.push(route);
    }
  };
  const walk = (items: PageGraph['sidebars'][string]['items']) => {
    for (const item of items) {
      if (item.href) visit(splitHref(item.href).path);
      if (item.type === 'category') walk(item.items);
    }
  };
  for (const sidebar of Object.values(graph.sidebars)) walk(sidebar.items);
  for (const item of config.navbar.items) {
    if (item.type === 'link') visit(item.to);
    if (item.type === 'dropdown') for (const i of item.items) visit(i.to);
  }
  for (const column of config.footer.columns) for (const i of column.items) visit(splitHref(i.to).path);
  for (let next = 0; next < queue.length; next++) for (const link of graph.pages[queue[next]!]?.links ?? []) visit(link.route);
  const problems: Diagnostic[] = [];
  for (const route of graph.routes) {
    const page = graph.pages[route]!;
    if (reachable.has(route) || page.kind === 'redirect') continue;
    problems.push(diagnostic('UnreachablePage', `${route} is not in any sidebar, the navbar or the footer, and no reachable page links to it`, { file: page.sourceFile ?? route, line: 1, column: 1 }, { severity, hint: 'add it to a sidebar in docs-build.config.ts or link to it' }));
  }
  return problems;
}

export const relativeTo = (root: string, file: string): string => (path.isAbsolute(file) ? path.relative(root, file) : file);

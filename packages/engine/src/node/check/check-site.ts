import path from 'node:path';
import { diagnostic, type Diagnostic, type DiagnosticCode, type Severity } from '../../shared/diagnostic';
import { htmlFileForRoute, normalizeRoutePath, splitHref } from '../../shared/routes';
import type { PageGraph } from '../graph/page-graph';
import type { ResolvedConfig } from '../config/resolve-config';
import { locateConfigString, locateInConfig } from '../graph/config-position';
import type { PageFacts } from './page-facts';

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
export function checkSite({ graph, config, facts, outputFiles }: CheckInput): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const linkSeverity = severityOf(config.checks.brokenLinks);
  const reachSeverity = severityOf(config.checks.unreachablePages);
  // The emitted HTML is the truth when there is some: an anchor the graph expects but no element
  // carries (a TOC entry without its heading id) must not pass.
  const idsOf = (route: string): Set<string> => facts?.get(route)?.ids ?? new Set(graph.pages[route]!.anchors);
  const resolve = (route: string) => {
    let page = graph.pages[route];
    for (let hops = 0; page?.kind === 'redirect' && hops < 5; hops++) page = graph.pages[splitHref(page.redirectTo!).path];
    return page;
  };
  const isFile = (route: string) => graph.staticFiles.includes(route) || outputFiles?.has(route.slice(1)) === true;

  /** null when fine; otherwise the problem. */
  const verify = (route: string, hash: string): LinkProblem | null => {
    if (isFile(route)) return null;
    const target = resolve(route);
    if (!target || target.kind === 'not-found') {
      const clean = normalizeRoutePath(route);
      const hint = clean && graph.pages[clean] ? `write ${clean}: routes are clean, without index, .html or a trailing slash` : undefined;
      return { code: 'DeadLink', message: `link to a missing page: ${route}${hash ? `#${hash}` : ''}`, hint };
    }
    if (hash && !idsOf(target.route).has(hash)) {
      return { code: 'DeadAnchor', message: `link to a missing anchor: ${route}#${hash}`, hint: `${target.route} has no heading or element with id "${hash}"` };
    }
    return null;
  };

  if (linkSeverity) {
    const checked = new Set<string>();
    for (const route of graph.routes) {
      const page = graph.pages[route]!;
      for (const link of page.links) {
        checked.add(`${route}\0${link.href}`);
        const problem = verify(link.route, link.hash);
        if (!problem) continue;
        const at = link.configPath ? locateInConfig(config, link.configPath) : { line: link.line, column: link.column };
        problems.push(diagnostic(problem.code, problem.message, { file: link.file, ...at }, { severity: page.kind === 'redirect' ? 'error' : linkSeverity, hint: problem.hint }));
      }
    }
    // Links written by templates and config (navbar, footer, sidebars, pagination); a config
    // link that is broken on every page is reported once, at its line in the config.
    const reportedConfigLinks = new Set<string>();
    for (const [route, page] of facts ?? []) {
      for (const { href, line, column } of page.links) {
        if (checked.has(`${route}\0${href}`)) continue;
        const { path: p, hash } = splitHref(href.split('?')[0]!);
        // A same-page fragment (`#main`) needs the element on this page, whatever its kind.
        const problem: LinkProblem | null = p ? verify(p, hash) : idsOf(route).has(hash) ? null : { code: 'DeadAnchor', message: `link to a missing anchor: #${hash}`, hint: `${route} has no element with id "${hash}"` };
        if (!problem) continue;
        const fromConfig = locateConfigString(config, (value) => linksTo(value, href, p));
        if (fromConfig.line) {
          if (reportedConfigLinks.has(href)) continue;
          reportedConfigLinks.add(href);
          problems.push(diagnostic(problem.code, `${problem.message} (linked from the site config)`, { file: config.configFile!, ...fromConfig }, { severity: linkSeverity, hint: problem.hint }));
          continue;
        }
        problems.push(diagnostic(problem.code, `${problem.message} (in the page template of ${route})`, { file: path.join(config.outPath, htmlFileForRoute(route)), line, column }, { severity: linkSeverity, hint: problem.hint }));
      }
    }
  }

  if (reachSeverity) {
    const reachable = new Set<string>(['/', '/search', '/404']);
    const queue: string[] = [];
    const visit = (route: string) => {
      if (!reachable.has(route) && graph.pages[route]) {
        reachable.add(route);
        queue.push(route);
      }
    };
    for (const sidebar of Object.values(graph.sidebars)) {
      const walk = (items: typeof sidebar.items) => {
        for (const item of items) {
          if (item.href) visit(splitHref(item.href).path);
          if (item.type === 'category') walk(item.items);
        }
      };
      walk(sidebar.items);
    }
    for (const item of config.navbar.items) {
      if (item.type === 'link') visit(item.to);
      if (item.type === 'dropdown') for (const i of item.items) visit(i.to);
    }
    for (const column of config.footer.columns) for (const i of column.items) visit(splitHref(i.to).path);
    queue.push('/');
    while (queue.length) {
      const route = queue.shift()!;
      for (const link of graph.pages[route]?.links ?? []) visit(link.route);
    }
    for (const route of graph.routes) {
      const page = graph.pages[route]!;
      if (reachable.has(route) || page.kind === 'redirect') continue;
      problems.push(diagnostic('UnreachablePage', `${route} is not in any sidebar, the navbar or the footer, and no reachable page links to it`, { file: page.sourceFile ?? route, line: 1, column: 1 }, { severity: reachSeverity, hint: 'add it to a sidebar in docs-build.config.ts or link to it' }));
    }
  }
  return problems;
}

export const relativeTo = (root: string, file: string): string => (path.isAbsolute(file) ? path.relative(root, file) : file);

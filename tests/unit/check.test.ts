import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pageFacts } from '../../packages/engine/src/node/check/page-facts';
import { checkSite, relativeTo } from '../../packages/engine/src/node/check/check-site';
import { buildPageGraph, type PageGraph } from '../../packages/engine/src/node/graph/page-graph';
import { validateConfig } from '../../packages/engine/src/node/config/load-config';
import { resolveConfig, type ResolvedConfig } from '../../packages/engine/src/node/config/resolve-config';
import type { UserConfig } from '../../packages/engine/src/node/config/config-schema';
import { keepPage, type ContentPage } from '../../packages/engine/src/node/markdown/content-page';
import type { LinkRef } from '../../packages/engine/src/node/markdown/plugins/remark-links';
import type { Heading } from '../../packages/engine/src/shared/page';
import type { Diagnostic } from '../../packages/engine/src/shared/diagnostic';
import { routeForFile, splitHref } from '../../packages/engine/src/shared/routes';

const dirs: string[] = [];
/** What the render stage keeps of each page's emitted HTML. */
const factsOf = (html: Map<string, string>) => new Map([...html].map(([route, text]) => [route, pageFacts(text)]));
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const CONFIG_SOURCE = `export default {
  title: 'Docs',
  url: 'https://docs.example',
  sidebars: { guide: ['/guide/a'] },
  footer: { columns: [{ title: 'More', items: [{ label: 'Gone', to: '/footer-gone' }] }] },
  redirects: [
    { from: '/old', to: '/guide/gone' },
    { from: '/moved', to: '/guide/b#section' },
  ],
};
`;

const BASE: Partial<UserConfig> = {
  sidebars: { guide: ['/guide/a'] },
  footer: { columns: [{ title: 'More', items: [{ label: 'Gone', to: '/footer-gone' }] }] },
  redirects: [
    { from: '/old', to: '/guide/gone' },
    { from: '/moved', to: '/guide/b#section' },
  ],
};

function makeConfig(extra: Partial<UserConfig> = {}): ResolvedConfig {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-check-'));
  dirs.push(root);
  const file = path.join(root, 'docs-build.config.ts');
  fs.writeFileSync(file, CONFIG_SOURCE);
  return resolveConfig(validateConfig({ title: 'Docs', url: 'https://docs.example', ...BASE, ...extra }, file), root, file);
}

interface PageSpec {
  rel: string;
  headings?: string[];
  /** `[href, line, column]` */
  links?: Array<[string, number, number]>;
}

function graphOf(config: ResolvedConfig, specs: PageSpec[]): PageGraph {
  const pages: ContentPage[] = specs.map(({ rel, headings = [], links = [] }) => {
    const file = path.join(config.contentPath, rel);
    const hs: Heading[] = headings.map((id) => ({ depth: 2, id, text: id }));
    const ls: LinkRef[] = links.map(([href, line, column]) => {
      const { path: route, hash } = splitHref(href);
      return { href, route, hash, file, line, column };
    });
    return keepPage({ file, route: routeForFile(rel), frontmatter: { title: rel }, firstH1: null, headings: hs, links: ls, assets: [], codeSamples: [], dependencies: [file], codeBlocks: [], hast: null, markdown: '', diagnostics: [] });
  });
  const graph = buildPageGraph({ config, pages, categories: new Map(), staticFiles: ['/specs/payments.yaml'] });
  expect(graph.diagnostics).toEqual([]);
  return graph;
}

/** `file:line:col severity code message` with files relative to the site root. */
const brief = (config: ResolvedConfig, list: Diagnostic[]) =>
  list.map((d) => `${d.file.startsWith(config.root) ? relativeTo(config.root, d.file) : d.file}:${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}`);

const SITE: PageSpec[] = [
  { rel: 'index.mdx', links: [['/guide/a', 3, 1]] },
  {
    rel: 'guide/a.mdx',
    headings: ['intro'],
    links: [
      ['/guide/nope', 5, 3],
      ['/guide/b#missing', 6, 10],
      ['/guide/b#section', 7, 1],
      ['/moved', 8, 1],
      ['/specs/payments.yaml', 9, 1],
      ['/guide/a#intro', 10, 1],
      ['/guide/b.html', 11, 4],
      ['/moved#nothing-here', 12, 2],
    ],
  },
  { rel: 'guide/b.mdx', headings: ['section'] },
  { rel: 'guide/orphan.mdx', links: [['/guide/c', 4, 1]] },
  { rel: 'guide/c.mdx' },
];

describe('checkSite', () => {
  it('reports dead links, dead anchors, redirects to missing targets and unreachable pages at their positions', () => {
    const config = makeConfig();
    const problems = checkSite({ graph: graphOf(config, SITE), config });
    expect(brief(config, problems)).toEqual([
      'content/guide/a.mdx:5:3 error DeadLink link to a missing page: /guide/nope',
      'content/guide/a.mdx:6:10 error DeadAnchor link to a missing anchor: /guide/b#missing',
      'content/guide/a.mdx:11:4 error DeadLink link to a missing page: /guide/b.html',
      'content/guide/a.mdx:12:2 error DeadAnchor link to a missing anchor: /moved#nothing-here',
      'docs-build.config.ts:7:25 error DeadLink link to a missing page: /guide/gone',
      'content/guide/c.mdx:1:1 warning UnreachablePage /guide/c is not in any sidebar, the navbar or the footer, and no reachable page links to it',
      'content/guide/orphan.mdx:1:1 warning UnreachablePage /guide/orphan is not in any sidebar, the navbar or the footer, and no reachable page links to it',
    ]);
  });

  it('hints at the clean route for a link written with .html, index or a trailing slash', () => {
    const config = makeConfig();
    const problems = checkSite({ graph: graphOf(config, SITE), config });
    expect(problems.find((p) => p.message.endsWith('/guide/b.html'))!.hint).toBe('write /guide/b: routes are clean, without index, .html or a trailing slash');
    expect(problems.find((p) => p.message.endsWith('/guide/nope'))!.hint).toBeUndefined();
    expect(problems.find((p) => p.code === 'DeadAnchor')!.hint).toBe('/guide/b has no heading or element with id "missing"');
  });

  it('follows the configured severities, but a broken redirect is always an error', () => {
    const config = makeConfig({ checks: { brokenLinks: 'warn', unreachablePages: 'error' } });
    const problems = checkSite({ graph: graphOf(config, SITE), config });
    expect(problems.map((p) => `${p.severity} ${p.code} ${p.line}:${p.column}`)).toEqual([
      'warning DeadLink 5:3',
      'warning DeadAnchor 6:10',
      'warning DeadLink 11:4',
      'warning DeadAnchor 12:2',
      'error DeadLink 7:25',
      'error UnreachablePage 1:1',
      'error UnreachablePage 1:1',
    ]);
    const silent = makeConfig({ checks: { brokenLinks: 'ignore', unreachablePages: 'ignore' } });
    expect(checkSite({ graph: graphOf(silent, SITE), config: silent })).toEqual([]);
  });

  it('counts pages reached from the navbar, the footer and the home page as reachable', () => {
    const config = makeConfig({
      redirects: [],
      footer: { columns: [{ title: 'More', items: [{ label: 'F', to: '/guide/footer#x' }] }] },
      navbar: { items: [{ type: 'link', label: 'N', to: '/guide/nav' }, { type: 'dropdown', label: 'D', items: [{ label: 'In', to: '/guide/dropdown' }] }] },
    });
    const graph = graphOf(config, [
      { rel: 'index.mdx', links: [['/guide/linked', 1, 1]] },
      { rel: 'guide/a.mdx' },
      { rel: 'guide/nav.mdx' },
      { rel: 'guide/dropdown.mdx', links: [['/guide/deep', 1, 1]] },
      { rel: 'guide/footer.mdx' },
      { rel: 'guide/linked.mdx' },
      { rel: 'guide/deep.mdx' },
      { rel: 'guide/alone.mdx' },
    ]);
    expect(checkSite({ graph, config }).map((p) => `${p.code} ${relativeTo(config.contentPath, p.file)}`)).toEqual(['UnreachablePage guide/alone.mdx']);
  });

  it('checks links written by templates, reporting config links once at their config line', () => {
    const config = makeConfig();
    const graph = graphOf(config, SITE.slice(0, 3));
    const html = new Map<string, string>([
      ['/guide/a', '<html>\n<body>\n<a href="/guide/b#from-html">ok</a> <a href="/guide/b?tab=1#section">ok</a>\n<nav><a href="/nowhere">x</a></nav>\n<footer><a href="/footer-gone">Gone</a></footer>\n<a href="/assets/app.css">css</a> <a href="#intro">top</a> <a href="#gone">gone</a>\n<h2 id="intro">Intro</h2>\n</body>\n</html>\n'],
      ['/guide/b', '<html>\n<h2 id="section">Section</h2><h2 id="from-html">From HTML</h2>\n<footer><a href="/footer-gone">Gone</a></footer>\n</html>\n'],
    ]);
    const problems = checkSite({ graph, config, facts: factsOf(html), outputFiles: new Set(['assets/app.css']) }).filter((p) => p.code !== 'UnreachablePage');
    expect(brief(config, problems).slice(4)).toEqual([
      'docs-build.config.ts:7:25 error DeadLink link to a missing page: /guide/gone',
      'build/guide/a/index.html:4:9 error DeadLink link to a missing page: /nowhere (in the page template of /guide/a)',
      'docs-build.config.ts:5:69 error DeadLink link to a missing page: /footer-gone (linked from the site config)',
      'build/guide/a/index.html:6:63 error DeadAnchor link to a missing anchor: #gone (in the page template of /guide/a)',
    ]);
    expect(problems.slice(0, 4).map((p) => p.code)).toEqual(['DeadLink', 'DeadAnchor', 'DeadLink', 'DeadAnchor']);
  });

  it('finds config links by their key in the syntax tree: not in comments, not for a same-page anchor', () => {
    const config = makeConfig();
    // A comment spelling the route comes first, and an empty string that a `#gone` link's empty
    // path must not match (a text search took both for the link).
    fs.writeFileSync(config.configFile!, `// '/footer-gone' is linked from the footer\nexport default {\n  tagline: '',\n${CONFIG_SOURCE.split('\n').slice(1).join('\n')}`);
    const graph = graphOf(config, SITE.slice(0, 3));
    const html = new Map<string, string>([['/guide/a', '<footer><a href="/footer-gone">Gone</a></footer>\n<a href="#gone">gone</a>\n']]);
    const problems = checkSite({ graph, config, facts: factsOf(html) }).filter((p) => p.code !== 'UnreachablePage' && p.message.includes('('));
    expect(brief(config, problems)).toEqual([
      'docs-build.config.ts:7:69 error DeadLink link to a missing page: /footer-gone (linked from the site config)',
      'build/guide/a/index.html:2:4 error DeadAnchor link to a missing anchor: #gone (in the page template of /guide/a)',
    ]);
  });

  it('trusts the emitted HTML over the anchors the graph expects', () => {
    const config = makeConfig({ redirects: [] });
    const graph = graphOf(config, [{ rel: 'guide/a.mdx', links: [['/guide/b#setup', 2, 2]] }, { rel: 'guide/b.mdx', headings: ['setup'] }]);
    expect(checkSite({ graph, config }).filter((p) => p.code !== 'UnreachablePage')).toEqual([]);
    // The graph says /guide/b has #setup, but the HTML written for it has no such id.
    const html = new Map([['/guide/b', '<h2>Setup</h2>']]);
    expect(checkSite({ graph, config, facts: factsOf(html) }).filter((p) => p.code !== 'UnreachablePage').map((p) => `${p.code} ${p.line}:${p.column}`)).toEqual(['DeadAnchor 2:2']);
  });

  it('accepts anchors that exist only in the emitted HTML', () => {
    const config = makeConfig({ redirects: [] });
    const graph = graphOf(config, [{ rel: 'guide/a.mdx', links: [['/guide/b#from-template', 2, 2]] }, { rel: 'guide/b.mdx' }]);
    expect(checkSite({ graph, config }).map((p) => p.code)).toEqual(['DeadAnchor']);
    const html = new Map([['/guide/b', '<div id="from-template"></div>']]);
    expect(checkSite({ graph, config, facts: factsOf(html) })).toEqual([]);
  });

  it('reports a link to the not-found page as dead', () => {
    const config = makeConfig({ redirects: [] });
    const graph = graphOf(config, [{ rel: 'guide/a.mdx', links: [['/404', 3, 3]] }]);
    expect(brief(config, checkSite({ graph, config }))).toEqual(['content/guide/a.mdx:3:3 error DeadLink link to a missing page: /404']);
  });
});

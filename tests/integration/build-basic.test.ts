import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, beforeAll } from 'vitest';
import { fromHtml } from 'hast-util-from-html';
import { select, selectAll } from 'hast-util-select';
import { toString } from 'hast-util-to-string';
import { SiteBuilder, type BuildResult } from '../../packages/engine/src/node/index';
import { buildSite, copyFixture, readOut, writeFiles } from '../helpers/fixtures';

let root: string;
let result: BuildResult;

beforeAll(async () => {
  root = copyFixture('basic');
  result = await buildSite(root);
});

const page = (file: string) => fromHtml(readOut(root, file));

describe('building the basic fixture', () => {
  it('succeeds without problems', () => {
    expect(result.diagnostics).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it('emits clean-URL pages, 404, sitemap, robots, llms.txt and the redirects file', () => {
    for (const file of ['index.html', 'guide/index.html', 'guide/setup/index.html', 'search/index.html', '404.html', 'sitemap.xml', 'robots.txt', 'llms.txt', '_redirects', 'old-setup/index.html']) {
      expect(fs.existsSync(path.join(root, 'build', file)), file).toBe(true);
    }
    expect(fs.existsSync(path.join(root, 'build', 'guide/setup.html'))).toBe(false);
    expect(readOut(root, 'sitemap.xml')).toContain('<loc>https://docs.fixture.example/guide/setup</loc>');
    expect(readOut(root, 'sitemap.xml')).not.toContain('old-setup');
    const redirects = readOut(root, '_redirects');
    expect(redirects).toContain('/old-setup /guide/setup 301!');
    expect(redirects).toContain('/old-setup/ /guide/setup 301!');
    expect(redirects).toContain('/:p1/:p2/index.html /:p1/:p2 301!');
  });

  it('writes the title format, description, canonical URL and Open Graph tags', () => {
    const tree = page('guide/setup/index.html');
    expect(toString(select('title', tree)!)).toBe('Set up | fixture docs');
    expect(select('meta[name="description"]', tree)!.properties.content).toBe('Install and configure.');
    expect(select('link[rel="canonical"]', tree)!.properties.href).toBe('https://docs.fixture.example/guide/setup');
    expect(select('meta[property="og:title"]', tree)!.properties.content).toBe('Set up | fixture docs');
    expect(selectAll('link[rel="stylesheet"]', tree)).toHaveLength(1);
    expect(selectAll('script[type="module"]', tree)).toHaveLength(1);
  });

  it('substitutes provider variables in prose, frontmatter-free bodies and code', () => {
    const html = readOut(root, 'guide/index.html');
    expect(html).toContain('Welcome to Fixture Pay.');
    expect(html).toContain('https://api.test.fixture.example');
    expect(readOut(root, 'guide/setup/index.html')).toContain('api.test.fixture.example/v1/payment-sessions');
    expect(html).not.toContain('{{provider');
  });

  it('gives headings stable ids, numbering duplicates, and lists levels 2-3 in the TOC', () => {
    const tree = page('guide/index.html');
    expect(selectAll('.markdown h2', tree).map((h) => h.properties.id)).toEqual(['overview', 'overview-1']);
    const setup = page('guide/setup/index.html');
    expect(selectAll('.toc .toc-link', setup).map((a) => a.properties.href)).toEqual(['#install', '#configure']);
  });

  it('rewrites relative .mdx links to routes and keeps anchors', () => {
    const tree = page('guide/index.html');
    const link = selectAll('.markdown a', tree).find((a) => toString(a) === 'the setup');
    expect(link?.properties.href).toBe('/guide/setup#install');
  });

  it('renders admonitions with their title', () => {
    const tree = page('guide/index.html');
    const admonition = select('.admonition-tip', tree)!;
    expect(toString(select('.admonition-title', admonition)!)).toBe('Good to know');
  });

  it('turns CodeTabs into language tabs in the configured order, with highlighted code and a copy button', () => {
    const tree = page('guide/setup/index.html');
    const tabs = select('.tabs.code-tabs', tree)!;
    expect(tabs.properties.dataTabsGroup).toBe('code-language');
    expect(selectAll('[role="tab"]', tabs).map((t) => toString(t))).toEqual(['cURL', 'Node.js']);
    expect(selectAll('[role="tabpanel"]', tabs).map((p) => p.properties.hidden ?? false)).toEqual([false, true]);
    const node = selectAll('[role="tabpanel"]', tabs)[1]!;
    expect(select('figcaption', node) && toString(select('figcaption', node)!)).toBe('server.js');
    expect(select('[data-highlighted-line]', node)).toBeTruthy();
    expect(select('span.t-keyword', node)).toBeTruthy();
    expect(select('button.copy-button', node)).toBeTruthy();
  });

  it('renders Tabs with synced groups', () => {
    const tree = page('guide/setup/index.html');
    const tabs = selectAll('.tabs', tree).find((t) => t.properties.dataTabsGroup === 'os')!;
    expect(selectAll('[role="tab"]', tabs).map((t) => toString(t))).toEqual(['macOS', 'Linux']);
  });

  it('builds the sidebar, marks the current page, and links prev/next in sidebar order', () => {
    const tree = page('guide/setup/index.html');
    const active = select('.sidebar-container .sidebar-link.active', tree)!;
    expect(active.properties.href).toBe('/guide/setup');
    expect(active.properties.ariaCurrent).toBe('page');
    expect(select('.pagination-prev', tree)!.properties.href).toBe('/guide');
    expect(select('.pagination-next', tree)).toBeUndefined();
    expect(select('.navbar-link.active', tree)!.properties.href).toBe('/guide');
  });

  it('emits redirect pages with a canonical link and a meta refresh', () => {
    const html = readOut(root, 'old-setup/index.html');
    expect(html).toContain('<link rel="canonical" href="https://docs.fixture.example/guide/setup">');
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/guide/setup">');
  });

  it('publishes dated changelog sections as an Atom feed, linked from the page head', () => {
    const feed = readOut(root, 'changelog.xml');
    expect(feed).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(feed.match(/<entry>/g)).toHaveLength(2);
    expect(feed).toContain('<title>Partner endpoints</title>');
    expect(feed).toContain('<link href="https://docs.fixture.example/changelog#2025-11-18-partner-endpoints"/>');
    expect(feed).toContain('<updated>2025-11-18T00:00:00Z</updated>');
    expect(feed).toContain('&lt;p&gt;New &lt;strong&gt;draft&lt;/strong&gt; endpoints &amp;#x26; more.&lt;/p&gt;');
    expect(readOut(root, 'changelog/index.html')).toContain('<link rel="alternate" type="application/atom+xml" title="Changelog" href="/changelog.xml">');
  });

  it('emits a not-found page that is not indexed', () => {
    const html = readOut(root, '404.html');
    expect(html).toContain('Page not found');
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it('applies colour mode and announcement dismissal before first paint', () => {
    const html = readOut(root, 'index.html');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.indexOf("localStorage.getItem('theme')")).toBeGreaterThan(0);
    expect(head.indexOf('<script>')).toBeLessThan(head.indexOf('<link rel="stylesheet"'));
  });
});

describe('JSX written inline', () => {
  it('keeps one-line tab items and cards on consecutive lines as components, as MDX does', async () => {
    const dir = copyFixture('basic');
    writeFiles(dir, {
      'content/guide/inline.mdx': [
        '---', 'title: Inline JSX', '---', '', '## Tabs', '',
        '<Tabs groupId="os">', '<TabItem value="mac" label="macOS">Mac text</TabItem>', '<TabItem value="win" label="Windows">Windows text</TabItem>', '</Tabs>', '',
        '## Cards', '', '<CardGrid>', '<Card title="One" href="/guide">First</Card>', '<Card title="Two" href="/guide/setup">Second</Card>', '</CardGrid>', '',
        'Press <kbd>Ctrl</kbd> and <kbd>K</kbd>.', '',
      ].join('\n'),
    });
    const built = await buildSite(dir);
    expect(built.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const tree = fromHtml(fs.readFileSync(path.join(dir, 'build/guide/inline/index.html'), 'utf8'));
    expect(selectAll('.tabs [role="tab"]', tree).map((t) => toString(t))).toEqual(['macOS', 'Windows']);
    expect(selectAll('.tabs [role="tabpanel"] > .tabs-panel-label', tree).map((t) => toString(t))).toEqual(['macOS', 'Windows']); // shown without JavaScript
    expect(selectAll('.tabs [role="tabpanel"]', tree).map((t) => toString(t).slice(toString(select('.tabs-panel-label', t)!).length).trim())).toEqual(['Mac text', 'Windows text']);
    expect(selectAll('.card-grid > .card', tree)).toHaveLength(2);
    expect(select('.card-grid > p', tree)).toBeFalsy();
    // A paragraph with text around the JSX stays a paragraph.
    expect(selectAll('article p kbd', tree).map((k) => toString(k))).toEqual(['Ctrl', 'K']);
  });
});

describe('headings named like the layout', () => {
  it('never take an id the layout or the engine uses: the skip link, the menu, the sidebar and #top still find their targets', async () => {
    const dir = copyFixture('basic');
    writeFiles(dir, { 'content/guide/layout-words.mdx': ['---', 'title: Layout words', '---', '', '## Main', '', 'Text.', '', '## Drawer', '', '## Site sidebar', '', '## Site navbar', '', '### Docsgen progress', '', '## Top', '', '[Back to top](#top)', ''].join('\n') });
    const built = await buildSite(dir);
    expect(built.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const tree = fromHtml(fs.readFileSync(path.join(dir, 'build/guide/layout-words/index.html'), 'utf8'));
    expect(selectAll('article :is(h2, h3)[id]', tree).map((h) => h.properties.id)).toEqual(['main-1', 'drawer-1', 'site-sidebar-1', 'site-navbar-1', 'docsgen-progress-1', 'top-1']);
    // `#top` is the top of the page (the HTML standard) with no element of that id: not a dead anchor
    expect(built.diagnostics).toEqual([]);
    expect(select('a[href="/guide/layout-words#top"]', tree)).toBeTruthy();
    expect(select('#top', tree)).toBeFalsy();
    // the first paint waits until the main content begins (the theme's paintAfter)
    expect(select('link[rel="expect"]', tree)!.properties).toMatchObject({ href: '#main', blocking: ['render'] });
    const ids = selectAll('[id]', tree).map((e) => String(e.properties.id));
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(select('#main', tree)!.tagName).toBe('main');
    expect(select('#drawer', tree)!.properties.className).toContain('drawer');
    // the table of contents links to the headings' own ids
    expect(selectAll('.toc a', tree).map((a) => a.properties.href)).toContain('#main-1');
  });
});

describe('the search records export', () => {
  it('carries the facets hosted search filters on', () => {
    // The fixture names no facets: the engine's neutral names (the portal configures `docusaurus_tag`).
    const records = JSON.parse(readOut(root, 'search-records.json')) as Array<{ language: string; version: string; hierarchy: object }>;
    expect(records.length).toBeGreaterThan(3);
    for (const record of records) expect(record).toMatchObject({ language: 'en', version: 'docs-default-next' });
  });
});

describe('a partial included by several pages', () => {
  it('gives each page its own copy: headings, links, code and nested partials, with problems at the partial\'s lines', async () => {
    const dir = copyFixture('basic');
    const includer = (title: string, before: string) => `---\ntitle: ${title}\ndescription: Includes the shared steps.\n---\n\n${before}\n\n<Include file="partials/_steps.mdx" />\n`;
    const steps = (link: string) => `## Shared step\n\nSee ${link}.\n\n\`\`\`bash\nnpm ci\n\`\`\`\n\n<Include file="partials/_inner.mdx" />\n`;
    writeFiles(dir, {
      'content/partials/_steps.mdx': steps('[setup](../guide/setup.mdx) and [nowhere](/nowhere)'),
      'content/partials/_inner.mdx': 'Inner text, version one.\n',
      'content/guide/one.mdx': includer('One', 'First page.'),
      // a heading of the same text before the include: the partial's copy gets its own id here only
      'content/guide/two.mdx': includer('Two', '## Shared step\n\nSecond page.'),
    });
    const broken = await buildSite(dir);
    // The dead link is reported for each including page, at the partial's own line.
    expect(broken.diagnostics.map((d) => `${path.relative(dir, d.file ?? '')}:${d.line} ${d.code}`)).toEqual(['content/partials/_steps.mdx:3 DeadLink', 'content/partials/_steps.mdx:3 DeadLink']);

    writeFiles(dir, { 'content/partials/_steps.mdx': steps('[setup](../guide/setup.mdx)') });
    const builder = new SiteBuilder({ root: dir, noCache: true });
    expect((await builder.full()).diagnostics).toEqual([]);
    const html = (route: string) => fromHtml(fs.readFileSync(path.join(dir, 'build', route, 'index.html'), 'utf8'));
    const one = html('guide/one');
    const two = html('guide/two');
    expect(selectAll('article h2[id]', one).map((h) => h.properties.id)).toEqual(['shared-step']);
    expect(selectAll('article h2[id]', two).map((h) => h.properties.id)).toEqual(['shared-step', 'shared-step-1']);
    for (const tree of [one, two]) {
      expect(select('article a[href="/guide/setup"]', tree)).toBeTruthy();
      expect(selectAll('article .code-block', tree)).toHaveLength(1);
      expect(toString(select('article', tree)!)).toContain('Inner text, version one.');
    }

    // Both pages depend on the nested partial: editing it (watch) updates both.
    const inner = path.join(dir, 'content/partials/_inner.mdx');
    fs.writeFileSync(inner, 'Inner text, version two.\n');
    expect((await builder.update([inner])).ok).toBe(true);
    for (const route of ['guide/one', 'guide/two']) expect(toString(select('article', html(route))!), route).toContain('Inner text, version two.');
  });
});

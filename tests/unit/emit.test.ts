import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { emitSite, siteFiles } from '../../packages/engine/src/node/emit/emit-site';
import { DiscardSink, MemorySink } from '../../packages/engine/src/node/emit/sinks';
import { DiskSink } from '../../packages/engine/src/node/emit/disk-sink';
import { DirCache } from '../../packages/engine/src/node/cache/dir-cache';
import { createHash } from 'node:crypto';
import { atomFeed, feedFileFor } from '../../packages/engine/src/node/emit/atom-feed';
import { formatRedirects, matchRedirect, parseRedirects, redirectRules } from '../../packages/engine/src/node/emit/redirects';
import { buildPageGraph, type PageGraph, type PageNode } from '../../packages/engine/src/node/graph/page-graph';
import { validateConfig } from '../../packages/engine/src/node/config/load-config';
import { resolveConfig } from '../../packages/engine/src/node/config/resolve-config';
import { keepPage, type ContentPage } from '../../packages/engine/src/node/markdown/content-page';
import type { Frontmatter } from '../../packages/engine/src/node/crawl/frontmatter';
import { routeForFile } from '../../packages/engine/src/shared/routes';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-emit-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const config = resolveConfig(
  validateConfig({ title: 'Docs & Co', url: 'https://docs.example', tagline: 'All the docs', redirects: [{ from: '/old', to: '/guide' }] }, path.join(tmp, 'docs-build.config.ts')),
  tmp,
  null,
);

function page(rel: string, frontmatter: Frontmatter): ContentPage {
  const file = path.join(config.contentPath, rel);
  return keepPage({ file, route: routeForFile(rel), frontmatter, firstH1: null, headings: [], links: [], assets: [], codeSamples: [], dependencies: [file], codeBlocks: [], hast: null, markdown: '', diagnostics: [] });
}

const graph: PageGraph = buildPageGraph({
  config,
  pages: [page('index.mdx', { title: 'Home', description: 'Start here.' }), page('guide/index.mdx', { title: 'Guide', description: 'Read me.' }), page('guide/setup.mdx', { title: 'Set up', description: 'Install it.' })],
  categories: new Map(),
  lastUpdated: new Map([[path.join(config.contentPath, 'guide/setup.mdx'), '2025-05-01T10:00:00+02:00']]),
});
describe('siteFiles', () => {
  const files = siteFiles(graph, config);

  it('writes the sitemap, robots.txt, llms.txt and _redirects (pages are streamed by the render stage)', () => {
    expect([...files.keys()]).toEqual(['sitemap.xml', 'robots.txt', 'llms.txt', '_redirects']);
  });

  it('lists pages in the sitemap with their last-modified day, leaving out redirects, the 404 page and /search (noindex)', () => {
    expect(files.get('sitemap.xml')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '<url><loc>https://docs.example/</loc></url>\n' +
        '<url><loc>https://docs.example/guide</loc></url>\n' +
        '<url><loc>https://docs.example/guide/setup</loc><lastmod>2025-05-01</lastmod></url>\n' +
        '</urlset>\n',
    );
  });

  it('writes robots.txt and llms.txt', () => {
    expect(files.get('robots.txt')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://docs.example/sitemap.xml\n');
    expect(files.get('llms.txt')).toBe(
      '# Docs & Co\n\n> All the docs\n\n- [Home](https://docs.example/): Start here.\n- [Guide](https://docs.example/guide): Read me.\n- [Set up](https://docs.example/guide/setup): Install it.\n',
    );
  });

  it('writes configured redirects first (every form of the old URL), then one clean-URL pattern per route depth', () => {
    expect(files.get('_redirects')!.split('\n').slice(1)).toEqual([
      '/old /guide 301!', '/old/ /guide 301!', '/old/index /guide 301!', '/old/index.html /guide 301!', '/old.html /guide 301!',
      '/index / 301!', '/index.html / 301!',
      '/:p1/ /:p1 301', '/:p1/index /:p1 301!', '/:p1/index.html /:p1 301!',
      '/:p1/:p2/ /:p1/:p2 301', '/:p1/:p2/index /:p1/:p2 301!', '/:p1/:p2/index.html /:p1/:p2 301!',
      '',
    ]);
  });
});

describe('_redirects', () => {
  const routes = ['/', '/guide', '/guide/setup', '/guide/setup/deep/er', '/a', '/b', '/c'];
  const configured = [
    { from: '/a', to: '/b' },
    { from: '/b', to: '/c#part' },
    { from: '/c', to: '/guide/setup' },
    { from: '/old page', to: '/guide' },
    { from: '/loop1', to: '/loop2' },
    { from: '/loop2', to: '/loop1' },
    { from: '/away', to: 'https://other.example/x y' },
  ];
  const text = formatRedirects(redirectRules(configured, routes));
  const rules = parseRedirects(text);

  it('sends every form of every old URL to its final target in one hop', () => {
    const old = configured.flatMap((r) => [r.from, `${r.from}/`, `${r.from}/index`, `${r.from}/index.html`, `${r.from}.html`]).map((p) => encodeURI(p));
    const clean = routes.filter((r) => r !== '/').flatMap((r) => [`${r}/`, `${r}/index`, `${r}/index.html`]);
    for (const from of [...old, ...clean, '/index', '/index.html']) {
      const first = matchRedirect(rules, from);
      expect(first, from).not.toBeNull();
      if (first!.to.startsWith('/') && !first!.to.startsWith('/loop')) expect(matchRedirect(rules, first!.to.split('#')[0]!), `${from} → ${first!.to}`).toBeNull();
    }
    expect(matchRedirect(rules, '/a')!.to).toBe('/guide/setup#part');
    expect(matchRedirect(rules, '/b/index.html')!.to).toBe('/guide/setup#part');
    expect(matchRedirect(rules, '/c.html')!.to).toBe('/guide/setup');
    expect(matchRedirect(rules, '/guide/setup/deep/er/')!.to).toBe('/guide/setup/deep/er');
    expect(matchRedirect(rules, '/guide/setup')).toBeNull();
  });

  it('writes three fields a line, paths percent-encoded, and does not grow with the number of pages', () => {
    const lines = text.split('\n').filter((l) => l && !l.startsWith('#'));
    for (const line of lines) expect(line.split(' '), line).toHaveLength(3);
    expect(text).toContain('/old%20page /guide 301!');
    expect(text).toContain('/away https://other.example/x%20y 301!');
    const many = Array.from({ length: 1000 }, (_, i) => `/section-${i % 10}/page-${i}`);
    expect(formatRedirects(redirectRules([], many)).split('\n').filter((l) => l && !l.startsWith('#'))).toHaveLength(2 + 3 * 2);
  });
});

describe('emitSite and the sinks', () => {
  const asset = path.join(tmp, 'diagram.png');
  fs.writeFileSync(asset, Buffer.from([0x89, 0x50, 0x4e, 0x47]));

  it('hands every file and copy to a MemorySink', async () => {
    const sink = new MemorySink();
    await emitSite(sink, { files: new Map([['index.html', '<p>hi</p>'], ['guide/index.html', '<p>guide</p>']]), copies: new Map([['assets/diagram.0123abcd.png', asset]]) });
    expect([...sink.files.keys()]).toEqual(['index.html', 'guide/index.html', 'assets/diagram.0123abcd.png']);
    expect(sink.files.get('guide/index.html')).toBe('<p>guide</p>');
    expect(sink.files.get('assets/diagram.0123abcd.png')).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  });

  it('aborts the sink and rethrows when a write fails', async () => {
    class FailingSink extends MemorySink {
      aborted = 0;
      override write(file: string, contents: string | Buffer): void {
        if (file === 'bad.html') throw new Error('disk full');
        super.write(file, contents);
      }
      override abort(): void {
        this.aborted++;
        super.abort();
      }
    }
    const sink = new FailingSink();
    await expect(emitSite(sink, { files: new Map([['ok.html', 'a'], ['bad.html', 'b']]), copies: new Map() })).rejects.toThrow('disk full');
    expect(sink.aborted).toBe(1);
    expect(sink.files.size).toBe(0);
  });

  it('DiskSink writes a version folder and swaps the output link to it in one rename on commit', async () => {
    const out = path.join(tmp, 'commit', 'build');
    const first = new DiskSink(out);
    await emitSite(first, { files: new Map([['stale.html', 'old']]), copies: new Map() });
    const sink = new DiskSink(out);
    expect(path.dirname(sink.dir)).toBe(path.join(tmp, 'commit', '.build.docsgen'));
    await emitSite(sink, { files: new Map([['guide/index.html', 'new']]), copies: new Map([['assets/d.png', asset]]) });
    expect(fs.lstatSync(out).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(path.join(out, 'guide/index.html'), 'utf8')).toBe('new');
    expect(fs.readFileSync(path.join(out, 'assets/d.png'))).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(fs.existsSync(path.join(out, 'stale.html'))).toBe(false);
    expect(fs.readdirSync(path.dirname(out)).sort()).toEqual(['.build.docsgen', 'build']);
    // The previous version is gone; only the current one, its marker and nothing else remain.
    expect(fs.readdirSync(path.join(tmp, 'commit', '.build.docsgen')).sort()).toEqual([path.basename(sink.dir), 'docsgen-output-store'].sort());
  });

  it('DiskSink links a file the published version holds byte for byte, and writes every other one', async () => {
    const out = path.join(tmp, 'link', 'build');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const files = (edited: string) => new Map<string, string | Buffer>([['same.html', '<p>same</p>'], ['edited.html', edited], ['card.png', Buffer.from(png)]]);
    const first = new DiskSink(out);
    for (const [file, contents] of files('<p>abc</p>')) first.write(file, contents);
    await first.commit();
    const inode = (dir: string, file: string) => fs.statSync(path.join(dir, file)).ino;
    const before = Object.fromEntries(['same.html', 'card.png', 'edited.html'].map((file) => [file, inode(first.dir, file)]));
    const sink = new DiskSink(out);
    // The same size with other bytes is written, not linked.
    for (const [file, contents] of files('<p>abd</p>')) sink.write(file, contents);
    // (written by the writer thread when there is one: all of it is on disk once committed)
    await sink.commit();
    expect(inode(sink.dir, 'same.html')).toBe(before['same.html']);
    expect(inode(sink.dir, 'card.png')).toBe(before['card.png']);
    expect(inode(sink.dir, 'edited.html')).not.toBe(before['edited.html']);
    expect(fs.readFileSync(path.join(out, 'same.html'), 'utf8')).toBe('<p>same</p>');
    expect(fs.readFileSync(path.join(out, 'edited.html'), 'utf8')).toBe('<p>abd</p>');
    expect(fs.readFileSync(path.join(out, 'card.png'))).toEqual(png);
    // A linked file counts in the manifest and the size exactly as a written one.
    const fresh = new DiskSink(path.join(tmp, 'link', 'fresh'));
    for (const [file, contents] of files('<p>abd</p>')) fresh.write(file, contents);
    expect(sink.manifest).toEqual(fresh.manifest);
    expect(sink.bytes).toBe(fresh.bytes);
    fresh.abort();
  });

  it('DiskSink leaves the previous output untouched when emitting fails', async () => {
    const out = path.join(tmp, 'abort', 'build');
    const first = new DiskSink(out);
    await emitSite(first, { files: new Map([['index.html', 'previous']]), copies: new Map() });
    const sink = new DiskSink(out);
    await expect(emitSite(sink, { files: new Map([['index.html', 'next']]), copies: new Map([['assets/x.png', path.join(tmp, 'missing.png')]]) })).rejects.toThrow(/ENOENT/);
    expect(fs.readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('previous');
    expect(fs.readdirSync(path.join(tmp, 'abort', '.build.docsgen')).sort()).toEqual([path.basename(first.dir), 'docsgen-output-store'].sort());
  });

  it('DiskSink removes what is stale without following links, and leaves the trash of a live build and the published version alone', async () => {
    const out = path.join(tmp, 'stale', 'build');
    const store = path.join(tmp, 'stale', '.build.docsgen');
    const first = new DiskSink(out);
    await emitSite(first, { files: new Map([['index.html', 'first']]), copies: new Map() });
    // what killed builds leave: a link to a folder outside the store (never followed), trash of a
    // process that is gone (taken over), and trash of one that runs (pid 1: left to it)
    const outside = path.join(tmp, 'stale-outside');
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(outside, 'keep.txt'), 'mine');
    fs.symlinkSync(outside, path.join(store, 'killed.link'));
    fs.mkdirSync(path.join(store, 'trash-999999999-old', 'a'), { recursive: true });
    fs.mkdirSync(path.join(store, 'trash-1-busy'));
    const sink = new DiskSink(out);
    await emitSite(sink, { files: new Map(Array.from({ length: 40 }, (_, i) => [`p${i}/index.html`, `page ${i}`] as const)), copies: new Map() });
    expect(fs.readdirSync(store).sort()).toEqual([path.basename(sink.dir), 'docsgen-output-store', 'trash-1-busy'].sort());
    expect(fs.readFileSync(path.join(outside, 'keep.txt'), 'utf8')).toBe('mine');
    expect(fs.readFileSync(path.join(out, 'p39/index.html'), 'utf8')).toBe('page 39');
    // a failure after the swap (the cleanup) aborts the sink: the published version stays
    sink.abort();
    expect(fs.readFileSync(path.join(out, 'p0/index.html'), 'utf8')).toBe('page 0');
  });

  it('reads a streamed file once, as it writes it, in every sink; the cache keeps it only once it was read to its end', async () => {
    const made: string[] = [];
    function* pieces(): Generator<string> {
      for (const piece of ['[', '1', ',2', ']']) {
        made.push(piece);
        yield piece;
      }
    }
    const dir = path.join(tmp, 'stream-cache');
    const cache = new DirCache<string>(dir, true, true);
    const out = path.join(tmp, 'stream', 'build');
    const disk = new DiskSink(out);
    disk.write('a.json', { stream: cache.textThrough('a', pieces()) });
    // written and stored piece by piece: nothing made before the sink asked for it
    expect(made).toEqual(['[', '1', ',2', ']']);
    await disk.commit();
    expect(fs.readFileSync(path.join(out, 'a.json'), 'utf8')).toBe('[1,2]');
    expect(disk.manifest.get('a.json')).toBe(createHash('sha1').update('[1,2]').digest('base64url'));
    expect(new DirCache<string>(dir, true, true).get('a')).toBe('[1,2]');
    // a stream left halfway (a write that failed) stores no entry and leaves no temporary file
    const halfway = cache.textThrough('b', pieces());
    halfway.next();
    halfway.return(undefined);
    expect(cache.get('b')).toBeUndefined();
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    // the memory sink and a failed build's sink read it too (what reading does still happens)
    const memory = new MemorySink();
    memory.write('a.json', { stream: pieces() });
    expect(memory.files.get('a.json')).toBe('[1,2]');
    made.length = 0;
    new DiscardSink().write('a.json', { stream: pieces() });
    expect(made).toEqual(['[', '1', ',2', ']']);
    // with no folder, a kept cache holds the text
    const inMemory = new DirCache<string>(null, true, true);
    expect([...inMemory.textThrough('c', pieces())].join('')).toBe('[1,2]');
    expect(inMemory.get('c')).toBe('[1,2]');
  });

  it('a cache remembering into a memo reads each entry from its folder once, across instances (a watch session)', () => {
    const dir = path.join(tmp, 'memo-cache');
    new DirCache<{ n: number }>(dir).set('a', { n: 1 });
    new DirCache<{ n: number }>(dir).set('b', { n: 2 });
    const memo = new Map<string, { n: number }>();
    const first = new DirCache<{ n: number }>(dir).remembering(memo);
    expect(first.get('a')).toEqual({ n: 1 });
    first.set('c', { n: 3 });
    expect([...memo.keys()]).toEqual(['a', 'c']);
    // The next run's cache takes them from the memo: the files are no longer read.
    for (const name of fs.readdirSync(dir)) fs.writeFileSync(path.join(dir, name), 'not JSON');
    const next = new DirCache<{ n: number }>(dir).remembering(memo);
    expect(next.get('a')).toBe(memo.get('a'));
    expect(next.get('c')).toEqual({ n: 3 });
    expect(next.get('b')).toBeUndefined(); // never read into the memo, and its file is now unreadable
    // What the cache drops, the memo drops too.
    next.retain(['c']);
    expect([...memo.keys()]).toEqual(['c']);
    expect(fs.readdirSync(dir)).toHaveLength(1);
  });

  it('refuses output paths that escape the output folder', () => {
    const sink = new MemorySink();
    for (const bad of ['../x/index.html', '/etc/passwd', 'a/../../b', 'a\\b', 'a//b', '']) expect(() => sink.write(bad, 'x'), bad).toThrow(/not a plain path inside the output folder/);
  });
});

describe('atomFeed', () => {
  const changelog = { ...graph.pages['/guide']!, route: '/changelog', title: 'Changelog' } satisfies PageNode;
  const tree: Root = fromHtml(
    '<p>Intro, not an entry.</p>' +
      '<h2 id="2025-03-01-newest">2025-03-01: Newest "one"</h2><p>New &amp; <b>bold</b>.</p><docsgen-code html="x"></docsgen-code><h3 id="sub">Sub</h3><p>More.</p>' +
      '<h2 id="unreleased">Unreleased</h2><p>Not in the feed.</p>' +
      '<h2 id="2025-01-10-older">2025-01-10 – Older</h2><p>Old.</p>',
    { fragment: true },
  );
  const feed = atomFeed({ page: changelog, tree, siteUrl: 'https://docs.example', siteTitle: 'Docs & Co' })!;

  it('sorts entries newest first even when the page is written oldest first', () => {
    const reversed: Root = fromHtml('<h2 id="a">2024-12-01: First</h2><p>A.</p><h2 id="b">2025-02-01: Second</h2><p>B.</p>', { fragment: true });
    const text = atomFeed({ page: changelog, tree: reversed, siteUrl: 'https://docs.example', siteTitle: 'Docs' })!;
    expect([...text.matchAll(/<title>([^<]+)<\/title>/g)].map((m) => m[1])).toEqual(['Changelog | Docs', 'Second', 'First']);
    expect(text).toContain('<updated>2025-02-01T00:00:00Z</updated>\n<author><name>Docs</name><uri>https://docs.example/</uri></author>\n<entry>');
  });

  it('names the feed file after the route', () => {
    expect(feedFileFor('/changelog')).toBe('changelog.xml');
    expect(feedFileFor('/guide/releases')).toBe('guide/releases.xml');
    expect(feedFileFor('/')).toBe('index.xml');
  });

  it('lists dated sections, newest first, with the newest date as the feed date', () => {
    expect(feed).toBe(`<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<title>Changelog | Docs &amp; Co</title>
<id>https://docs.example/changelog</id>
<link href="https://docs.example/changelog"/>
<link rel="self" href="https://docs.example/changelog.xml"/>
<updated>2025-03-01T00:00:00Z</updated>
<author><name>Docs &amp; Co</name><uri>https://docs.example/</uri></author>
<entry>
<title>Newest &quot;one&quot;</title>
<id>https://docs.example/changelog#2025-03-01-newest</id>
<link href="https://docs.example/changelog#2025-03-01-newest"/>
<updated>2025-03-01T00:00:00Z</updated>
<content type="html">&lt;p&gt;New &amp;#x26; &lt;b&gt;bold&lt;/b&gt;.&lt;/p&gt;&lt;h3 id=&quot;sub&quot;&gt;Sub&lt;/h3&gt;&lt;p&gt;More.&lt;/p&gt;</content>
</entry>
<entry>
<title>Older</title>
<id>https://docs.example/changelog#2025-01-10-older</id>
<link href="https://docs.example/changelog#2025-01-10-older"/>
<updated>2025-01-10T00:00:00Z</updated>
<content type="html">&lt;p&gt;Old.&lt;/p&gt;</content>
</entry>
</feed>
`);
  });

  it('returns null for a page without dated sections', () => {
    expect(atomFeed({ page: changelog, tree: fromHtml('<h2 id="a">Not dated</h2><p>x</p>', { fragment: true }), siteUrl: 'https://docs.example', siteTitle: 'D' })).toBeNull();
  });
});

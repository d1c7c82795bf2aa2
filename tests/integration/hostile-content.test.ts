import { describe, expect, it } from 'vitest';
import { INLINE_PARSE_MAX_MARKUP, MAX_FILE_BYTES } from '../../packages/engine/src/node/markdown/limits';
import { buildSite, copyFixture, problems, readOut, writeFiles } from '../helpers/fixtures';

// Code blocks and fonts are made on this thread (DOCSGEN_WORKERS=0): each of the many small
// builds here would otherwise start a worker and load shiki into it. A worker makes a build
// faster, never different: highlight-worker.test.ts holds the output to be the same both ways.
process.env.DOCSGEN_WORKERS = '0';

/*
 * Pages that are flat but slow to parse, each just under the largest file allowed: every one must
 * end, whole build included, well within the rule's 5 s (15 s here: test machines are noisy) with
 * one positioned diagnostic. Before the bounded parse, most of these took 10 s to over a minute.
 */

const FILE = 'content/guide/hostile.mdx';
const HEAD = '---\ntitle: Hostile\n---\n\n';
/** Room for the body: the worst size the file limit lets through. */
const ROOM = MAX_FILE_BYTES - HEAD.length - 1024;

const fill = (unit: string, bytes = ROOM) => unit.repeat(Math.floor(bytes / unit.length));
const pairs = (open: string, close: string) => {
  const n = Math.floor(ROOM / (open.length + close.length));
  return open.repeat(n) + close.repeat(n);
};
const repeatBlock = (block: string) => fill(block);

const list31 = Array.from({ length: 31 }, (_, i) => `${'  '.repeat(i)}- item\n`).join('');

/** Quadratic or worse in micromark: at this size they never finish within the deadline. */
const neverFinish: Record<string, string> = {
  '`*a` repeated': fill('*a'),
  '`~a` repeated': fill('~a'),
  'unclosed links, then their ends': pairs('[a ', '](/x)'),
  'unclosed images, then their ends': pairs('![a ', '](/x)'),
  '31-level quotes, repeated': repeatBlock(`${'> '.repeat(31)}x\n\n`),
};

/**
 * Slow but closer to linear: on a fast machine the parse may finish in time, and then the page is
 * either too large a tree or (one paragraph of text) simply built.
 */
const bounded: Record<string, string> = {
  'a table of 100,000 rows': `| a | b |\n| - | - |\n${fill('| x | y |\n')}`,
  '31-level lists, repeated': repeatBlock(`${list31}\npara\n\n`),
  '`*a _b ` repeated': fill('*a _b '),
  'lines of 30 `>`': fill(`${'>'.repeat(30)} x\n`),
  '`[` repeated': fill('['),
  'empty list items': fill('1.\n'),
};

async function buildWith(body: string) {
  const root = copyFixture('basic');
  writeFiles(root, { [FILE]: `${HEAD}${body}\n` });
  const started = performance.now();
  const result = await buildSite(root);
  return { seconds: (performance.now() - started) / 1000, problems: problems(result, root), ok: result.ok };
}

describe('hostile content builds in bounded time', () => {
  for (const [name, body] of Object.entries(neverFinish)) {
    it(`${name}: ParseTimeout at 1:1`, async () => {
      const built = await buildWith(body);
      expect(built.problems).toEqual([`${FILE}:1:1 error ParseTimeout`]);
      expect(built.seconds).toBeLessThan(15);
    });
  }

  for (const [name, body] of Object.entries(bounded)) {
    it(`${name}: built, or one ParseTimeout or PageTooComplex`, async () => {
      const built = await buildWith(body);
      if (!built.ok) {
        expect(built.problems).toHaveLength(1);
        expect(built.problems[0]).toMatch(new RegExp(`^${FILE}:(1:1 error ParseTimeout|\\d+:\\d+ error PageTooComplex)$`));
      }
      expect(built.seconds).toBeLessThan(15);
    });
  }

  it('a slow page that two pages also include is parsed once and reported once', async () => {
    const root = copyFixture('basic');
    const include = (title: string) => `---\ntitle: ${title}\n---\n\n<Include file="partials/slow.mdx" />\n`;
    writeFiles(root, { 'content/partials/slow.mdx': `${HEAD}${fill('*a', 256 * 1024)}\n`, 'content/guide/a.mdx': include('A'), 'content/guide/b.mdx': include('B') });
    const started = performance.now();
    const result = await buildSite(root);
    expect(problems(result, root).filter((p) => p.includes('error'))).toEqual(['content/partials/slow.mdx:1:1 error ParseTimeout']);
    expect((performance.now() - started) / 1000).toBeLessThan(15);
  });

  it('a markup-dense page just small enough to parse without the worker builds', async () => {
    const built = await buildWith(fill('*a', INLINE_PARSE_MAX_MARKUP * 2 - 2 * 16));
    expect(built.problems).toEqual([]);
    expect(built.seconds).toBeLessThan(15);
  });
});

describe('nothing runs that the author did not write as a component', () => {
  it('the Atom feed carries the allowlisted HTML of each entry, links absolute, with an author', async () => {
    const root = copyFixture('basic');
    writeFiles(root, {
      'content/changelog.mdx': [
        '---',
        'title: Changelog',
        'feed: true',
        '---',
        '',
        '## 2025-12-01: Hostile',
        '',
        // (a javascript: link is an UnsafeLink error before it could reach the feed: bad-input-cases.ts)
        'A <span onmouseover="alert(3)">hover</span> and a [guide link](/guide/setup#install).',
        '',
        '<Tabs>',
        '<TabItem value="a" label="A">',
        '',
        'Tab text with ![logo](https://cdn.fixture.example/x.png)',
        '',
        '</TabItem>',
        '</Tabs>',
        '',
      ].join('\n'),
    });
    const result = await buildSite(root);
    expect(result.ok, problems(result, root).join('\n')).toBe(true);
    const feed = readOut(root, 'changelog.xml');
    const html = [...feed.matchAll(/<content type="html">([\s\S]*?)<\/content>/g)].map((m) => m[1]!.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&')).join('\n');
    expect(html).toContain('hover');
    expect(html).toContain('Tab text');
    expect(html).not.toMatch(/javascript:|onmouseover|alert\(3\)|<docsgen-|<tabs|<tabitem|data-island/i);
    expect(html).toContain('href="https://docs.fixture.example/guide/setup#install"');
    expect(html).toContain('src="https://cdn.fixture.example/x.png"');
    expect(html).not.toMatch(/(href|src)="\//);
    expect(feed).toMatch(/<author><name>fixture docs<\/name><uri>https:\/\/docs\.fixture\.example\/<\/uri><\/author>/);
  });
});

describe('inline styles', () => {
  it('a style attribute in content is a positioned warning: the CSP would block it', async () => {
    const root = copyFixture('basic');
    writeFiles(root, { 'content/guide/styled.mdx': '---\ntitle: Styled\n---\n\nSome <span style="color:red">red</span> text.\n' });
    const result = await buildSite(root);
    expect(result.ok).toBe(true);
    expect(problems(result, root)).toEqual(['content/guide/styled.mdx:5:6 warning StyleInContent']);
  });
});

describe('SVGs are published only as drawings', () => {
  const CLEAN = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0"/></linearGradient></defs><rect width="10" height="10" fill="url(#g)" style="fill: url(\'#g\')"/><use xlink:href="#g"/></svg>\n';

  it('refuses each way an SVG could script or load, at its line and column, in content and in static/', async () => {
    const root = copyFixture('basic');
    writeFiles(root, {
      'content/guide/clean.svg': CLEAN,
      'content/guide/evil.svg': [
        '<?xml version="1.0"?>',
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">',
        '  <script>alert(2)</script>',
        '  <foreignObject><div>html</div></foreignObject>',
        '  <a href="javascript:alert(3)"><text>x</text></a>',
        '  <image href="https://tracker.example/p.png"/>',
        '  <style>@import url(https://evil.example/x.css);</style>',
        '  <set attributeName="href" to="javascript:alert(4)"/>',
        '</svg>',
        '',
      ].join('\n'),
      'content/guide/pictures.mdx': '---\ntitle: Pictures\n---\n\n![clean](./clean.svg)\n\n![evil](./evil.svg)\n',
      'static/img/handler.svg': '<svg xmlns="http://www.w3.org/2000/svg">\n<rect onclick="alert(5)"/></svg>\n',
      'static/img/entity.svg': '<!DOCTYPE svg [ <!ENTITY x SYSTEM "file:///etc/passwd"> ]>\n<svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>\n',
      'static/img/fine.svg': CLEAN,
      'static/assets/logo.png': 'png',
      'static/assets/logo.0a1b2c3d4e.png': 'png',
    });
    const result = await buildSite(root);
    expect(result.ok).toBe(false);
    // Not an SVG problem, but /assets/ is cached for a year: an unhashed name there is a warning.
    expect(problems(result, root).filter((p) => p.includes('UnhashedAsset'))).toEqual(['static/assets/logo.png:-:- warning UnhashedAsset']);
    const unsafe = problems(result, root).filter((p) => p.includes('UnsafeSvg'));
    expect(unsafe).toEqual([
      'content/guide/evil.svg:2:1 error UnsafeSvg',
      'content/guide/evil.svg:3:3 error UnsafeSvg',
      'content/guide/evil.svg:4:3 error UnsafeSvg',
      'content/guide/evil.svg:5:3 error UnsafeSvg',
      'content/guide/evil.svg:6:3 error UnsafeSvg',
      'content/guide/evil.svg:7:3 error UnsafeSvg',
      'content/guide/evil.svg:8:3 error UnsafeSvg',
      'static/img/entity.svg:1:1 error UnsafeSvg',
      'static/img/handler.svg:2:1 error UnsafeSvg',
    ]);
    expect(problems(result, root).filter((p) => !p.includes('UnsafeSvg') && !p.includes('UnhashedAsset'))).toEqual([]);
  });

  it('publishes clean SVGs, each with a sandboxing policy in _headers', async () => {
    const root = copyFixture('basic');
    writeFiles(root, { 'content/guide/clean.svg': CLEAN, 'content/guide/pictures.mdx': '---\ntitle: Pictures\n---\n\n![clean](./clean.svg)\n', 'static/img/fine.svg': CLEAN });
    const result = await buildSite(root);
    expect(result.ok, problems(result, root).join('\n')).toBe(true);
    const headers = readOut(root, '_headers');
    const svg = /\/assets\/clean\.[0-9a-f]+\.svg/.exec(readOut(root, 'guide/pictures/index.html'))![0];
    for (const file of [svg, '/img/fine.svg']) expect(headers).toContain(`${file}\n  Content-Security-Policy: default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox\n`);
  });
});

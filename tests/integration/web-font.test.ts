import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromBuffer } from '@capsizecss/unpack';
import { buildSite, copyFixture, problems, readOut, writeFiles } from '../helpers/fixtures';
import { formatUnicodeRange, parseUnicodeRange } from '../../packages/engine/src/node/font/package-faces';

/** A copy of the basic fixture whose config has `font` (with `extra` keys inside it). */
function siteWithFont(font = "package: '@fontsource-variable/inter', stylesheet: 'wght.css'"): string {
  const root = copyFixture('basic');
  const config = path.join(root, 'docs-build.config.ts');
  fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace('redirects:', `font: { ${font} },\n  redirects:`));
  return root;
}

const cssOf = (root: string) => {
  const html = readOut(root, 'guide/index.html');
  const href = /<link rel="stylesheet" href="\/([^"]+)">/.exec(html)![1];
  return { html, css: readOut(root, href) };
};

const fontFaces = (css: string) => [...css.matchAll(/@font-face\{([^}]*)\}/g)].map((m) => m[1]);

describe('the web font', () => {
  it('subsets the package font to the characters of the site, with swap, an exact unicode-range and a preload', async () => {
    const root = siteWithFont();
    writeFiles(root, { 'content/guide/nordic.mdx': '---\ntitle: Nordic\n---\n\nÆrø, Øresund and Åland — all “quoted”.\n' });
    const result = await buildSite(root);
    expect(problems(result, root).filter((p) => p.includes('error'))).toEqual([]);
    const { html, css } = cssOf(root);
    const [face, ...fallbacks] = fontFaces(css);
    expect(face).toContain('font-family:Inter Variable;font-style:normal;font-display:swap;font-weight:400 700;');
    const url = /src:url\((\/assets\/fonts\/inter-variable-\d+\.[0-9a-f]{10}\.woff2)\) format\("woff2"\)/.exec(face)![1];
    expect(html).toContain(`<link rel="preload" href="${url}" as="font" type="font/woff2" crossorigin>`);
    // The site's own non-ASCII characters are in; others of the Latin face are not.
    const range = /unicode-range:([^;}]+)/.exec(face)![1];
    const covered = (ch: string) => parseUnicodeRange(range).some(([lo, hi]) => ch.codePointAt(0)! >= lo && ch.codePointAt(0)! <= hi);
    for (const ch of ['a', 'Z', '~', 'Æ', 'ø', 'Ø', 'Å', '—', '“', '”', '©']) expect(covered(ch), ch).toBe(true);
    for (const ch of ['ß', 'Ç', 'ñ', 'Ÿ']) expect(covered(ch), ch).toBe(false);
    // A real WOFF2 font, far smaller than the package's Latin face.
    const bytes = fs.readFileSync(path.join(root, 'build', url));
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('wOF2');
    const original = fs.readFileSync(path.join(import.meta.dirname, '../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'));
    expect(bytes.length).toBeLessThan(original.length * 0.6);
    expect((await fromBuffer(bytes)).familyName).toBe('Inter');
    // Fallback faces per weight on local Arial (or its clones), scaled; the theme's stack starts with both.
    expect(fallbacks.length).toBe(4);
    for (const f of fallbacks) expect(f).toMatch(/font-family:"?Inter Variable Fallback"?;.*src:local\("Arial.*size-adjust:10\d\.\d\d%;ascent-override:\d+\.\d\d%;descent-override:\d+\.\d\d%;line-gap-override:0(\.00)?%/);
    expect(fallbacks[3]).toContain('local("Arial Bold")');
    expect(css).toMatch(/--docsgen-font:"?Inter Variable"?,"?Inter Variable Fallback"?/);
    expect(css).toMatch(/--font: ?var\(--docsgen-font, ?system-ui\)/);
    // While the head script keeps the page in the fallback (data-font on <html>), only the fallback.
    expect(css).toMatch(/:root\[data-font\] ?\{ ?--docsgen-font: ?"?Inter Variable Fallback"? ?;? ?\}/);
    expect(html).toContain(`d.setAttribute('data-font','wait');requestAnimationFrame(function(){f.load("1em \\"Inter Variable\\"")`);
  });

  it('keeps the subset in the .docsgen cache by characters, and subsets again when the site uses a new one', async () => {
    const root = siteWithFont();
    expect((await buildSite(root, { noCache: false })).ok).toBe(true);
    const dir = path.join(root, '.docsgen/v4/font');
    const [entry] = fs.readdirSync(dir);
    // The next build takes the entry as it is (marked here to see it come through).
    const stored = JSON.parse(fs.readFileSync(path.join(dir, entry), 'utf8')) as { css: string };
    stored.css += '\n.cache-marker{color:red}';
    fs.writeFileSync(path.join(dir, entry), JSON.stringify(stored));
    expect((await buildSite(root, { noCache: false })).ok).toBe(true);
    expect(cssOf(root).css).toContain('.cache-marker');
    // A character the site did not use before: a new subset, the old entry dropped.
    writeFiles(root, { 'content/guide/german.mdx': '---\ntitle: Straße\n---\n\nGrüße.\n' });
    expect((await buildSite(root, { noCache: false })).ok).toBe(true);
    const { css } = cssOf(root);
    expect(css).not.toContain('.cache-marker');
    expect(/unicode-range:([^;}]+)/.exec(css)![1]).toContain(formatUnicodeRange([0xdf]));
    expect(fs.readdirSync(dir)).toHaveLength(1);
  });

  it('adds nothing without `font` in the config', async () => {
    const root = copyFixture('basic');
    expect((await buildSite(root)).ok).toBe(true);
    const { html, css } = cssOf(root);
    expect(html).not.toContain('as="font"');
    expect(css).not.toContain('@font-face');
    expect(css).not.toContain('data-font');
    expect(html).not.toContain('data-font');
    expect(fs.existsSync(path.join(root, 'build/assets/fonts'))).toBe(false);
  });

  it('reports a font package that is not installed, at the config key', async () => {
    const root = siteWithFont("package: '@fontsource/no-such-font-docsgen'");
    const result = await buildSite(root);
    expect(result.ok).toBe(false);
    expect(problems(result, root)).toContainEqual(expect.stringMatching(/^docs-build\.config\.ts:\d+:\d+ error FontNotFound$/));
    expect(result.diagnostics.find((d) => d.code === 'FontNotFound')!.message).toBe('the font package "@fontsource/no-such-font-docsgen" is not installed');
  });

  it('reports a stylesheet with no usable faces', async () => {
    const root = siteWithFont("package: '@fontsource-variable/inter', stylesheet: 'package.json'");
    const result = await buildSite(root);
    expect(result.diagnostics.map((d) => d.code)).toContain('FontNotFound');
  });
});

describe('unicode ranges', () => {
  it('reads wildcards and ranges, and writes the shortest list', () => {
    expect(parseUnicodeRange('U+0000-00FF, U+0131,U+02??')).toEqual([[0, 0xff], [0x131, 0x131], [0x200, 0x2ff]]);
    expect(formatUnicodeRange([0x20, 0x21, 0x22, 0x41, 0xe5, 0xe6])).toBe('U+0020-0022,U+0041,U+00E5-00E6');
  });
});

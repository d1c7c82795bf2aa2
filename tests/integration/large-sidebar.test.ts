import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { fromHtml } from 'hast-util-from-html';
import { select, selectAll } from 'hast-util-select';
import { buildSite, readOut } from '../helpers/fixtures';

const GEN = path.resolve(import.meta.dirname, '../../bench/gen-spec.mjs');

/** A site whose spec has `n` generated operations in tags of 20 (bench/gen-spec.mjs), built. */
async function generated(n: number): Promise<string> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `docsgen-ops-${n}-`));
  execFileSync(process.execPath, [GEN, root, String(n)]);
  const result = await buildSite(root, { noCache: true });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return root;
}

const hrefs = (html: string, selector: string) => selectAll(selector, fromHtml(html)).map((a) => String(a.properties.href));

describe('a sidebar too large to send with every page', () => {
  let small: string;
  let large: string;
  beforeAll(async () => {
    [small, large] = [await generated(30), await generated(200)];
  }, 240_000);

  it('sends the current tag whole and every other category as a link to its index, loaded on demand', () => {
    const html = readOut(large, 'api/get-payment/index.html');
    const tree = fromHtml(html);
    const sidebar = select('.sidebar-container .sidebar', tree)!;
    const links = selectAll('a.sidebar-link', sidebar).map((a) => String(a.properties.href));
    // Introduction, overview, the 20 operations of the page's tag, one index link per other category.
    const own = links.filter((h) => /^\/api\/[a-z0-9-]+-payment$/.test(h));
    expect(own).toHaveLength(20);
    expect(links.filter((h) => /^\/api\/[a-z0-9-]+-(refund|session|customer)$/.test(h))).toEqual([]);
    const stubs = selectAll('details[data-sidebar-part]', sidebar);
    expect(stubs).toHaveLength(10); // 9 other tags and Schemas
    for (const stub of stubs) {
      const index = select('a.sidebar-link', stub)!;
      expect(String(index.properties.href)).toMatch(/^\/api#(tag-|schemas$)/);
      expect(stub.properties.open).toBeUndefined();
    }
    expect(select('a[aria-current="page"]', sidebar)!.properties.href).toBe('/api/get-payment');
  });

  it('writes one part per category, and the parts with the page reach every operation and schema', () => {
    const html = readOut(large, 'api/get-payment/index.html');
    const parts = selectAll('details[data-sidebar-part]', fromHtml(html)).map((d) => String(d.properties.dataSidebarPart));
    const reached = new Set(hrefs(html, '.sidebar-container a.sidebar-link'));
    for (const part of parts) for (const href of hrefs((JSON.parse(readOut(large, part.slice(1))) as { html: string }).html, 'a')) reached.add(href);
    const index = readOut(large, 'api/index.html');
    const everything = hrefs(index, '.api-operation-list a, .api-schema-list a');
    expect(everything).toHaveLength(200 + 2 * 10 + 1); // operations, two schemas per tag, Error
    for (const href of everything) expect(reached, href).toContain(href);
  });

  it('keeps an operation page within twice its compressed size with 30 operations', () => {
    const gzip = (root: string) => zlib.gzipSync(readOut(root, 'api/get-payment/index.html')).length;
    // The same operation in a spec of 30 and of 200 (10 tags): the page grows by the stubs only.
    expect(gzip(large) / gzip(small)).toBeLessThan(1.3);
    expect(readOut(small, 'api/get-payment/index.html')).not.toContain('data-sidebar-part');
  });
});

describe('a content page of a site without a config', () => {
  /** A site of `folders` top-level folders of two pages each (one sidebar per folder by default). */
  async function folders(count: number): Promise<string> {
    // The site's title is its folder's name: the same in both, so that only the folders differ.
    const root = path.join(fs.mkdtempSync(path.join(os.tmpdir(), `docsgen-folders-${count}-`)), 'site');
    const page = (title: string, body: string) => `---\ntitle: ${title}\ndescription: A page about ${title}.\n---\n\n${body}\n`;
    fs.mkdirSync(path.join(root, 'content'), { recursive: true });
    fs.writeFileSync(path.join(root, 'content/index.mdx'), page('Home', 'Start at [the first folder](/f000/a).'));
    for (let i = 0; i < count; i++) {
      const dir = `f${String(i).padStart(3, '0')}`;
      const next = `f${String((i + 1) % count).padStart(3, '0')}`;
      fs.mkdirSync(path.join(root, 'content', dir));
      fs.writeFileSync(path.join(root, 'content', dir, 'a.mdx'), page(`A ${i}`, `See [b](/${dir}/b) and [the next folder](/${next}/a).`));
      fs.writeFileSync(path.join(root, 'content', dir, 'b.mdx'), page(`B ${i}`, `Back to [a](/${dir}/a).`));
    }
    const result = await buildSite(root, { noCache: true });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    return root;
  }

  it('is the same size whatever the number of folders: the default navbar links to six sidebars at most', async () => {
    const [few, many] = [await folders(8), await folders(40)];
    const html = (root: string) => readOut(root, 'f001/a/index.html');
    expect(hrefs(html(many), '.navbar-items a.navbar-link')).toEqual(['/f000/a', '/f001/a', '/f002/a', '/f003/a', '/f004/a', '/f005/a']);
    expect(Buffer.byteLength(html(many))).toBe(Buffer.byteLength(html(few)));
  }, 120_000);
});

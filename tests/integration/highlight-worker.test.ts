import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteBuilder, type BuildResult } from '../../packages/engine/src/node/index';
import type { Logger } from '../../packages/engine/src/node/task';
import { problems, snapshotFiles, writeFiles } from '../helpers/fixtures';

/*
 * Code blocks render on a second thread while the main one parses pages, and the search index is
 * built on one while it renders them (packages/engine/src/node/workers). A worker may only make a
 * build faster: the same output byte for byte and the same
 * diagnostics in the same order, with workers on (DOCSGEN_WORKERS unset) or off (DOCSGEN_WORKERS=0).
 */

const PAGES = 40;
const LANGUAGES = ['ts', 'python', 'bash', 'json', 'php', 'go'];

/** A site of 40 pages: code in several languages, a partial, an image, links, tabs and callouts. */
function site(broken: number[] = []): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-workers-'));
  const files: Record<string, string> = {
    'docs-build.config.ts': "export default { title: 'Workers', url: 'https://docs.example' };\n",
    'content/index.mdx': '---\ntitle: Home\n---\n\nStart with [the first guide](/guides/page-0).\n',
    'content/partials/_shared.mdx': 'A shared paragraph with `code` and a [link](/guides/page-1).\n',
    'static/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>\n',
    'content/guides/diagram.png': 'not really a png, but an asset all the same\n',
  };
  for (let i = 0; i < PAGES; i++) {
    const lang = LANGUAGES[i % LANGUAGES.length];
    const error = broken.includes(i) ? (i % 2 ? '\n<Unknown prop="x" />\n' : '\nSee [nowhere](/does-not-exist).\n') : '';
    files[`content/guides/page-${i}.mdx`] = `---
title: Page ${i}
sidebar_position: ${i}
---

Page ${i} says what it is about in its first paragraph, which becomes its description.

## Install ${i}

<Include file="partials/_shared.mdx" />

\`\`\`${lang} title="example-${i}"
// step ${i}
const value${i} = { id: ${i}, name: "page ${i}" };
console.log(value${i});
\`\`\`

:::tip
Read [the next page](/guides/page-${(i + 1) % PAGES}) too.
:::

## Use it

<Tabs>
<TabItem value="a" label="First">One ${i}.</TabItem>
<TabItem value="b" label="Second">Two ${i}.</TabItem>
</Tabs>

![A diagram](./diagram.png)
${error}`;
  }
  writeFiles(root, files);
  return root;
}

const roots: string[] = [];
afterEach(() => {
  delete process.env.DOCSGEN_WORKERS;
});
process.on('exit', () => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

/** Builds `root` into `out` with workers on or off; the content stage's log line comes back too. */
async function build(root: string, out: string, workers: boolean): Promise<{ result: BuildResult; content: string; search: string }> {
  roots.push(root);
  if (workers) delete process.env.DOCSGEN_WORKERS;
  else process.env.DOCSGEN_WORKERS = '0';
  const lines: string[] = [];
  const logger: Logger = { info: (m) => lines.push(m), warn: (m) => lines.push(m) };
  const result = await new SiteBuilder({ root, outDir: path.join(root, out), noCache: true, logger }).full();
  return { result, content: lines.find((l) => /^\s+content\b/.test(l)) ?? '', search: lines.find((l) => /^\s+search\b/.test(l)) ?? '' };
}

describe('highlighting on a worker thread', () => {
  it('gives the same site byte for byte as compiling on one thread', async () => {
    const root = site();
    const one = await build(root, 'one', false);
    const two = await build(root, 'two', true);
    expect(problems(one.result, root)).toEqual([]);
    expect(one.content).not.toMatch(/second thread/);
    // Too few records to be worth a thread for the search index (INDEX_ON_WORKER_FROM).
    expect(one.search + two.search).not.toMatch(/second thread/);
    // Every block that was not in the cache rendered on the worker.
    const made = Number(/(\d+) new/.exec(two.content)?.[1] ?? 0);
    expect(made).toBeGreaterThanOrEqual(PAGES);
    expect(two.content).toContain(`${made} rendered on a second thread`);
    const a = snapshotFiles(path.join(root, 'one'));
    expect(Object.keys(a ?? {}).length).toBeGreaterThan(PAGES * 2);
    expect(snapshotFiles(path.join(root, 'two'))).toEqual(a);
  }, 120_000);

  it('reports the same problems in the same order', async () => {
    const root = site([3, 8, 17, 30, 31]);
    const one = await build(root, 'one', false);
    const two = await build(root, 'two', true);
    expect(two.content).toMatch(/second thread/);
    const listed = problems(one.result, root);
    expect(listed.filter((p) => / error /.test(p)).length).toBeGreaterThanOrEqual(5);
    expect(problems(two.result, root)).toEqual(listed);
    expect(two.result.diagnostics.map((d) => d.message)).toEqual(one.result.diagnostics.map((d) => d.message));
  }, 120_000);

  it('runs from the bundled CLI too, with the same output', async () => {
    const root = site();
    const bin = path.resolve(import.meta.dirname, '../../bin/docsgen');
    const run = (out: string, env: Record<string, string>) => spawnSync(process.execPath, [bin, 'build', '--root', root, '--no-cache', '--out', path.join(root, out)], { encoding: 'utf8', env: { ...process.env, ...env } });
    const on = run('on', {});
    expect(on.status, on.stderr).toBe(0);
    expect(on.stdout).toMatch(/[1-9]\d* rendered on a second thread/);
    const off = run('off', { DOCSGEN_WORKERS: '0' });
    expect(off.status, off.stderr).toBe(0);
    expect(snapshotFiles(path.join(root, 'on'))).toEqual(snapshotFiles(path.join(root, 'off')));
  }, 180_000);

  it('builds a large search index on a worker while the pages render, from the bundled CLI, with the same output', async () => {
    // 50 pages of 90 sections each: more records than INDEX_ON_WORKER_FROM.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-search-worker-'));
    roots.push(root);
    const files: Record<string, string> = {
      'docs-build.config.ts': "export default { title: 'Index', url: 'https://docs.example' };\n",
      'content/index.mdx': '---\ntitle: Home\n---\n\nStart with [the first part](/parts/part-0).\n',
    };
    for (let i = 0; i < 50; i++) {
      const sections = Array.from({ length: 90 }, (_, k) => `## Step ${i}.${k}\n\nThe capture ${k} of part ${i} updates the refund ${(i * 90 + k) % 97} when the webhook is confirmed.\n`);
      files[`content/parts/part-${i}.md`] = `---\ntitle: Part ${i}\nsidebar_position: ${i}\n---\n\nPart ${i} in ninety steps.\n\n${sections.join('\n')}`;
    }
    writeFiles(root, files);
    const bin = path.resolve(import.meta.dirname, '../../bin/docsgen');
    const run = (out: string, env: Record<string, string>) => spawnSync(process.execPath, [bin, 'build', '--root', root, '--no-cache', '--out', path.join(root, out)], { encoding: 'utf8', env: { ...process.env, ...env } });
    const on = run('on', {});
    expect(on.status, on.stderr).toBe(0);
    expect(on.stdout).toMatch(/search .* index made on a second thread/);
    const off = run('off', { DOCSGEN_WORKERS: '0' });
    expect(off.status, off.stderr).toBe(0);
    expect(off.stdout).not.toMatch(/second thread/);
    const index = JSON.parse(fs.readFileSync(path.join(root, 'on', 'search-index.json'), 'utf8')) as { documentCount: number };
    expect(index.documentCount).toBeGreaterThan(4000);
    expect(snapshotFiles(path.join(root, 'on'))).toEqual(snapshotFiles(path.join(root, 'off')));
  }, 180_000);
});

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteBuilder } from '../../packages/engine/src/node/index';
import { WriteBehind } from '../../packages/engine/src/node/emit/write-behind';
import { WRITER_FROM } from '../../packages/engine/src/node/emit/disk-sink';
import { snapshotFiles } from '../helpers/fixtures';

/*
 * A large site's files are written on a second thread, which creates each page's folder and files
 * while the pages compile (emit/write-behind.ts). The published site must be the one a single
 * thread writes, with nothing left of what was created ahead.
 */

const roots: string[] = [];
afterEach(() => {
  delete process.env.DOCSGEN_WORKERS;
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

/** A generated site of `pages` pages (bench/gen-pages.mjs: folders of 50). */
function generated(pages: number): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-writer-'));
  roots.push(root);
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../../bench/gen-pages.mjs'), root, String(pages)]);
  return root;
}

/** Empty files and folders under `dir` (the site has none of its own). */
function empties(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => (e.isDirectory() ? fs.readdirSync(path.join(e.parentPath, e.name)).length === 0 : e.isFile() && fs.statSync(path.join(e.parentPath, e.name)).size === 0))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe.skipIf(os.availableParallelism() < 2)('a build writing on a second thread', () => {
  it('publishes the site one thread writes, byte for byte, with nothing it created ahead left over', async () => {
    const root = generated(WRITER_FROM / 2 + 20);
    const started = WriteBehind.started;
    const threaded = await new SiteBuilder({ root, outDir: path.join(root, 'threaded'), noCache: true }).full();
    expect(threaded.diagnostics).toEqual([]);
    expect(WriteBehind.started).toBe(started + 1);
    process.env.DOCSGEN_WORKERS = '0';
    const single = await new SiteBuilder({ root, outDir: path.join(root, 'single'), noCache: true }).full();
    expect(single.ok).toBe(true);
    expect(WriteBehind.started).toBe(started + 1);
    const files = snapshotFiles(path.join(root, 'threaded'));
    expect(Object.keys(files!).length).toBeGreaterThan(WRITER_FROM);
    expect(files).toEqual(snapshotFiles(path.join(root, 'single')));
    expect(empties(fs.realpathSync(path.join(root, 'threaded')))).toEqual([]);
  });

  it('leaves no trace of the files it created for a build that then failed, and the previous site whole', async () => {
    const root = generated(WRITER_FROM / 2 + 20);
    const out = path.join(root, 'build');
    expect((await new SiteBuilder({ root, outDir: out, noCache: true }).full()).ok).toBe(true);
    const before = snapshotFiles(out);
    const store = path.join(root, '.build.docsgen');
    const versions = fs.readdirSync(store).sort();
    // Over a previous version nothing is created ahead; without one, the files are: a second output folder.
    fs.appendFileSync(path.join(root, 'content', 'section-003', 'page-170.mdx'), '\n<Broken\n');
    const fresh = path.join(root, 'fresh');
    const failed = await new SiteBuilder({ root, outDir: fresh, noCache: true }).full();
    expect(failed.ok).toBe(false);
    expect(failed.diagnostics[0]!.file).toContain('page-170.mdx');
    expect(fs.existsSync(fresh)).toBe(false);
    expect(fs.readdirSync(path.join(root, '.fresh.docsgen'))).toEqual(['docsgen-output-store']);
    expect(snapshotFiles(out)).toEqual(before);
    expect(fs.readdirSync(store).sort()).toEqual(versions);
  });

  it('starts no thread for a small site', async () => {
    const root = generated(40);
    const started = WriteBehind.started;
    expect((await new SiteBuilder({ root, outDir: path.join(root, 'build'), noCache: true }).full()).ok).toBe(true);
    expect(WriteBehind.started).toBe(started);
  });
});

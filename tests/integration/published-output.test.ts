import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DirCache } from '../../packages/engine/src/node/cache/dir-cache';
import { PayloadStore } from '../../packages/engine/src/node/build/payloads';
import { buildSite, copyFixture, readOut, snapshotFiles } from '../helpers/fixtures';

afterEach(() => vi.restoreAllMocks());

const output = (root: string) => snapshotFiles(path.join(root, 'build'));

/** The basic fixture built once with the cache (the published version the tests build over), and its output. */
async function published(): Promise<{ root: string; cold: ReturnType<typeof output> }> {
  const root = copyFixture('basic');
  expect((await buildSite(root, { noCache: false })).ok).toBe(true);
  return { root, cold: output(root) };
}

/**
 * A warm build keeps each unchanged page as the last build published it, unread: neither its HTML
 * from the render cache nor the published file is read (emit/output-record.ts). Only while the
 * published file is the very file that build wrote.
 */
describe('pages kept as published', () => {
  it('a warm build reads no rendered page and gives what a cold build gives', async () => {
    const { root, cold } = await published();
    const fromCache = vi.spyOn(DirCache.prototype, 'getRaw');
    const warm = await buildSite(root, { noCache: false });
    expect(warm.ok).toBe(true);
    expect(fromCache).not.toHaveBeenCalled();
    expect(output(root)).toEqual(cold);
    // and a build without the cache, which compares every file, gives the same
    expect((await buildSite(root, { noCache: true })).ok).toBe(true);
    expect(output(root)).toEqual(cold);
  });

  it('keeps the Markdown twins and llms-full.txt unmade while every page is unchanged, and remakes them after an edit', async () => {
    const { root, cold } = await published();
    const read = vi.spyOn(PayloadStore.prototype, 'get');
    const markdownReads = () => read.mock.calls.filter(([key]) => key.startsWith('markdown\0')).length;
    expect((await buildSite(root, { noCache: false })).ok).toBe(true);
    expect(markdownReads()).toBe(0);
    expect(output(root)).toEqual(cold);
    // One page edited: its twin and llms-full.txt say so, and equal what a build without the cache writes.
    const file = path.join(root, 'content/guide/setup.mdx');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('Use Homebrew.', 'Use Homebrew or MacPorts.'));
    expect((await buildSite(root, { noCache: false })).ok).toBe(true);
    expect(markdownReads()).toBeGreaterThan(0);
    expect(readOut(root, 'guide/setup.md')).toContain('MacPorts');
    expect(readOut(root, 'llms-full.txt')).toContain('MacPorts');
    const warm = output(root);
    expect((await buildSite(root, { noCache: true })).ok).toBe(true);
    expect(output(root)).toEqual(warm);
  });

  it('a published page edited in place, or replaced, is written again as the sources say', async () => {
    const { root, cold } = await published();
    const home = readOut(root, 'index.html');
    const edited = path.join(root, 'build/index.html');
    fs.writeFileSync(edited, home.replace('</body>', '<script>edited()</script></body>'));
    const replaced = path.join(root, 'build/guide/index.html');
    const guide = fs.readFileSync(replaced, 'utf8');
    fs.rmSync(replaced);
    fs.writeFileSync(replaced, guide.replace('</body>', '<script>forged()</script></body>'));
    expect((await buildSite(root, { noCache: false })).ok).toBe(true);
    expect(readOut(root, 'index.html')).toBe(home);
    expect(readOut(root, 'guide/index.html')).toBe(guide);
    expect(output(root)).toEqual(cold);
  });
});

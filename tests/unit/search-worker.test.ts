import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SearchIndexBuilder, type SearchRecord } from '../../packages/engine/src/node/search/build-search-index';
import { INDEX_PIECE_CHARS, PIECES_AHEAD, SearchIndexWorker } from '../../packages/engine/src/node/workers/search-pool';

/*
 * The local search index is built on a worker thread while the pages render, and read back
 * synchronously, piece by piece, as the output writes it (workers/search-pool.ts). It must be the
 * index the main thread makes, byte for byte, and a worker that cannot load must cost neither the
 * index nor a long wait.
 */

const WORDS = ['capture', 'refund', 'payment', 'webhook', 'token', 'currency', 'terminal', 'merchant', 'checkout', 'payout'];

/** `n` records of several hundred characters each, in route order, as the build makes them. */
function records(n: number): SearchRecord[] {
  return Array.from({ length: n }, (_, i) => {
    const word = (k: number) => `${WORDS[(i * 7 + k) % WORDS.length]}${(i * 31 + k) % 97}`;
    const route = `/section-${Math.floor(i / 50)}/page-${i}`;
    return {
      objectID: `${route}#part-${i}`,
      url: `${route}#part-${i}`,
      type: 'content',
      hierarchy: { lvl0: 'Guides', lvl1: `Page ${i}`, lvl2: `About ${word(1)}`, lvl3: i % 3 ? null : `Edge ${word(2)}`, lvl4: null, lvl5: null, lvl6: null },
      content: Array.from({ length: 60 }, (_, k) => word(k)).join(' '),
    };
  });
}

const here = (list: SearchRecord[]): string => {
  const builder = new SearchIndexBuilder();
  for (const record of list) builder.add(record);
  return builder.json();
};

const bundleDir = process.env.DOCSGEN_BUNDLE_DIR;
afterEach(() => {
  if (bundleDir === undefined) delete process.env.DOCSGEN_BUNDLE_DIR;
  else process.env.DOCSGEN_BUNDLE_DIR = bundleDir;
  delete process.env.DOCSGEN_WORKERS;
});

describe('the search index on a worker thread', () => {
  it('is the index this thread makes, byte for byte, read in bounded pieces', () => {
    const list = records(4000);
    const expected = here(list);
    // Enough JSON for more pieces than may wait between the threads.
    expect(expected.length).toBeGreaterThan(INDEX_PIECE_CHARS * (PIECES_AHEAD + 2));
    const worker = SearchIndexWorker.start();
    expect(worker).not.toBeNull();
    for (const record of list) worker!.add(record);
    const pieces = [...worker!.jsonParts(() => {
      throw new Error('made on this thread');
    })];
    expect(worker!.served).toBe(true);
    expect(pieces.length).toBeGreaterThan(PIECES_AHEAD + 2);
    expect(pieces.join('')).toBe(expected);
  }, 60_000);

  it('leaves the index to this thread, at once, when the worker cannot load its program', () => {
    const list = records(50);
    // The bundled CLI's folder, without the worker's module in it.
    process.env.DOCSGEN_BUNDLE_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-no-bundle-'));
    const worker = SearchIndexWorker.start()!;
    for (const record of list) worker.add(record);
    const start = performance.now();
    const json = [...worker.jsonParts(() => [here(list)])].join('');
    expect(worker.served).toBe(false);
    expect(json).toBe(here(list));
    expect(performance.now() - start).toBeLessThan(10_000);
  }, 30_000);

  it('is not started with one thread (DOCSGEN_WORKERS=0)', () => {
    process.env.DOCSGEN_WORKERS = '0';
    expect(SearchIndexWorker.start()).toBeNull();
  });
});

import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { fontToolsHere } from '../../packages/engine/src/node/font/font-tools';
import { FontWorker } from '../../packages/engine/src/node/workers/font-pool';

const require = createRequire(import.meta.url);
const inter = fs.readFileSync(require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'));
const axis = { min: 400, max: 700 };

describe('the font worker', () => {
  it('subsets and measures on its thread exactly as this thread does, and ends with close', async () => {
    const worker = new FontWorker();
    const here = fontToolsHere();
    try {
      const options = { targetFormat: 'woff2' as const, noLayoutClosure: true, variationAxes: { wght: axis } };
      const [there, local] = await Promise.all([worker.subset(inter, 'Get started', options), here.subset(inter, 'Get started', options)]);
      expect(Buffer.compare(there, local)).toBe(0);
      const texts: Array<[number, string]> = [[500, 'Get started'], [600, 'API & SDK']];
      expect([...(await worker.widths(inter, texts, axis))]).toEqual([...(await here.widths(inter, texts, axis))]);
      expect(worker.served).toBe(2);
    } finally {
      worker.close();
    }
    // closed: what is asked after is done on this thread
    const after = await worker.subset(inter, 'x', { targetFormat: 'truetype' });
    expect(after.length).toBeGreaterThan(0);
    expect(worker.served).toBe(2);
  }, 60_000);
});

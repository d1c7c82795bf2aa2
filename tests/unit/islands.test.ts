import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIslands } from '../../packages/engine/src/node/client-build/build-islands';

const repo = path.resolve(import.meta.dirname, '../..');

// The loader used to poll React's private `__reactProps…` element property to know when a click
// could be replayed; it now waits for the promise the island entry resolves from a layout effect
// (public React API). The click replay itself is covered by tests/browser/behaviours.test.ts.
describe('island loader', () => {
  it('reads no React-private property, in the loader or in any island entry', async () => {
    expect(fs.readFileSync(path.join(repo, 'packages/engine/src/client/islands.ts'), 'utf8')).not.toContain('__react');
    const { files } = await buildIslands(path.join(repo, 'templates'));
    const entries = [...files].filter(([file]) => /island-[^/]+\.js$/.test(file));
    expect(entries.length).toBeGreaterThan(0);
    for (const [, code] of entries) {
      expect(code).not.toContain('__react');
      expect(code).toMatch(/export\s*\{[^}]*as default/);
    }
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite, copyFixture, readOut, writeFiles } from '../helpers/fixtures';

describe('the persistent build cache', () => {
  it('reuses compiled pages and code, and invalidates a page when a partial it includes changes', async () => {
    const root = copyFixture('basic');
    writeFiles(root, {
      'content/partials/_note.mdx': 'Shared note, version one.\n',
      'content/guide/shared.mdx': '---\ntitle: Shared\ndescription: Uses a partial.\n---\n\n<Include file="partials/_note.mdx" />\n',
    });
    const first = await buildSite(root, { noCache: false });
    expect(first.ok).toBe(true);
    expect(fs.existsSync(path.join(root, '.docsgen/page-cache.json'))).toBe(true);
    expect(readOut(root, 'guide/shared/index.html')).toContain('Shared note, version one.');

    writeFiles(root, { 'content/partials/_note.mdx': 'Shared note, version two.\n' });
    const second = await buildSite(root, { noCache: false });
    expect(second.ok).toBe(true);
    expect(readOut(root, 'guide/shared/index.html')).toContain('Shared note, version two.');
    expect(readOut(root, 'guide/setup/index.html')).toContain('class="t-keyword"');
  });

  it('never caches a page with problems', async () => {
    const root = copyFixture('basic');
    writeFiles(root, { 'content/guide/broken.mdx': '---\ntitle: B\ndescription: d\n---\n\n![missing](./missing.png)\n' });
    expect((await buildSite(root, { noCache: false })).ok).toBe(false);
    fs.copyFileSync(path.join(root, 'docs-build.config.ts'), path.join(root, 'content/guide/missing.png'));
    const fixed = await buildSite(root, { noCache: false });
    expect(fixed.ok).toBe(true);
    expect(readOut(root, 'guide/broken/index.html')).toMatch(/src="\/assets\/missing\.[0-9a-f]{10}\.png"/);
  });
});

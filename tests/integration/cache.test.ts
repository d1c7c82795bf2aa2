import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SiteBuilder } from '../../packages/engine/src/node/index';
import { buildSite, copyFixture, readOut, snapshotFiles, writeFiles } from '../helpers/fixtures';

describe('the persistent build cache', () => {
  it('reuses compiled pages and code, and invalidates a page when a partial it includes changes', async () => {
    const root = copyFixture('basic');
    writeFiles(root, {
      'content/partials/_note.mdx': 'Shared note, version one.\n',
      'content/guide/shared.mdx': '---\ntitle: Shared\ndescription: Uses a partial.\n---\n\n<Include file="partials/_note.mdx" />\n',
    });
    const first = await buildSite(root, { noCache: false });
    expect(first.ok).toBe(true);
    // One small file per entry, never one big string: a page per compiled page, one per rendered route.
    expect(fs.readdirSync(path.join(root, '.docsgen/v4/pages')).length).toBe(first.graph!.routes.filter((r) => first.graph!.pages[r]!.contentFile).length);
    expect(fs.readdirSync(path.join(root, '.docsgen/v4/render')).length).toBe(first.graph!.routes.length);
    expect(readOut(root, 'guide/shared/index.html')).toContain('Shared note, version one.');

    writeFiles(root, { 'content/partials/_note.mdx': 'Shared note, version two.\n' });
    const second = await buildSite(root, { noCache: false });
    expect(second.ok).toBe(true);
    expect(readOut(root, 'guide/shared/index.html')).toContain('Shared note, version two.');
    expect(readOut(root, 'guide/setup/index.html')).toContain('class="t-keyword"');
  });

  it('keeps each API page as its own entry, and a warm build gives the same files as a cold one', async () => {
    const root = copyFixture('api');
    const cold = await buildSite(root, { noCache: false });
    expect(cold.ok).toBe(true);
    const apiRoutes = cold.graph!.routes.filter((r) => r.startsWith('/api'));
    // One entry per API page and one for the rest (sidebar, schemas, diagnostics, the routes).
    expect(fs.readdirSync(path.join(root, '.docsgen/v4/api')).length).toBe(apiRoutes.length + 1);
    const before = snapshotFiles(path.join(root, 'build'));
    fs.rmSync(path.join(root, '.docsgen/v4/render'), { recursive: true });
    const lines: string[] = [];
    const warm = await new SiteBuilder({ root, logger: { info: (m) => lines.push(m), warn: () => {} } }).full();
    expect(warm.ok).toBe(true);
    expect(lines.find((l) => l.trim().startsWith('render'))).toMatch(new RegExp(`${cold.graph!.routes.length} pages \\(0 from cache\\)`));
    expect(snapshotFiles(path.join(root, 'build'))).toEqual(before);
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

  it('reuses rendered pages and the search files only while everything they come from is unchanged', async () => {
    const root = copyFixture('basic');
    const lines: string[] = [];
    const build = () => new SiteBuilder({ root, noCache: false, logger: { info: (m) => lines.push(m), warn: () => {} } }).full();
    const stage = (name: string) => lines.filter((l) => l.trimStart().startsWith(`${name} `)).at(-1) ?? '';
    expect((await build()).ok).toBe(true);
    const pages = (await build()).graph!.routes.length;
    expect(stage('render')).toContain(`0 pages (${pages} from cache)`);
    expect(stage('search')).toContain('from cache');
    const before = readOut(root, 'guide/index.html');

    // One page's text: that page is rendered again, the search files are rebuilt and find the edit.
    const file = path.join(root, 'content/guide/setup.mdx');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('Use Homebrew.', 'Use Homebrew or MacPorts.'));
    expect((await build()).ok).toBe(true);
    expect(stage('render')).toMatch(/^\s*render\s+\S+ \S+\s+1 pages/);
    expect(stage('search')).not.toContain('from cache');
    expect(readOut(root, 'search-records.json')).toContain('MacPorts');
    expect(readOut(root, 'guide/index.html')).toBe(before);

    // Something every page shows (the site title): every page is rendered again.
    const config = path.join(root, 'docs-build.config.ts');
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace(/title: '([^']+)'/, "title: '$1 renamed'"));
    expect((await build()).ok).toBe(true);
    expect(stage('render')).toContain(`${pages} pages (0 from cache)`);
    expect(readOut(root, 'guide/index.html')).toContain('renamed');
  });
});

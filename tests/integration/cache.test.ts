import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SiteBuilder } from '../../packages/engine/src/node/index';
import { buildSite, copyFixture, problems, readOut, snapshotFiles, writeFiles } from '../helpers/fixtures';

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

  it('reuses a compiled page only while the highlight cache still holds its code blocks', async () => {
    const root = copyFixture('basic');
    const cold = await buildSite(root, { noCache: false });
    expect(cold.ok).toBe(true);
    const before = snapshotFiles(path.join(root, 'build'));
    expect(readOut(root, 'guide/setup/index.html')).toContain('class="t-keyword"');
    // A compiled page keeps its blocks' keys, not their HTML: with the blocks gone (and the rendered
    // pages and the record of the published ones, so that every page renders again), the pages with
    // code are compiled again.
    fs.rmSync(path.join(root, '.docsgen/v4/highlight'), { recursive: true });
    fs.rmSync(path.join(root, '.docsgen/v4/render'), { recursive: true });
    fs.rmSync(path.join(root, '.docsgen/v4/outputs'), { recursive: true });
    const lines: string[] = [];
    const warm = await new SiteBuilder({ root, logger: { info: (m) => lines.push(m), warn: () => {} } }).full();
    expect(warm.ok).toBe(true);
    const content = lines.find((l) => l.trim().startsWith('content')) ?? '';
    const pages = Number(/(\d+) pages/.exec(content)?.[1]);
    const reused = Number(/\((\d+) from cache\)/.exec(content)?.[1]);
    expect(reused).toBeGreaterThan(0);
    expect(reused).toBeLessThan(pages);
    expect(snapshotFiles(path.join(root, 'build'))).toEqual(before);
  });

  it('keeps each API page as its own entry, and a warm build gives the same files as a cold one', async () => {
    const root = copyFixture('api');
    const cold = await buildSite(root, { noCache: false });
    expect(cold.ok).toBe(true);
    const apiRoutes = cold.graph!.routes.filter((r) => r.startsWith('/api'));
    // One entry per API page and one for the rest (sidebar, schemas, diagnostics, the routes).
    expect(fs.readdirSync(path.join(root, '.docsgen/v4/api')).length).toBe(apiRoutes.length + 1);
    const before = snapshotFiles(path.join(root, 'build'));
    // Every page renders again from the entries: none from the rendered pages, none kept as published.
    fs.rmSync(path.join(root, '.docsgen/v4/render'), { recursive: true });
    fs.rmSync(path.join(root, '.docsgen/v4/outputs'), { recursive: true });
    const lines: string[] = [];
    const warm = await new SiteBuilder({ root, logger: { info: (m) => lines.push(m), warn: () => {} } }).full();
    expect(warm.ok).toBe(true);
    expect(lines.find((l) => l.trim().startsWith('render'))).toMatch(new RegExp(`${cold.graph!.routes.length} pages \\(0 from cache\\)`));
    expect(snapshotFiles(path.join(root, 'build'))).toEqual(before);
  });

  it('keeps the spec examples’ verdicts with the API pages: a warm build reports them without checking again', async () => {
    const root = copyFixture('api');
    const spec = path.join(root, 'specs/payments.yaml');
    fs.writeFileSync(spec, fs.readFileSync(spec, 'utf8').replace('example: 0b6a3c1e-7d2f-4a8b-9c5e-1f2a3b4c5d6e', 'example: 0b6a3c1e7d2f4a8b9c5e1f2a3b4c5d6e'));
    const config = path.join(root, 'docs-build.config.ts');
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace("title: 'api fixture',", "title: 'api fixture',\n  checks: { codeSamples: 'warn' },"));
    const mismatches = (built: Awaited<ReturnType<typeof buildSite>>) => built.diagnostics.filter((d) => d.code === 'SpecExampleMismatch').map((d) => `${d.severity} ${d.line}:${d.column} ${d.message}`);
    const cold = await buildSite(root, { noCache: false });
    expect(cold.ok).toBe(true);
    const line = fs.readFileSync(spec, 'utf8').split('\n').findIndex((l) => l.includes('0b6a3c1e7d2f4a8b9c5e1f2a3b4c5d6e')) + 1;
    expect(mismatches(cold)).toEqual([expect.stringMatching(new RegExp(`^warning ${line}:\\d+ .*must match format "uuid"`))]);
    // The verdicts are in the API cache's index, written once they are known: a warm build takes
    // them from there (its pages from the cache too), and reports them the same.
    const folder = path.join(root, '.docsgen/v4/api');
    const index = fs.readdirSync(folder).map((f) => path.join(folder, f)).find((f) => fs.readFileSync(f, 'utf8').startsWith('{"index"'))!;
    expect(JSON.parse(fs.readFileSync(index, 'utf8')).index.exampleProblems).toHaveLength(1);
    const warm = await buildSite(root, { noCache: false });
    expect(warm.ok).toBe(true);
    expect(mismatches(warm)).toEqual(mismatches(cold));
    // What the warm build reports is the cache's verdict (marked here), not a new check.
    fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replace('must match format', 'must (cached) match format'));
    expect(mismatches(await buildSite(root, { noCache: false }))).toEqual([expect.stringContaining('must (cached) match format "uuid"')]);
  });

  it('keeps a watch session’s rendered pages apart: a build after serve --watch still finds its own', async () => {
    const root = copyFixture('basic');
    const lines: string[] = [];
    const logger = { info: (m: string) => lines.push(m), warn: () => {} };
    const renderLine = () => lines.filter((l) => l.trimStart().startsWith('render ')).at(-1) ?? '';
    const first = await new SiteBuilder({ root, noCache: false, logger }).full();
    expect(first.ok).toBe(true);
    const pages = first.graph!.routes.length;
    // A watch session (with its live-reload script) renders every page for itself, in its own folder…
    const watch = new SiteBuilder({ root, noCache: false, logger, outDir: path.join(root, 'served'), devScript: 'void 0' });
    expect((await watch.full()).ok).toBe(true);
    expect(renderLine()).toContain(`${pages} pages (0 from cache)`);
    expect(fs.readdirSync(path.join(root, '.docsgen/v4/render-watch'))).toHaveLength(pages);
    // …and the next build finds every page it rendered before.
    expect((await new SiteBuilder({ root, noCache: false, logger }).full()).ok).toBe(true);
    expect(renderLine()).toContain(`0 pages (${pages} from cache)`);
    expect(lines.filter((l) => l.trimStart().startsWith('search ')).at(-1)).toContain('from cache');
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

  it("checks a page taken from the render cache by its stored facts, the same as the page's HTML says", async () => {
    // `main` is an id only the layout writes (no heading has it): only the page's HTML knows it.
    const root = copyFixture('basic');
    const index = path.join(root, 'content/guide/index.mdx');
    fs.writeFileSync(index, `${fs.readFileSync(index, 'utf8')}\nSee [the layout's main](/guide/setup#main) and [nothing](/guide/setup#no-such-id).\n`);
    const lines: string[] = [];
    const build = () => new SiteBuilder({ root, noCache: false, logger: { info: (m) => lines.push(m), warn: () => {} } }).full();
    const anchors = (result: Awaited<ReturnType<typeof build>>) => result.diagnostics.filter((d) => d.code === 'DeadAnchor').map((d) => d.message);
    const cold = await build();
    expect(anchors(cold)).toEqual(['link to a missing anchor: /guide/setup#no-such-id']);
    const pages = cold.graph!.routes.length;
    const facts = path.join(root, '.docsgen/v4/facts');
    expect(fs.readdirSync(facts)).toHaveLength(pages);
    const warm = await build();
    expect(lines.filter((l) => l.trimStart().startsWith('render ')).at(-1)).toContain(`0 pages (${pages} from cache)`);
    expect(anchors(warm)).toEqual(anchors(cold));
    // Without their facts, cached pages are read and their facts made again, to the same problems.
    fs.rmSync(facts, { recursive: true });
    expect(anchors(await build())).toEqual(anchors(cold));
    expect(fs.readdirSync(facts)).toHaveLength(pages);
  });

  /** The entries of one of the cache's folders, each with when it was written. */
  const entries = (root: string, name: string) => {
    const dir = path.join(root, '.docsgen/v4', name);
    return Object.fromEntries(fs.readdirSync(dir).map((f) => [f, fs.statSync(path.join(dir, f)).mtimeMs]));
  };

  it('checks each request example once, and again when the example or its operation\'s schema changes', async () => {
    const root = copyFixture('api');
    const page = path.join(root, 'content/index.mdx');
    fs.appendFileSync(page, '\n```json operation=capture-payment\n{\n  "amount": "5000",\n  "reference": "order-1"\n}\n```\n');
    const lines = (result: Awaited<ReturnType<typeof buildSite>>) => result.diagnostics.map((d) => `${path.relative(root, d.file)}:${d.line}:${d.column} ${d.code} ${d.message}`);
    const cold = await buildSite(root, { noCache: false });
    expect(lines(cold)).toEqual(['content/index.mdx:19:3 SampleMismatch the capture-payment request example does not match the API: /amount must be integer']);
    // One verdict per example (the fixture's own, and this one); a warm build reports the same, writing none.
    const written = entries(root, 'samples');
    expect(Object.keys(written)).toHaveLength(2);
    expect(lines(await buildSite(root, { noCache: false }))).toEqual(lines(cold));
    expect(entries(root, 'samples')).toEqual(written);

    // The example changes: checked again.
    fs.writeFileSync(page, fs.readFileSync(page, 'utf8').replace('"amount": "5000"', '"amount": 5000'));
    expect(lines(await buildSite(root, { noCache: false }))).toEqual([]);
    // Its operation's schema changes: checked again.
    const spec = path.join(root, 'specs/payments.yaml');
    fs.writeFileSync(spec, fs.readFileSync(spec, 'utf8').replace('amount: { type: integer, description: Amount in minor units., minimum: 1 }', 'amount: { type: integer, description: Amount in minor units., minimum: 10000 }'));
    expect(lines(await buildSite(root, { noCache: false })).filter((l) => l.includes(' SampleMismatch '))).toEqual([
      'content/index.mdx:12:3 SampleMismatch the capture-payment request example does not match the API: /amount must be >= 10000',
      'content/index.mdx:19:3 SampleMismatch the capture-payment request example does not match the API: /amount must be >= 10000',
    ]);
  });

  it('keeps the parser\'s verdict on the spec by its text: a copy of the site elsewhere does not validate it again, and places its problems in its own spec', async () => {
    const root = copyFixture('api');
    const spec = path.join(root, 'specs/payments.yaml');
    fs.writeFileSync(spec, fs.readFileSync(spec, 'utf8').replace('operationId: listTransactions', 'operationId: capturePayment'));
    const invalid = (result: Awaited<ReturnType<typeof buildSite>>, at: string) => result.diagnostics.filter((d) => d.code === 'SpecInvalid').map((d) => `${path.relative(at, d.file)}:${d.line} ${d.message}`);
    const cold = await buildSite(root, { noCache: false });
    expect(invalid(cold, root)).toEqual([expect.stringMatching(/^specs\/payments\.yaml:72 .*capturePayment.*must be made unique/)]);
    const verdicts = path.join(root, '.docsgen/v4/spec-verdicts');
    const [entry, ...more] = fs.readdirSync(verdicts);
    expect(more).toEqual([]);
    // Marked, so that a build that reports the mark took the verdict from the cache.
    fs.writeFileSync(path.join(verdicts, entry!), fs.readFileSync(path.join(verdicts, entry!), 'utf8').replace('must be made unique', 'must be made unique (cached)'));
    const copy = copyFixture('api');
    fs.rmSync(copy, { recursive: true });
    fs.cpSync(root, copy, { recursive: true, verbatimSymlinks: true });
    const again = await buildSite(copy, { noCache: false });
    expect(again.ok).toBe(false);
    expect(invalid(again, copy)).toEqual(invalid(cold, root).map((l) => l.replace('must be made unique', 'must be made unique (cached)')));
    expect(again.diagnostics.find((d) => d.code === 'SpecInvalid')!.file).toBe(path.join(copy, 'specs/payments.yaml'));
    // A changed spec is validated again, and only its verdict is kept.
    fs.writeFileSync(path.join(copy, 'specs/payments.yaml'), fs.readFileSync(path.join(copy, 'specs/payments.yaml'), 'utf8').replace('operationId: capturePayment\n      tags: [Payments]\n      summary: List transactions', 'operationId: listTransactions\n      tags: [Payments]\n      summary: List transactions'));
    const fixed = await buildSite(copy, { noCache: false });
    expect(invalid(fixed, copy)).toEqual([]);
    expect(fixed.ok).toBe(true);
    expect(fs.readdirSync(path.join(copy, '.docsgen/v4/spec-verdicts'))).toHaveLength(1);
  });

  it('checks each published SVG once, and again when it changes', async () => {
    const root = copyFixture('basic');
    const drawing = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>\n';
    writeFiles(root, { 'static/logo.svg': drawing, 'static/mark.svg': drawing });
    expect((await buildSite(root, { noCache: false })).ok).toBe(true);
    const written = entries(root, 'svg');
    expect(Object.keys(written)).toHaveLength(2);
    expect((await buildSite(root, { noCache: false })).ok).toBe(true);
    expect(entries(root, 'svg')).toEqual(written);

    writeFiles(root, { 'static/mark.svg': '<svg xmlns="http://www.w3.org/2000/svg">\n  <rect onclick="alert(1)" width="10" height="10"/>\n</svg>\n' });
    const unsafe = await buildSite(root, { noCache: false });
    expect(problems(unsafe, root)).toEqual(['static/mark.svg:2:3 error UnsafeSvg']);
    // Still refused from the cache, and published again once it is a drawing.
    expect(problems(await buildSite(root, { noCache: false }), root)).toEqual(['static/mark.svg:2:3 error UnsafeSvg']);
    writeFiles(root, { 'static/mark.svg': drawing });
    expect((await buildSite(root, { noCache: false })).ok).toBe(true);
    expect(Object.keys(entries(root, 'svg'))).toHaveLength(2);
  });
});

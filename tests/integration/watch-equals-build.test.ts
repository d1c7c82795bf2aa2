import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SiteBuilder, type BuildResult } from '../../packages/engine/src/node/index';
import { serve } from '../../packages/engine/src/node/dev/serve';
import { DEV_CLIENT_SCRIPT } from '../../packages/engine/src/node/dev/dev-client';
import { silentLogger } from '../../packages/engine/src/node/task';
import { copyFixture, snapshotFiles, writeFiles } from '../helpers/fixtures';

/** Every file of an output folder (through its link) → hash of its bytes. */
const snapshot = (dir: string): Record<string, string> => snapshotFiles(dir) ?? {};

interface ColdBuild {
  ok: boolean;
  /** The diagnostics' codes, sorted. */
  codes: string[];
  files: Record<string, string>;
}

/**
 * Cold builds by the site's sources (every file but the output and the caches): the replays of
 * SEQUENCE with the cache and without it pass through the same states of the same fixture, and
 * a site's output does not depend on the folder it is in.
 */
const coldBuilds = new Map<string, Promise<ColdBuild>>();

/** A cold build of the site's files as they are now, with the same dev script, into a fresh folder. */
function coldBuild(root: string): Promise<ColdBuild> {
  const sources = JSON.stringify(Object.entries(snapshotFiles(root, (name) => /^(build|\.build\.docsgen|\.docsgen)$/.test(name)) ?? {}).sort());
  let cold = coldBuilds.get(sources);
  if (!cold) {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-cold-')), 'out');
    cold = new SiteBuilder({ root, outDir: out, noCache: true, devScript: DEV_CLIENT_SCRIPT }).full().then((result) => ({ ok: result.ok, codes: result.diagnostics.map((d) => d.code).sort(), files: result.ok ? snapshot(out) : {} }));
    coldBuilds.set(sources, cold);
  }
  return cold;
}

type Step = { name: string; write?: Record<string, string>; remove?: string[]; rename?: Array<[string, string]> };

const page = (title: string, body: string) => `---\ntitle: ${title}\ndescription: ${title} page.\n---\n\n${body}\n`;

/**
 * Applies each step's edits, rebuilds through the watch path (`update`), and holds the served
 * folder to a cold build of the same files: identical when the files build, untouched when not.
 */
async function replay(root: string, steps: Step[], options: { noCache: boolean }): Promise<void> {
  const out = path.join(root, 'build');
  const builder = new SiteBuilder({ root, noCache: options.noCache, devScript: DEV_CLIENT_SCRIPT });
  expect((await builder.full()).ok).toBe(true);
  for (const step of steps) {
    const before = snapshot(out);
    const changed: string[] = [];
    for (const file of step.remove ?? []) fs.rmSync(path.join(root, file), { force: true, recursive: true });
    for (const [from, to] of step.rename ?? []) {
      fs.mkdirSync(path.dirname(path.join(root, to)), { recursive: true });
      fs.renameSync(path.join(root, from), path.join(root, to));
      changed.push(from, to);
    }
    writeFiles(root, step.write ?? {});
    changed.push(...(step.remove ?? []), ...Object.keys(step.write ?? {}));
    const rebuilt = await builder.update(changed.map((f) => path.join(root, f)));
    await builder.settled(); // the search files a rebuild writes right after the reload
    const cold = await coldBuild(root);
    expect(rebuilt.ok, `${step.name}: the rebuild succeeds exactly when a cold build does`).toBe(cold.ok);
    if (cold.ok) expect(snapshot(out), step.name).toEqual(cold.files);
    else {
      expect(snapshot(out), `${step.name}: a failed rebuild leaves the served site as it was`).toEqual(before);
      expect(rebuilt.diagnostics.map((d) => d.code).sort(), step.name).toEqual(cold.codes);
    }
  }
}

const SEQUENCE: Step[] = [
  { name: 'add a page', write: { 'content/guide/new.mdx': page('New', 'Fresh text. See [setup](./setup).') } },
  { name: 'edit it', write: { 'content/guide/new.mdx': page('Newer', 'Edited text.') } },
  { name: 'rename it', rename: [['content/guide/new.mdx', 'content/guide/renamed.mdx']] },
  { name: 'link to the new name', write: { 'content/index.mdx': page('Home', 'Go to [renamed](/guide/renamed).') } },
  { name: 'delete a page others link to (fails)', remove: ['content/guide/renamed.mdx'] },
  { name: 'restore it', write: { 'content/guide/renamed.mdx': page('Back', 'Back again.') } },
  { name: 'delete the link, then the page', write: { 'content/index.mdx': page('Home', 'Home again.') }, remove: ['content/guide/renamed.mdx'] },
  { name: 'add a partial and include it', write: { 'content/partials/_note.mdx': 'A shared note.\n', 'content/guide/inc.mdx': page('Inc', '<Include file="partials/_note.mdx" />') } },
  { name: 'edit the partial', write: { 'content/partials/_note.mdx': 'The shared note, edited.\n' } },
  { name: 'delete the partial (fails)', remove: ['content/partials/_note.mdx'] },
  { name: 'restore the partial', write: { 'content/partials/_note.mdx': 'Restored note.\n' } },
  { name: 'add an image', write: { 'content/guide/pic.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 20"></svg>', 'content/guide/inc.mdx': page('Inc', '![A picture](./pic.svg)') } },
  { name: 'change the image', write: { 'content/guide/pic.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 20"></svg>' } },
  { name: 'delete the image (fails)', remove: ['content/guide/pic.svg'] },
  { name: 'drop the image', write: { 'content/guide/inc.mdx': page('Inc', 'No picture.') } },
  { name: 'a category file', write: { 'content/guide/_category_.yml': 'label: The guide\nposition: 1\n' } },
  { name: 'a broken category file (fails)', write: { 'content/guide/_category_.yml': 'label: [unclosed\n' } },
  { name: 'fix the category file', write: { 'content/guide/_category_.yml': 'label: Guide again\n' } },
  { name: 'a static file', write: { 'static/robots-extra.txt': 'hello\n' } },
  { name: 'delete the static file', remove: ['static/robots-extra.txt'] },
  { name: 'move the config away', rename: [['docs-build.config.ts', 'config.bak']] },
  { name: 'restore the config', rename: [['config.bak', 'docs-build.config.ts']] },
  {
    name: 'a burst: several pages at once',
    write: { 'content/a.mdx': page('A', 'a'), 'content/b.mdx': page('B', 'b'), 'content/guide/setup.mdx': page('Set up', 'Rewritten.') },
    remove: ['content/guide/inc.mdx'],
  },
];

/** A replay is a dozen edits, each built by the watch session and cold: minutes on a loaded machine, not a hang. */
const REPLAY_TIMEOUT = 240_000;

describe('watch equals build', () => {
  it('after every edit the served folder equals a cold build of the same files (persistent cache on)', async () => {
    await replay(copyFixture('basic'), SEQUENCE, { noCache: false });
  }, REPLAY_TIMEOUT);

  it('the same with --no-cache (the session remembers in memory only)', async () => {
    await replay(copyFixture('basic'), SEQUENCE, { noCache: true });
  }, REPLAY_TIMEOUT);

  it('spec edits, deletion and restore', async () => {
    const root = copyFixture('api');
    const spec = fs.readFileSync(path.join(root, 'specs/payments.yaml'), 'utf8');
    await replay(root, [
      { name: 'edit a summary', write: { 'specs/payments.yaml': spec.replace('summary: List transactions', 'summary: List every transaction') } },
      { name: 'break the spec (fails)', write: { 'specs/payments.yaml': `${spec}\n  : [` } },
      { name: 'restore it', write: { 'specs/payments.yaml': spec } },
    ], { noCache: false });
  }, REPLAY_TIMEOUT);

  it('through serve --watch and the file watcher: a deleted page stops being served and leaves the sidebar', async () => {
    const root = copyFixture('basic');
    writeFiles(root, { 'content/guide/gone.mdx': page('Gone soon', 'Short-lived.') });
    const results: BuildResult[] = [];
    const server = await serve({ root, port: 0, host: '127.0.0.1', watch: true, logger: silentLogger, onRebuild: (r) => results.push(r) });
    try {
      expect((await fetch(`${server.url}/guide/gone`)).status).toBe(200);
      fs.rmSync(path.join(root, 'content/guide/gone.mdx'));
      const deadline = Date.now() + 20_000;
      while (!results.some((r) => r.ok) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(results.at(-1)?.ok).toBe(true);
      expect((await fetch(`${server.url}/guide/gone`)).status).toBe(404);
      expect(await (await fetch(`${server.url}/guide`)).text()).not.toContain('Gone soon');
      // A later edit still builds (the deleted page left nothing behind that fails the build).
      const setup = path.join(root, 'content/guide/setup.mdx');
      fs.appendFileSync(setup, '\nAfter the deletion.\n');
      const count = results.length;
      while (results.length === count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(results.at(-1)?.ok).toBe(true);
      expect(await (await fetch(`${server.url}/guide/setup`)).text()).toContain('After the deletion.');
    } finally {
      await server.close();
    }
  });
});

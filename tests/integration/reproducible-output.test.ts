import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite, copyFixture, snapshotFiles } from '../helpers/fixtures';

const cli = path.resolve(import.meta.dirname, '../../bin/docsgen');

/** This checkout's compiled CLIs (bin/launch.mjs names the checkout in each one's package.json). */
function ownBundles(): string[] {
  const cache = path.resolve(cli, '../../node_modules/.cache/docsgen');
  const repo = path.resolve(cli, '../..');
  return fs
    .readdirSync(cache)
    .map((d) => path.join(cache, d))
    .filter((dir) => fs.existsSync(path.join(dir, 'package.json')) && JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).source === repo);
}

/** A cold build of `root` into `out` by the CLI, run from the folder `cwd`. */
function buildFrom(cwd: string, root: string, out: string): void {
  const run = spawnSync(process.execPath, [cli, 'build', '--root', root, '--out', out, '--no-cache'], { cwd, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
}

describe('the output', () => {
  it('is the same whichever folder docsgen runs from, and from the CLI as from the sources', async () => {
    const site = copyFixture('basic');
    const outs = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-reproducible-'));
    try {
      // From the temp folder, then from the site itself: esbuild named the scripts after paths relative to the process's folder.
      buildFrom(os.tmpdir(), site, path.join(outs, 'a'));
      buildFrom(site, site, path.join(outs, 'b'));
      const a = snapshotFiles(path.join(outs, 'a'));
      const b = snapshotFiles(path.join(outs, 'b'));
      expect(Object.keys(a ?? {}).some((file) => /^assets\/docsgen\.\w+\.js$/.test(file))).toBe(true);
      expect(b).toEqual(a);
      // The CLI took the default theme's bundles made with it (client-build/prebuilt-theme.ts); a
      // build from the sources makes them with esbuild: the same files.
      expect(ownBundles().some((dir) => fs.existsSync(path.join(dir, 'theme.json')))).toBe(true);
      const result = await buildSite(site);
      expect(result.diagnostics).toEqual([]);
      expect(snapshotFiles(path.join(site, 'build'))).toEqual(a);
    } finally {
      fs.rmSync(outs, { recursive: true, force: true });
    }
  }, 120_000);
});

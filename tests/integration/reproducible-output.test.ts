import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, snapshotFiles } from '../helpers/fixtures';

const cli = path.resolve(import.meta.dirname, '../../bin/docsgen');

/** A cold build of `root` into `out` by the CLI, run from the folder `cwd`. */
function buildFrom(cwd: string, root: string, out: string): void {
  const run = spawnSync(process.execPath, [cli, 'build', '--root', root, '--out', out, '--no-cache'], { cwd, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
}

describe('the output', () => {
  it('is the same whichever folder docsgen runs from', () => {
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
    } finally {
      fs.rmSync(outs, { recursive: true, force: true });
    }
  }, 120_000);
});

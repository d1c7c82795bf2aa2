import fs from 'node:fs';
import path from 'node:path';
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, snapshotFiles, writeFiles } from '../helpers/fixtures';

const BIN = path.resolve(import.meta.dirname, '../../bin/docsgen');
const run = promisify(execFile);

const snapshot = snapshotFiles;

/** Runs `docsgen build` until it ends or kills itself; resolves to its exit signal or code. */
function build(root: string, env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'build', '--root', root, '--no-cache'], { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore' });
    child.on('exit', (code, signal) => resolve(signal ?? String(code)));
  });
}

const page = (title: string, body: string) => `---\ntitle: ${title}\ndescription: d\n---\n\n${body}\n`;

/** What the store beside the output holds besides the current version: must be nothing after a good build. */
function leftovers(root: string): string[] {
  const store = path.join(root, '.build.docsgen');
  const current = path.basename(fs.readlinkSync(path.join(root, 'build')));
  return fs.readdirSync(store).filter((n) => n !== current && n !== 'docsgen-output-store');
}

describe('a build killed at any point leaves the previous site or the new one, whole', () => {
  let previous: Record<string, string>;
  let next: Record<string, string>;
  let template: string;

  beforeAll(async () => {
    // The previous site, then (in another copy) what the next build makes, for reference.
    template = copyFixture('basic');
    await run(process.execPath, [BIN, 'build', '--root', template, '--no-cache'], { cwd: template });
    previous = snapshot(path.join(template, 'build'))!;
    const reference = copyFixture('basic');
    writeFiles(reference, { 'content/guide/setup.mdx': page('Set up', '## Install\n\nThe next version.') });
    await run(process.execPath, [BIN, 'build', '--root', reference, '--no-cache'], { cwd: reference });
    next = snapshot(path.join(reference, 'build'))!;
    expect(next).not.toEqual(previous);
  });

  // `claimed`: the previous site renamed to the killed build's trash, not yet deleted (the next build takes it over)
  const points = ['locked', 'version-created', 'wrote:1', 'wrote:5', 'wrote:20', 'before-commit', 'before-rename', 'after-rename', 'before-cleanup', 'claimed'];
  for (const point of points) {
    it(`killed at ${point}`, async () => {
      const root = copyFixture('basic');
      fs.cpSync(template, root, { recursive: true, verbatimSymlinks: true });
      writeFiles(root, { 'content/guide/setup.mdx': page('Set up', '## Install\n\nThe next version.') });
      expect(await build(root, { DOCSGEN_CRASH_AT: point })).toBe('SIGKILL');
      const seen = snapshot(path.join(root, 'build'));
      // Before the rename the old site is served; from it on, the new one. Never a mix, never nothing.
      expect(seen).toEqual(['after-rename', 'before-cleanup', 'claimed'].includes(point) ? next : previous);
      // The next build removes what the killed one left and publishes a whole site.
      expect(await build(root)).toBe('0');
      expect(snapshot(path.join(root, 'build'))).toEqual(next);
      expect(leftovers(root)).toEqual([]);
    });
  }

  it('killed by a signal at staggered moments of a real build', async () => {
    for (const delay of [50, 200, 400, 700, 1000]) {
      const root = copyFixture('basic');
      fs.cpSync(template, root, { recursive: true, verbatimSymlinks: true });
      writeFiles(root, { 'content/guide/setup.mdx': page('Set up', '## Install\n\nThe next version.') });
      const child = spawn(process.execPath, [BIN, 'build', '--root', root, '--no-cache'], { cwd: root, stdio: 'ignore' });
      const exited = new Promise((r) => child.on('exit', r));
      await new Promise((r) => setTimeout(r, delay));
      child.kill('SIGKILL');
      await exited;
      const seen = snapshot(path.join(root, 'build'));
      expect([JSON.stringify(previous), JSON.stringify(next)]).toContain(JSON.stringify(seen));
      expect(await build(root)).toBe('0');
      expect(leftovers(root)).toEqual([]);
    }
  });

  it('three builds of one site at once all finish, and the output is one whole site (three rounds)', async () => {
    const root = copyFixture('basic');
    fs.cpSync(template, root, { recursive: true, verbatimSymlinks: true });
    for (let round = 0; round < 3; round++) {
      expect(await Promise.all([build(root), build(root), build(root)])).toEqual(['0', '0', '0']);
      // A cleanup that read the current version just before another build's swap once deleted it.
      const seen = snapshot(path.join(root, 'build'));
      expect(seen, 'the output path leads to a whole site').not.toBeNull();
      expect(Object.keys(seen!).filter((f) => seen![f] !== previous[f]), 'files that differ from a lone build').toEqual([]);
    }
    expect(await build(root)).toBe('0');
    expect(leftovers(root)).toEqual([]);
  });
});

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gitLastUpdated, gitTracked, mayBeCheckout } from '../../packages/engine/src/node/graph/git-dates';

const made: string[] = [];
afterAll(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
const tempDir = () => {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-git-')));
  made.push(dir);
  return dir;
};

describe('what the build asks git', () => {
  it('outside a checkout: no dates, no tracked files, and git is not asked', async () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'site/.docsgen'), { recursive: true });
    // a git of our own on the PATH, which says when it is asked
    fs.mkdirSync(path.join(dir, 'bin'));
    fs.writeFileSync(path.join(dir, 'bin/git'), `#!/bin/sh\necho "$@" >> ${JSON.stringify(path.join(dir, 'asked'))}\nexit 128\n`, { mode: 0o755 });
    const before = process.env.PATH;
    process.env.PATH = `${path.join(dir, 'bin')}${path.delimiter}${before}`;
    try {
      expect(mayBeCheckout(path.join(dir, 'site'))).toBe(false);
      expect(await gitLastUpdated(path.join(dir, 'site'))).toEqual(new Map());
      expect(await gitTracked(path.join(dir, 'site'), '.docsgen')).toEqual([]);
      expect(fs.existsSync(path.join(dir, 'asked'))).toBe(false);
      // the same git is asked where there is a checkout to ask about
      fs.mkdirSync(path.join(dir, '.git'));
      expect(await gitTracked(path.join(dir, 'site'), '.docsgen')).toEqual([]);
      expect(fs.readFileSync(path.join(dir, 'asked'), 'utf8')).toBe('ls-files -z -- .docsgen\n');
    } finally {
      process.env.PATH = before;
    }
  });

  it('in a checkout, from a folder below its top: the last commit date of each file, and the files git tracks', async () => {
    const top = tempDir();
    const site = path.join(top, 'docs/site');
    fs.mkdirSync(path.join(site, '.docsgen'), { recursive: true });
    fs.writeFileSync(path.join(site, 'page.md'), '# Page\n');
    fs.writeFileSync(path.join(site, '.docsgen/entry'), 'x');
    const env = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com', GIT_AUTHOR_DATE: '2026-01-02T03:04:05Z', GIT_COMMITTER_DATE: '2026-01-02T03:04:05Z' };
    for (const args of [['init', '-q'], ['add', '.'], ['commit', '-q', '-m', 'first']]) execFileSync('git', args, { cwd: top, env });
    expect(mayBeCheckout(site)).toBe(true);
    expect(await gitLastUpdated(site)).toEqual(new Map([[path.join(site, 'page.md'), '2026-01-02T03:04:05.000Z'], [path.join(site, '.docsgen/entry'), '2026-01-02T03:04:05.000Z']]));
    expect(await gitTracked(site, '.docsgen')).toEqual(['.docsgen/entry']);
  });

  it('asks git when the environment names a repository, wherever the site is', () => {
    const dir = tempDir();
    const before = process.env.GIT_DIR;
    process.env.GIT_DIR = path.join(dir, 'repo.git');
    try {
      expect(mayBeCheckout(dir)).toBe(true);
    } finally {
      if (before === undefined) delete process.env.GIT_DIR;
      else process.env.GIT_DIR = before;
    }
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildSite, copyFixture, problems, snapshotFiles } from '../helpers/fixtures';

const run = promisify(execFile);
const BIN = path.resolve(import.meta.dirname, '../../bin/docsgen');

/**
 * The config and the theme are bundled into `.docsgen/` under a hash of the bundle and imported
 * from there. `.docsgen/` is inside the site, so a pull request can commit a file under the name
 * the next bundle will have: the build must import what it bundled, never that file. A fresh CLI
 * process each time (one process would keep the first import of a URL in its module cache).
 */
describe('bundles committed into .docsgen/ under the next bundle\'s name', () => {
  it('are replaced by what the build bundled, and never run', async () => {
    const root = copyFixture('basic');
    const build = () => run(process.execPath, [BIN, 'build', '--root', root], { cwd: root });
    await build();
    const before = snapshotFiles(path.join(root, 'build'));
    const cache = path.join(root, '.docsgen');
    const bundles = fs.readdirSync(cache).filter((f) => /^(config|templates)\.[0-9a-f]{12}\.mjs$/.test(f));
    expect(bundles.map((f) => f.split('.')[0]).sort()).toEqual(['config', 'templates']);
    const marker = path.join(path.dirname(root), `${path.basename(root)}-forged-ran`);
    for (const name of bundles) {
      const forged = `import fs from 'node:fs';\nfs.writeFileSync(${JSON.stringify(marker)}, ${JSON.stringify(name)});\nexport default { title: 'forged', url: 'https://forged.example' };\n`;
      fs.writeFileSync(path.join(cache, name), forged);
    }
    await build();
    expect(fs.existsSync(marker), 'a forged bundle ran').toBe(false);
    expect(snapshotFiles(path.join(root, 'build'))).toEqual(before);
    for (const name of bundles) expect(fs.readFileSync(path.join(cache, name), 'utf8')).not.toContain('forged');
  }, 60_000);
});

const hasGit = spawnSync('git', ['--version']).status === 0;

/**
 * The rest of `.docsgen/` is a cache whose entries are trusted: each is keyed by what it was made
 * from, not checked against it. A pull request that commits entries there (under the keys of
 * unchanged pages) must not get them into the output: a cache folder with files git tracks is
 * ignored, with a warning.
 */
describe.skipIf(!hasGit)('cache entries committed to git', () => {
  it('are ignored, with a warning: the output is what the sources say', async () => {
    const root = copyFixture('basic');
    const first = await buildSite(root, { noCache: false });
    expect(first.ok).toBe(true);
    const before = snapshotFiles(path.join(root, 'build'));
    // Forge every rendered page of the cache with a script of its own.
    const render = path.join(root, '.docsgen/v4/render');
    let forged = 0;
    for (const name of fs.readdirSync(render)) {
      const text = fs.readFileSync(path.join(render, name), 'utf8');
      if (!text.includes('</body>')) continue;
      fs.writeFileSync(path.join(render, name), text.replace('</body>', '<script>forged()</script></body>'));
      forged++;
    }
    expect(forged).toBeGreaterThan(3);
    // Untracked, the cache is trusted: the forged entries reach the output (what the check below
    // guards), once the record of the published pages is gone too (else they are kept as published).
    fs.rmSync(path.join(root, '.docsgen/v4/outputs'), { recursive: true });
    await buildSite(root, { noCache: false });
    expect(fs.readFileSync(path.join(root, 'build/index.html'), 'utf8')).toContain('forged()');
    // Committed (in git's index), the cache is ignored.
    await run('git', ['init', '-q'], { cwd: root });
    await run('git', ['add', '-A', '-f'], { cwd: root });
    const tracked = await buildSite(root, { noCache: false });
    expect(tracked.ok).toBe(true);
    expect(problems(tracked, root).filter((p) => p.includes('CacheTracked'))).toEqual([expect.stringMatching(/^\.docsgen\/.+:-:- warning CacheTracked$/)]);
    expect(tracked.diagnostics.find((d) => d.code === 'CacheTracked')!.message).toMatch(/^git tracks \d+ files in the cache folder \(\.docsgen\/.+, and \d+ more\): this build ignores the cache$/);
    expect(snapshotFiles(path.join(root, 'build'))).toEqual(before);
    // Untracked again: no warning.
    await run('git', ['rm', '-r', '-q', '--cached', '.docsgen'], { cwd: root });
    expect((await buildSite(root, { noCache: false })).diagnostics.filter((d) => d.code === 'CacheTracked')).toEqual([]);
  }, 60_000);
});

/**
 * `.docsgen/` and the folders docsgen keeps in it are written to and read back; a symbolic link in
 * their place (committed, or in an archive of the sources) would send those writes and reads
 * outside the site. So would a link under an entry's name, or under the temporary name an entry
 * is written by (predictable: the entry's, and the process id).
 */
describe('symbolic links in the cache folder', () => {
  const outsideFolder = (root: string) => fs.mkdtempSync(path.join(path.dirname(root), 'outside-'));

  for (const link of ['.docsgen', '.docsgen/v4/render']) {
    it(`${link} as a link: one error at it, nothing written where it points, the previous output kept`, async () => {
      const root = copyFixture('basic');
      expect((await buildSite(root, { noCache: false })).ok).toBe(true);
      const before = snapshotFiles(path.join(root, 'build'));
      const outside = outsideFolder(root);
      fs.rmSync(path.join(root, link), { recursive: true });
      fs.symlinkSync(outside, path.join(root, link));
      const result = await buildSite(root, { noCache: false });
      expect(result.ok).toBe(false);
      expect(problems(result, root)).toEqual([`${link}:-:- error CacheFolderNotFolder`]);
      expect(result.diagnostics[0]!.message).toBe(`${link} is a symbolic link (to ${outside}): docsgen writes its cache only into a folder of the site`);
      expect(fs.readdirSync(outside)).toEqual([]);
      expect(snapshotFiles(path.join(root, 'build'))).toEqual(before);
      // --no-cache too: the config's bundle is written into the cache folder
      expect(problems(await buildSite(root, { noCache: true }), root)).toEqual([`${link}:-:- error CacheFolderNotFolder`]);
      expect(fs.readdirSync(outside)).toEqual([]);
    }, 60_000);
  }

  it('entries and their temporary names as links: never read or written through, the output what the sources say', async () => {
    const root = copyFixture('basic');
    expect((await buildSite(root, { noCache: false })).ok).toBe(true);
    const before = snapshotFiles(path.join(root, 'build'));
    const outside = outsideFolder(root);
    const render = path.join(root, '.docsgen/v4/render');
    const names = fs.readdirSync(render).filter((name) => fs.readFileSync(path.join(render, name), 'utf8').includes('</body>'));
    expect(names.length).toBeGreaterThan(3);
    for (const name of names) {
      // the entry: a link to a forged copy outside
      const forged = path.join(outside, `${name}.forged`);
      fs.writeFileSync(forged, fs.readFileSync(path.join(render, name), 'utf8').replace('</body>', '<script>forged()</script></body>'));
      fs.rmSync(path.join(render, name));
      fs.symlinkSync(forged, path.join(render, name));
      // the name it is written by (this process builds it): a link to a file outside
      fs.writeFileSync(path.join(outside, `${name}.victim`), 'untouched');
      fs.symlinkSync(path.join(outside, `${name}.victim`), path.join(render, `${name}.${process.pid}.tmp`));
    }
    const outsideBefore = snapshotFiles(outside);
    // the pages are read from the entries, not kept as published
    fs.rmSync(path.join(root, '.docsgen/v4/outputs'), { recursive: true });
    expect((await buildSite(root, { noCache: false })).ok).toBe(true);
    expect(snapshotFiles(path.join(root, 'build'))).toEqual(before);
    expect(snapshotFiles(outside)).toEqual(outsideBefore);
    // the links are replaced by the entries made again
    for (const name of names) expect(fs.lstatSync(path.join(render, name)).isFile()).toBe(true);
  }, 60_000);
});

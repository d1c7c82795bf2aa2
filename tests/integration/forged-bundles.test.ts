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
    // Untracked, the cache is trusted: the forged entries reach the output (what the check below guards).
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

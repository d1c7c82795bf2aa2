import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { copyFixture, snapshotFiles } from '../helpers/fixtures';

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

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sign } from '../../packages/engine/src/node/cache/install-secret';
import { hashOf } from '../../packages/engine/src/node/cache/cache-key';
import { configBundleKey, CONFIG_FILE } from '../../packages/engine/src/node/config/load-config';
import { buildSite, copyFixture, readOut, writeFiles } from '../helpers/fixtures';

const folder = (root: string) => path.join(root, '.docsgen/v4/config');
const entries = (root: string): string[] => (fs.existsSync(folder(root)) ? fs.readdirSync(folder(root)).filter((f) => !f.endsWith('.tmp')) : []);

/** The site's kept bundle (its key, its file) and the same code giving another title. */
function keptBundle(root: string) {
  const config = path.join(root, CONFIG_FILE);
  const key = configBundleKey(root, config, fs.readFileSync(config, 'utf8'));
  const file = path.join(folder(root), hashOf(key));
  const entry = JSON.parse(fs.readFileSync(file, 'utf8')) as { code: string; signature: string };
  const code = entry.code.replace('fixture docs', 'taken from the cache');
  expect(code).not.toBe(entry.code);
  return { key, file, entry, code };
}

/**
 * A config that imports nothing but docsgen/config is bundled once per text: a warm build takes the
 * bundle from the cache instead of starting esbuild, but only with this installation's signature
 * (it is code the build runs).
 */
describe('the config bundle kept in the cache', () => {
  it('is run from the cache when this installation signed it, and bundled again when not', async () => {
    const root = copyFixture('basic');
    expect((await buildSite(root, { noCache: false })).ok).toBe(true);
    expect(entries(root)).toHaveLength(1);
    const { key, file, entry, code } = keptBundle(root);
    // Signed: taken as it is (the build can only have this title from the cache).
    fs.writeFileSync(file, JSON.stringify({ code, signature: sign(key, code) }));
    expect((await buildSite(root, { noCache: false })).ok).toBe(true);
    expect(readOut(root, 'index.html')).toContain('taken from the cache');
    // Forged (other code under the old signature, or under none): bundled again from the config.
    for (const signature of [entry.signature, undefined]) {
      fs.writeFileSync(file, JSON.stringify({ code, signature }));
      expect((await buildSite(root, { noCache: false })).ok).toBe(true);
      expect(readOut(root, 'index.html')).toContain('fixture docs');
      expect(readOut(root, 'index.html')).not.toContain('taken from the cache');
    }
  });

  it('is neither read nor kept with --no-cache', async () => {
    const root = copyFixture('basic');
    expect((await buildSite(root, { noCache: false })).ok).toBe(true);
    const { key, file, code } = keptBundle(root);
    fs.writeFileSync(file, JSON.stringify({ code, signature: sign(key, code) }));
    expect((await buildSite(root, { noCache: true })).ok).toBe(true);
    expect(readOut(root, 'index.html')).toContain('fixture docs');
    fs.rmSync(path.join(root, '.docsgen'), { recursive: true });
    expect((await buildSite(root, { noCache: true })).ok).toBe(true);
    expect(entries(root)).toEqual([]);
  });

  it('is not kept for a config that imports a file of the site (a new file could change what it resolves to)', async () => {
    const root = copyFixture('basic');
    writeFiles(root, { 'site-title.ts': "export const title = 'fixture docs';\n" });
    const config = path.join(root, CONFIG_FILE);
    fs.writeFileSync(config, `import { title } from './site-title';\n${fs.readFileSync(config, 'utf8').replace("title: 'fixture docs'", 'title')}`);
    expect((await buildSite(root, { noCache: false })).ok).toBe(true);
    expect(readOut(root, 'index.html')).toContain('fixture docs');
    expect(entries(root)).toEqual([]);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bundledLanguages } from 'shiki';
import { defaultJavaScriptRegexConstructor } from 'shiki/engine/javascript';
import { extraBlocks, generatedSamples, portalFences } from '../helpers/code-blocks';

// The launcher stores the grammars' translated regular expressions with the bundled CLI
// (regex-tables.ts). They must be what shiki's engine would build, and hold every pattern the
// portal's highlighting asks for, or the stored path would either change a page or do nothing.

type TablesModule = typeof import('../../packages/engine/src/node/markdown/code-block/regex-tables');
type RenderModule = typeof import('../../packages/engine/src/node/markdown/render-code-block');
const TABLES = '../../packages/engine/src/node/markdown/code-block/regex-tables';
const RENDER = '../../packages/engine/src/node/markdown/render-code-block';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-regex-tables-'));
let tables: TablesModule;

beforeAll(async () => {
  tables = (await import(TABLES)) as TablesModule;
  await tables.writeRegexTables(dir);
}, 60_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the stored translations of the grammars', () => {
  it('are written for every listed language', () => {
    expect(fs.readdirSync(dir).sort()).toEqual(tables.PRECOMPILED_LANGUAGES.map((l) => `${l}.json`).sort());
  });

  it("build the regular expressions shiki's engine builds, for every pattern it can build", async () => {
    // php and ruby embed a dozen other grammars between them (HTML, CSS, JavaScript, SQL, C, ...)
    for (const language of ['php', 'ruby'] as const) {
      tables.loadRegexTable(language, dir);
      const table = JSON.parse(fs.readFileSync(path.join(dir, `${language}.json`), 'utf8')) as object;
      const patterns = tables.grammarPatterns((await bundledLanguages[language]()).default);
      expect(patterns.size).toBeGreaterThan(1000);
      const stored = tables.regexCounts.stored;
      let built = 0;
      for (const pattern of patterns) {
        let shikis: RegExp & { rawOptions?: unknown };
        try {
          shikis = defaultJavaScriptRegexConstructor(pattern, { target: 'auto' });
        } catch {
          expect(table, pattern).not.toHaveProperty([pattern]);
          continue;
        }
        expect(table, pattern).toHaveProperty([pattern]);
        const ours = tables.regexConstructor(pattern) as RegExp & { rawOptions?: unknown };
        expect(ours.constructor, pattern).toBe(shikis.constructor);
        expect([ours.source, ours.flags, ours.rawOptions], pattern).toEqual([shikis.source, shikis.flags, shikis.rawOptions]);
        built++;
      }
      expect(tables.regexCounts.stored - stored).toBe(built);
      expect(Object.keys(table)).toHaveLength(built);
    }
  }, 60_000);

  it("hold every pattern the portal's blocks and the generated samples ask for, and give the same HTML", async () => {
    const blocks = [...portalFences(), ...generatedSamples(), ...extraBlocks];
    const render = async (module: RenderModule) => {
      const html: string[] = [];
      for (const block of blocks) html.push(await module.renderCodeBlock(module.grammarFor(block.lang), '', block.code));
      return html;
    };
    // a fresh highlighter each time (shiki's engine keeps each regular expression it built)
    vi.resetModules();
    const translated = await render((await import(RENDER)) as RenderModule);
    vi.resetModules();
    const fresh = (await import(TABLES)) as TablesModule;
    for (const language of fresh.PRECOMPILED_LANGUAGES) fresh.loadRegexTable(language, dir);
    const stored = await render((await import(RENDER)) as RenderModule);
    expect(stored).toEqual(translated);
    expect(fresh.regexCounts.stored).toBeGreaterThan(1000);
    // Only the ends of the two heredocs of extraBlocks (bash's `EOF`, php's `EOT`): a grammar makes
    // such an end from what its begin captured, so no table can hold it.
    expect(fresh.regexCounts.translated).toBe(2);
  }, 120_000);

  it('leave a language without a table, or with an unreadable one, to the translation when met', () => {
    fs.writeFileSync(path.join(dir, 'broken.json'), '{"a": [');
    const { translated } = tables.regexCounts;
    tables.loadRegexTable('broken', dir);
    tables.loadRegexTable('brainfuck', dir);
    expect(tables.regexConstructor('[+-]+').test('++')).toBe(true);
    expect(tables.regexCounts.translated).toBe(translated + 1);
  });
});

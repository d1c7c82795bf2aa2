import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, locateKeyPath, formatKeyPath, validateConfig, CONFIG_FILE } from '../../packages/engine/src/node/config/load-config';
import { DiagnosticError, type Diagnostic } from '../../packages/engine/src/shared/diagnostic';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A fresh site folder holding `docs-build.config.ts` with `source` (or no config file at all). */
function site(source?: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-config-'));
  dirs.push(dir);
  if (source !== undefined) fs.writeFileSync(path.join(dir, CONFIG_FILE), source);
  return dir;
}

/** The diagnostics loadConfig rejects with; fails the test when it resolves. */
async function rejected(source: string): Promise<{ root: string; diagnostics: Diagnostic[] }> {
  const root = site(source);
  const error: unknown = await loadConfig(root).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DiagnosticError);
  return { root, diagnostics: (error as DiagnosticError).diagnostics };
}

/** `code line:col message` per diagnostic, in report order. */
const brief = (list: Diagnostic[]) => list.map((d) => `${d.code} ${d.line ?? '-'}:${d.column ?? '-'} ${d.message}`);

describe('loadConfig: validation diagnostics name the key path and point at it', () => {
  it('reports an unknown top-level key at its position', async () => {
    const { root, diagnostics } = await rejected(`export default {\n  title: 'T',\n  url: 'https://docs.example',\n  taglne: 'typo',\n};\n`);
    expect(brief(diagnostics)).toEqual(['ConfigUnknownKey 4:3 unknown key taglne']);
    expect(diagnostics[0]!.file).toBe(path.join(root, CONFIG_FILE));
    expect(diagnostics[0]!.severity).toBe('error');
    expect(diagnostics[0]!.hint).toBe('check the spelling against the configuration reference in README.md');
  });

  it('reports an unknown nested key with its dotted path', async () => {
    const { diagnostics } = await rejected(`export default {\n  title: 'T',\n  url: 'https://docs.example',\n  colorMode: { defaultMode: 'dark', swich: true },\n};\n`);
    expect(brief(diagnostics)).toEqual(['ConfigUnknownKey 4:37 unknown key colorMode.swich']);
  });

  it('reports a value of the wrong type at the value itself', async () => {
    const { diagnostics } = await rejected(`export default {\n  title: 'T',\n  url: 'https://docs.example',\n  toc: { minLevel: 'two' },\n};\n`);
    expect(brief(diagnostics)).toEqual(['ConfigInvalid 4:20 toc.minLevel: Invalid input: expected number, received string']);
  });

  it('reports an out-of-range value and a bad enum member inside an array with its index', async () => {
    const { diagnostics } = await rejected(`export default {\n  title: 'T',\n  url: 'https://docs.example',\n  toc: { maxLevel: 7 },\n  codeLanguages: ['go', 'ruby'],\n};\n`);
    expect(brief(diagnostics)).toEqual([
      'ConfigInvalid 4:20 toc.maxLevel: Too big: expected number to be <=6',
      'ConfigInvalid 5:25 codeLanguages[1]: Invalid option: expected one of "curl"|"javascript"|"nodejs"|"php"|"csharp"|"go"',
    ]);
  });

  it('reports a plugin entry that is not a function or [function, options] at the entry, by its index', async () => {
    const { diagnostics } = await rejected(
      `const ok = () => undefined;\nexport default {\n  title: 'T',\n  url: 'https://docs.example',\n  remarkPlugins: [ok, 'remark-gfm'],\n  rehypePlugins: [[ok, {}], [{}]],\n};\n`,
    );
    expect(brief(diagnostics)).toEqual([
      'ConfigInvalid 5:23 remarkPlugins[1]: expected a plugin function or [plugin, options]',
      'ConfigInvalid 6:29 rehypePlugins[1]: expected a plugin function or [plugin, options]',
    ]);
  });

  it('says "is required" for a missing required value, at the object literal that lacks the key', async () => {
    const { diagnostics } = await rejected(`export default {\n  url: 'https://docs.example',\n};\n`);
    expect(brief(diagnostics)).toEqual(['ConfigInvalid 1:16 title: is required']);
    const wrapped = await rejected(`import { defineConfig } from 'docsgen/config';\n\nexport default defineConfig({\n  title: 'T',\n});\n`);
    expect(brief(wrapped.diagnostics)).toEqual(['ConfigInvalid 3:29 url: is required']);
  });

  it('points a missing top-level key at the config object, not at a nested key of the same name', async () => {
    const { diagnostics } = await rejected(
      `import { defineConfig } from 'docsgen/config';\n\nexport default defineConfig({\n  url: 'https://docs.example',\n  // title: 'commented out',\n  footer: { columns: [{ title: 'Resources', items: [] }] },\n});\n`,
    );
    expect(brief(diagnostics)).toEqual(['ConfigInvalid 3:29 title: is required']);
  });

  it('points a wrong nested value at the value even when an earlier key has the same name', async () => {
    const { diagnostics } = await rejected(
      `export default {\n  title: 'T',\n  url: 'https://docs.example',\n  footer: { columns: [{ title: 'A', items: [] }, { title: 5, items: [] }] },\n};\n`,
    );
    expect(brief(diagnostics)).toEqual(['ConfigInvalid 4:59 footer.columns[1].title: Invalid input: expected string, received number']);
  });

  it('points a missing nested value at its parent key', async () => {
    const { diagnostics } = await rejected(
      `export default {\n  title: 'T',\n  url: 'https://docs.example',\n  navbar: {\n    items: [\n      { type: 'search' },\n      { type: 'link', label: 'Docs' },\n    ],\n  },\n};\n`,
    );
    expect(brief(diagnostics)).toEqual(['ConfigInvalid 7:7 navbar.items[1].to: is required']);
  });

  it('makes an unknown navbar item type an error naming the item', async () => {
    const { diagnostics } = await rejected(
      `export default {\n  title: 'T',\n  url: 'https://docs.example',\n  navbar: {\n    items: [\n      { type: 'search' },\n      { type: 'searchbox' },\n    ],\n  },\n};\n`,
    );
    expect(brief(diagnostics)).toEqual(['ConfigUnknownItemType 7:15 navbar.items[1].type: unknown item type "searchbox"']);
    expect(diagnostics[0]!.severity).toBe('error');
  });

  it('reports every problem of the file at once', async () => {
    const { diagnostics } = await rejected(`export default {\n  url: 'not a url',\n  locale: 5,\n  extra: true,\n};\n`);
    expect(diagnostics.map((d) => d.code).sort()).toEqual(['ConfigInvalid', 'ConfigInvalid', 'ConfigInvalid', 'ConfigUnknownKey']);
    expect(diagnostics.map((d) => d.message.split(':')[0]).sort()).toEqual(['locale', 'title', 'unknown key extra', 'url']);
  });

  it('turns a syntax error, a missing default export and a throwing file into their own codes', async () => {
    expect(brief((await rejected(`export default { title: 'T' url: 'x' };\n`)).diagnostics)).toEqual(['ConfigSyntax 1:29 Expected "}" but found "url"']);
    expect(brief((await rejected(`export const title = 'T';\n`)).diagnostics)).toEqual(['ConfigNoDefaultExport 2:1 the config file has no default export']);
    expect(brief((await rejected(`const a = 1;\nthrow new Error('boom');\nexport default {};\n`)).diagnostics)).toEqual(['ConfigEvaluation 2:7 the config file threw while loading: boom']);
  });

  it('points a throw at its line in the file that threw, through the bundle, and names what was thrown', async () => {
    const root = site(`import { make } from './helper';\n\nexport default make();\n`);
    fs.writeFileSync(path.join(root, 'helper.ts'), `export function make(): object {\n  const list: string[] | undefined = undefined;\n  return { title: list!.length };\n}\n`);
    const error = (await loadConfig(root).catch((e: unknown) => e)) as DiagnosticError;
    expect(brief(error.diagnostics)).toEqual([`ConfigEvaluation 3:25 the config file threw while loading: TypeError: Cannot read properties of undefined (reading 'length')`]);
    expect(error.diagnostics[0]!.file).toBe(path.join(root, 'helper.ts'));
    expect(brief((await rejected(`throw 'plain words';\nexport default {};\n`)).diagnostics)).toEqual(['ConfigEvaluation -:- the config file threw while loading: plain words']);
  });

  it('reports a getter that throws while the config is validated as a throw, not an internal error', async () => {
    const { diagnostics } = await rejected(`export default {\n  url: 'https://docs.example',\n  get title(): string {\n    throw new RangeError('no title yet');\n  },\n};\n`);
    expect(brief(diagnostics)).toEqual(['ConfigEvaluation 4:11 the config file threw while its values were read: RangeError: no title yet']);
  });

  it('says what a default export that is not an object is, at the export', async () => {
    expect(brief((await rejected(`export default 'docs';\n`)).diagnostics)).toEqual(['ConfigInvalid 1:16 the config file must default-export the config object, not a string']);
    expect(brief((await rejected(`export default null;\n`)).diagnostics)).toEqual(['ConfigInvalid 1:16 the config file must default-export the config object, not null']);
    expect(brief((await rejected(`const config = undefined;\nexport default config;\n`)).diagnostics)).toEqual([
      'ConfigNoDefaultExport 2:16 the config file exports undefined as its default: it must export the config object',
    ]);
  });
});

describe('loadConfig: defaults and resolved paths', () => {
  it('fills every default for a minimal config', async () => {
    const root = site(`import { defineConfig } from 'docsgen/config';\nexport default defineConfig({ title: 'Docs', url: 'https://docs.example/' });\n`);
    const config = await loadConfig(root);
    expect(config.locale).toBe('en');
    expect(config.versionLabel).toBe('Next');
    expect(config.colorMode).toEqual({ defaultMode: 'light', switch: true, respectPrefersColorScheme: false });
    expect(config.toc).toEqual({ minLevel: 2, maxLevel: 3 });
    expect(config.codeLanguages).toEqual(['curl', 'javascript', 'nodejs', 'php', 'csharp', 'go']);
    expect(config.tagline).toBe('');
    expect(config.navbar).toEqual({ items: [] });
    expect(config.footer).toEqual({ columns: [], copyright: '' });
    expect(config.redirects).toEqual([]);
    expect(config.search).toEqual({ indexName: 'docs', local: true, facets: { language: 'language', version: 'version' } });
    expect(config.checks).toEqual({ brokenLinks: 'error', unreachablePages: 'warn', codeSamples: 'error' });
    expect(config.sidebars).toBeUndefined();
    expect(config.url).toBe('https://docs.example');
    expect(config.configFile).toBe(path.join(root, CONFIG_FILE));
    expect(config.contentPath).toBe(path.join(root, 'content'));
    expect(config.outPath).toBe(path.join(root, 'build'));
    expect(config.openapiPath).toBeNull();
    expect(config.variables).toEqual({ 'site.title': 'Docs', 'site.url': 'https://docs.example/' });
  });

  it('fills the missing half of a partly given object and keeps what was given', async () => {
    const root = site(`export default { title: 'Docs', url: 'https://docs.example', toc: { maxLevel: 4 }, colorMode: { defaultMode: 'dark' }, codeLanguages: ['go', 'curl'] };\n`);
    const config = await loadConfig(root);
    expect(config.toc).toEqual({ minLevel: 2, maxLevel: 4 });
    expect(config.colorMode).toEqual({ defaultMode: 'dark', switch: true, respectPrefersColorScheme: false });
    expect(config.codeLanguages).toEqual(['go', 'curl']);
  });

  it('turns provider values into content variables and fills the provider defaults', async () => {
    const root = site(
      `export default { title: 'Docs', url: 'https://docs.example', contentDir: 'pages', provider: { name: 'Pay', slug: 'pay', apiLive: 'https://api.example', apiTest: 'https://test.example', app: 'https://app.example', site: 'https://www.example', support: 'https://www.example/help' } };\n`,
    );
    const config = await loadConfig(root);
    expect(config.contentPath).toBe(path.join(root, 'pages'));
    expect(config.provider?.signupPath).toBe('/signup');
    expect(config.provider?.loginPath).toBe('/login');
    expect(config.variables['provider.name']).toBe('Pay');
    expect(config.variables['provider.signupPath']).toBe('/signup');
    expect(config.variables['provider.support']).toBe('https://www.example/help');
  });

  it('gives a site without a config file the folder name as title and a localhost URL', async () => {
    const root = site();
    const config = await loadConfig(root);
    expect(config.title).toBe(path.basename(root));
    expect(config.url).toBe('http://localhost:3000');
    expect(config.configFile).toBeNull();
    expect(config.locale).toBe('en');
  });
});

describe('validateConfig and its helpers', () => {
  it('validates a plain object and throws every issue as a DiagnosticError', () => {
    const file = path.join(os.tmpdir(), 'docsgen-no-such-dir', CONFIG_FILE);
    expect(validateConfig({ title: 'T', url: 'https://x.example' }, file).versionLabel).toBe('Next');
    let error: unknown;
    try {
      validateConfig({ title: '', url: 'https://x.example', search: { appId: 'APP' } }, file);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DiagnosticError);
    expect(brief((error as DiagnosticError).diagnostics)).toEqual([
      'ConfigInvalid -:- title: Too small: expected string to have >=1 characters',
      'ConfigInvalid -:- search.apiKey: hosted search needs both appId and apiKey (or neither, for local search only)',
    ]);
  });

  it('formats key paths with dots and bracketed indexes', () => {
    expect(formatKeyPath(['navbar', 'items', 2, 'type'])).toBe('navbar.items[2].type');
    expect(formatKeyPath([0, 'label'])).toBe('[0].label');
    expect(formatKeyPath([])).toBe('');
  });

  it('locates keys and array items by syntax-tree path, ignoring brackets inside strings', () => {
    const source = `export default {\n  redirects: [\n    { from: '/a[1]', to: '/b' },\n    { from: '/c', to: '/d' },\n  ],\n};\n`;
    expect(locateKeyPath(source, ['redirects'])).toEqual({ line: 2, column: 14 });
    expect(locateKeyPath(source, ['redirects'], 'key')).toEqual({ line: 2, column: 3 });
    expect(locateKeyPath(source, ['redirects', 1])).toEqual({ line: 4, column: 5 });
    expect(locateKeyPath(source, ['redirects', 1, 'to'])).toEqual({ line: 4, column: 23 });
    // An index past the end: the array literal that lacks it.
    expect(locateKeyPath(source, ['redirects', 5])).toEqual({ line: 2, column: 14 });
    // A key that is not there at all (a missing required value): the object literal that lacks it.
    expect(locateKeyPath(source, ['nothing'])).toEqual({ line: 1, column: 16 });
    expect(locateKeyPath('', ['redirects'])).toEqual({});
  });

  it('follows defineConfig, type assertions, named constants, shorthand properties and spreads', () => {
    const source = [
      `import { defineConfig } from 'docsgen/config';`, // 1
      `const provider = { name: 'Pay', slug: 'pay' };`, // 2
      `const common = [{ label: 'A', to: '/a' }];`, // 3
      `const base = { tagline: 'x', title: 'Old' };`, // 4
      `const config = defineConfig({`, // 5
      `  ...base,`, // 6
      `  provider,`, // 7
      `  footer: { columns: [{ title: 'R', items: [...common, { label: 'B', to: '/b' }] }] },`, // 8
      `} satisfies object);`, // 9
      `export default config;`, // 10
    ].join('\n');
    expect(locateKeyPath(source, ['provider', 'slug'])).toEqual({ line: 2, column: 39 });
    expect(locateKeyPath(source, ['footer', 'columns', 0, 'items', 1, 'to'])).toEqual({ line: 8, column: 74 });
    expect(locateKeyPath(source, ['footer', 'columns', 0, 'items', 0, 'to'])).toEqual({ line: 3, column: 35 });
    expect(locateKeyPath(source, ['title'])).toEqual({ line: 4, column: 37 });
    expect(locateKeyPath(source, ['provider', 'apiLive'])).toEqual({ line: 2, column: 18 });
  });
});

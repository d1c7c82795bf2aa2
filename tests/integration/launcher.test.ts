import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PRECOMPILED_LANGUAGES } from '../../packages/engine/src/node/markdown/code-block/regex-tables';

/*
 * bin/docsgen compiles the CLI and engine into node_modules/.cache/docsgen/ once per set of
 * sources. These tests run a copy of the checkout (bin/, packages/ and templates/, with the real
 * node_modules linked in), so editing its sources touches nothing the other tests use.
 */
const repo = path.resolve(import.meta.dirname, '../..');
const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-launcher-'));
fs.cpSync(path.join(repo, 'bin'), path.join(copy, 'bin'), { recursive: true });
fs.cpSync(path.join(repo, 'packages'), path.join(copy, 'packages'), { recursive: true });
fs.cpSync(path.join(repo, 'templates'), path.join(copy, 'templates'), { recursive: true });
fs.copyFileSync(path.join(repo, 'package.json'), path.join(copy, 'package.json'));
fs.symlinkSync(path.join(repo, 'node_modules'), path.join(copy, 'node_modules'));
const cliSource = path.join(copy, 'packages/cli/src/index.ts');
const original = fs.readFileSync(cliSource, 'utf8');
const cache = path.join(repo, 'node_modules/.cache/docsgen');
/** This copy's bundles (each names its checkout in its package.json). */
const bundles = () => new Set(fs.readdirSync(cache).filter((d) => d.startsWith('cli-') && JSON.parse(fs.readFileSync(path.join(cache, d, 'package.json'), 'utf8')).source === copy));
const run = (...args: string[]) => spawnSync(process.execPath, [path.join(copy, 'bin/docsgen'), ...args], { encoding: 'utf8' });

afterAll(() => {
  for (const d of bundles()) fs.rmSync(path.join(cache, d), { recursive: true, force: true });
  fs.rmSync(copy, { recursive: true, force: true });
});

describe('bin/docsgen', () => {
  it('compiles its sources once and reuses the bundle while they are unchanged', () => {
    const first = run('--help');
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('Usage: docsgen');
    const after = bundles();
    expect(after.size).toBe(1);
    // the grammars' translated regular expressions are made with the bundle (regex-tables.ts)
    const tables = fs.readdirSync(path.join(cache, [...after][0]!, 'grammars'));
    expect(tables.sort()).toEqual(PRECOMPILED_LANGUAGES.map((l) => `${l}.json`).sort());
    // so are the default theme's bundles (client-build/prebuilt-theme.ts), for this copy's theme
    const theme = JSON.parse(fs.readFileSync(path.join(cache, [...after][0]!, 'theme.json'), 'utf8')) as { templatesDir: string; sources: Record<string, string> };
    expect(theme.templatesDir).toBe(path.join(copy, 'templates'));
    expect(Object.keys(theme.sources)).toContain(path.join(copy, 'templates/index.tsx'));
    // zod's English messages are in it, its other locales are not (bin/bundle-dependencies.mjs)
    const code = fs.readdirSync(path.join(cache, [...after][0]!)).filter((f) => f.endsWith('.js')).map((f) => fs.readFileSync(path.join(cache, [...after][0]!, f), 'utf8')).join('\n');
    expect(code).toContain('// node_modules/zod/v4/locales/en.js');
    expect(code).not.toMatch(/\/\/ node_modules\/zod\/v4\/locales\/(?!en\.js)/);
    const second = run('--help');
    expect(second.status).toBe(0);
    expect(bundles()).toEqual(after);
  });

  it('recompiles after a source changes', () => {
    fs.writeFileSync(cliSource, original.replace("'Static-site generator for API documentation", "'Edited generator for API documentation"));
    try {
      const before = bundles();
      const result = run('--help');
      expect(result.status).toBe(0);
      expect(result.stdout).toContain('Edited generator for API documentation');
      expect([...bundles()].filter((d) => !before.has(d))).toHaveLength(1);
    } finally {
      fs.writeFileSync(cliSource, original);
    }
  });

  it("recompiles after an edit that keeps the file's size and modification time", () => {
    // The launcher keys the bundle by the sources' stat: the ctime an edit leaves behind must count.
    const second = Math.floor(Date.now() / 1000) - 60; // a whole second: utimes keeps it exactly
    fs.utimesSync(cliSource, second, second);
    expect(run('--help').stdout).toContain('Static-site generator for API documentation');
    const before = fs.statSync(cliSource);
    fs.writeFileSync(cliSource, original.replace("'Static-site generator for API documentation", "'Static-site generator for API DOCUMENTATION"));
    fs.utimesSync(cliSource, second, second);
    try {
      expect(fs.statSync(cliSource).size).toBe(before.size);
      expect(fs.statSync(cliSource).mtimeMs).toBe(before.mtimeMs);
      const result = run('--help');
      expect(result.status).toBe(0);
      expect(result.stdout).toContain('generator for API DOCUMENTATION');
    } finally {
      fs.writeFileSync(cliSource, original);
    }
  });

  it('answers --help with commander alone: no engine chunk and no other npm package is loaded', () => {
    expect(run('--help').status).toBe(0); // the bundle is in place: this run compiles nothing
    const trace = path.join(copy, 'imports.txt');
    fs.writeFileSync(trace, '');
    const env = { ...process.env, DOCSGEN_TRACE_IMPORTS_FILE: trace, DOCSGEN_TRACE_IMPORTS_MATCH: '/node_modules/' };
    const hook = path.join(repo, 'tests/helpers/trace-imports.mjs');
    const result = spawnSync(process.execPath, ['--import', hook, path.join(copy, 'bin/docsgen'), '--help'], { encoding: 'utf8', env });
    expect(result.status, result.stderr).toBe(0);
    const loaded = fs.readFileSync(trace, 'utf8').trim().split('\n');
    const packages = new Set(loaded.filter((url) => !url.includes('/.cache/docsgen/')).map((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1]));
    expect([...packages]).toEqual(['commander']);
    // The CLI's own entry and esbuild's few helpers: the engine's chunks are hundreds of KB.
    const chunks = loaded.filter((url) => url.includes('/.cache/docsgen/')).map((url) => fs.statSync(new URL(url)).size);
    expect(chunks.reduce((a, b) => a + b, 0)).toBeLessThan(20_000);
  });

  it('reports a syntax error in its own sources with file:line:col and exits non-zero', () => {
    fs.writeFileSync(cliSource, original.replace('export async function main(', 'export async function main((('));
    try {
      const result = run('--help');
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/could not compile its own sources:\n.*packages\/cli\/src\/index\.ts:\d+:\d+ /);
    } finally {
      fs.writeFileSync(cliSource, original);
    }
  });
});

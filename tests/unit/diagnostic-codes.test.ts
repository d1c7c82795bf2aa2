import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DIAGNOSTIC_CODES } from '../../packages/engine/src/shared/diagnostic-codes';
import { diagnostic } from '../../packages/engine/src/shared/diagnostic';
import { BEGIN_MARKER, END_MARKER, codesTable, withCodesTable } from '../../scripts/diagnostic-codes-table';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Where diagnostics are made. */
const SOURCE_DIRS = ['packages/engine/src', 'packages/cli/src', 'templates'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|js|mjs)$/.test(d.name) ? [full] : [];
  });
}

/** Every code the sources report, `diagnostic('X', …)` and `{ code: 'X', … }`, with the files that report it. */
function codesInSources(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of SOURCE_DIRS.flatMap((d) => sourceFiles(path.join(repo, d)))) {
    const text = fs.readFileSync(file, 'utf8');
    // `code: 'custom'` (a zod issue code) and other lowercase values are not diagnostic codes.
    for (const m of text.matchAll(/\bdiagnostic\(\s*(['"`])(\w+)\1|\bcode:\s*(['"`])([A-Z]\w*)\3/g)) {
      const code = m[2] ?? m[4]!;
      found.set(code, [...(found.get(code) ?? []), path.relative(repo, file)]);
    }
  }
  return found;
}

describe('diagnostic codes', () => {
  it('the README table is the one the registry generates (run `npm run docs:codes` to update it)', () => {
    const readme = fs.readFileSync(path.join(repo, 'README.md'), 'utf8');
    const block = readme.slice(readme.indexOf(BEGIN_MARKER) + BEGIN_MARKER.length, readme.indexOf(END_MARKER)).trim();
    expect(block).toBe(codesTable());
    expect(withCodesTable(readme)).toBe(readme);
  });

  it('every code used in the sources is registered', () => {
    const found = codesInSources();
    // The scan itself works: both forms are found.
    expect(found.get('DeadLink')).toBeDefined();
    expect(found.get('StaleOutput')).toEqual(['packages/cli/src/check.ts']);
    const unregistered = [...found].filter(([code]) => !(code in DIAGNOSTIC_CODES)).map(([code, files]) => `${code} (${[...new Set(files)].join(', ')})`);
    expect(unregistered, 'add these to packages/engine/src/shared/diagnostic-codes.ts').toEqual([]);
  });

  it('every registered code is used in the sources', () => {
    const found = codesInSources();
    expect(Object.keys(DIAGNOSTIC_CODES).filter((code) => !found.has(code))).toEqual([]);
  });

  it('each code has a one-line meaning', () => {
    for (const [code, info] of Object.entries(DIAGNOSTIC_CODES)) {
      expect(code).toMatch(/^[A-Z][A-Za-z]+$/);
      expect(info.meaning.trim(), code).not.toBe('');
      expect(info.meaning, code).not.toMatch(/[\r\n]/);
    }
  });

  it("diagnostic() takes the code's registered severity unless told otherwise", () => {
    expect(diagnostic('UnreachablePage', 'm', { file: 'a.mdx' }).severity).toBe('warning');
    expect(diagnostic('DeadLink', 'm', { file: 'a.mdx' }).severity).toBe('error');
    expect(diagnostic('DeadLink', 'm', { file: 'a.mdx' }, { severity: 'warning' }).severity).toBe('warning');
  });

  it('the generated table escapes pipes and sorts by code', () => {
    const table = codesTable({ Zeta: { severity: 'error', meaning: 'a | b' }, Alpha: { severity: 'warning', setting: 'checks.x', meaning: 'c' } });
    expect(table.split('\n').slice(2)).toEqual(['| `Alpha` | warning (`checks.x`) | c |', '| `Zeta` | error | a \\| b |']);
  });
});

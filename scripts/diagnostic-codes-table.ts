// The README's table of diagnostic codes, generated from the registry. Pure functions: used by
// scripts/docs-codes.mjs (`npm run docs:codes`, which rewrites README.md) and by
// tests/unit/diagnostic-codes.test.ts (which fails when README.md is out of date).
import { DIAGNOSTIC_CODES, type DiagnosticCodeInfo } from '../packages/engine/src/shared/diagnostic-codes';

export const BEGIN_MARKER = '<!-- diagnostic-codes:begin (generated from packages/engine/src/shared/diagnostic-codes.ts by `npm run docs:codes`; do not edit by hand) -->';
export const END_MARKER = '<!-- diagnostic-codes:end -->';

const cell = (text: string) => {
  if (/[\r\n]/.test(text)) throw new Error(`a table cell must be one line: ${JSON.stringify(text)}`);
  return text.replace(/\|/g, '\\|');
};

/** The table, one row per code in alphabetical order (where a code sits in the registry does not matter). */
export function codesTable(codes: Readonly<Record<string, DiagnosticCodeInfo>> = DIAGNOSTIC_CODES): string {
  const rows = Object.entries(codes)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([code, info]) => `| \`${code}\` | ${info.severity}${info.setting ? ` (\`${info.setting}\`)` : ''} | ${cell(info.meaning)} |`);
  return ['| Code | Severity | Meaning |', '| --- | --- | --- |', ...rows].join('\n');
}

/** `readme` with the text between the markers replaced by the generated table. */
export function withCodesTable(readme: string, table: string = codesTable()): string {
  const begin = readme.indexOf(BEGIN_MARKER);
  const end = readme.indexOf(END_MARKER);
  if (begin < 0 || end < begin || readme.indexOf(BEGIN_MARKER, begin + 1) >= 0 || readme.indexOf(END_MARKER, end + 1) >= 0) {
    throw new Error(`README.md needs exactly one ${BEGIN_MARKER} followed by one ${END_MARKER}`);
  }
  // Blank lines around the table keep the markers out of it in every Markdown renderer.
  return `${readme.slice(0, begin)}${BEGIN_MARKER}\n\n${table}\n\n${readme.slice(end)}`;
}

import fs from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../../shared/diagnostic';

const useColor = () => process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: string, text: string) => (useColor() ? `\x1b[${code}m${text}\x1b[0m` : text);

/** `content/guide/intro.mdx:12:5  error  DeadLink  message`, then a small code frame. */
export function formatDiagnostic(d: Diagnostic, cwd = process.cwd()): string {
  const file = path.isAbsolute(d.file) ? path.relative(cwd, d.file) || d.file : d.file;
  const where = [file, d.line, d.line ? d.column ?? 1 : undefined].filter((x) => x !== undefined).join(':');
  const severity = d.severity === 'error' ? paint('31', 'error') : paint('33', 'warning');
  const lines = [`${where}  ${severity}  ${d.code}  ${d.message}`];
  const frame = d.line ? codeFrame(d.file, d.line, d.column ?? 1) : '';
  if (frame) lines.push(frame);
  if (d.hint) lines.push(`  hint: ${d.hint}`);
  return lines.join('\n');
}

/** Two lines of context around `line` with a caret under `column`; empty when the file is unreadable. */
export function codeFrame(file: string, line: number, column: number): string {
  let source: string;
  try {
    source = fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
  const all = source.split('\n');
  const from = Math.max(1, line - 1);
  const to = Math.min(all.length, line + 1);
  const width = String(to).length;
  const out: string[] = [];
  for (let n = from; n <= to; n++) {
    const text = (all[n - 1] ?? '').slice(0, 160);
    out.push(`  ${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${text}`);
    if (n === line) out.push(`    ${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - 1))}^`);
  }
  return out.join('\n');
}

/** By file and position; problems caused by another file's errors come after all the others. */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) => Number(a.causedBy !== undefined) - Number(b.causedBy !== undefined) || a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0),
  );
}

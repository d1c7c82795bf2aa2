import path from 'node:path';
import { formatDiagnostic, sortDiagnostics, formatMs, type BuildResult, type Diagnostic } from '@docsgen/engine';

/** Prints every diagnostic (errors and warnings), then a one-line count. */
export function printDiagnostics(list: Diagnostic[], cwd = process.cwd()): void {
  for (const d of sortDiagnostics(list)) process.stderr.write(`${formatDiagnostic(d, cwd)}\n`);
}

/** ` (N of them follow from the errors in F, listed first)` when some errors were caused by another file's. */
export function causedNote(list: Diagnostic[]): string {
  const caused = list.filter((d) => d.severity === 'error' && d.causedBy);
  if (!caused.length) return '';
  const files = [...new Set(caused.map((d) => d.causedBy))].join(', ');
  return ` (${caused.length} of them follow from the errors in ${files}, listed first)`;
}

export function summary(result: BuildResult, cwd = process.cwd()): string {
  const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = result.diagnostics.length - errors;
  const written = result.outPath ?? result.config?.outPath;
  const out = written ? path.relative(cwd, written) || '.' : '';
  const size = `${(result.stats.bytes / 1024).toFixed(0)} KiB`;
  return result.ok
    ? `Built ${result.stats.pages} pages into ${out} (${size}) in ${formatMs(result.stats.ms)}; ${warnings} warning${warnings === 1 ? '' : 's'}.`
    : `Build failed: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}${causedNote(result.diagnostics)}. The previous output was left as it was.`;
}

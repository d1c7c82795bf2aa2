import { DIAGNOSTIC_CODES, type DiagnosticCode } from './diagnostic-codes';

export type { DiagnosticCode } from './diagnostic-codes';

/** Where a problem is, in the user's own file. Lines and columns are 1-based. */
export interface SourcePosition {
  file: string;
  line?: number;
  column?: number;
}

/**
 * Where a problem is, or how to find it: a function is called only when the problem is reported,
 * so a caller whose placing costs a parse (a key of the config, a line of the spec) pays for it only then.
 */
export type Place = SourcePosition | (() => SourcePosition);

export type Severity = 'error' | 'warning';

/**
 * The one shape of every problem docsgen reports. Codes are permanent and searchable
 * (`DeadLink`, `DuplicateRoute`), each registered in `diagnostic-codes.ts`; the CLI turns a list of
 * these into text.
 */
export interface Diagnostic extends SourcePosition {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  hint?: string;
  /**
   * The file whose own errors caused this one (a link into an API reference the spec's errors kept
   * from being built): reported after the errors it follows from, and counted apart.
   */
  causedBy?: string;
}

/** A problem of a registered code, with that code's default severity unless `extra` says otherwise. */
export function diagnostic(
  code: DiagnosticCode,
  message: string,
  at: Place,
  extra: { severity?: Severity; hint?: string } = {},
): Diagnostic {
  return { code, message, severity: extra.severity ?? DIAGNOSTIC_CODES[code].severity, hint: extra.hint, ...(typeof at === 'function' ? at() : at) };
}

export function hasErrors(list: readonly Diagnostic[]): boolean {
  return list.some((d) => d.severity === 'error');
}

/** A failure that carries diagnostics; thrown only inside a stage, caught at its edge. */
export class DiagnosticError extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(diagnostics.map((d) => d.message).join('\n'));
    this.name = 'DiagnosticError';
  }
}

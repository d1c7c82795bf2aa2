import { hasErrors, type Diagnostic } from '../../shared/diagnostic';

/** What every stage returns: its value and the problems it found. */
export interface Staged<T> {
  value: T;
  diagnostics: Diagnostic[];
}

export const staged = <T>(value: T, diagnostics: Diagnostic[] = []): Staged<T> => ({ value, diagnostics });

/**
 * Collects the diagnostics of a build. A stage's value is only reachable through `take`, which
 * records the stage's diagnostics first, so no stage's problems can be dropped on the way.
 */
export class Report {
  readonly diagnostics: Diagnostic[] = [];

  take<T>(result: Staged<T>): T {
    this.diagnostics.push(...result.diagnostics);
    return result.value;
  }

  get failed(): boolean {
    return hasErrors(this.diagnostics);
  }
}

import { rootProblem } from '@docsgen/engine';
import { printDiagnostics } from './report';

/** Prints the root's problem and answers the exit code 1, or answers null when the root is usable. */
export function rejectBadRoot(root: string, command: string): number | null {
  const problem = rootProblem(root);
  if (!problem) return null;
  printDiagnostics([problem]);
  process.stdout.write(`docsgen ${command}: 1 error, nothing was built\n`);
  return 1;
}

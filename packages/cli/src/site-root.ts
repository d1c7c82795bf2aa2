import fs from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '@docsgen/engine';
import { printDiagnostics } from './report';

/**
 * Why `root` cannot be a site folder, or null when it is a folder. Checked before anything
 * else: a missing folder would otherwise build, with defaults, an empty site and exit 0.
 */
export function rootProblem(root: string): Diagnostic | null {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(root);
  } catch {
    return { code: 'RootNotFound', severity: 'error', message: `the site folder ${root} does not exist`, file: root, hint: 'pass --root a folder holding docs-build.config.ts, content/ and specs/ (default: the current folder)' };
  }
  if (stat.isDirectory()) return null;
  return { code: 'RootNotAFolder', severity: 'error', message: `the site root ${root} is a file, not a folder`, file: root, hint: `pass --root the folder that holds it${path.basename(root) === 'docs-build.config.ts' ? ` (${path.dirname(root)})` : ''}` };
}

/** Prints the root's problem and answers the exit code 1, or answers null when the root is usable. */
export function rejectBadRoot(root: string, command: string): number | null {
  const problem = rootProblem(root);
  if (!problem) return null;
  printDiagnostics([problem]);
  process.stdout.write(`docsgen ${command}: 1 error, nothing was built\n`);
  return 1;
}

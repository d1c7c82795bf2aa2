import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder where the suites of this run share one build of the portal (helpers/portal-site.ts). */
    portalRunDir: string;
  }
}

/**
 * Gives the run a folder for what its suites share, and removes it when the run ends. It is also
 * the run's temporary folder (TMPDIR, which the test processes inherit): every site, output and
 * cache a test makes with `os.tmpdir()` goes with it, rather than piling up run after run (a few
 * thousand folders, tens of GB, after a day of runs).
 */
export default function setup(project: TestProject): () => void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-test-run-'));
  project.provide('portalRunDir', dir);
  const tmp = path.join(dir, 'tmp');
  fs.mkdirSync(tmp);
  const before = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

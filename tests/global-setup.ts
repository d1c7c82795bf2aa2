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

/** Gives the run a folder for what its suites share, and removes it when the run ends. */
export default function setup(project: TestProject): () => void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-test-run-'));
  project.provide('portalRunDir', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

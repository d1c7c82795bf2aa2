import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** The engine's worker programs: each a module of this folder, and an entry of the CLI bundle (bin/launch.mjs). */
export type WorkerEntry = 'highlight-worker' | 'font-worker';

/**
 * What a worker thread runs: it imports the worker's module, from the bundled CLI or, when docsgen
 * runs from its sources (tests), through tsx. A module that cannot load is reported as a message
 * `{ failed }`, and the caller does the work on its own thread.
 */
const PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const ready = workerData.tsx ? import(workerData.tsx).then((tsx) => tsx.register()) : Promise.resolve();
ready.then(() => import(workerData.entry)).catch((e) => parentPort.postMessage({ failed: String((e && e.stack) || e) }));
`;

/** The worker's module: in the CLI bundle when the launcher says where that is, else the source. */
function workerModule(name: WorkerEntry): { entry: string; tsx?: string } {
  const bundle = process.env.DOCSGEN_BUNDLE_DIR;
  if (bundle) return { entry: pathToFileURL(path.join(bundle, `${name}.js`)).href };
  return { entry: pathToFileURL(path.join(import.meta.dirname, `${name}.ts`)).href, tsx: import.meta.resolve('tsx/esm/api') };
}

/** Starts the worker `name`; `flag` is set in its workerData, so its module knows it is the worker and serves. */
export function startWorker(name: WorkerEntry, flag: string): Worker {
  const { entry, tsx } = workerModule(name);
  return new Worker(PROGRAM, { eval: true, workerData: { entry, tsx, [flag]: true } });
}

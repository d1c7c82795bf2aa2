import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ContentPage } from '../markdown/content-page';

/** What the compile worker needs to compile pages as the main thread does (plain values only). */
export interface CompileWorkerData {
  /** The site root as given (the worker opens its own file boundary on it). */
  root: string;
  contentPath: string;
  variables: Record<string, string>;
  components: string[];
  codeLanguages: string[];
  /** The highlight cache's folder (null: no persistent cache). */
  highlightCache: string | null;
}

export type CompileRequest = { id: number; file: string; route: string };
/** A compiled page, with the worker's code-block counts so far; or the error compiling it threw. */
export type CompileReply = { id: number; page: ContentPage; blocks: { hits: number; misses: number } } | { id: number; error: string };

/** The worker stopped or never started: what it was given must be compiled on the main thread. */
export class WorkerGone extends Error {}

/**
 * Fewer pages than this to compile and the worker does not pay for its start (loading the compiler
 * and shiki a second time, about a third of a second of CPU).
 */
export const MIN_WORKER_PAGES = 24;

/**
 * The program the worker runs: it imports the compile worker's module, from the bundled CLI or,
 * when docsgen runs from its sources (tests), through tsx. A module that cannot load is reported
 * as a failure, so the main thread compiles everything itself.
 */
const PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const ready = workerData.tsx ? import(workerData.tsx).then((tsx) => tsx.register()) : Promise.resolve();
ready.then(() => import(workerData.entry)).catch((e) => parentPort.postMessage({ failed: String((e && e.stack) || e) }));
`;

/** The compile worker's module: in the CLI bundle when the launcher says where it is, else the source. */
function workerModule(): { entry: string; tsx?: string } {
  const bundle = process.env.DOCSGEN_BUNDLE_DIR;
  if (bundle) return { entry: pathToFileURL(path.join(bundle, 'compile-worker.js')).href };
  return { entry: pathToFileURL(path.join(import.meta.dirname, 'compile-worker.ts')).href, tsx: import.meta.resolve('tsx/esm/api') };
}

/** Whether a second thread should compile: two cores or more, and not turned off (`DOCSGEN_WORKERS=0`). */
export const workersWanted = (): boolean => process.env.DOCSGEN_WORKERS !== '0' && os.availableParallelism() > 1;

/**
 * One worker thread that compiles content pages beside the main thread. Pages are sent one at a
 * time as the caller asks; replies come back by id. If the worker fails, every page it holds is
 * rejected with `WorkerGone` and the caller compiles them itself: the worker can only make a
 * build faster, never different.
 */
export class CompilePool {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve(page: ContentPage): void; reject(error: Error): void }>();
  private nextId = 0;
  private gone: WorkerGone | null = null;
  /** The worker's code-block counts (highlight cache hits and new blocks). */
  blocks = { hits: 0, misses: 0 };

  constructor(data: CompileWorkerData) {
    const { entry, tsx } = workerModule();
    this.worker = new Worker(PROGRAM, { eval: true, workerData: { entry, tsx, docsgenCompile: data } });
    this.worker.on('message', (message: CompileReply | { failed: string }) => {
      if ('failed' in message) return this.stop(new WorkerGone(`the compile worker could not start: ${message.failed}`));
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if ('error' in message) return waiting?.reject(new Error(message.error));
      this.blocks = message.blocks;
      waiting?.resolve(message.page);
    });
    this.worker.on('error', (error) => this.stop(new WorkerGone(`the compile worker failed: ${error.message}`)));
    this.worker.on('exit', (code) => this.stop(new WorkerGone(`the compile worker exited (${code})`)));
  }

  compile(file: string, route: string): Promise<ContentPage> {
    if (this.gone) return Promise.reject(this.gone);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, file, route } satisfies CompileRequest);
    });
  }

  private stop(reason: WorkerGone): void {
    this.gone ??= reason;
    for (const { reject } of this.pending.values()) reject(this.gone);
    this.pending.clear();
  }

  /** Stops the worker (its pages are all back, or the caller has given up on them). */
  async close(): Promise<void> {
    this.stop(new WorkerGone('the compile worker was closed'));
    await this.worker.terminate();
  }
}

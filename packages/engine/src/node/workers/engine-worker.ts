import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits, type Transferable } from 'node:worker_threads';

/** The engine's worker programs: each a module of this folder, and an entry of the CLI bundle (bin/launch.mjs). */
export type WorkerEntry = 'highlight-worker' | 'font-worker' | 'search-worker';

/**
 * What a worker thread runs: it imports the worker's module, from the bundled CLI or, when docsgen
 * runs from its sources (tests), through tsx. A module that cannot load is reported as a message
 * `{ failed }`, and the caller does the work on its own thread. A caller that waits for the worker
 * synchronously passes `state` (a SharedArrayBuffer) in its workerData: the failure also sets its
 * first 32-bit slot to -1 (a loaded worker sets it to 1 when it serves).
 */
const PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const ready = workerData.tsx ? import(workerData.tsx).then((tsx) => tsx.register()) : Promise.resolve();
ready.then(() => import(workerData.entry)).catch((e) => {
  if (workerData.state) {
    const state = new Int32Array(workerData.state);
    Atomics.store(state, 0, -1);
    Atomics.notify(state, 0);
  }
  parentPort.postMessage({ failed: String((e && e.stack) || e) });
});
`;

/** The worker's module: in the CLI bundle when the launcher says where that is, else the source. */
function workerModule(name: WorkerEntry): { entry: string; tsx?: string } {
  const bundle = process.env.DOCSGEN_BUNDLE_DIR;
  if (bundle) return { entry: pathToFileURL(path.join(bundle, `${name}.js`)).href };
  return { entry: pathToFileURL(path.join(import.meta.dirname, `${name}.ts`)).href, tsx: import.meta.resolve('tsx/esm/api') };
}

/**
 * The limits of every worker the engine keeps for a stage (highlight, font, cards, spec
 * validation). V8 sizes a thread's young generation as it would a main thread's, up to 32 MiB of
 * new space, and a worker's RSS keeps it: with 8 MiB, the portal's card stage peaks about 40 MiB
 * lower and the corpus's build about 20 MiB lower, at the same speed (bench/RESULTS.md, "Workers'
 * young generation"). The old generation is left unbounded: a worker that ran out would only hand
 * its work back to the main thread, slower.
 */
export const WORKER_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 8 };

/**
 * Starts the worker `name`; `flag` is set in its workerData, so its module knows it is the worker
 * and serves. `data` adds to its workerData, with the ports and buffers it moves in `transfer`.
 */
export function startWorker(name: WorkerEntry, flag: string, data: Record<string, unknown> = {}, transfer: Transferable[] = []): Worker {
  const { entry, tsx } = workerModule(name);
  return new Worker(PROGRAM, { eval: true, workerData: { ...data, entry, tsx, [flag]: true }, transferList: transfer, resourceLimits: WORKER_LIMITS });
}

/**
 * Blocks while slot `slot` of a shared counter array holds `value`, for at most `ms`: whether it
 * moved on. How a thread waits synchronously for another (the parse, search and file-writer threads).
 */
export function waitWhile(state: Int32Array, slot: number, value: number, ms: number): boolean {
  const end = performance.now() + ms;
  while (Atomics.load(state, slot) === value) {
    const left = end - performance.now();
    if (left <= 0) return false;
    Atomics.wait(state, slot, value, left);
  }
  return true;
}

/** The worker stopped, never started or was closed: the caller does the work on its own thread. */
export class WorkerGone extends Error {}

/** A worker's reply to the call `id`: its answer, or the error the work threw there. */
export type WorkerReply<Answer> = ({ id: number } & Answer) | { id: number; error: string };

/**
 * Calls into one of the engine's workers, started on the first call: each request carries an id,
 * and the reply with that id settles it (an `error` reply rejects it with that message). A worker
 * that cannot load its module, fails or exits rejects every waiting and later call with
 * `WorkerGone`. The thread keeps the process alive only while a call is waiting.
 */
export class WorkerCalls<Request extends object, Answer extends object> {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, { resolve(answer: Answer): void; reject(error: Error): void }>();
  private nextId = 0;
  private gone: WorkerGone | null = null;
  /** Calls the worker answered. */
  answered = 0;

  /** `label` names the worker in a WorkerGone's message ("the font worker"). */
  constructor(private readonly name: WorkerEntry, private readonly flag: string, private readonly label: string) {}

  get stopped(): boolean {
    return this.gone !== null;
  }

  call(request: Request): Promise<Answer> {
    if (this.gone) return Promise.reject(this.gone);
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    return new Promise<Answer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) worker.ref();
      worker.postMessage({ ...request, id });
    });
  }

  /**
   * Starts the worker now, before the first call, so that it loads its modules while this thread
   * does other work. It does not keep the process alive.
   */
  warm(): void {
    if (this.gone || this.worker) return;
    this.worker = this.start();
    this.worker.unref();
  }

  async close(): Promise<void> {
    this.stop(new WorkerGone(`${this.label} was closed`));
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = startWorker(this.name, this.flag);
    worker.on('message', (message: WorkerReply<Answer> | { failed: string }) => {
      if ('failed' in message) return this.stop(new WorkerGone(`${this.label} could not start: ${message.failed}`));
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (this.pending.size === 0) worker.unref();
      if ('error' in message && typeof message.error === 'string') waiting?.reject(new Error(message.error));
      else {
        this.answered++;
        waiting?.resolve(message as Answer);
      }
    });
    worker.on('error', (error) => this.stop(new WorkerGone(`${this.label} failed: ${error.message}`)));
    worker.on('exit', (code) => this.stop(new WorkerGone(`${this.label} exited (${code})`)));
    return worker;
  }

  private stop(reason: WorkerGone): void {
    this.gone ??= reason;
    for (const { reject } of this.pending.values()) reject(this.gone);
    this.pending.clear();
  }
}

import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startWorker } from './engine-worker';
import type { BlockRenderer } from '../markdown/highlight';

export type HighlightRequest = { id: number; lang: string; meta: string; code: string };
export type HighlightReply = { id: number; html: string } | { id: number; error: string };

/** The worker stopped or never started: its blocks are rendered on the main thread. */
class WorkerGone extends Error {}

/** Whether a second thread should highlight: two cores or more, and not turned off (`DOCSGEN_WORKERS=0`). */
export const workersWanted = (): boolean => process.env.DOCSGEN_WORKERS !== '0' && os.availableParallelism() > 1;

/**
 * Renders code blocks on a worker thread, started on the first block: the main thread goes on
 * parsing other pages meanwhile, and only the worker loads shiki and compiles grammars. If the
 * worker fails, its blocks and every later one are rendered by `fallback` on the main thread:
 * the worker can make a build faster, never different. The thread does not keep the process
 * alive while no block is waiting (a watch session keeps it, with shiki loaded, for the next run).
 */
export class HighlightPool {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, { resolve(html: string): void; reject(error: Error): void }>();
  private nextId = 0;
  private gone: WorkerGone | null = null;
  /** Blocks rendered on the worker. */
  rendered = 0;

  constructor(private readonly fallback: BlockRenderer) {}

  readonly render: BlockRenderer = async (lang, meta, code) => {
    if (this.gone) return this.fallback(lang, meta, code);
    try {
      const html = await this.send({ id: this.nextId++, lang, meta, code });
      this.rendered++;
      return html;
    } catch (error) {
      if (!(error instanceof WorkerGone)) throw error;
      return this.fallback(lang, meta, code);
    }
  };

  private send(request: HighlightRequest): Promise<string> {
    const worker = (this.worker ??= this.start());
    return new Promise((resolve, reject) => {
      this.pending.set(request.id, { resolve, reject });
      if (this.pending.size === 1) worker.ref();
      worker.postMessage(request);
    });
  }

  private start(): Worker {
    const worker = startWorker('highlight-worker', 'docsgenHighlight');
    worker.on('message', (message: HighlightReply | { failed: string }) => {
      if ('failed' in message) return this.stop(new WorkerGone(`the highlight worker could not start: ${message.failed}`));
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (this.pending.size === 0) worker.unref();
      if ('error' in message) waiting?.reject(new Error(message.error));
      else waiting?.resolve(message.html);
    });
    worker.on('error', (error) => this.stop(new WorkerGone(`the highlight worker failed: ${error.message}`)));
    worker.on('exit', (code) => this.stop(new WorkerGone(`the highlight worker exited (${code})`)));
    return worker;
  }

  private stop(reason: WorkerGone): void {
    this.gone ??= reason;
    for (const { reject } of this.pending.values()) reject(this.gone);
    this.pending.clear();
  }

  /** Stops the worker (a watch session that ends). */
  async close(): Promise<void> {
    this.stop(new WorkerGone('the highlight worker was closed'));
    await this.worker?.terminate();
  }
}

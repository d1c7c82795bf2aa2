import os from 'node:os';
import { WorkerCalls, WorkerGone, type WorkerReply } from './engine-worker';
import type { BlockRenderer } from '../markdown/highlight';

export type HighlightRequest = { id: number; lang: string; meta: string; code: string };
export type HighlightReply = WorkerReply<{ html: string }>;

/** Whether a second thread should do the work: two cores or more, and not turned off (`DOCSGEN_WORKERS=0`). */
export const workersWanted = (): boolean => process.env.DOCSGEN_WORKERS !== '0' && os.availableParallelism() > 1;

/**
 * Renders code blocks on a worker thread, started on the first block: the main thread goes on
 * parsing other pages meanwhile, and only the worker loads shiki and compiles grammars. If the
 * worker fails, its blocks and every later one are rendered by `fallback` on the main thread:
 * the worker can make a build faster, never different. The thread does not keep the process
 * alive while no block is waiting (a watch session keeps it, with shiki loaded, for the next run).
 */
export class HighlightPool {
  private readonly calls = new WorkerCalls<Omit<HighlightRequest, 'id'>, { html: string }>('highlight-worker', 'docsgenHighlight', 'the highlight worker');

  constructor(private readonly fallback: BlockRenderer) {}

  /** Blocks rendered on the worker. */
  get rendered(): number {
    return this.calls.answered;
  }

  readonly render: BlockRenderer = async (lang, meta, code) => {
    if (this.calls.stopped) return this.fallback(lang, meta, code);
    try {
      return (await this.calls.call({ lang, meta, code })).html;
    } catch (error) {
      if (!(error instanceof WorkerGone)) throw error;
      return this.fallback(lang, meta, code);
    }
  };

  /**
   * Starts the worker before the first block: it loads shiki and its theme while the main
   * thread reads and parses the first pages (a cold build's first blocks waited 0.5-0.6 s for it).
   */
  readonly warm = (): void => this.calls.warm();

  /** Stops the worker (a watch session that ends). */
  close(): Promise<void> {
    return this.calls.close();
  }
}

import type { Worker } from 'node:worker_threads';
import { fontToolsHere, type FontTools, type SubsetOptions } from '../font/font-tools';
import { startWorker } from './engine-worker';
import { workersWanted } from './highlight-pool';

export type FontRequest =
  | { id: number; op: 'subset'; font: Uint8Array; text: string; options: SubsetOptions }
  | { id: number; op: 'widths'; font: Uint8Array; texts: Array<readonly [number, string]>; axis: { min: number; max: number } | null };
export type FontReply = { id: number; bytes: Uint8Array } | { id: number; widths: Array<[string, number]> } | { id: number; error: string };

type Answer = { bytes: Uint8Array } | { widths: Array<[string, number]> };

/** The worker stopped or never started: the rest is done on this thread. */
class WorkerGone extends Error {}

/**
 * The web font's harfbuzz work on a worker thread, which ends with `close`: harfbuzz's WebAssembly
 * memory (about 100 MB after subsetting Inter) would otherwise stay with the build to its end. A
 * worker that fails leaves the rest to this thread, with the same results. One thread only
 * (`DOCSGEN_WORKERS=0`, one core): the tools run here.
 */
export function fontTools(): FontTools {
  return workersWanted() ? new FontWorker() : fontToolsHere();
}

export class FontWorker implements FontTools {
  /** Requests the worker answered (the rest, if any, were done on this thread). */
  served = 0;
  private worker: Worker | null = null;
  private readonly pending = new Map<number, { resolve(answer: Answer): void; reject(error: Error): void }>();
  private nextId = 0;
  private gone: WorkerGone | null = null;
  private here: FontTools | null = null;

  async subset(font: Buffer, text: string, options: SubsetOptions): Promise<Buffer> {
    const answer = await this.ask({ id: this.nextId++, op: 'subset', font, text, options });
    if (answer && 'bytes' in answer) return Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength);
    return this.local().subset(font, text, options);
  }

  async widths(font: Buffer, texts: ReadonlyArray<readonly [number, string]>, axis: { min: number; max: number } | null): Promise<Map<string, number>> {
    const answer = await this.ask({ id: this.nextId++, op: 'widths', font, texts: [...texts], axis });
    if (answer && 'widths' in answer) return new Map(answer.widths);
    return this.local().widths(font, texts, axis);
  }

  close(): void {
    this.stop(new WorkerGone('the font worker was closed'));
    void this.worker?.terminate();
    this.worker = null;
  }

  private local(): FontTools {
    return (this.here ??= fontToolsHere());
  }

  /** The worker's answer; null when it is gone (the caller then works here). A failure of the work itself is thrown. */
  private async ask(request: FontRequest): Promise<Answer | null> {
    if (this.gone) return null;
    try {
      return await new Promise<Answer>((resolve, reject) => {
        this.pending.set(request.id, { resolve, reject });
        (this.worker ??= this.start()).postMessage(request);
      });
    } catch (error) {
      if (error instanceof WorkerGone) return null;
      throw error;
    }
  }

  private start(): Worker {
    const worker = startWorker('font-worker', 'docsgenFont');
    worker.on('message', (message: FontReply | { failed: string }) => {
      if ('failed' in message) return this.stop(new WorkerGone(`the font worker could not start: ${message.failed}`));
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if ('error' in message) waiting?.reject(new Error(message.error));
      else {
        this.served++;
        waiting?.resolve(message);
      }
    });
    worker.on('error', (error) => this.stop(new WorkerGone(`the font worker failed: ${error.message}`)));
    worker.on('exit', (code) => this.stop(new WorkerGone(`the font worker exited (${code})`)));
    return worker;
  }

  private stop(reason: WorkerGone): void {
    this.gone ??= reason;
    for (const { reject } of this.pending.values()) reject(this.gone);
    this.pending.clear();
  }
}

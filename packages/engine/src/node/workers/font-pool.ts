import { fontToolsHere, type FontTools, type SubsetOptions } from '../font/font-tools';
import { WorkerCalls, WorkerGone, type WorkerReply } from './engine-worker';
import { workersWanted } from './highlight-pool';

type FontCall =
  | { op: 'subset'; font: Uint8Array; text: string; options: SubsetOptions }
  | { op: 'widths'; font: Uint8Array; texts: Array<readonly [number, string]>; axis: { min: number; max: number } | null };
export type FontRequest = FontCall & { id: number };
type Answer = { bytes: Uint8Array } | { widths: Array<[string, number]> };
export type FontReply = WorkerReply<Answer>;

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
  private readonly calls = new WorkerCalls<FontCall, Answer>('font-worker', 'docsgenFont', 'the font worker');
  private here: FontTools | null = null;

  /** Requests the worker answered (the rest, if any, were done on this thread). */
  get served(): number {
    return this.calls.answered;
  }

  async subset(font: Buffer, text: string, options: SubsetOptions): Promise<Buffer> {
    const answer = await this.ask({ op: 'subset', font, text, options });
    if (answer && 'bytes' in answer) return Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength);
    return this.local().subset(font, text, options);
  }

  async widths(font: Buffer, texts: ReadonlyArray<readonly [number, string]>, axis: { min: number; max: number } | null): Promise<Map<string, number>> {
    const answer = await this.ask({ op: 'widths', font, texts: [...texts], axis });
    if (answer && 'widths' in answer) return new Map(answer.widths);
    return this.local().widths(font, texts, axis);
  }

  close(): void {
    void this.calls.close();
  }

  private local(): FontTools {
    return (this.here ??= fontToolsHere());
  }

  /** The worker's answer; null when it is gone (the caller then works here). A failure of the work itself is thrown. */
  private async ask(request: FontCall): Promise<Answer | null> {
    try {
      return await this.calls.call(request);
    } catch (error) {
      if (error instanceof WorkerGone) return null;
      throw error;
    }
  }
}

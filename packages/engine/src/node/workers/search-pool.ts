import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import type { SearchRecord } from '../search/build-search-index';
import { startWorker, waitWhile } from './engine-worker';
import { workersWanted } from './highlight-pool';

/** The index's JSON goes back in pieces of about this many characters. */
export const INDEX_PIECE_CHARS = 256 * 1024;
/** Pieces the worker makes ahead of the reader, at most (the rest of the index stays MiniSearch's maps). */
export const PIECES_AHEAD = 4;
/** Slots of the shared counters: the worker is ready (1, or -1: it could not load; see engine-worker.ts); pieces sent; pieces taken. */
export const State = { Ready: 0, Sent: 1, Taken: 2 } as const;

/** What the worker sends back on its port: a piece of the index's JSON, the end, or what failed. */
export type IndexMessage = string | { done: true } | { error: string };
/** What the main thread sends: records in the order the index is to hold them, then the end. */
export type ToSearchWorker = { records: SearchRecord[] } | { end: true };
export interface SearchWorkerData {
  pieces: MessagePort;
  state: SharedArrayBuffer;
}

/** Records sent in one message. */
const BATCH = 512;
/** How long the reader waits for the worker to load its module, then for each piece, before it gives up. */
const READY_MS = 20_000;
const STALL_MS = 60_000;

/**
 * The local search index, built on a worker thread while this one renders the pages: `add` posts
 * the records (in batches), and `jsonParts` reads the index's JSON back, synchronously, as the
 * output writes it (an iterable, as the in-thread builder's). A worker that never loaded, or that
 * fails before the first piece, leaves the index to `rebuild` on this thread: the worker can make
 * a build faster, never different. At most `PIECES_AHEAD` pieces wait between the threads.
 */
export class SearchIndexWorker {
  private readonly worker: Worker;
  private readonly pieces: MessagePort;
  private readonly state = new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
  private batch: SearchRecord[] = [];
  private closed = false;
  /** Whether the index came from the worker (else it was made here). */
  served = false;

  /** A worker for the index, or null with one thread only (`DOCSGEN_WORKERS=0`, one core) or when it cannot start. */
  static start(): SearchIndexWorker | null {
    if (!workersWanted()) return null;
    try {
      return new SearchIndexWorker();
    } catch {
      return null;
    }
  }

  private constructor() {
    const { port1, port2 } = new MessageChannel();
    this.pieces = port1;
    this.worker = startWorker('search-worker', 'docsgenSearch', { pieces: port2, state: this.state.buffer } satisfies SearchWorkerData, [port2]);
    // Never what keeps the process alive: the reader waits for it synchronously.
    this.worker.unref();
    this.worker.on('error', () => {}); // seen by the reader: no piece comes
  }

  add(record: SearchRecord): void {
    this.batch.push(record);
    if (this.batch.length >= BATCH) this.flush();
  }

  /**
   * The index's JSON, piece by piece, as the worker makes them; `rebuild` gives the same JSON made
   * on this thread, used when the worker fails before its first piece. A worker that fails after
   * it is an error of the build (half a file is written).
   */
  *jsonParts(rebuild: () => Iterable<string>): Generator<string> {
    try {
      this.flush();
      this.worker.postMessage({ end: true } satisfies ToSearchWorker);
      // Not loaded (yet, or ever: the worker's program sets -1 when its module fails to load).
      if (!waitWhile(this.state, State.Ready, 0, READY_MS) || Atomics.load(this.state, State.Ready) !== 1) return yield* rebuild();
      let started = false;
      for (;;) {
        const sent = Atomics.load(this.state, State.Sent);
        const got = receiveMessageOnPort(this.pieces);
        if (!got) {
          if (waitWhile(this.state, State.Sent, sent, STALL_MS)) continue;
          if (!started) return yield* rebuild();
          throw new Error(`the search worker sent nothing for ${STALL_MS / 1000} s`);
        }
        Atomics.add(this.state, State.Taken, 1);
        Atomics.notify(this.state, State.Taken);
        const message = got.message as IndexMessage;
        if (typeof message === 'string') {
          started = true;
          yield message;
        } else if ('done' in message) {
          this.served = true;
          return;
        } else if (!started) return yield* rebuild();
        else throw new Error(`the search worker failed: ${message.error}`);
      }
    } finally {
      this.close();
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.pieces.close();
    void this.worker.terminate();
  }

  private flush(): void {
    if (this.batch.length) this.worker.postMessage({ records: this.batch } satisfies ToSearchWorker);
    this.batch = [];
  }
}

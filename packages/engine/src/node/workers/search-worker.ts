/*
 * The search worker's program: it builds the local search index from the records the main thread
 * sends (search-pool.ts) while that thread renders the pages, then hands the index's JSON back in
 * pieces, a few at a time, as the main thread writes them (it reads them synchronously: the
 * output's writers take plain iterables). The same MiniSearch code as on the main thread, so the
 * same bytes.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { SearchIndexBuilder } from '../search/build-search-index';
import { INDEX_PIECE_CHARS, PIECES_AHEAD, State, type IndexMessage, type SearchWorkerData, type ToSearchWorker } from './search-pool';

/** Sends one message on `port` and counts it in the shared state, which wakes the reader. */
function send(port: MessagePort, state: Int32Array, message: IndexMessage): void {
  port.postMessage(message);
  Atomics.add(state, State.Sent, 1);
  Atomics.notify(state, State.Sent);
}

/** Waits while the reader has `PIECES_AHEAD` pieces or more still to take. */
function waitForReader(state: Int32Array): void {
  for (;;) {
    const taken = Atomics.load(state, State.Taken);
    if (Atomics.load(state, State.Sent) - taken < PIECES_AHEAD) return;
    Atomics.wait(state, State.Taken, taken, 1000);
  }
}

function serve({ pieces, state: buffer }: SearchWorkerData): void {
  const state = new Int32Array(buffer);
  const index = new SearchIndexBuilder();
  // A record the index refuses is reported when the index is asked for, as the main thread would throw it then.
  let failed: unknown = null;
  parentPort!.on('message', (m: ToSearchWorker) => {
    if ('records' in m) {
      try {
        if (failed === null) for (const record of m.records) index.add(record);
      } catch (error) {
        failed = error;
      }
      return;
    }
    try {
      if (failed !== null) throw failed;
      let piece = '';
      for (const part of index.jsonParts()) {
        piece += part;
        if (piece.length < INDEX_PIECE_CHARS) continue;
        waitForReader(state);
        send(pieces, state, piece);
        piece = '';
      }
      if (piece) send(pieces, state, piece);
      send(pieces, state, { done: true });
    } catch (error) {
      send(pieces, state, { error: error instanceof Error ? error.stack ?? error.message : String(error) });
    }
  });
}

if (parentPort && (workerData as { docsgenSearch?: boolean } | null)?.docsgenSearch) {
  serve(workerData as SearchWorkerData);
  const state = new Int32Array((workerData as SearchWorkerData).state);
  Atomics.store(state, State.Ready, 1);
  Atomics.notify(state, State.Ready);
}

import { createHash } from 'node:crypto';
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { WORKER_LIMITS } from '../workers/engine-worker';
import { workersWanted } from '../workers/highlight-pool';

/*
 * Creating a file or a folder is the dear part of writing a site here: on this project's machines
 * (ext4) a new inode costs from 30 µs to 0.7 ms of kernel time, varying from one hour to the next,
 * while writing 30 KB into it costs about 0.1 ms. A 10,000-page site is 10,000 folders and 20,000
 * files: up to 20 s of system time that the main thread spent between pages. `WriteBehind` gives
 * the files to a second thread, which makes their folders and writes them while this one goes on
 * rendering. The files land in a version folder nobody reads until the build commits, so their
 * order on disk does not matter; `drain` waits for the last one.
 *
 * Contents travel through one shared ring of bytes: this thread encodes a page straight into it,
 * and the writer writes from it, so no buffer is made per file. (Buffers moved to the thread one
 * per file were freed only when its collector next ran, which an idle thread does not: about 60 MB
 * for 2,000 pages.)
 */

/** The ring's size: the most bytes handed over and not yet written (the caller writes a file that finds it full). */
const RING_BYTES = 4 * 1024 * 1024;
/** A larger file is written by the caller (the ring should hold several pages at once). */
const LARGEST = RING_BYTES / 4;
/**
 * The writer thread's niceness. Its kernel work (creating files) slowed the main thread's own
 * system calls while the pages compiled: on 10,000 pages, at 19, the content stage took 20.8 and
 * 21.7 s against 24.1 and 22.8 s at 0 (alternating). 10 gives it about a tenth of a core that the
 * build's threads want, so that a busy machine does not starve it.
 */
const WRITER_NICENESS = 10;
/** Jobs sent to the thread in one message, at most; and the ring's bytes they may hold before they are sent. */
const BATCH_JOBS = 16;
const BATCH_BYTES = 256 * 1024;
/** How long the writer waits for the thread to write anything at all before it gives up on it. */
const STALL_MS = 60_000;

/** Slots of the shared counters: free bytes of the ring; jobs handed over and not yet done; the thread failed; stop writing. */
const Slot = { Free: 0, Jobs: 1, Failed: 2, Stop: 3 } as const;

/**
 * What the thread is given, in order: a file to write at `full` from the ring's bytes `at`..`at +
 * length` (or to link from `before` when that holds the same bytes), after which `release` bytes of
 * the ring are free again; files to create empty now, to be written later (`reserve`); a file this
 * thread wrote itself (`wrote`); the end (`finish`).
 */
type WriteJob =
  | { full: string; at: number; length: number; release: number; before: string | null }
  | { reserve: string[] }
  | { wrote: string }
  | { finish: true };

/** The first failure of the thread, as the fields of Node's own file-system error. */
interface WriteFailure {
  message: string;
  code?: string;
  errno?: number;
  syscall?: string;
  path?: string;
}

/**
 * The thread's whole program: plain JavaScript with only Node's modules, so it starts in a few
 * milliseconds, from the bundled CLI or from source. After a failure, or once told to stop, it
 * only counts the jobs off.
 *
 * A reserved file is created empty, with its folder, long before its contents exist (while the
 * pages compile, when the second core has the least to do); writing it later fills an inode that
 * is already there. At the finish, a reserved file nobody wrote is removed, and so is a folder made
 * for reservations that holds nothing: the version holds exactly what was written.
 */
const PROGRAM = `
const fs = require('node:fs');
const path = require('node:path');
const { parentPort, workerData } = require('node:worker_threads');
const state = new Int32Array(workerData.state);
const ring = Buffer.from(workerData.ring);
const failures = workerData.failures;
// Below the build's own threads: where they compete for a core, the pages come first (on Linux the
// priority is the calling thread's; elsewhere it would be the whole process's, so it is left alone).
if (process.platform === 'linux') {
  try {
    require('node:os').setPriority(${WRITER_NICENESS});
  } catch {}
}
const folders = new Set();
const reserved = new Set();
const reservedFolders = [];
function folderOf(full, forReservation) {
  const folder = path.dirname(full);
  if (folders.has(folder)) return;
  const made = fs.mkdirSync(folder, { recursive: true });
  folders.add(folder);
  if (made && forReservation) for (let f = folder; f.length >= made.length; f = path.dirname(f)) reservedFolders.push(f);
}
function sameFile(before, data) {
  try {
    const stat = fs.lstatSync(before);
    return stat.isFile() && stat.size === data.length && fs.readFileSync(before).equals(data);
  } catch {
    return false;
  }
}
function write({ full, at, length, before }) {
  folderOf(full, false);
  const data = ring.subarray(at, at + length);
  const wasReserved = reserved.delete(full);
  if (before && sameFile(before, data)) {
    try {
      if (wasReserved) fs.unlinkSync(full);
      fs.linkSync(before, full);
      return;
    } catch {}
  }
  try {
    fs.writeFileSync(full, data);
  } catch (e) {
    if (e && !e.path) e.path = full;
    throw e;
  }
}
function reserve(files) {
  for (const full of files) {
    if (reserved.has(full) || Atomics.load(state, ${Slot.Stop}) !== 0) continue;
    folderOf(full, true);
    try {
      fs.closeSync(fs.openSync(full, 'wx'));
      reserved.add(full);
    } catch (e) {
      if (!e || e.code !== 'EEXIST') throw Object.assign(e, { path: e.path || full });
    }
  }
}
function finish() {
  for (const full of reserved) fs.unlinkSync(full);
  reserved.clear();
  // Deepest first; a folder that holds anything stays.
  for (const folder of reservedFolders.sort((a, b) => b.length - a.length)) {
    try {
      fs.rmdirSync(folder);
    } catch (e) {
      if (!e || (e.code !== 'ENOTEMPTY' && e.code !== 'EEXIST' && e.code !== 'ENOENT')) throw e;
    }
  }
}
function run(job) {
  if (Atomics.load(state, ${Slot.Failed}) === 0 && Atomics.load(state, ${Slot.Stop}) === 0) {
    try {
      if (job.full) write(job);
      else if (job.reserve) reserve(job.reserve);
      else if (job.wrote) reserved.delete(job.wrote);
      else if (job.finish) finish();
    } catch (e) {
      failures.postMessage({ message: String(e && e.message), code: e && e.code, errno: e && e.errno, syscall: e && e.syscall, path: e && e.path });
      Atomics.store(state, ${Slot.Failed}, 1);
    }
  }
  if (job.release) {
    Atomics.add(state, ${Slot.Free}, job.release);
    Atomics.notify(state, ${Slot.Free});
  }
  Atomics.sub(state, ${Slot.Jobs}, 1);
  Atomics.notify(state, ${Slot.Jobs});
}
parentPort.on('message', (jobs) => {
  for (const job of jobs) run(job);
});
`;

/**
 * Writes files on a second thread (see above). `write` hands a file over and returns; the first
 * failure of the thread is thrown by the next `write` or by `drain`, as the error Node would have
 * thrown here (code, syscall, path), so it becomes the same diagnostic.
 */
export class WriteBehind {
  private readonly worker: Worker;
  private readonly failures: MessagePort;
  private readonly state = new Int32Array(new SharedArrayBuffer(4 * Int32Array.BYTES_PER_ELEMENT));
  private readonly ring = Buffer.from(new SharedArrayBuffer(RING_BYTES));
  /** Where the next file's bytes go in the ring. */
  private head = 0;
  private closed = false;
  private failed: Error | null = null;
  /** The thread ended (seen when this one last went back to its event loop). */
  private exited = false;

  /** Writer threads started in this process (for tests). */
  static started = 0;

  /** A writer thread, or null with one thread only (`DOCSGEN_WORKERS=0`, one core) or when it cannot start. */
  static start(): WriteBehind | null {
    if (!workersWanted()) return null;
    try {
      const writer = new WriteBehind();
      WriteBehind.started++;
      return writer;
    } catch {
      return null;
    }
  }

  private constructor() {
    Atomics.store(this.state, Slot.Free, RING_BYTES);
    const { port1, port2 } = new MessageChannel();
    this.failures = port1;
    this.worker = new Worker(PROGRAM, { eval: true, workerData: { state: this.state.buffer, ring: this.ring.buffer, failures: port2 }, transferList: [port2], resourceLimits: WORKER_LIMITS });
    // Never what keeps the process alive: `drain` waits for it synchronously.
    this.worker.unref();
    this.worker.on('error', () => {}); // then 'exit'
    this.worker.on('exit', () => {
      this.exited = true;
    });
  }

  /**
   * Hands `contents` over to be written at `full` (a path already checked to be inside the version
   * folder), or linked from `before` when that file holds the same bytes; its size and SHA-1
   * (base64url). Null when the file is too large for the ring, or the ring has no room for it now
   * (the thread is behind): the caller writes it.
   */
  write(full: string, contents: string | Buffer, before: string | null): { bytes: number; hash: string } | null {
    this.throwFailure();
    const length = typeof contents === 'string' ? Buffer.byteLength(contents) : contents.length;
    if (length > LARGEST) return null;
    // A file's bytes are never split: one that does not fit before the ring's end starts at 0.
    const wraps = this.head + length > RING_BYTES;
    const at = wraps ? 0 : this.head;
    const release = (wraps ? RING_BYTES - this.head : 0) + length;
    // The thread is behind: this one writes the file itself rather than wait (the writer can make a
    // build faster, never slower; 3,000 API pages of 112 KB came faster than it could write them
    // while the search index's worker shared its core).
    if (Atomics.load(this.state, Slot.Free) < release) {
      this.flush();
      return null;
    }
    const bytes = this.ring.subarray(at, at + length);
    if (typeof contents === 'string') bytes.write(contents, 'utf8');
    else contents.copy(bytes);
    const hash = createHash('sha1').update(bytes).digest('base64url');
    Atomics.sub(this.state, Slot.Free, release);
    this.head = at + length;
    this.post({ full, at, length, release, before });
    return { bytes: length, hash };
  }

  /**
   * Has the thread create these files (full paths inside the version folder) empty now, to be
   * written later; those never written are removed by `drain`.
   */
  reserve(files: string[]): void {
    if (!files.length) return;
    this.post({ reserve: files });
    this.flush();
  }

  /** Tells the thread this one wrote `full` itself (it is not a reservation left over). */
  wrote(full: string): void {
    this.post({ wrote: full });
  }

  /** Waits until every file handed over is written and unused reservations are gone; throws the thread's first failure. */
  drain(): void {
    this.post({ finish: true });
    this.flush();
    this.waitFor(Slot.Jobs, (queued) => queued === 0);
    this.throwFailure();
  }

  /** Drops what is not written yet and waits for the thread to be done with the file it is at. */
  stop(): void {
    if (this.closed) return;
    Atomics.store(this.state, Slot.Stop, 1);
    this.flush(); // counted off, not written
    try {
      this.waitFor(Slot.Jobs, (queued) => queued === 0);
    } catch {
      // a thread that stopped answering is terminated below all the same
    }
    this.close();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.failures.close();
    void this.worker.terminate();
  }

  /** Jobs not sent yet, and the bytes of the ring they hold. */
  private batch: WriteJob[] = [];
  private batchBytes = 0;

  /** Queues a job; jobs go to the thread a few at a time (a message per file was about 17 µs of this thread's time). */
  private post(job: WriteJob): void {
    Atomics.add(this.state, Slot.Jobs, 1);
    this.batch.push(job);
    if ('length' in job) this.batchBytes += job.length;
    if (this.batch.length >= BATCH_JOBS || this.batchBytes >= BATCH_BYTES) this.flush();
  }

  private flush(): void {
    if (!this.batch.length) return;
    this.worker.postMessage(this.batch);
    this.batch = [];
    this.batchBytes = 0;
  }

  private throwFailure(): void {
    if (Atomics.load(this.state, Slot.Failed) === 0) return;
    const failure = receiveMessageOnPort(this.failures)?.message as WriteFailure | undefined;
    this.failed ??= Object.assign(new Error(failure?.message ?? 'the file writer failed'), { code: failure?.code, errno: failure?.errno, syscall: failure?.syscall, path: failure?.path });
    throw this.failed;
  }

  /** Waits until `done` holds for the counter `slot`; throws when the thread does nothing for `STALL_MS`. */
  private waitFor(slot: number, done: (value: number) => boolean): void {
    let until = Date.now() + STALL_MS;
    for (let value = Atomics.load(this.state, slot); !done(value); ) {
      const left = until - Date.now();
      if (this.exited) throw new Error('the file writer thread stopped before it wrote every file');
      if (left <= 0) throw new Error(`the file writer thread wrote nothing for ${STALL_MS / 1000} s`);
      Atomics.wait(this.state, slot, value, left);
      const now = Atomics.load(this.state, slot);
      if (now !== value) until = Date.now() + STALL_MS;
      value = now;
    }
  }
}

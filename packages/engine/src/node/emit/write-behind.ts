import { createHash } from 'node:crypto';
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { WORKER_LIMITS, waitWhile } from '../workers/engine-worker';
import { workersWanted } from '../workers/highlight-pool';
import { PROGRAM, Slot, type WriteFailure, type WriteJob } from './write-behind-program';

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
/** Jobs sent to the thread in one message, at most; and the ring's bytes they may hold before they are sent. */
const BATCH_JOBS = 16;
const BATCH_BYTES = 256 * 1024;
/** How long the writer waits for the thread to write anything at all before it gives up on it. */
const STALL_MS = 60_000;

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
  /** Jobs not sent yet, and the bytes of the ring they hold. */
  private batch: WriteJob[] = [];
  private batchBytes = 0;

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
    this.waitForJobs();
    this.throwFailure();
  }

  /** Drops what is not written yet and waits for the thread to be done with the file it is at. */
  stop(): void {
    if (this.closed) return;
    Atomics.store(this.state, Slot.Stop, 1);
    this.flush(); // counted off, not written
    try {
      this.waitForJobs();
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

  /** Waits until the thread has done every job; throws when it does none for `STALL_MS`. */
  private waitForJobs(): void {
    for (let queued = Atomics.load(this.state, Slot.Jobs); queued !== 0; queued = Atomics.load(this.state, Slot.Jobs)) {
      if (this.exited) throw new Error('the file writer thread stopped before it wrote every file');
      if (!waitWhile(this.state, Slot.Jobs, queued, STALL_MS)) throw new Error(`the file writer thread wrote nothing for ${STALL_MS / 1000} s`);
    }
  }
}

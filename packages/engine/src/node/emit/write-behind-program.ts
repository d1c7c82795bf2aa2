/*
 * The writer thread's side of write-behind.ts: the jobs it is given, the shared counters it keeps,
 * and its whole program.
 */

/**
 * The writer thread's niceness. Its kernel work (creating files) slowed the main thread's own
 * system calls while the pages compiled: on 10,000 pages, at 19, the content stage took 20.8 and
 * 21.7 s against 24.1 and 22.8 s at 0 (alternating). 10 gives it about a tenth of a core that the
 * build's threads want, so that a busy machine does not starve it.
 */
const WRITER_NICENESS = 10;

/** Slots of the shared counters: free bytes of the ring; jobs handed over and not yet done; the thread failed; stop writing. */
export const Slot = { Free: 0, Jobs: 1, Failed: 2, Stop: 3 } as const;

/**
 * What the thread is given, in order: a file to write at `full` from the ring's bytes `at`..`at +
 * length` (or to link from `before` when that holds the same bytes), after which `release` bytes of
 * the ring are free again; files to create empty now, to be written later (`reserve`); a file this
 * thread wrote itself (`wrote`); the end (`finish`).
 */
export type WriteJob =
  | { full: string; at: number; length: number; release: number; before: string | null }
  | { reserve: string[] }
  | { wrote: string }
  | { finish: true };

/** The first failure of the thread, as the fields of Node's own file-system error. */
export interface WriteFailure {
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
export const PROGRAM = `
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

import fs from 'node:fs';
import path from 'node:path';

/*
 * The locks of an output's folder of versions (output-dir.ts): each a file naming the process that
 * holds it, taken over once that process is gone. A build holds `<id>.lock` while it writes the
 * version `<id>`, and the store's commit lock while it swaps the output link and claims what is stale.
 */

/** The store's commit lock, beside its version folders. */
export const STORE_LOCK = 'commit.lock';

/**
 * Runs `work` holding the store's commit lock: a file created exclusively, naming this process. A
 * lock whose process is gone (a build killed while committing) is taken over; a live one is waited
 * for, a few milliseconds at a time (a commit holds it for one rename and the renames of what is stale).
 */
export function withStoreLock<T>(store: string, work: () => T): T {
  const file = path.join(store, STORE_LOCK);
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (!lockHeld(file)) fs.rmSync(file, { force: true });
      else Atomics.wait(pause, 0, 0, 5);
    }
  }
  try {
    return work();
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** True while the process that wrote `lock` runs (a build still writing that version). */
export function lockHeld(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(lock, 'utf8'));
  } catch {
    return false;
  }
  return processAlive(pid);
}

/** Whether the process `pid` runs (EPERM: it does, under another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

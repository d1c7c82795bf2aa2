import fs from 'node:fs';
import path from 'node:path';

/** Where the emitter writes: disk (atomic swap) or memory (tests, `check`). */
export interface Sink {
  write(file: string, contents: string | Buffer): void;
  copy(from: string, file: string): void;
  /** Makes everything written visible at once. */
  commit(): void;
  /** Discards everything written (a failed build). */
  abort(): void;
}

export class MemorySink implements Sink {
  readonly files = new Map<string, string | Buffer>();
  write(file: string, contents: string | Buffer): void {
    this.files.set(file, contents);
  }
  copy(from: string, file: string): void {
    this.files.set(file, fs.readFileSync(from));
  }
  commit(): void {}
  abort(): void {
    this.files.clear();
  }
}

/**
 * Writes into `<out>.tmp-<pid>-<n>` and swaps it in whole on commit, so a reader (or a failed
 * build) never sees a half-written site. Two builds at once each use their own temp folder.
 */
export class DiskSink implements Sink {
  private static counter = 0;
  readonly tmp: string;

  constructor(readonly out: string) {
    this.tmp = `${out.replace(/[\\/]+$/, '')}.tmp-${process.pid}-${DiskSink.counter++}`;
    fs.rmSync(this.tmp, { recursive: true, force: true });
    fs.mkdirSync(this.tmp, { recursive: true });
  }

  private target(file: string): string {
    const full = path.join(this.tmp, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    return full;
  }

  write(file: string, contents: string | Buffer): void {
    fs.writeFileSync(this.target(file), contents);
  }

  copy(from: string, file: string): void {
    fs.copyFileSync(from, this.target(file));
  }

  commit(): void {
    const old = `${this.out}.old-${process.pid}`;
    fs.rmSync(old, { recursive: true, force: true });
    if (fs.existsSync(this.out)) fs.renameSync(this.out, old);
    fs.renameSync(this.tmp, this.out);
    fs.rmSync(old, { recursive: true, force: true });
  }

  abort(): void {
    fs.rmSync(this.tmp, { recursive: true, force: true });
  }
}

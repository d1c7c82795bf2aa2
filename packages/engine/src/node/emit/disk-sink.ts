import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { OutputVersion, crashPoint, currentVersion } from './output-dir';
import { writeHashed } from '../fs/write-parts';
import { WriteBehind } from './write-behind';
import { atPath, isParts, isStream, outputFile, type FileContents, type Sink } from './sinks';

/**
 * Pages' files (HTML and Markdown) from which a build writes on a second thread. Below it, the
 * thread is not worth its memory: on the portal (171 pages, 342 such files, 547 in all) it gained
 * nothing measurable and its isolate added about 10 MiB to a peak at the edge of its budget.
 */
export const WRITER_FROM = 1000;

/** Writes a new version of the site and swaps it in whole on commit (see output-dir.ts). */
export class DiskSink implements Sink {
  readonly manifest = new Map<string, string>();
  bytes = 0;
  private readonly version: OutputVersion;

  /**
   * The version the output shows now, when it is one of the store's: a file this build writes as
   * it is there is linked from it, not written again. A warm build of the portal wrote its 25 MB
   * anew each time, and with the machine's writeback behind, that was most of its time.
   */
  private readonly previous: string | null;

  /**
   * The thread that makes the folders and files of whole contents (write-behind.ts), started once
   * the build has said it will write `WRITER_FROM` files or more; null: this thread writes them.
   */
  private behind: WriteBehind | null = null;
  /** Files the build has said it will write (`reserve`). */
  private expected = 0;

  constructor(readonly out: string) {
    this.version = OutputVersion.start(out);
    const current = currentVersion(out);
    this.previous = current && path.dirname(current) === path.dirname(this.version.dir) ? current : null;
  }

  /** The version folder being written. */
  get dir(): string {
    return this.version.dir;
  }

  /** Folders already made in this version by this thread (a recursive mkdir per file cost ~45 ms a build). */
  private readonly folders = new Set<string>();

  private folderFor(full: string): void {
    const folder = path.dirname(full);
    if (!this.folders.has(folder)) {
      fs.mkdirSync(folder, { recursive: true });
      this.folders.add(folder);
    }
  }

  write(file: string, contents: FileContents): void {
    const full = outputFile(this.version.dir, file);
    const held = typeof contents === 'string' || Buffer.isBuffer(contents);
    let written = held && this.behind ? this.behind.write(full, contents, this.previous && outputFile(this.previous, file)) : null;
    if (!written) {
      this.folderFor(full);
      // Encoded once for its size, the file and its hash.
      const whole = typeof contents === 'string' ? Buffer.from(contents) : Buffer.isBuffer(contents) ? contents : null;
      written = (whole && this.linked(file, full, whole)) || atPath(full, () => writeHashed(full, whole ? [whole] : isStream(contents) ? contents.stream : isParts(contents) ? contents : [contents]));
      this.behind?.wrote(full);
    }
    this.bytes += written.bytes;
    crashPoint(`wrote:${this.manifest.size}`);
    this.manifest.set(file, written.hash);
  }

  copy(from: string, file: string): void {
    this.write(file, fs.readFileSync(from));
  }

  /**
   * Starts the writer thread once the site is large enough, and has it create the files now, empty
   * (see write-behind.ts). Not over a previous version: most files are then linked from it, and an
   * empty file made ahead would only be removed again.
   */
  reserve(files: readonly string[]): void {
    this.expected += files.length;
    if (!this.behind && this.expected >= WRITER_FROM) this.behind = WriteBehind.start();
    if (!this.previous) this.behind?.reserve(files.map((file) => outputFile(this.version.dir, file)));
  }

  /**
   * Links `full` to the previous version's file when that holds exactly `data` (a regular file, the
   * same bytes); null when it does not, or the link cannot be made, and the file is written.
   * Versions are never changed once written, so the two names can share the one file.
   */
  private linked(file: string, full: string, data: Buffer): { bytes: number; hash: string } | null {
    if (!this.previous) return null;
    const before = outputFile(this.previous, file);
    try {
      const stat = fs.lstatSync(before);
      if (!stat.isFile() || stat.size !== data.length || !fs.readFileSync(before).equals(data)) return null;
      fs.linkSync(before, full);
    } catch {
      return null;
    }
    return { bytes: data.length, hash: createHash('sha1').update(data).digest('base64url') };
  }

  /** Waits for the files still being written, swaps the version in, then removes the stale ones (see `OutputVersion.commit`). */
  commit(): Promise<void> {
    if (this.behind) {
      this.behind.drain();
      this.behind.close();
    }
    return this.version.commit();
  }

  abort(): void {
    // The thread is done with its files before their folder is removed under it.
    this.behind?.stop();
    this.version.abort();
  }
}

import fs from 'node:fs';
import path from 'node:path';
import { OutputVersion, crashPoint, currentVersion } from './output-dir';
import { writeHashed } from '../fs/write-parts';
import { WriteBehind } from './write-behind';
import { atPath, contentHash, isParts, isStream, outputFile, sizeOf, type FileContents, type Sink } from './sinks';
import { PublishedFiles, recordVersion, type OutputRecords } from './output-record';

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

  /**
   * The previous version's files as the cache's record says the last build left them
   * (output-record.ts): a file still exactly as recorded is linked without being read.
   */
  private readonly published: PublishedFiles | null;
  /** What each file written was made from, when the caller said (a page's render key), for the record. */
  private readonly madeFrom = new Map<string, string>();

  /** `records`: where the output's record is kept (the site's cache), or null for none. */
  constructor(readonly out: string, private readonly records: OutputRecords | null = null) {
    this.version = OutputVersion.start(out);
    const current = currentVersion(out);
    this.previous = current && path.dirname(current) === path.dirname(this.version.dir) ? current : null;
    this.published = this.previous && records ? PublishedFiles.read(records, out, this.previous) : null;
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

  write(file: string, contents: FileContents, madeFrom?: string): void {
    const full = outputFile(this.version.dir, file);
    if (madeFrom) this.madeFrom.set(file, madeFrom);
    const held = typeof contents === 'string' || Buffer.isBuffer(contents);
    let written = held && this.behind ? this.behind.write(full, contents, this.previous && outputFile(this.previous, file)) : null;
    if (!written) {
      this.folderFor(full);
      // Encoded once for its size, the file and its hash.
      const whole = typeof contents === 'string' ? Buffer.from(contents) : Buffer.isBuffer(contents) ? contents : null;
      const linked = whole ? this.linked(file, full, whole) : isParts(contents) ? this.linked(file, full, contents) : null;
      written = linked || atPath(full, () => writeHashed(full, whole ? [whole] : isStream(contents) ? contents.stream : isParts(contents) ? contents : [contents]));
      this.behind?.wrote(full);
    }
    this.counted(file, written);
  }

  /** Counts a file put into this version (written or linked) in the output's size and manifest. */
  private counted(file: string, written: { bytes: number; hash: string }): void {
    this.bytes += written.bytes;
    crashPoint(`wrote:${this.manifest.size}`);
    this.manifest.set(file, written.hash);
  }

  copy(from: string, file: string): void {
    this.write(file, fs.readFileSync(from));
  }

  /**
   * Links the previous version's `file` into this one, unread, when the record says it was made
   * from `madeFrom` and it is still the file recorded (see `Sink.reuse`). Not with the writer
   * thread: it makes this version's folders and files, the links included.
   */
  reuse<T>(file: string, madeFrom: string, along: () => T | undefined): T | undefined {
    if (!madeFrom || this.behind || !this.previous) return undefined;
    const known = this.published?.known(file);
    if (!known || known.madeFrom !== madeFrom) return undefined;
    const taken = along();
    if (taken === undefined) return undefined;
    const full = outputFile(this.version.dir, file);
    try {
      this.folderFor(full);
      fs.linkSync(outputFile(this.previous, file), full);
    } catch {
      return undefined;
    }
    this.madeFrom.set(file, madeFrom);
    this.counted(file, known);
    return taken;
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
   * Links `full` to the previous version's file when that holds exactly what `contents` write: while
   * it is the file recorded, when they have its recorded hash and size; else, for whole bytes, when
   * it is a regular file of the same bytes (text in pieces, `llms-full.txt` with 2.3 MB on the
   * portal, is never joined to be compared). Null when it does not, or the link cannot be made, and
   * the file is written. Versions are never changed once written, so the two names can share the
   * one file.
   */
  private linked(file: string, full: string, contents: Buffer | readonly string[]): { bytes: number; hash: string } | null {
    if (!this.previous) return null;
    const before = outputFile(this.previous, file);
    const known = this.published?.known(file);
    const bytes = Buffer.isBuffer(contents) ? contents.length : sizeOf(contents);
    const hash = known && contentHash(contents);
    try {
      if (known) {
        if (known.hash !== hash || known.bytes !== bytes) return null;
      } else {
        if (!Buffer.isBuffer(contents)) return null;
        const stat = fs.lstatSync(before);
        if (!stat.isFile() || stat.size !== bytes || !fs.readFileSync(before).equals(contents)) return null;
      }
      fs.linkSync(before, full);
    } catch {
      return null;
    }
    return { bytes, hash: hash || contentHash(contents) };
  }

  /**
   * Waits for the files still being written, swaps the version in, then removes the stale ones (see
   * `OutputVersion.commit`); then records the version for the next build, once no link into or out
   * of it changes its files' identities any more. Not with the writer thread (`reuse` is not used
   * then), and without a cache the record is not kept.
   */
  async commit(): Promise<void> {
    if (this.behind) {
      this.behind.drain();
      this.behind.close();
    }
    await this.version.commit();
    // With the writer thread, the record stays the previous version's, which no build takes for this one.
    if (!this.records || this.behind) return;
    try {
      recordVersion(this.records, this.out, this.version.dir, this.manifest, this.madeFrom);
    } catch {
      // The site is published; without a record the next build compares the files it would link.
    }
  }

  abort(): void {
    // The thread is done with its files before their folder is removed under it.
    this.behind?.stop();
    this.version.abort();
  }
}

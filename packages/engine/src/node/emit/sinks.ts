import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { diagnostic, DiagnosticError } from '../../shared/diagnostic';
import { OutputVersion, crashPoint, currentVersion } from './output-dir';
import { writeHashed, writeParts } from '../fs/write-parts';
import { WriteBehind } from './write-behind';

/**
 * Where a build writes its files. A build and a watch rebuild write through the same interface:
 * `DiskSink` into a new version folder swapped in whole on commit, `LiveSink` (watch) into the
 * served folder file by file, `MemorySink` nowhere (tests, `check`).
 */
/**
 * Text made piece by piece while it is written (a generator), read once: a file no step holds
 * whole, not even as its pieces (the search files of a large site).
 */
export interface StreamedText {
  readonly stream: Iterable<string>;
}

/**
 * What a file holds: text, bytes, text given as the pieces it is made of, written one after
 * another and never joined in memory (`llms-full.txt` of a large site), or text streamed.
 */
export type FileContents = string | Buffer | readonly string[] | StreamedText;
type HeldContents = Exclude<FileContents, StreamedText>;

export interface Sink {
  write(file: string, contents: FileContents): void;
  copy(from: string, file: string): void;
  /** Makes everything written visible (at once, for a disk build). */
  commit(): void | Promise<void>;
  /** Discards everything written (a failed build). */
  abort(): void;
  /** Output path → hash of its contents, of everything written so far. */
  readonly manifest: ReadonlyMap<string, string>;
  /** Bytes written so far. */
  readonly bytes: number;
  /** Keeps a file the previous build wrote, unread and unwritten; false when this sink cannot. */
  keep?(file: string): boolean;
  /**
   * Files this build expects to write later (a page's HTML and Markdown, known from its source's
   * name before it compiles): a sink may make room for them ahead. Nothing is published for a
   * reservation alone.
   */
  reserve?(files: readonly string[]): void;
}

const isParts = (contents: FileContents): contents is readonly string[] => Array.isArray(contents);
const isStream = (contents: FileContents): contents is StreamedText => typeof contents === 'object' && 'stream' in contents;

/** Contents a sink keeps until later (watch, memory): a stream read into its pieces now. */
const held = (contents: FileContents): HeldContents => (isStream(contents) ? [...contents.stream] : contents);

function contentHash(contents: HeldContents): string {
  const hash = createHash('sha1');
  if (isParts(contents)) for (const part of contents) hash.update(part);
  else hash.update(contents);
  return hash.digest('base64url');
}

function sizeOf(contents: HeldContents): number {
  if (isParts(contents)) return contents.reduce((n, part) => n + Buffer.byteLength(part), 0);
  return typeof contents === 'string' ? Buffer.byteLength(contents) : contents.length;
}

/** The contents as one string or buffer (for a sink that keeps files in memory). */
export function joined(contents: FileContents): string | Buffer {
  const kept = held(contents);
  return isParts(kept) ? kept.join('') : kept;
}

/**
 * `dir` joined with an output path, which must be a plain relative path that stays inside `dir`.
 * Routes are validated long before they get here; this is the last line of defence.
 */
export function outputFile(dir: string, file: string): string {
  const parts = file.split('/');
  if (!file || file.includes('\\') || file.includes('\0') || path.isAbsolute(file) || parts.some((p) => p === '' || p === '.' || p === '..')) {
    throw new DiagnosticError([diagnostic('OutsideOutput', `refusing to write "${file}": it is not a plain path inside the output folder`, { file: dir })]);
  }
  return path.join(dir, ...parts);
}

export class MemorySink implements Sink {
  readonly files = new Map<string, string | Buffer>();
  readonly manifest = new Map<string, string>();
  bytes = 0;
  write(file: string, streamed: FileContents): void {
    outputFile('/', file);
    const contents = held(streamed);
    this.bytes += sizeOf(contents);
    this.files.set(file, joined(contents));
    this.manifest.set(file, contentHash(contents));
  }
  copy(from: string, file: string): void {
    this.write(file, fs.readFileSync(from));
  }
  commit(): void {}
  abort(): void {
    this.files.clear();
    this.manifest.clear();
  }
}

/** Runs a write of `full`; an error that does not say which file (a full disk) is given the path. */
function atPath<T>(full: string, write: () => T): T {
  try {
    return write();
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    e.path ??= full;
    throw e;
  }
}

/** Writes a file (`atPath` names it in an error). */
function writeAt(full: string, contents: HeldContents): void {
  atPath(full, () => (isParts(contents) ? writeParts(full, contents) : fs.writeFileSync(full, contents)));
}

/** A build that already failed: the rest of the pipeline runs to report every problem, and writes nothing. */
export class DiscardSink implements Sink {
  readonly manifest = new Map<string, string>();
  bytes = 0;
  write(file: string, contents: FileContents): void {
    outputFile('/', file);
    // a stream is read once, wherever it goes: what reading it does (filling the search index the next file is made from) still happens
    if (isStream(contents)) for (const _ of contents.stream);
  }
  copy(_from: string, file: string): void {
    outputFile('/', file);
  }
  commit(): void {}
  abort(): void {}
}

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

/**
 * Watch mode: writes into the folder being served. Files whose contents changed are held until
 * commit (a failed rebuild writes nothing), then each is written through a rename, so a reader
 * never sees half a file; files the previous build wrote and this one did not are removed.
 */
export class LiveSink implements Sink {
  readonly manifest = new Map<string, string>();
  bytes = 0;
  private readonly changed = new Map<string, HeldContents>();

  constructor(private readonly dir: string, private readonly previous: ReadonlyMap<string, string>) {}

  write(file: string, streamed: FileContents): void {
    const contents = held(streamed);
    const hash = contentHash(contents);
    outputFile(this.dir, file);
    this.bytes += sizeOf(contents);
    this.manifest.set(file, hash);
    if (this.previous.get(file) !== hash) this.changed.set(file, contents);
  }

  copy(from: string, file: string): void {
    this.write(file, fs.readFileSync(from));
  }

  /** Keeps a file the previous build wrote as it is (unchanged, or written later in this rebuild). */
  keep(file: string): boolean {
    const hash = this.previous.get(file);
    if (hash === undefined) return false;
    if (!this.manifest.has(file)) this.manifest.set(file, hash);
    return true;
  }

  commit(): void {
    for (const [file, contents] of this.changed) {
      const full = outputFile(this.dir, file);
      fs.mkdirSync(path.dirname(full), { recursive: true });
      writeAt(`${full}.tmp-${process.pid}`, contents);
      fs.renameSync(`${full}.tmp-${process.pid}`, full);
    }
    this.changed.clear();
    for (const file of this.previous.keys()) {
      if (this.manifest.has(file)) continue;
      fs.rmSync(outputFile(this.dir, file), { force: true });
      removeEmptyParents(this.dir, path.dirname(file));
    }
  }

  abort(): void {
    this.changed.clear();
  }

  /** Files this rebuild changes (written on commit). */
  get changedFiles(): string[] {
    return [...this.changed.keys()];
  }
}

function removeEmptyParents(root: string, rel: string): void {
  for (let dir = rel; dir && dir !== '.'; dir = path.dirname(dir)) {
    try {
      fs.rmdirSync(path.join(root, dir));
    } catch {
      return;
    }
  }
}

import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { diagnostic, DiagnosticError } from '../../shared/diagnostic';
import { writeParts } from '../fs/write-parts';

/**
 * Where a build writes its files. A build and a watch rebuild write through the same interface:
 * `DiskSink` (disk-sink.ts) into a new version folder swapped in whole on commit, `LiveSink` (watch) into the
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
  /** `madeFrom`: what the contents were made from (a page's render key), for `reuse` by a later build. */
  write(file: string, contents: FileContents, madeFrom?: string): void;
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
   * Keeps, unread, the file the published version holds when an earlier build wrote it from
   * `madeFrom`, and returns what `along` gives (what the caller needs of it); undefined, keeping
   * nothing, when it was not, this sink cannot tell, or `along` gives nothing.
   */
  reuse?<T>(file: string, madeFrom: string, along: () => T | undefined): T | undefined;
  /**
   * Files this build expects to write later (a page's HTML and Markdown, known from its source's
   * name before it compiles): a sink may make room for them ahead. Nothing is published for a
   * reservation alone.
   */
  reserve?(files: readonly string[]): void;
}

export const isParts = (contents: FileContents): contents is readonly string[] => Array.isArray(contents);
export const isStream = (contents: FileContents): contents is StreamedText => typeof contents === 'object' && 'stream' in contents;

/** Contents a sink keeps until later (watch, memory): a stream read into its pieces now. */
const held = (contents: FileContents): HeldContents => (isStream(contents) ? [...contents.stream] : contents);

/** SHA-1 (base64url) of the bytes the contents write, as every sink's manifest holds it. */
export function contentHash(contents: HeldContents): string {
  const hash = createHash('sha1');
  if (isParts(contents)) for (const part of contents) hash.update(part);
  else hash.update(contents);
  return hash.digest('base64url');
}

/** The bytes the contents write. */
export function sizeOf(contents: HeldContents): number {
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
export function atPath<T>(full: string, write: () => T): T {
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

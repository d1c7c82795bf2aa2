import fs from 'node:fs';
import path from 'node:path';
import { hashOf } from './cache-key';
import { ChunkedWriter } from '../fs/write-parts';
import { openFresh, readBytesNoFollow, readTextNoFollow, replaceFile, tmpFor } from '../fs/replace-file';

/**
 * A persistent key → value store kept as one small file per entry under `.docsgen/`, named by the
 * hash of its key: a build reads only the entries it needs and writes each as it is made (through a
 * rename), so no step ever holds the whole cache as one string. `dir` null keeps the entries in
 * memory only (`--no-cache`, and the memory of a watch session).
 */
export class DirCache<T> {
  private readonly memory = new Map<string, T>();
  private memo: Map<string, T> | null = null;
  private created = false;
  /** Entries found and entries written in this process (reported by stages, asserted by tests). */
  hits = 0;
  misses = 0;

  /**
   * `keep` false (with no `dir`): a cache that stores nothing. `text`: the values are strings,
   * stored as they are (rendered HTML), not as JSON. `memoryLimit` (with no `dir`): past this many
   * entries the memory starts over, so a cache kept only to spare repeated work stays bounded.
   */
  constructor(private readonly dir: string | null, private readonly keep = true, private readonly text = false, private readonly memoryLimit = Infinity) {}

  /**
   * Entries read from or written to the folder are also kept in `memo`, which outlives this cache
   * (a watch session's): a later run takes them from there instead of reading and parsing their
   * files again. An entry's key says what it was made from, so the memo never disagrees with the
   * folder. The values are shared between runs: callers never change what `get` returns.
   */
  remembering(memo: Map<string, T>): this {
    this.memo = memo;
    return this;
  }

  /** Whether the cache holds nothing yet: no entry in memory, or no folder on disk (a first build, or one after the cache was removed). */
  get empty(): boolean {
    return this.dir ? !fs.existsSync(this.dir) : this.memory.size === 0;
  }

  private fileOf(key: string): string {
    return path.join(this.dir!, hashOf(key));
  }

  /** Whether an entry for `key` is there, without reading it (`get` may still find it unreadable). */
  has(key: string): boolean {
    if (!this.dir) return this.memory.has(key);
    return this.memo?.has(key) === true || fs.existsSync(this.fileOf(key));
  }

  get(key: string): T | undefined {
    const value = this.read(key);
    if (value !== undefined) this.hits++;
    return value;
  }

  /**
   * A text entry as it is stored: its bytes, when read from the folder (not decoded, for a caller
   * that writes them out as they are), else the string kept in memory. A text cache only.
   */
  getRaw(key: string): string | Buffer | undefined {
    if (!this.text) throw new Error('getRaw needs a cache of text entries');
    const value = (this.kept(key) as string | undefined) ?? (this.dir ? this.fromFile(key, readBytesNoFollow) : undefined);
    if (value !== undefined) this.hits++;
    return value;
  }

  private read(key: string): T | undefined {
    const kept = this.kept(key);
    if (kept !== undefined || !this.dir) return kept;
    const value = this.fromFile(key, (file) => {
      const stored = readTextNoFollow(file);
      return (this.text ? stored : JSON.parse(stored)) as T;
    });
    if (value !== undefined) this.memo?.set(key, value);
    return value;
  }

  /** The entry kept in memory: the cache's own without a folder, else the memo's. */
  private kept(key: string): T | undefined {
    return this.dir ? this.memo?.get(key) : this.memory.get(key);
  }

  /**
   * The entry's file as `read` makes it; undefined when it is missing or does not read. Not through
   * a link (`.docsgen/` is inside the site, so one may come with the sources): it fails as a missing
   * entry would, and the entry is made and written again, over the link.
   */
  private fromFile<R>(key: string, read: (file: string) => R): R | undefined {
    try {
      return read(this.fileOf(key));
    } catch {
      return undefined;
    }
  }

  set(key: string, value: T): void {
    this.misses++;
    if (!this.dir) {
      if (this.memory.size >= this.memoryLimit) this.memory.clear();
      if (this.keep) this.memory.set(key, value);
      return;
    }
    if (!this.created) fs.mkdirSync(this.dir, { recursive: true });
    this.created = true;
    const file = this.fileOf(key);
    replaceFile(file, this.text ? String(value) : JSON.stringify(value));
    this.memo?.set(key, value);
  }

  /**
   * A text entry written from pieces made while they pass on to their other reader (the output):
   * each piece is stored as it goes by, and the entry exists once the last one has (an entry
   * read halfway is never stored). A text cache only.
   */
  *textThrough(key: string, parts: Iterable<string>): Generator<string> {
    if (!this.text) throw new Error('textThrough needs a cache of text entries');
    if (!this.dir) {
      if (!this.keep) {
        this.misses++;
        return yield* parts;
      }
      const kept: string[] = [];
      for (const part of parts) {
        kept.push(part);
        yield part;
      }
      this.set(key, kept.join('') as T);
      return;
    }
    this.misses++;
    if (!this.created) fs.mkdirSync(this.dir, { recursive: true });
    this.created = true;
    const file = this.fileOf(key);
    const tmp = tmpFor(file);
    const fd = openFresh(tmp);
    let whole = false;
    try {
      const out = new ChunkedWriter(fd);
      for (const part of parts) {
        out.write(part);
        yield part;
      }
      out.flush();
      whole = true;
    } finally {
      fs.closeSync(fd);
      if (whole) fs.renameSync(tmp, file);
      else fs.rmSync(tmp, { force: true });
    }
  }

  /** Drops every entry whose key is not in `keys` (pages deleted, outputs no longer made). */
  retain(keys: Iterable<string>): void {
    const kept = new Set(keys);
    if (this.memo) for (const key of this.memo.keys()) if (!kept.has(key)) this.memo.delete(key);
    if (!this.dir) {
      for (const key of this.memory.keys()) if (!kept.has(key)) this.memory.delete(key);
      return;
    }
    const keep = new Set([...kept].map((k) => hashOf(k)));
    let names: string[];
    try {
      names = fs.readdirSync(this.dir);
    } catch {
      return;
    }
    for (const name of names) if (!keep.has(name) && !name.endsWith('.tmp')) fs.rmSync(path.join(this.dir, name), { force: true });
  }
}

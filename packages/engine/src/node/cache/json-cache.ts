import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';

/** Bump when anything the caches store changes shape or meaning. */
export const ENGINE_CACHE_VERSION = '2';

export const hashOf = (...parts: string[]): string => {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url');
};

/**
 * A persistent key → value store in one JSON file under `.docsgen/`, read once and written once
 * per build (atomically, through a rename). `file` null keeps it in memory only (`--no-cache`).
 */
export class JsonCache<T> {
  private entries = new Map<string, T>();
  private dirty = false;
  hits = 0;
  misses = 0;

  constructor(private readonly file: string | null) {
    if (file && fs.existsSync(file)) {
      try {
        const data = JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string; entries: Record<string, T> };
        if (data.version === ENGINE_CACHE_VERSION) this.entries = new Map(Object.entries(data.entries));
      } catch {
        this.entries = new Map();
      }
    }
  }

  get(key: string): T | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) this.hits++;
    return value;
  }

  set(key: string, value: T): void {
    this.misses++;
    this.entries.set(key, value);
    this.dirty = true;
  }

  /** Keeps only the given keys (drops entries of deleted pages); marks the cache dirty if it shrank. */
  retain(keys: Set<string>): void {
    for (const key of this.entries.keys()) {
      if (!keys.has(key)) {
        this.entries.delete(key);
        this.dirty = true;
      }
    }
  }

  /** Writes the file when anything changed. Side effect. */
  save(): void {
    if (!this.file || !this.dirty) return;
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify({ version: ENGINE_CACHE_VERSION, entries: Object.fromEntries(this.entries) }));
    fs.renameSync(tmp, this.file);
    this.dirty = false;
  }
}

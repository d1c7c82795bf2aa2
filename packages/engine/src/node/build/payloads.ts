import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Each page's heavy part (its content tree, its API data, its Markdown body), kept out of the heap
 * from the stage that makes it until the page renders (issue 16: memory bounded by the page, not
 * the site). The graph holds every page's metadata for the whole build; a page's payload is read
 * back only while that page renders, and dropped again.
 *
 * A one-off build appends the payloads to one temporary file that is unlinked as soon as it is
 * opened: nothing is left behind, even by a build killed halfway, and nothing outside the process
 * can read it by name. A watch session (and a system whose temp folder cannot be written) keeps
 * them in memory: it renders again soon and reads most of them each time.
 */
export class PayloadStore {
  private fd: number | null = null;
  private end = 0;
  private readonly places = new Map<string, { at: number; length: number }>();
  private readonly memory = new Map<string, string>();

  constructor(onDisk: boolean) {
    if (onDisk) this.fd = openUnlinked();
  }

  /** Keeps `text` under `key` (a later put of the same key replaces it). */
  put(key: string, text: string): void {
    if (this.fd === null) {
      this.memory.set(key, text);
      return;
    }
    const bytes = Buffer.from(text, 'utf8');
    fs.writeSync(this.fd, bytes, 0, bytes.length, this.end);
    this.places.set(key, { at: this.end, length: bytes.length });
    this.end += bytes.length;
  }

  has(key: string): boolean {
    return this.places.has(key) || this.memory.has(key);
  }

  get(key: string): string | undefined {
    if (this.fd === null) return this.memory.get(key);
    const place = this.places.get(key);
    if (!place) return undefined;
    const bytes = Buffer.allocUnsafe(place.length);
    let read = 0;
    while (read < place.length) {
      const n = fs.readSync(this.fd, bytes, read, place.length - read, place.at + read);
      if (n === 0) throw new Error('the build’s temporary page store was cut short');
      read += n;
    }
    return bytes.toString('utf8');
  }

  /** Frees the file (or the memory); the store is empty afterwards. */
  close(): void {
    if (this.fd !== null) fs.closeSync(this.fd);
    this.fd = null;
    this.places.clear();
    this.memory.clear();
  }
}

/**
 * A read-write file with no name: made in a private temp folder, unlinked at once. Null when the
 * temp folder cannot be written, or where an open file cannot be unlinked (Windows).
 */
function openUnlinked(): number | null {
  let dir: string | null = null;
  let fd: number | null = null;
  try {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-pages-'));
    const file = path.join(dir, 'payloads');
    fd = fs.openSync(file, 'wx+', 0o600);
    fs.unlinkSync(file);
    return fd;
  } catch {
    if (fd !== null) fs.closeSync(fd);
    return null;
  } finally {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}

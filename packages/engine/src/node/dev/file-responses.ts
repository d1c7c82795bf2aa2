import type http from 'node:http';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';

/*
 * How the preview server answers with one file: its content type, a bounded cache of its bytes and
 * compressed forms with a strong ETag, the encoding a client accepts, byte ranges and revalidation.
 */

export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  // Markdown twins: browsers show text/markdown as text (RFC 7763).
  '.md': 'text/markdown; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.yml': 'application/yaml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
/** Types worth compressing (images and fonts other than SVG are compressed already). */
export const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.txt', '.md', '.yaml', '.yml', '.svg']);

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** A file read once: its bytes, a strong ETag, and each compressed form made on first request. */
interface CachedFile {
  key: string;
  body: Buffer;
  etag: string;
  mtime: Date;
  encoded: Map<'br' | 'gzip', Promise<Buffer>>;
}

/** Files larger than this are streamed from disk, uncompressed and uncached. */
export const CACHE_FILE_MAX = 4 * 1024 * 1024;
/** Total bytes of files (and their compressed forms) kept in memory. */
const CACHE_TOTAL_MAX = 64 * 1024 * 1024;

/** Bounded, least recently used first out; an entry is valid while the file's inode, size and mtime are. */
export class FileCache {
  private readonly entries = new Map<string, CachedFile>();
  private bytes = 0;

  async get(real: string, stat: fs.Stats): Promise<CachedFile> {
    const key = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    const known = this.entries.get(real);
    if (known && known.key === key) {
      this.entries.delete(real);
      this.entries.set(real, known);
      return known;
    }
    if (known) this.drop(real, known);
    const body = await fs.promises.readFile(real);
    const entry: CachedFile = { key, body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, mtime: stat.mtime, encoded: new Map() };
    this.entries.set(real, entry);
    this.bytes += body.length;
    this.trim();
    return entry;
  }

  encoded(entry: CachedFile, encoding: 'br' | 'gzip'): Promise<Buffer> {
    let made = entry.encoded.get(encoding);
    if (!made) {
      made = encoding === 'br' ? brotli(entry.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length } }) : gzip(entry.body, { level: 9 });
      entry.encoded.set(encoding, made);
      void made.then((b) => {
        this.bytes += b.length;
        this.trim();
      }, () => entry.encoded.delete(encoding));
    }
    return made;
  }

  private drop(real: string, entry: CachedFile): void {
    this.entries.delete(real);
    this.bytes -= entry.body.length;
    for (const made of entry.encoded.values()) void made.then((b) => (this.bytes -= b.length), () => {});
  }

  private trim(): void {
    for (const [real, entry] of this.entries) {
      if (this.bytes <= CACHE_TOTAL_MAX) break;
      this.drop(real, entry);
    }
  }
}

const encodingByAccept = new Map<string, 'br' | 'gzip' | null>();

/** The client's preferred encoding we can send: brotli, then gzip, else none (memoised: clients send few distinct headers). */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null;
  let known = encodingByAccept.get(accept);
  if (known === undefined) {
    known = parseAcceptEncoding(accept);
    if (encodingByAccept.size > 100) encodingByAccept.clear();
    encodingByAccept.set(accept, known);
  }
  return known;
}

function parseAcceptEncoding(accept: string): 'br' | 'gzip' | null {
  const q = (name: string) => {
    const m = new RegExp(`(?:^|,)\\s*${name}\\s*(?:;\\s*q=([0-9.]+))?\\s*(?:,|$)`, 'i').exec(accept);
    return m ? (m[1] === undefined ? 1 : Number(m[1])) : 0;
  };
  if (q('br') > 0) return 'br';
  if (q('gzip') > 0) return 'gzip';
  return null;
}

/** One byte range of `size` from a `Range` header; null when absent or not one plain bytes range; 'bad' when unsatisfiable. */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | null | 'bad' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'bad';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start >= size || start > end ? 'bad' : { start, end };
}

/** Whether the request's validators match: If-None-Match first, then If-Modified-Since (GET/HEAD). */
export function notModified(req: http.IncomingMessage, etag: string, mtime: Date): boolean {
  const inm = req.headers['if-none-match'];
  if (inm !== undefined) return inm.split(',').some((t) => { const tag = t.trim().replace(/^W\//, ''); return tag === '*' || tag === etag; });
  const ims = req.headers['if-modified-since'];
  if (ims === undefined) return false;
  const since = Date.parse(ims);
  return !Number.isNaN(since) && Math.floor(mtime.getTime() / 1000) * 1000 <= since;
}

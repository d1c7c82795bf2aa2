import fs from 'node:fs';
import { createHash, type Hash } from 'node:crypto';

/** About how many bytes are gathered before one write(2). */
const CHUNK = 64 * 1024;

/**
 * Writes pieces to an open file in chunks of about 64 KiB. The search files and `llms-full.txt`
 * come as tens of thousands of pieces of a few hundred bytes (a record, a term, a page), and a
 * write(2) for each was more than a second of a 10,000-page build. Text pieces are joined before
 * they are encoded, so each chunk is encoded once; `hash`, when given, is fed every byte written.
 */
export class ChunkedWriter {
  private pending: Array<string | Buffer> = [];
  private size = 0;
  /** Bytes written so far. */
  bytes = 0;

  constructor(
    private readonly fd: number,
    private readonly hash?: Hash,
  ) {}

  write(piece: string | Buffer): void {
    this.pending.push(piece);
    this.size += piece.length; // a string's UTF-16 length: its UTF-8 bytes are as many or more
    if (this.size >= CHUNK) this.flush();
  }

  /** Writes what is gathered (call once the last piece is in). */
  flush(): void {
    const { pending } = this;
    if (!pending.length) return;
    this.pending = [];
    this.size = 0;
    const data =
      pending.length === 1 && typeof pending[0] !== 'string'
        ? pending[0]!
        : pending.every((p) => typeof p === 'string')
          ? Buffer.from(pending.join(''))
          : Buffer.concat(pending.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
    for (let at = 0; at < data.length; ) at += fs.writeSync(this.fd, data, at);
    this.hash?.update(data);
    this.bytes += data.length;
  }
}

/** Writes a text file from its pieces, one after another, never joining them all in memory. */
export function writeParts(file: string, parts: Iterable<string>): void {
  const fd = fs.openSync(file, 'w');
  try {
    const out = new ChunkedWriter(fd);
    for (const part of parts) out.write(part);
    out.flush();
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Writes a file from its pieces (text or bytes) and returns its size and SHA-1 (base64url), each
 * piece encoded once: measuring, writing and hashing a text separately encoded it three times
 * (about 4 s of a 3,000-operation build's 595 MB of pages). The pieces may be made as they are
 * written (a generator).
 */
export function writeHashed(file: string, pieces: Iterable<string | Buffer>): { bytes: number; hash: string } {
  const hash = createHash('sha1');
  const fd = fs.openSync(file, 'w');
  let bytes: number;
  try {
    const out = new ChunkedWriter(fd, hash);
    for (const piece of pieces) out.write(piece);
    out.flush();
    bytes = out.bytes;
  } finally {
    fs.closeSync(fd);
  }
  return { bytes, hash: hash.digest('base64url') };
}

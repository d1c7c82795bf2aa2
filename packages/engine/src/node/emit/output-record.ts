import fs from 'node:fs';
import path from 'node:path';
import type { DirCache } from '../cache/dir-cache';
import { outputFile } from './sinks';

/*
 * What a committed build wrote, kept in the site's cache for the next build into the same output
 * path: each file's SHA-1, what it was made from (a page's render key), and its identity on disk
 * as the build left it. A version folder is never changed once published, so while the published
 * file still has that identity it still holds those bytes, and the next build can link it into its
 * own version without reading it (a warm build of the portal read its 20 MB of pages twice: the
 * cached HTML, then the published file to compare them).
 *
 * The identity is the file's device, inode, size, and modification and change times to the
 * nanosecond. Whatever puts another file there (a checkout, an archive, an edit in place, a copy)
 * makes a new inode or a new change time, which no program can set: such a file is compared byte
 * for byte as before. The record itself is trusted as the cache is (site.ts: never while git
 * tracks the cache folder).
 */

/** One published file: SHA-1 of its bytes (base64url), its size, what it was made from ('' when not said), its identity. */
type RecordedFile = [hash: string, bytes: number, madeFrom: string, identity: string];

export interface OutputRecord {
  /** The version folder the files are in (its name in the output's store). */
  version: string;
  files: Record<string, RecordedFile>;
}

/** The record cache's entries are keyed by the output path they describe. */
export type OutputRecords = DirCache<OutputRecord>;

/** A file's identity (see above) and size; null when it is not a regular file or cannot be read. */
function identity(file: string): { id: string; bytes: number } | null {
  try {
    const stat = fs.lstatSync(file, { bigint: true });
    return stat.isFile() ? { id: `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`, bytes: Number(stat.size) } : null;
  } catch {
    return null;
  }
}

/** A published file as recorded, when it is still the very file the record describes. */
export interface KnownFile {
  hash: string;
  bytes: number;
  madeFrom: string;
}

/** The record of the published version `dir` of `out`, or null when there is none for that version. */
export class PublishedFiles {
  private constructor(private readonly dir: string, private readonly files: Record<string, RecordedFile>) {}

  static read(records: OutputRecords, out: string, dir: string): PublishedFiles | null {
    const record = records.get(out);
    if (!record || record.version !== path.basename(dir) || typeof record.files !== 'object' || record.files === null) return null;
    return new PublishedFiles(dir, record.files);
  }

  /** `file` of the published version, when it is still exactly as recorded; undefined otherwise. */
  known(file: string): KnownFile | undefined {
    const entry = Object.hasOwn(this.files, file) ? this.files[file] : undefined;
    if (!Array.isArray(entry) || entry.length !== 4) return undefined;
    const [hash, bytes, madeFrom, id] = entry;
    return identity(outputFile(this.dir, file))?.id === id ? { hash, bytes, madeFrom } : undefined;
  }
}

/**
 * Records the version `dir` of `out` as it is now: every file of `manifest` (output path → hash),
 * with what each was made from. A file that cannot be read is left out (it is compared next time).
 */
export function recordVersion(records: OutputRecords, out: string, dir: string, manifest: ReadonlyMap<string, string>, madeFrom: ReadonlyMap<string, string>): void {
  const files: Record<string, RecordedFile> = {};
  for (const [file, hash] of manifest) {
    const found = identity(outputFile(dir, file));
    if (found) files[file] = [hash, found.bytes, madeFrom.get(file) ?? '', found.id];
  }
  records.set(out, { version: path.basename(dir), files });
}

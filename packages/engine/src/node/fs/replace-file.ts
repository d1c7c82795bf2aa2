import fs from 'node:fs';

/**
 * The name a file is written under before it is renamed into place: beside it (one file system,
 * so the rename is atomic), with this process's id (two builds of one site never share one), and
 * ending in `.tmp`, which the cache's pruning leaves alone.
 */
export const tmpFor = (file: string): string => `${file}.${process.pid}.tmp`;

/**
 * Writes `data` to `file` through a rename: a reader sees the old file or the new one, never half
 * of one, and a symbolic link at `file` is replaced, never written through.
 */
export function replaceFile(file: string, data: string | NodeJS.ArrayBufferView): void {
  const tmp = tmpFor(file);
  fs.writeFileSync(tmp, data);
  fs.renameSync(tmp, file);
}

import fs from 'node:fs';

/** Writes a text file from its pieces, one after another, never joining them in memory. */
export function writeParts(file: string, parts: readonly string[]): void {
  const fd = fs.openSync(file, 'w');
  try {
    for (const part of parts) fs.writeSync(fd, part);
  } finally {
    fs.closeSync(fd);
  }
}

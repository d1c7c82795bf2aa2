import fs from 'node:fs';

/**
 * The name a file is written under before it is renamed into place: beside it (one file system,
 * so the rename is atomic), with this process's id (two builds of one site never share one), and
 * ending in `.tmp`, which the cache's pruning leaves alone.
 */
export const tmpFor = (file: string): string => `${file}.${process.pid}.tmp`;

/**
 * Opens `tmp` (a `tmpFor` name) for writing as a new file. Whatever is there already is removed
 * first, and the file is created exclusively, which never follows a symbolic link: its name is
 * predictable, so a link committed under it must not take the write elsewhere.
 */
export function openFresh(tmp: string): number {
  try {
    return fs.openSync(tmp, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    fs.rmSync(tmp, { force: true });
    return fs.openSync(tmp, 'wx');
  }
}

/**
 * A file's text, read without following a symbolic link at its name (that fails with ELOOP, as a
 * missing file fails with ENOENT): where a file may have come with the sources, a link there could
 * lead anywhere.
 */
export const readTextNoFollow = (file: string): string => readNoFollow(file, (fd) => fs.readFileSync(fd, 'utf8'));

/** The bytes of `file`, not through a symbolic link (as `readTextNoFollow`). */
export const readBytesNoFollow = (file: string): Buffer => readNoFollow(file, (fd) => fs.readFileSync(fd));

function readNoFollow<T>(file: string, read: (fd: number) => T): T {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  try {
    return read(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Writes `data` to `file` through a rename: a reader sees the old file or the new one, never half
 * of one, and a symbolic link at `file` (or at its temporary name) is replaced, never written
 * through.
 */
export function replaceFile(file: string, data: string | NodeJS.ArrayBufferView): void {
  const tmp = tmpFor(file);
  const fd = openFresh(tmp);
  try {
    fs.writeFileSync(fd, data);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
}

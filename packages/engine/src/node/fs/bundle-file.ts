import fs from 'node:fs';

/**
 * Writes a bundle the build is about to import (the config's, the theme's) to `file`, named by a
 * hash of `code`, unless the file already holds exactly `code`. The name alone proves nothing:
 * `.docsgen/` is inside the site, so a pull request can commit a file under the name the next
 * bundle will have, and importing that file would run its code in place of the reviewed config or
 * theme. Written through a rename, so another build never imports half a file, and a link
 * committed under the name is replaced, never written through.
 */
export function writeBundle(file: string, code: string): void {
  try {
    if (!fs.lstatSync(file).isSymbolicLink() && fs.readFileSync(file, 'utf8') === code) return;
  } catch {
    // not there yet
  }
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, code);
  fs.renameSync(tmp, file);
}

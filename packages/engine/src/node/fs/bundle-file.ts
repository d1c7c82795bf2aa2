import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { replaceFile } from './replace-file';

/**
 * Writes a bundle the build is about to import (the config's, the theme's) into `dir` as
 * `<name>.<hash of code>.mjs`, unless the file already holds exactly `code`, and returns the URL
 * to import it by and the hash. The name alone proves nothing: `.docsgen/` is inside the site, so
 * a pull request can commit a file under the name the next bundle will have, and importing that
 * file would run its code in place of the reviewed config or theme. Written through a rename, so
 * another build never imports half a file, and a link committed under the name is replaced,
 * never written through.
 */
export function writeBundle(dir: string, name: string, code: string): { url: string; hash: string } {
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 12);
  const file = path.join(dir, `${name}.${hash}.mjs`);
  let same = false;
  try {
    same = !fs.lstatSync(file).isSymbolicLink() && fs.readFileSync(file, 'utf8') === code;
  } catch {
    fs.mkdirSync(dir, { recursive: true }); // not there yet
  }
  if (!same) replaceFile(file, code);
  return { url: pathToFileURL(file).href, hash };
}

import fs from 'node:fs';
import path from 'node:path';
import { diagnostic, type Diagnostic } from '../../shared/diagnostic';
import { CACHE_FOLDER } from '../config/resolve-config';

/**
 * Why the site's cache folder cannot be used, or null when it can (or is not there yet). docsgen
 * writes into `.docsgen/` (the config's and the theme's bundles, then the cache's entries) and
 * reads back what it wrote, so the folder and the folders docsgen makes in it (`v4/`, then one per
 * cache, `v4/render/` and the rest) must be folders of the site. A symbolic link committed (or
 * shipped in an archive) under one of those names would send the writes, and the reads that
 * trust them, wherever it points: outside the site. The entries are files in those folders,
 * opened without following links (dir-cache.ts).
 */
export function cacheFolderProblem(root: string): Diagnostic | null {
  const top = path.join(root, CACHE_FOLDER);
  const versions = subfolders(top, (name) => /^v\d+$/.test(name));
  for (const folder of [top, ...versions, ...versions.flatMap((v) => subfolders(v, () => true))]) {
    const problem = notAFolder(root, folder);
    if (problem) return problem;
  }
  return null;
}

/** The entries of `dir` whose name passes `wanted` (none when `dir` is missing, or not a real folder: its own check reports that). */
function subfolders(dir: string, wanted: (name: string) => boolean): string[] {
  try {
    if (!fs.lstatSync(dir).isDirectory()) return [];
    return fs.readdirSync(dir).filter(wanted).map((name) => path.join(dir, name));
  } catch {
    return [];
  }
}

function notAFolder(root: string, folder: string): Diagnostic | null {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(folder);
  } catch {
    return null; // not there: docsgen makes it, as a folder
  }
  if (stat.isDirectory()) return null;
  const name = path.relative(root, folder);
  if (stat.isSymbolicLink()) {
    let target = '?';
    try {
      target = fs.readlinkSync(folder);
    } catch {
      // unreadable: named as `?`
    }
    return diagnostic('CacheFolderNotFolder', `${name} is a symbolic link (to ${target}): docsgen writes its cache only into a folder of the site`, { file: folder }, {
      hint: `remove the link (docsgen makes the folder); to keep the cache between CI runs, restore it into ${CACHE_FOLDER}/ and save it from there`,
    });
  }
  return diagnostic('CacheFolderNotFolder', `${name} is a file, not a folder: docsgen keeps its cache in that folder`, { file: folder }, { hint: `remove the file (docsgen makes the folder)` });
}

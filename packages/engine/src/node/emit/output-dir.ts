import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { diagnostic, type Diagnostic } from '../../shared/diagnostic';
import { isInside } from '../fs/boundary';
import { replaceFile } from '../fs/replace-file';
import { lockHeld, processAlive, STORE_LOCK, withStoreLock } from './store-lock';

/*
 * How the output folder stays whole. The output path (`build/`) is a symbolic link to one finished
 * version folder in a store beside it (`.build.docsgen/<id>/`). A build writes a new version, then
 * replaces the link with one rename, which the operating system does atomically: at every instant
 * the output path shows the whole previous site or the whole new one. Each version being written
 * has a lock file naming its process; the next build removes every version that is neither the
 * current one nor locked by a live process (the leftovers of killed builds). docsgen never deletes
 * a folder it did not create: the store carries a marker file, and an output path that is a folder
 * docsgen did not make is refused unless it is empty.
 */

const STORE_MARKER = 'docsgen-output-store';

/**
 * The kill tests stop a build dead at named points (`DOCSGEN_CRASH_AT=before-rename`) to prove the
 * output is whole at each; outside those tests the variable is never set and this does nothing.
 */
export function crashPoint(name: string): void {
  if (process.env.DOCSGEN_CRASH_AT === name) process.kill(process.pid, 'SIGKILL');
}
/** What an output folder written before version folders existed always held. */
const LEGACY_OUTPUT_FILES = ['404.html', 'sitemap.xml', 'llms.txt', '_redirects'];

/** The folders an output path must never be, hold, or sit inside. */
export interface SiteFolders {
  root: string;
  /** Files and folders the site is built from (content, spec, config, static, theme inside the site). */
  sources: string[];
  /** Folders docsgen reads as input, which a build must not write into (content, static, cache). */
  inputs: string[];
}

export const storeFor = (out: string): string => path.join(path.dirname(out), `.${path.basename(out)}.docsgen`);

const refused = (out: string, why: string, hint: string): Diagnostic =>
  diagnostic('OutputRefused', `refusing to write the site to ${out}: ${why}`, { file: out }, { hint });

/**
 * Null when docsgen may publish into `out`; otherwise why not. Reads the file system, writes nothing.
 */
export function checkOutputPath(out: string, site: SiteFolders): Diagnostic | null {
  const choose = 'choose another output folder with --out or outDir, e.g. "build"';
  if (isInside(out, site.root)) return refused(out, out === site.root ? 'it is the site folder' : 'it holds the site folder', choose);
  const source = site.sources.find((s) => isInside(out, s));
  if (source) return refused(out, `it holds the site's source ${path.relative(site.root, source) || source}`, choose);
  const input = site.inputs.find((dir) => isInside(dir, out));
  if (input) return refused(out, `it is inside ${path.relative(site.root, input)}, which docsgen reads`, choose);
  const store = storeProblem(out);
  if (store) return store;
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(out);
  } catch {
    return null;
  }
  if (stat.isSymbolicLink()) return ownLink(out) ? null : refused(out, 'it is a symbolic link docsgen did not make', 'remove the link or choose another output folder');
  if (!stat.isDirectory()) return refused(out, 'it is a file', choose);
  const entries = fs.readdirSync(out);
  if (entries.length === 0 || isLegacyOutput(out, entries)) return null;
  return refused(out, 'it is a folder that docsgen did not create and it is not empty', 'empty it, remove it, or choose another output folder');
}

/**
 * Why the folder of versions beside `out` (`storeFor`) may not be written, or null. It is where
 * every version of the output goes and where stale ones are removed, so it must be absent, empty,
 * or a folder docsgen marked as its own: a symbolic link there (committed beside the output, or
 * made by anything else) would take the output and its removals outside, and a folder of files
 * docsgen did not put there would lose them as stale versions.
 */
function storeProblem(out: string): Diagnostic | null {
  const store = storeFor(out);
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(store);
  } catch {
    return null;
  }
  const hint = `remove ${store} (docsgen makes it), or choose another output folder`;
  if (stat.isSymbolicLink()) return refused(out, `its folder of versions ${store} is a symbolic link docsgen did not make`, hint);
  if (!stat.isDirectory()) return refused(out, `its folder of versions ${store} is a file`, hint);
  if (isStore(store) || fs.readdirSync(store).length === 0) return null;
  return refused(out, `its folder of versions ${store} holds files docsgen did not put there`, hint);
}

/** Whether docsgen marked `store` as its own: the marker is a file (a link under its name marks nothing). */
const isStore = (store: string): boolean => {
  try {
    return fs.lstatSync(path.join(store, STORE_MARKER)).isFile();
  } catch {
    return false;
  }
};
const isLegacyOutput = (out: string, entries: string[]): boolean =>
  LEGACY_OUTPUT_FILES.every((f) => entries.includes(f)) && fs.statSync(path.join(out, '404.html')).isFile();

/** A version folder being written: publish it with `commit`, or drop it with `abort`. */
export class OutputVersion {
  readonly dir: string;
  private readonly lock: string;

  private constructor(readonly out: string, readonly id: string) {
    const store = storeFor(out);
    this.dir = path.join(store, id);
    this.lock = `${this.dir}.lock`;
  }

  /** Creates the store (when new), locks and creates a fresh version folder. */
  static start(out: string): OutputVersion {
    const store = storeFor(out);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    // A read-only or foreign parent folder fails here, with its own path and reason (EROFS,
    // EACCES), rather than as a puzzling error from a recursive mkdir below it.
    fs.accessSync(path.dirname(out), fs.constants.W_OK);
    fs.mkdirSync(store, { recursive: true });
    if (!isStore(store)) replaceFile(path.join(store, STORE_MARKER), 'Version folders of a docsgen output; the output path links to the current one.\n');
    const version = new OutputVersion(out, `${Date.now().toString(36)}-${process.pid}-${randomBytes(3).toString('hex')}`);
    fs.writeFileSync(version.lock, String(process.pid));
    crashPoint('locked');
    fs.mkdirSync(version.dir);
    crashPoint('version-created');
    return version;
  }

  /** Whether the output path points at this version (from then on `abort` leaves it alone). */
  private published = false;

  /**
   * Points the output path at this version in one atomic rename, then removes what is stale: under
   * the store's lock each stale entry is only renamed to this process's trash, and the trash is
   * deleted after the lock is let go, many entries at once on libuv's threads (the previous version
   * of a 10,000-page site is 30,000 files and folders: 5-6 s one by one, 3.6 s this way).
   */
  async commit(): Promise<void> {
    const store = storeFor(this.out);
    crashPoint('before-commit');
    // One build at a time swaps and claims what is stale: a cleanup that read the current version
    // just before another build's swap would otherwise delete the version that swap had just published.
    const trash = withStoreLock(store, () => {
      adoptLegacyOutput(this.out, store);
      const link = path.join(store, `${this.id}.link`);
      const target = process.platform === 'win32' ? this.dir : path.relative(path.dirname(this.out), this.dir);
      fs.symlinkSync(target, link, process.platform === 'win32' ? 'junction' : 'dir');
      crashPoint('before-rename');
      fs.renameSync(link, this.out);
      this.published = true;
      crashPoint('after-rename');
      fs.rmSync(this.lock, { force: true });
      crashPoint('before-cleanup');
      return claimStaleVersions(this.out);
    });
    crashPoint('claimed');
    await removeAll(trash);
  }

  /** Removes the version being written; never one already published. */
  abort(): void {
    if (!this.published) fs.rmSync(this.dir, { recursive: true, force: true });
    fs.rmSync(this.lock, { force: true });
  }
}

/**
 * An output folder written by a docsgen from before version folders (a real folder, checked by
 * `checkOutputPath`) moves into the store once, so the link can take its place.
 */
function adoptLegacyOutput(out: string, store: string): void {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(out);
  } catch {
    return;
  }
  if (!stat.isDirectory()) return;
  if (fs.readdirSync(out).length === 0) fs.rmdirSync(out);
  else fs.renameSync(out, path.join(store, `legacy-${Date.now().toString(36)}`));
}

/**
 * The version folder a docsgen build published at `out`: `out` is docsgen's link into its own
 * folder of versions (marked, not a link itself), to a folder there. Null for anything else: no
 * `out`, a folder or file, a link made by something else or leading elsewhere, a missing version.
 * What reads the published site through `out` (`docsgen search push`) reads it only from there.
 */
export function publishedVersion(out: string): string | null {
  const version = ownLink(out);
  try {
    return version && fs.lstatSync(version).isDirectory() ? version : null;
  } catch {
    return null;
  }
}

/**
 * Where `out` leads when it is docsgen's own link: a symbolic link to an entry of the folder of
 * versions beside it, a real folder that docsgen marked. Null for anything else. The build may
 * publish through such a link (`checkOutputPath`), and `publishedVersion` reads only through one.
 */
function ownLink(out: string): string | null {
  try {
    if (!fs.lstatSync(out).isSymbolicLink()) return null;
    const target = currentVersion(out);
    const store = storeFor(out);
    return target !== null && path.dirname(target) === store && fs.lstatSync(store).isDirectory() && isStore(store) ? target : null;
  } catch {
    return null;
  }
}

/** The version folder the output path links to, if any. */
export function currentVersion(out: string): string | null {
  try {
    return path.resolve(path.dirname(out), fs.readlinkSync(out));
  } catch {
    return null;
  }
}

/** A stale entry claimed by a process for removal: `trash-<pid>-<name>`. */
const TRASH = /^trash-(\d+)-(.+)$/;

/**
 * Claims every entry that is neither the current version nor being written by a live process: the
 * previous site after a swap, and whatever killed builds left (folders, links, locks, and trash a
 * dead process did not finish removing). Each is renamed to this process's trash, which no other
 * build touches while this process lives; returns their new paths. Only inside a store docsgen
 * marked as its own, and only under the store's lock.
 */
function claimStaleVersions(out: string): string[] {
  const store = storeFor(out);
  if (!isStore(store)) return [];
  const current = currentVersion(out);
  const claimed: string[] = [];
  for (const name of fs.readdirSync(store)) {
    if (name === STORE_MARKER || name === STORE_LOCK) continue;
    const trash = TRASH.exec(name);
    if (trash) {
      if (processAlive(Number(trash[1]))) continue;
    } else {
      const id = name.replace(/\.(link|lock)$/, '');
      if (path.join(store, id) === current || lockHeld(path.join(store, `${id}.lock`))) continue;
    }
    const to = path.join(store, `trash-${process.pid}-${trash ? trash[2] : name}`);
    fs.renameSync(path.join(store, name), to);
    claimed.push(to);
  }
  return claimed;
}

/** How many removals run at once on libuv's threads. */
const REMOVALS_AT_ONCE = 8;

/** Removes files and folders, their top-level entries several at a time. */
async function removeAll(paths: readonly string[]): Promise<void> {
  // Only a real folder is listed: a link (`<id>.link`) is removed, never followed.
  const entries = paths.flatMap((p) => (fs.lstatSync(p).isDirectory() ? fs.readdirSync(p).map((name) => path.join(p, name)) : []));
  let next = 0;
  const lane = async () => {
    while (next < entries.length) await fs.promises.rm(entries[next++]!, { recursive: true, force: true });
  };
  await Promise.all(Array.from({ length: REMOVALS_AT_ONCE }, lane));
  await Promise.all(paths.map((p) => fs.promises.rm(p, { recursive: true, force: true })));
}

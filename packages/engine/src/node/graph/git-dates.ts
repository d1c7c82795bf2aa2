import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Whether git may find a checkout for `dir`: a `.git` in it or in a folder above it, or a
 * repository named by the environment (`GIT_DIR`). Where there is none, git can only answer
 * "not a git repository", and asking it would start a process: 20-30 ms of the build's own
 * thread each time (forking a large process), three times a build.
 */
export function mayBeCheckout(dir: string): boolean {
  if (process.env.GIT_DIR) return true;
  for (let folder = path.resolve(dir); ; folder = path.dirname(folder)) {
    if (fs.existsSync(path.join(folder, '.git'))) return true;
    if (path.dirname(folder) === folder) return false;
  }
}

/** git's output, or null when it fails (not a checkout, no git). */
function git(dir: string, args: string[]): Promise<string | null> {
  if (!mayBeCheckout(dir)) return Promise.resolve(null);
  return new Promise((resolve) => {
    execFile('git', args, { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => resolve(error ? null : stdout));
  });
}

/**
 * Last commit time of every file under `dir`, from one `git log` call (not one per file), run
 * while the build goes on. Resolves to an empty map outside a git checkout. Runs git.
 */
export async function gitLastUpdated(dir: string): Promise<Map<string, string>> {
  const dates = new Map<string, string>();
  const [top, out] = await Promise.all([git(dir, ['rev-parse', '--show-toplevel']), git(dir, ['log', '--format=%x00%ct', '--name-only', '--', '.'])]);
  if (top === null || out === null) return dates;
  for (const entry of out.split('\0')) {
    const [stamp, ...files] = entry.trim().split('\n');
    const seconds = Number(stamp);
    if (!seconds) continue;
    const iso = new Date(seconds * 1000).toISOString();
    for (const file of files) {
      const full = path.join(top.trim(), file.trim());
      if (file.trim() && !dates.has(full)) dates.set(full, iso);
    }
  }
  return dates;
}

/**
 * The files below `dir/below` that git tracks (paths relative to `dir`), or [] outside a git
 * checkout or without git. Runs git.
 */
export async function gitTracked(dir: string, below: string): Promise<string[]> {
  const out = await git(dir, ['ls-files', '-z', '--', below]);
  return out ? out.split('\0').filter(Boolean) : [];
}

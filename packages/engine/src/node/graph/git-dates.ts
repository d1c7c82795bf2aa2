import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * Last commit time of every file under `dir`, from one `git log` call (not one per file).
 * Returns an empty map outside a git checkout. Runs git.
 */
export function gitLastUpdated(dir: string): Map<string, string> {
  const dates = new Map<string, string>();
  let out: string;
  let top: string;
  try {
    top = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    out = execFileSync('git', ['log', '--format=%x00%ct', '--name-only', '--', '.'], { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return dates;
  }
  for (const entry of out.split('\0')) {
    const [stamp, ...files] = entry.trim().split('\n');
    const seconds = Number(stamp);
    if (!seconds) continue;
    const iso = new Date(seconds * 1000).toISOString();
    for (const file of files) {
      const full = path.join(top, file.trim());
      if (file.trim() && !dates.has(full)) dates.set(full, iso);
    }
  }
  return dates;
}

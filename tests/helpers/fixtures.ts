import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { SiteBuilder, type BuildResult } from '../../packages/engine/src/node/index';

export const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');

const created: string[] = [];
process.on('exit', () => {
  for (const dir of created) fs.rmSync(dir, { recursive: true, force: true });
});

/** Copies a fixture site into a fresh temp folder (tests never write into the repo); removed at exit. */
export function copyFixture(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `docsgen-${name}-`));
  created.push(dir);
  fs.cpSync(path.join(FIXTURES, name), dir, { recursive: true, filter: (src) => !/[/\\](build|\.docsgen)$/.test(src) });
  return dir;
}

/** Writes files (path → contents) into a site folder. */
export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
}

export async function buildSite(root: string, options: { noCache?: boolean } = {}): Promise<BuildResult> {
  return new SiteBuilder({ root, noCache: options.noCache ?? true }).full();
}

export function readOut(root: string, file: string): string {
  return fs.readFileSync(path.join(root, 'build', file), 'utf8');
}

/** Diagnostics as `file:line:col code` lines relative to the site, for compact assertions. */
export function problems(result: BuildResult, root: string): string[] {
  return result.diagnostics.map((d) => `${path.isAbsolute(d.file) ? path.relative(root, d.file) : d.file}:${d.line ?? '-'}:${d.column ?? '-'} ${d.severity} ${d.code}`);
}

/**
 * Every file below `dir` (through links) → sha1 of its bytes; null when `dir` holds nothing.
 * `skip` leaves out the entries (files or folders, by their path below `dir`) it is true for.
 */
export function snapshotFiles(dir: string, skip?: (name: string) => boolean): Record<string, string> | null {
  if (!fs.existsSync(dir)) return null;
  const files: Record<string, string> = {};
  const walk = (folder: string, rel: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      const name = rel ? `${rel}/${entry.name}` : entry.name;
      if (skip?.(name)) continue;
      if (entry.isDirectory()) walk(full, name);
      else files[name] = createHash('sha1').update(fs.readFileSync(full)).digest('hex');
    }
  };
  walk(dir, '');
  return files;
}

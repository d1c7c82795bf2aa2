import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashOf } from './cache-key';

const engineSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The nearest package-lock.json above the engine: it pins every dependency that shapes output. */
function lockfileText(): string {
  for (let dir = engineSrc; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package-lock.json');
    if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
    if (path.dirname(dir) === dir) return '';
  }
}

function sourcesText(dir: string): string[] {
  const out: string[] = [];
  // By code unit: the same order everywhere, and no collator (ICU's first one costs 10-20 ms).
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourcesText(full));
    else if (/\.[cm]?[jt]sx?$/.test(entry.name)) out.push(entry.name, fs.readFileSync(full, 'utf8'));
  }
  return out;
}

let dependencies: string | null = null;
let engine: string | null = null;

/** Changes when an installed dependency changes (for caches of third-party output, like highlighting). Reads disk once. */
export function dependencyFingerprint(): string {
  dependencies ??= hashOf(lockfileText());
  return dependencies;
}

/**
 * Changes when the engine's own code or its dependencies change: part of the keys of caches that
 * hold compiled pages, so a new docsgen never serves what an older one compiled. Reads disk once.
 */
export function engineFingerprint(): string {
  engine ??= hashOf(dependencyFingerprint(), ...sourcesText(engineSrc));
  return engine;
}

import fs from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from '../config/resolve-config';

/**
 * Characters every site gets in its font whatever its sources hold: printable ASCII (what readers
 * type into search) and the typographic marks Markdown and templates produce from plain text.
 */
const BASE = ` !"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_\`abcdefghijklmnopqrstuvwxyz{|}~\u00a0–—‘’“”…•·›‹«»→←↑↓©®™€£°×`;

/** docsgen's browser code: the words its search UI and widgets write into pages (`★` for a favourite search). */
const CLIENT_DIR = path.resolve(import.meta.dirname, '../../client');

const TEXT_FILE = /\.(mdx?|ya?ml|json|tsx?|jsx?)$/i;

/**
 * Every character the site's text can show, as sorted code points: the base set plus each
 * character of the config, the content folder, the OpenAPI document, the theme's templates and
 * docsgen's browser code, which hold all the words a page shows (a superset: markup is ASCII). Reads only regular files
 * inside those folders (links are not followed, so nothing outside the site is read).
 */
export function siteCharacters(config: ResolvedConfig): number[] {
  const seen = new Set<number>();
  for (const ch of BASE) seen.add(ch.codePointAt(0)!);
  // Printable ASCII is all in BASE: only the rest of a file is looked at, a code unit at a time
  // (a character at a time through the string's iterator took a twentieth of a warm build).
  const add = (text: string) => {
    for (let i = 0; i < text.length; i++) {
      if (text.charCodeAt(i) < 0x80) continue;
      const c = text.codePointAt(i)!;
      if (c > 0xffff) i++;
      seen.add(c);
    }
  };
  const files: string[] = [];
  if (config.configFile) files.push(config.configFile);
  if (config.openapiPath) files.push(config.openapiPath);
  collect(config.contentPath, files);
  collect(config.templatesDir, files);
  collect(CLIENT_DIR, files);
  for (const file of files) {
    try {
      add(fs.readFileSync(file, 'utf8'));
    } catch {
      // unreadable files are reported by the stage that needs them
    }
  }
  return [...seen].filter((c) => c >= 0x20 && !(c >= 0x7f && c < 0xa0)).sort((a, b) => a - b);
}

function collect(dir: string, into: string[]): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.')) collect(full, into);
    else if (entry.isFile() && TEXT_FILE.test(entry.name)) into.push(full);
  }
}

import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { diagnostic, type Diagnostic } from '../../shared/diagnostic';
import { SiteBoundary } from '../fs/boundary';

/** Sidebar metadata of a content folder (`_category_.yml` / `.yaml` / `.json`). */
export interface CategoryMeta {
  dir: string;
  label?: string;
  position?: number;
  collapsed?: boolean;
}

export interface ContentFiles {
  /** Page sources (`.md`/`.mdx` not starting with `_`), content-relative, sorted. */
  pages: string[];
  /** Include-only partials (`_name.mdx`). */
  partials: string[];
  categories: Map<string, CategoryMeta>;
  diagnostics: Diagnostic[];
}

const IGNORED_DIRS = new Set(['node_modules', '.git', '.docsgen', 'assets', 'static']);

/**
 * Lists the content folder. Reads disk. A symbolic link is followed only while its real target is
 * inside the site (`boundary`); one that leads out is an `OutsideSite` error, a dangling one a
 * `FileSystemError`, and a folder reached twice (a link loop) is read once.
 */
export function listContentFiles(contentPath: string, boundary?: SiteBoundary): ContentFiles {
  const result: ContentFiles = { pages: [], partials: [], categories: new Map(), diagnostics: [] };
  if (!fs.existsSync(contentPath)) return result;
  // Without the site's boundary (a lone content folder), links may not lead out of the folder itself.
  const within = boundary ?? new SiteBoundary(contentPath);
  const visited = new Set<string>();
  const walk = (dir: string) => {
    const real = fs.realpathSync(dir);
    if (visited.has(real)) return;
    visited.add(real);
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const kind = entry.isSymbolicLink() ? linkKind(full, contentPath, within, result.diagnostics) : entry.isDirectory() ? 'dir' : entry.isFile() ? 'file' : null;
      if (kind === 'dir') {
        if (!entry.name.startsWith('.') && !IGNORED_DIRS.has(entry.name)) walk(full);
      } else if (kind === 'file') addFile(full, entry.name, dir, contentPath, result);
    }
  };
  walk(contentPath);
  result.pages.sort();
  result.partials.sort();
  return result;
}

/** What a symbolic link in the content folder leads to, when it may be read. */
function linkKind(full: string, contentPath: string, boundary: SiteBoundary, diagnostics: Diagnostic[]): 'dir' | 'file' | null {
  const entry = boundary.follow(full, path.relative(path.dirname(contentPath), full));
  if ('code' in entry) {
    diagnostics.push(entry);
    return null;
  }
  return entry.stat.isDirectory() ? 'dir' : entry.stat.isFile() ? 'file' : null;
}

/** A page, a partial or a folder's `_category_` file. */
function addFile(full: string, name: string, dir: string, contentPath: string, result: ContentFiles): void {
  const rel = path.relative(contentPath, full).split(path.sep).join('/');
  if (/^_category_\.(ya?ml|json)$/.test(name)) {
    const relDir = path.relative(contentPath, dir).split(path.sep).join('/');
    try {
      const data = (yaml.load(fs.readFileSync(full, 'utf8')) ?? {}) as Record<string, unknown>;
      result.categories.set(relDir, {
        dir: relDir,
        label: typeof data.label === 'string' ? data.label : undefined,
        position: typeof data.position === 'number' ? data.position : undefined,
        collapsed: typeof data.collapsed === 'boolean' ? data.collapsed : undefined,
      });
    } catch (error) {
      const e = error as yaml.YAMLException;
      result.diagnostics.push(diagnostic('CategorySyntax', `invalid ${name}: ${e.reason ?? e.message}`, { file: full, line: (e.mark?.line ?? 0) + 1, column: (e.mark?.column ?? 0) + 1 }));
    }
  } else if (/\.mdx?$/.test(name)) {
    if (path.sep === '/' && name.includes('\\')) {
      // A backslash is a character of the name here, but routes read it as a folder separator.
      result.diagnostics.push(diagnostic('InvalidRoute', `the file name ${JSON.stringify(name)} contains "\\", which a URL path cannot hold`, { file: full, line: 1, column: 1 }, { hint: 'rename the file: use letters, digits, "-", "_" and "." (e.g. getting-started.mdx)' }));
      return;
    }
    (name.startsWith('_') ? result.partials : result.pages).push(rel);
  }
}

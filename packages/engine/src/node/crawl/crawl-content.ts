import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { diagnostic, type Diagnostic } from '../../shared/diagnostic';

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

/** Lists the content folder. Reads disk. */
export function listContentFiles(contentPath: string): ContentFiles {
  const result: ContentFiles = { pages: [], partials: [], categories: new Map(), diagnostics: [] };
  if (!fs.existsSync(contentPath)) return result;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const rel = path.relative(contentPath, full).split(path.sep).join('/');
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && !IGNORED_DIRS.has(entry.name)) walk(full);
      } else if (/^_category_\.(ya?ml|json)$/.test(entry.name)) {
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
          result.diagnostics.push(diagnostic('CategorySyntax', `invalid ${entry.name}: ${e.reason ?? e.message}`, { file: full, line: (e.mark?.line ?? 0) + 1, column: (e.mark?.column ?? 0) + 1 }));
        }
      } else if (/\.mdx?$/.test(entry.name)) {
        if (path.sep === '/' && entry.name.includes('\\')) {
          // A backslash is a character of the name here, but routes read it as a folder separator.
          result.diagnostics.push(diagnostic('InvalidRoute', `the file name ${JSON.stringify(entry.name)} contains "\\", which a URL path cannot hold`, { file: full, line: 1, column: 1 }, { hint: 'rename the file: use letters, digits, "-", "_" and "." (e.g. getting-started.mdx)' }));
          continue;
        }
        (entry.name.startsWith('_') ? result.partials : result.pages).push(rel);
      }
    }
  };
  walk(contentPath);
  result.pages.sort();
  result.partials.sort();
  return result;
}

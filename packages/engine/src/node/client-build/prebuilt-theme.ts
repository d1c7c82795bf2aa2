import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { ClientScripts } from './build-client';
import { islandEntries } from './build-islands';
import { inNodeModules } from './esbuild-dir';

/*
 * The default theme's bundles, made once with the CLI (bin/launch.mjs runs workers/theme-worker.ts
 * on a worker thread while it compiles the CLI, as it translates the grammars' regular expressions):
 * the server bundle of its templates, the browser bundles (the client and the islands) and its
 * minified CSS. They depend on docsgen's files only, never on a site, yet every cold build of a
 * site on the default theme ran esbuild for them: about 0.25 s of CPU in esbuild's process while
 * the content compiled, and the templates' bundle before the first page (issue 16). A build takes
 * them from the CLI's folder instead, only while every file they were made from is as it was.
 */

/** What `theme.json` in the CLI's folder holds. */
interface PrebuiltFile {
  version: typeof VERSION;
  templatesDir: string;
  /** The files it was made from outside node_modules: absolute path → sha256. */
  sources: Record<string, string>;
  /** The theme's islands and whether an error boundary wraps them (`shapeOf`). */
  shape: string;
  templates: { code: string; inputs: string[] };
  scripts: { files: Array<[string, string]>; js: string; islandFiles: Array<[string, string]>; islands: Array<[string, string]>; inputs: string[] };
  /** styles.css minified without a prelude (a site with a web font minifies its own). */
  styles: { path: string; code: string };
}

/** The prebuilt theme as the build uses it. */
export interface PrebuiltTheme {
  templates: { code: string; inputs: string[] };
  scripts: ClientScripts;
  styles: { path: string; code: string };
}

/** Bump when what is stored, or how it is made, changes. */
const VERSION = 1;
/** Its name in the CLI's folder. */
export const PREBUILT_THEME_FILE = 'theme.json';

const sha256 = (file: string): string => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** The files whose bytes the bundles hold: the sources outside node_modules (the CLI's folder is keyed by the installed packages). */
const checkedSources = (inputs: readonly string[]): string[] => [...new Set(inputs)].filter((file) => !inNodeModules(file) && fs.existsSync(file) && fs.statSync(file).isFile()).sort();

/** The islands a build would bundle, and whether an error boundary wraps them: files that are no bundle's input yet. */
function shapeOf(templatesDir: string): string {
  const { names, boundary } = islandEntries(templatesDir);
  return JSON.stringify({ names, boundary: boundary !== null });
}

/** theme.json's content, made from the bundles of `templatesDir` (by the launcher's worker, workers/theme-worker.ts). */
export function prebuiltFile(templatesDir: string, templates: PrebuiltFile['templates'], scripts: ClientScripts, styles: PrebuiltFile['styles']): string {
  const stylesFile = path.join(templatesDir, 'styles.css');
  const sources = Object.fromEntries(checkedSources([...templates.inputs, ...scripts.inputs, stylesFile]).map((file) => [file, sha256(file)]));
  const file: PrebuiltFile = {
    version: VERSION,
    templatesDir: path.resolve(templatesDir),
    sources,
    shape: shapeOf(templatesDir),
    templates,
    scripts: { files: [...scripts.files], js: scripts.js, islandFiles: [...scripts.islandFiles], islands: [...scripts.islands], inputs: scripts.inputs },
    styles,
  };
  return JSON.stringify(file);
}

/** theme.json as read from a folder, once per process (null when there is none or it cannot be read). */
const read = new Map<string, PrebuiltFile | null>();

function readFile(dir: string): PrebuiltFile | null {
  if (!read.has(dir)) {
    let file: PrebuiltFile | null = null;
    try {
      const parsed = JSON.parse(fs.readFileSync(path.join(dir, PREBUILT_THEME_FILE), 'utf8')) as PrebuiltFile;
      if (parsed.version === VERSION) file = parsed;
    } catch {
      // none: the CLI runs from its sources, or the launcher could not make it
    }
    read.set(dir, file);
  }
  return read.get(dir) ?? null;
}

/**
 * The bundles made with the CLI for `templatesDir`, when it is the theme they were made from and
 * each of its files is still as it was (checked on every call: `serve --watch` sees a template
 * edited since); null otherwise, and the build runs esbuild as it always did. `dir` is the CLI's
 * folder (the launcher's `DOCSGEN_BUNDLE_DIR`).
 */
export function prebuiltTheme(templatesDir: string, dir = process.env.DOCSGEN_BUNDLE_DIR): PrebuiltTheme | null {
  if (!dir) return null;
  const file = readFile(dir);
  if (!file || path.resolve(templatesDir) !== file.templatesDir) return null;
  try {
    if (shapeOf(templatesDir) !== file.shape) return null;
    for (const [source, hash] of Object.entries(file.sources)) if (sha256(source) !== hash) return null;
  } catch {
    return null; // a source gone
  }
  const { scripts } = file;
  return {
    templates: file.templates,
    scripts: { files: new Map(scripts.files), js: scripts.js, islandFiles: new Map(scripts.islandFiles), islands: new Map(scripts.islands), inputs: scripts.inputs },
    styles: file.styles,
  };
}

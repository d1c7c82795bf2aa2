import { createRequire } from 'node:module';
import path from 'node:path';

let loaded: typeof import('esbuild') | null = null;

/**
 * esbuild's API, loaded on first use: a build that makes no bundle (a site on the default theme,
 * prebuilt with the CLI, with no config or a config taken from the cache) never loads its 100 KB
 * of JavaScript. Required, not imported: an ES module import of CommonJS scans its source first.
 */
export function esbuild(): typeof import('esbuild') {
  return (loaded ??= createRequire(import.meta.url)('esbuild') as typeof import('esbuild'));
}

/**
 * The folder esbuild works in for the browser bundles and the theme: the engine's package. The
 * bundles' hashed names and comments name files relative to it, so a site gives the same output
 * whichever folder docsgen is run from (relative to the process's folder, `docsgen build --root
 * site` from the site and from its parent gave every page other script names).
 */
export const ESBUILD_WORKING_DIR = path.resolve(import.meta.dirname, '../../..');

/** A metafile input of a plugin's namespace (`name:path`: React's stand-ins, virtual entries), not a file (a drive letter is one character). */
const NAMESPACED = /^[a-z][\w-]+:/i;

/** The files a bundle was made from: its metafile's inputs that are files, as absolute paths (esbuild names them relative to `workingDir`). */
export const inputFiles = (metafile: { inputs: Record<string, unknown> }, workingDir: string): string[] =>
  Object.keys(metafile.inputs)
    .filter((p) => !NAMESPACED.test(p))
    .map((p) => path.resolve(workingDir, p));

/** Whether a file is an installed package's (its changes come with the lockfile, not as the site's or docsgen's sources). */
export const inNodeModules = (file: string): boolean => file.split(path.sep).includes('node_modules');

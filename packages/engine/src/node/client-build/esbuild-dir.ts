import path from 'node:path';

/**
 * The folder esbuild works in for the browser bundles and the theme: the engine's package. The
 * bundles' hashed names and comments name files relative to it, so a site gives the same output
 * whichever folder docsgen is run from (relative to the process's folder, `docsgen build --root
 * site` from the site and from its parent gave every page other script names).
 */
export const ESBUILD_WORKING_DIR = path.resolve(import.meta.dirname, '../../..');

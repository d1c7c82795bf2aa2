import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import * as esbuild from 'esbuild';
import { buildIslands } from './build-islands';
import { ESBUILD_WORKING_DIR } from './esbuild-dir';

const CLIENT_ENTRY = path.resolve(import.meta.dirname, '../../client/main.ts');

export interface ClientAssets {
  /** Output path (relative, e.g. `assets/docsgen.1a2b3c4d.js`) → contents. */
  files: Map<string, string>;
  css: string;
  js: string;
  /** Island name → URL of its hydration bundle. */
  islands: Map<string, string>;
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 10);

/**
 * Bundles the client behaviours and minifies the theme's one CSS file (after `cssPrelude`, the web
 * font's rules), both with hashed names.
 */
export async function buildClientAssets(templatesDir: string, cssPrelude = ''): Promise<ClientAssets> {
  const [js, css, islands] = await Promise.all([
    esbuild.build({
      entryPoints: { docsgen: CLIENT_ENTRY },
      absWorkingDir: ESBUILD_WORKING_DIR,
      bundle: true,
      splitting: true,
      write: false,
      minify: true,
      format: 'esm',
      target: 'es2020',
      platform: 'browser',
      logLevel: 'silent',
      outdir: '/assets',
      entryNames: '[name].[hash]',
      chunkNames: 'lazy.[hash]',
    }),
    esbuild.transform(`${cssPrelude}\n${fs.readFileSync(path.join(templatesDir, 'styles.css'), 'utf8')}`, { loader: 'css', minify: true, target: ['chrome100', 'firefox100', 'safari15'] }),
    buildIslands(templatesDir),
  ]);
  // The entry (run on every page) and the chunks it imports lazily (search).
  const jsFiles = js.outputFiles.map((f) => [path.relative('/', f.path), f.text] as const);
  const jsPath = jsFiles.find(([p]) => p.startsWith('assets/docsgen.'))![0];
  const cssPath = `assets/styles.${hashOf(css.code)}.css`;
  const files = new Map([...jsFiles, [cssPath, css.code], ...islands.files]);
  return { files, js: `/${jsPath}`, css: `/${cssPath}`, islands: islands.urls };
}

/** Public URL of a content asset (image): `/assets/<name>.<hash>.<ext>`, hash of its bytes. */
export function assetUrlFor(source: string): string {
  const ext = path.extname(source);
  const base = path.basename(source, ext).replace(/[^\w.-]+/g, '-');
  return `/assets/${base}.${hashOf(fs.readFileSync(source).toString('latin1'))}${ext}`;
}

import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type * as esbuildApi from 'esbuild';
import { buildIslands } from './build-islands';
import { ESBUILD_WORKING_DIR, esbuild, inputFiles } from './esbuild-dir';
import { prebuiltTheme } from './prebuilt-theme';

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

/** The browser bundles: the client behaviours (the same for every site) and the theme's islands. */
export interface ClientScripts {
  /** The client's entry and chunks: output path → contents. */
  files: Map<string, string>;
  js: string;
  /** The islands' entries and chunks: output path → contents. */
  islandFiles: Map<string, string>;
  islands: Map<string, string>;
  /** The files they were made from (absolute paths). */
  inputs: string[];
}

/** Bundles the client behaviours and the theme's islands, with hashed names. */
export async function bundleScripts(templatesDir: string): Promise<ClientScripts> {
  const [js, islands] = await Promise.all([
    esbuild().build({
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
      metafile: true,
    }),
    buildIslands(templatesDir),
  ]);
  // The entry (run on every page) and the chunks it imports lazily (search).
  const jsFiles = js.outputFiles.map((f) => [path.relative('/', f.path), f.text] as const);
  const jsPath = jsFiles.find(([p]) => p.startsWith('assets/docsgen.'))![0];
  return { files: new Map(jsFiles), js: `/${jsPath}`, islandFiles: islands.files, islands: islands.urls, inputs: [...inputFiles(js.metafile, ESBUILD_WORKING_DIR), ...islands.inputs] };
}

/** The theme's one CSS file, minified after `cssPrelude` (the web font's rules): its output path and text. */
export async function minifyStyles(templatesDir: string, cssPrelude = ''): Promise<{ path: string; code: string }> {
  const css = await esbuild().transform(`${cssPrelude}\n${fs.readFileSync(path.join(templatesDir, 'styles.css'), 'utf8')}`, { loader: 'css', minify: true, target: ['chrome100', 'firefox100', 'safari15'] });
  return { path: `assets/styles.${hashOf(css.code)}.css`, code: css.code };
}

/**
 * Bundles the client behaviours and minifies the theme's one CSS file (after `cssPrelude`, the web
 * font's rules), both with hashed names. The default theme's were made with the CLI (`prebuiltTheme`):
 * the same files, without running esbuild.
 */
export async function buildClientAssets(templatesDir: string, cssPrelude = ''): Promise<ClientAssets> {
  const theme = prebuiltTheme(templatesDir);
  const [scripts, css] = await Promise.all([
    theme?.scripts ?? bundleScripts(templatesDir),
    cssPrelude === '' && theme ? theme.styles : minifyStyles(templatesDir, cssPrelude),
  ]);
  const files = new Map([...scripts.files, [css.path, css.code], ...scripts.islandFiles]);
  return { files, js: scripts.js, css: `/${css.path}`, islands: scripts.islands };
}

/** Public URL of a content asset (image): `/assets/<name>.<hash>.<ext>`, hash of its bytes. */
export function assetUrlFor(source: string): string {
  const ext = path.extname(source);
  const base = path.basename(source, ext).replace(/[^\w.-]+/g, '-');
  return `/assets/${base}.${hashOf(fs.readFileSync(source).toString('latin1'))}${ext}`;
}

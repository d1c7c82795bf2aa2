import fs from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from '../config/resolve-config';
import type { LoadedTemplates } from '../render/load-templates';
import { buildClientAssets, type ClientAssets } from '../client-build/build-client';
import { hashOf } from '../cache/cache-key';
import { engineFingerprint } from '../cache/engine-fingerprint';
import type { DirCache } from '../cache/dir-cache';

export interface ClientEntry {
  files: Array<[string, string]>;
  css: string;
  js: string;
  islands: Array<[string, string]>;
}

/**
 * The browser bundles and the one CSS file; they depend on the engine's client code, the theme and
 * the web font's `@font-face` rules (`fontCss`, put before the theme's CSS).
 */
export async function clientAssets(config: ResolvedConfig, templates: LoadedTemplates, cache: DirCache<ClientEntry>, fontCss = ''): Promise<ClientAssets> {
  const stylesFile = path.join(config.templatesDir, 'styles.css');
  const key = hashOf(engineFingerprint(), templates.hash, config.templatesDir, fs.existsSync(stylesFile) ? fs.readFileSync(stylesFile, 'utf8') : '', fontCss);
  const cached = cache.get(key);
  if (cached) return withSiteStyles({ files: new Map(cached.files), css: cached.css, js: cached.js, islands: new Map(cached.islands) }, config);
  const built = await buildClientAssets(config.templatesDir, fontCss);
  cache.retain([]);
  cache.set(key, { files: [...built.files], css: built.css, js: built.js, islands: [...built.islands] });
  return withSiteStyles(built, config);
}

/** A CSS colour as the config may write it (a name, `#hex`, `rgb(…)`, `hsl(…)`): nothing that could end the rule. */
const CSS_COLOR = /^[#\w\s(),.%/+-]+$/;

/**
 * The config's announcement colours, appended to the one CSS file (renamed by its new hash): the
 * pages carry no style attributes, so the Content-Security-Policy needs no 'unsafe-inline' for styles.
 */
function withSiteStyles(assets: ClientAssets, config: ResolvedConfig): ClientAssets {
  const a = config.announcement;
  if (!a) return assets;
  const decls = [a.backgroundColor && CSS_COLOR.test(a.backgroundColor) ? `background-color:${a.backgroundColor}` : '', a.textColor && CSS_COLOR.test(a.textColor) ? `color:${a.textColor}` : ''].filter(Boolean);
  if (!decls.length) return assets;
  const oldPath = assets.css.slice(1);
  const css = `${assets.files.get(oldPath) ?? ''}.announcement{${decls.join(';')}}`;
  const cssPath = `assets/styles.${hashOf(css)}.css`;
  const files = new Map([...assets.files].filter(([f]) => f !== oldPath));
  files.set(cssPath, css);
  return { ...assets, files, css: `/${cssPath}` };
}

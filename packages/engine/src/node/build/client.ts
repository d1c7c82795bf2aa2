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
  if (cached) return { files: new Map(cached.files), css: cached.css, js: cached.js, islands: new Map(cached.islands) };
  const built = await buildClientAssets(config.templatesDir, fontCss);
  cache.retain([]);
  cache.set(key, { files: [...built.files], css: built.css, js: built.js, islands: [...built.islands] });
  return built;
}

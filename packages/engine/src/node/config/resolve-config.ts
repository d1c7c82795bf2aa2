import fs from 'node:fs';
import path from 'node:path';
import type { ParsedConfig } from './config-schema';
import { pluginsKey } from './plugins-key';

/** The cache folder's name, in the site folder (`cacheDir`): the bundles of the config and the theme, and the persistent cache. */
export const CACHE_FOLDER = '.docsgen';

/** The engine's own default templates: `<repo>/templates`. */
export const DEFAULT_TEMPLATES_DIR = path.resolve(import.meta.dirname, '../../../../../templates');

/** Config with defaults applied and every path absolute. */
export interface ResolvedConfig extends ParsedConfig {
  root: string;
  /** The config file, or null when the site has none (defaults only). */
  configFile: string | null;
  /** The config file and the files of the site it imports (a local plugin; no npm package): `serve --watch` reloads the config when one changes. */
  configSources: string[];
  contentPath: string;
  outPath: string;
  /** Absolute path of the OpenAPI document, or null when the site has none. */
  openapiPath: string | null;
  /** Persistent build cache (`<root>/.docsgen`). */
  cacheDir: string;
  /** Folder holding `index.tsx` and `styles.css`: the site's own `templates/` or the engine's. */
  templatesDir: string;
  /** `{{provider.*}}` content variables. */
  variables: Record<string, string>;
  /** Stands for `remarkPlugins` / `rehypePlugins` in cache keys; '' when the site has none. */
  pluginsKey: string;
}

/**
 * `bundleCode`: the config as esbuild bundled it (with everything it imports), when it has a file;
 * `sources`: the files it was bundled from (the config file alone when not given).
 */
export function resolveConfig(config: ParsedConfig, root: string, configFile: string | null, bundleCode: string | null = null, sources?: string[]): ResolvedConfig {
  const openapi = config.openapi ?? soleSpecIn(root);
  const siteTemplates = path.join(root, 'templates');
  const variables: Record<string, string> = { 'site.title': config.title, 'site.url': config.url };
  if (config.provider) {
    for (const [key, value] of Object.entries(config.provider)) if (typeof value === 'string') variables[`provider.${key}`] = value;
  }
  return {
    ...config,
    url: config.url.replace(/\/$/, ''),
    root,
    configFile,
    configSources: sources ?? (configFile ? [configFile] : []),
    contentPath: path.resolve(root, config.contentDir),
    outPath: path.resolve(root, config.outDir),
    openapiPath: openapi ? path.resolve(root, openapi) : null,
    cacheDir: path.join(root, CACHE_FOLDER),
    templatesDir: fs.existsSync(path.join(siteTemplates, 'index.tsx')) ? siteTemplates : DEFAULT_TEMPLATES_DIR,
    variables,
    pluginsKey: pluginsKey(config, bundleCode),
  };
}

/**
 * Without `openapi` in the config, the site's OpenAPI document is the one `.yaml`, `.yml` or
 * `.json` file in `specs/`, when there is exactly one (with several, the config must say which).
 */
function soleSpecIn(root: string): string | undefined {
  let names: string[];
  try {
    names = fs.readdirSync(path.join(root, 'specs')).filter((n) => /\.(ya?ml|json)$/i.test(n));
  } catch {
    return undefined;
  }
  return names.length === 1 ? `specs/${names[0]}` : undefined;
}

import { randomUUID } from 'node:crypto';
import { hashOf } from '../cache/cache-key';
import type { ParsedConfig, PluginEntry } from './config-schema';

/**
 * Options as text for a cache key: functions by their source, regular expressions and bigints as
 * written. Options that cannot be written out (a cycle, a getter that throws) give a key of their
 * own each run, so pages are compiled again rather than ever served stale.
 */
function optionsText(options: unknown[]): string {
  try {
    return JSON.stringify(options, (_key, value: unknown) => {
      if (typeof value === 'function' || value instanceof RegExp || typeof value === 'bigint') return `${typeof value}:${String(value)}`;
      return value === undefined ? null : value;
    });
  } catch {
    return randomUUID();
  }
}

function entryText(entry: PluginEntry): string {
  const [plugin, ...options] = typeof entry === 'function' ? [entry] : entry;
  return `${plugin.toString()}\0${optionsText(options)}`;
}

/**
 * The part of the compiled-page and API cache keys that stands for the site's unified plugins;
 * '' when it has none, so keys (and the work done) are as before for sites without plugins.
 *
 * A function cannot be identified across processes, so the key is what the plugins are made of:
 * the bundled config code (esbuild inlines everything the config imports, node_modules packages
 * included, so a plugin's upgrade or an edit of a local plugin file changes it), plus each
 * plugin's source text and options as they are at run time (options read from the environment
 * are not in the bundle). Not covered: what a plugin reads at run time (files, the environment,
 * the network) and code it loads by a computed path; build with --no-cache after changing those.
 * The price: with plugins configured, any edit of the config recompiles every page.
 */
export function pluginsKey(config: ParsedConfig, bundleCode: string | null): string {
  const entries = [...config.remarkPlugins.map((e) => `remark\0${entryText(e)}`), ...config.rehypePlugins.map((e) => `rehype\0${entryText(e)}`)];
  return entries.length ? hashOf('plugins', bundleCode ?? '', ...entries) : '';
}

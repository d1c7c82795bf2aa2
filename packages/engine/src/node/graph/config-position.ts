import fs from 'node:fs';
import { locateInTree, parseConfigSource, type ConfigTree, type KeyLocation, type KeyPath, type LocateTarget } from '../config/config-ast';
import type { ResolvedConfig } from '../config/resolve-config';

/** Parsed config files (null: unreadable or unparsable), kept while one build reports problems. */
const trees = new Map<string, ConfigTree | null>();

function treeOf(file: string): ConfigTree | null {
  let tree = trees.get(file);
  if (tree === undefined) {
    let source = '';
    try {
      source = fs.readFileSync(file, 'utf8');
    } catch {
      // the file vanished since it was loaded: report without a position
    }
    tree = source ? parseConfigSource(source) : null;
    trees.set(file, tree);
  }
  return tree;
}

function locate(config: ResolvedConfig, keyPath: KeyPath, target: LocateTarget = 'value'): KeyLocation | undefined {
  const tree = config.configFile ? treeOf(config.configFile) : null;
  return tree ? locateInTree(tree, keyPath, target) : undefined;
}

/**
 * Line and column of the value at `keyPath` in the config file (`['redirects', 2, 'to']`), by
 * syntax-tree path; the nearest enclosing literal when the value is computed or absent.
 */
export function locateInConfig(config: ResolvedConfig, keyPath: KeyPath): { line?: number; column?: number } {
  const found = locate(config, keyPath);
  return found ? { line: found.line, column: found.column } : {};
}

/**
 * Position of the first string in the config file (in source order) that `matches`: the key
 * paths come from the loaded config's values, and only paths written out in the file count
 * (a default or computed value is no position in the config). Empty when none is.
 */
export function locateConfigString(config: ResolvedConfig, matches: (value: string) => boolean): { line?: number; column?: number } {
  let best: KeyLocation | undefined;
  for (const keyPath of stringPaths(config, matches)) {
    const found = locate(config, keyPath);
    if (found?.complete && (!best || found.line < best.line || (found.line === best.line && found.column < best.column))) best = found;
  }
  return best ? { line: best.line, column: best.column } : {};
}

/** Key paths of every string value in `value` that `matches`. */
function stringPaths(value: unknown, matches: (value: string) => boolean, prefix: PropertyKey[] = []): PropertyKey[][] {
  if (typeof value === 'string') return matches(value) ? [prefix] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringPaths(item, matches, [...prefix, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => stringPaths(item, matches, [...prefix, key]));
  return [];
}

/** Forget parsed config files (watch mode reloads the config). */
export function clearConfigSources(): void {
  trees.clear();
}

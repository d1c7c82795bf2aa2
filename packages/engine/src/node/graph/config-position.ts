import fs from 'node:fs';
import type { ResolvedConfig } from '../config/resolve-config';
import { positionAt } from '../diagnostics/source-position';

const sources = new Map<string, string>();

/** Line and column of the first occurrence of a quoted value in the config file (for diagnostics). */
export function locateInConfig(config: ResolvedConfig, value: string): { line?: number; column?: number } {
  if (!config.configFile) return {};
  let source = sources.get(config.configFile);
  if (source === undefined) {
    try {
      source = fs.readFileSync(config.configFile, 'utf8');
    } catch {
      source = '';
    }
    sources.set(config.configFile, source);
  }
  for (const quote of ["'", '"', '`']) {
    const index = source.indexOf(`${quote}${value}${quote}`);
    if (index >= 0) {
      return positionAt(source, index);
    }
  }
  return {};
}

/** Forget cached config sources (watch mode reloads the config). */
export function clearConfigSources(): void {
  sources.clear();
}

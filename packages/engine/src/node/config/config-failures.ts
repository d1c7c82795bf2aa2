import fs from 'node:fs';
import path from 'node:path';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { fileURLToPath } from 'node:url';
import { diagnostic, type Diagnostic, type SourcePosition } from '../../shared/diagnostic';
import { parseConfigSource } from './config-ast';

/** The bundled config as it was imported: its URL (what stack frames name) and its code (with an inline source map). */
export interface BundledConfig {
  url: string;
  code: string;
  /** The site folder: frames in files outside it (docsgen, dependencies) are not the user's line. */
  workingDir: string;
  /** The files it was made of outside node_modules, the config file first. */
  sources: string[];
}

/**
 * A config file that threw, while it was evaluated or while a getter of it was read by
 * validation: one diagnostic at the line that threw in the user's own file (mapped back through
 * the bundle's source map), never a stack.
 */
export function thrownDiagnostic(error: unknown, file: string, bundle: BundledConfig, during: string): Diagnostic {
  const where = throwPosition(error, bundle) ?? { file };
  return diagnostic('ConfigEvaluation', `the config file threw ${during}: ${describeThrown(error)}`, where, {
    hint: 'the config is run as code: fix the statement that throws, or compute the value without throwing',
  });
}

/** `TypeError: x is undefined` for an Error, the value itself for anything else thrown. */
function describeThrown(error: unknown): string {
  if (error instanceof Error) return error.name && error.name !== 'Error' ? `${error.name}: ${error.message}` : error.message;
  try {
    return typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
  } catch {
    return String(error);
  }
}

/**
 * The user's file and line where the throw happened: the first stack frame in the bundle, mapped
 * through its source map, or in a file of the site itself (when the runtime already applied the
 * source map, as under `--enable-source-maps` or a test runner).
 */
function throwPosition(error: unknown, bundle: BundledConfig): SourcePosition | undefined {
  const stack = error instanceof Error ? error.stack ?? '' : '';
  for (const [, location = '', line, column] of stack.matchAll(/\(?((?:file:\/\/)?\/[^\s()]*?):(\d+):(\d+)\)?$/gm)) {
    if (location === bundle.url) return throughSourceMap(bundle, Number(line), Number(column));
    const file = location.startsWith('file://') ? fileURLToPath(location) : location;
    if (isSiteFile(file, bundle.workingDir)) return { file, line: Number(line), column: Number(column) };
  }
  return undefined;
}

/** A file the user wrote: inside the site folder, not a dependency, not docsgen's cache. */
function isSiteFile(file: string, root: string): boolean {
  const relative = path.relative(root, file);
  return !relative.startsWith('..') && !path.isAbsolute(relative) && !/(^|[/\\])(node_modules|\.docsgen)([/\\]|$)/.test(relative);
}

function throughSourceMap(bundle: BundledConfig, line: number, column: number): SourcePosition | undefined {
  const entry = inlineSourceMap(bundle.code)?.findEntry(line - 1, column - 1);
  if (!entry || !('originalSource' in entry)) return undefined;
  // Source map paths are relative to the bundle's own folder.
  const source = entry.originalSource.startsWith('file://') ? fileURLToPath(entry.originalSource) : path.resolve(path.dirname(fileURLToPath(bundle.url)), entry.originalSource);
  return { file: source, line: entry.originalLine + 1, column: entry.originalColumn + 1 };
}

function inlineSourceMap(code: string): SourceMap | undefined {
  const data = /\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\s*$/.exec(code)?.[1];
  if (!data) return undefined;
  try {
    return new SourceMap(JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as SourceMapPayload);
  } catch {
    return undefined;
  }
}

/**
 * A config module without a usable default export. `export default undefined` (or a value
 * computed as undefined) points at that export; a file with none at all points just past its
 * last line, where the export belongs.
 */
export function noDefaultExportDiagnostic(file: string, exportsDefault: boolean): Diagnostic {
  const hint = 'end it with `export default defineConfig({ ... })`';
  const source = readText(file);
  if (exportsDefault) {
    const at = defaultExportPosition(source);
    return diagnostic('ConfigNoDefaultExport', 'the config file exports undefined as its default: it must export the config object', { file, ...at }, { hint });
  }
  const lines = source.split('\n');
  let last = lines.length - 1;
  while (last >= 0 && lines[last]!.trim() === '') last--;
  return diagnostic('ConfigNoDefaultExport', 'the config file has no default export', { file, line: Math.min(last + 2, lines.length), column: 1 }, { hint });
}

function defaultExportPosition(source: string): { line?: number; column?: number } {
  const tree = source ? parseConfigSource(source) : null;
  const statement = tree?.program.body.find((s) => s.type === 'ExportDefaultDeclaration');
  const start = statement?.type === 'ExportDefaultDeclaration' ? statement.declaration.loc?.start : undefined;
  return start ? { line: start.line, column: start.column + 1 } : {};
}

function readText(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

import fs from 'node:fs';
import path from 'node:path';
import type * as esbuildApi from 'esbuild';
import type { z } from 'zod';
import { userConfigSchema, type ParsedConfig } from './config-schema';
import { diagnostic, DiagnosticError, type Diagnostic } from '../../shared/diagnostic';
import { CACHE_FOLDER, resolveConfig, type ResolvedConfig } from './resolve-config';
import { locateInTree, parseConfigSource, type KeyPath, type LocateTarget } from './config-ast';
import { noDefaultExportDiagnostic, thrownDiagnostic, type BundledConfig } from './config-failures';
import { writeBundle } from '../fs/bundle-file';
import { cacheFolderProblem } from '../cache/cache-folder';
import { esbuild, inNodeModules, inputFiles } from '../client-build/esbuild-dir';
import type { DirCache } from '../cache/dir-cache';
import { hashOf } from '../cache/cache-key';
import { engineFingerprint } from '../cache/engine-fingerprint';
import { readTextNoFollow } from '../fs/replace-file';
import { sign, signed } from '../cache/install-secret';

export const CONFIG_FILE = 'docs-build.config.ts';
const defineConfigModule = path.resolve(import.meta.dirname, 'define-config.ts');

/**
 * Where a build keeps the bundle of a config that imports nothing but `docsgen/config` (in the
 * site's cache). Such a bundle depends only on the config's text, the engine and the installed
 * esbuild, so a warm build takes it from there instead of starting esbuild (the portal's warm
 * config stage: 135-157 ms, now about 100). A config that imports anything else (a local plugin, a
 * package) is bundled every time: a new file could change what it resolves to. The bundle is code
 * the build runs, so an entry is taken only with this installation's signature (install-secret.ts):
 * one committed, or restored from a store a pull request could write, is bundled again instead.
 */
export type ConfigBundles = DirCache<{ code: string; signature: string }>;

export async function loadConfig(root: string, bundles: ConfigBundles | null = null): Promise<ResolvedConfig> {
  // the config's bundle is written into the cache folder: it must be the site's own
  const cacheFolder = cacheFolderProblem(root);
  if (cacheFolder) throw new DiagnosticError([cacheFolder]);
  const file = path.join(root, CONFIG_FILE);
  if (!fs.existsSync(file)) {
    return resolveConfig(validateConfig({ title: path.basename(root), url: 'http://localhost:3000' }, file), root, null);
  }
  const { value, bundle } = await importConfigFile(file, root, bundles);
  return resolveConfig(validateLoaded(value, file, bundle), root, file, bundle.code, bundle.sources);
}

/** Validation reads every value, so a config getter that throws throws here: reported like a throw at load. */
function validateLoaded(value: unknown, file: string, bundle: BundledConfig): ParsedConfig {
  try {
    return validateConfig(value, file);
  } catch (error) {
    if (error instanceof DiagnosticError) throw error;
    throw new DiagnosticError([thrownDiagnostic(error, file, bundle, 'while its values were read')]);
  }
}

async function importConfigFile(file: string, root: string, bundles: ConfigBundles | null): Promise<{ value: unknown; bundle: BundledConfig }> {
  const { code, sources } = await keptBundle(file, root, bundles);
  const bundle: BundledConfig = { url: writeBundle(path.join(root, CACHE_FOLDER), 'config', code).url, code, workingDir: root, sources };
  let mod: { default?: unknown };
  try {
    mod = (await import(bundle.url)) as { default?: unknown };
  } catch (error) {
    throw new DiagnosticError([thrownDiagnostic(error, file, bundle, 'while loading')]);
  }
  if (mod.default === undefined) throw new DiagnosticError([noDefaultExportDiagnostic(file, 'default' in mod)]);
  return { value: mod.default, bundle };
}

/** What a config's bundle is kept under: the engine, where the config is, and its text. */
export const configBundleKey = (root: string, file: string, text: string): string => hashOf(engineFingerprint(), root, file, text);

/** The config's bundle: from `bundles` when it holds this installation's bundle of this very text (see `ConfigBundles`), else made by esbuild. */
async function keptBundle(file: string, root: string, bundles: ConfigBundles | null): Promise<{ code: string; sources: string[] }> {
  if (!bundles) return bundleConfig(file, root);
  let key: string;
  try {
    key = configBundleKey(root, file, readTextNoFollow(file));
  } catch {
    return bundleConfig(file, root); // a link, or unreadable: esbuild reports what it finds
  }
  const kept = bundles.get(key);
  if (kept && typeof kept.code === 'string' && signed(kept.signature, key, kept.code)) return { code: kept.code, sources: [file] };
  const made = await bundleConfig(file, root);
  const signature = made.standalone ? sign(key, made.code) : null;
  if (signature) bundles.set(key, { code: made.code, signature });
  return made;
}

/**
 * The config and what it imports as one ES module, and the files it was made of outside
 * node_modules (the config file and the site's modules it imports, e.g. a local plugin). The inline
 * source map costs nothing until a config throws: then it maps the stack frame back to the user's line.
 */
async function bundleConfig(file: string, root: string): Promise<{ code: string; sources: string[]; standalone: boolean }> {
  try {
    const result = await esbuild().build({
      entryPoints: [file],
      absWorkingDir: root,
      // Not written (write: false): it makes the source map's paths relative to the cache folder,
      // where the bundle is imported from, as runtimes that apply source maps expect.
      outfile: path.join(root, CACHE_FOLDER, 'config.mjs'),
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      sourcemap: 'inline',
      logLevel: 'silent',
      alias: { 'docsgen/config': defineConfigModule },
      metafile: true,
    });
    const inputs = inputFiles(result.metafile, root);
    const sources = inputs.filter((p) => p !== defineConfigModule && !inNodeModules(p));
    // Made of the config file alone (and docsgen/config): the same text gives the same bundle.
    const standalone = inputs.every((p) => p === file || p === defineConfigModule);
    return { code: result.outputFiles[0]!.text, sources: [...new Set([file, ...sources])], standalone };
  } catch (error) {
    const failure = error as esbuildApi.BuildFailure;
    const list = (failure.errors ?? []).map((m) =>
      diagnostic('ConfigSyntax', m.text, { file: m.location?.file ? path.resolve(root, m.location.file) : file, line: m.location?.line, column: (m.location?.column ?? 0) + 1 }),
    );
    throw new DiagnosticError(list.length ? list : [diagnostic('ConfigSyntax', String(error), { file })]);
  }
}

/** Runtime validation of what the user wrote; every problem at once, each naming its key path. */
export function validateConfig(raw: unknown, file: string): ParsedConfig {
  const parsed = userConfigSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const locate = locatorFor(file);
  throw new DiagnosticError(parsed.error.issues.map((issue) => issueToDiagnostic(issue, file, locate, raw)));
}

type Locate = (keyPath: KeyPath, target?: LocateTarget) => { line?: number; column?: number };

/** Positions in `file`, its syntax tree parsed on first use and shared by every issue. */
function locatorFor(file: string): Locate {
  let tree: ReturnType<typeof parseConfigSource> | undefined;
  return (keyPath, target = 'value') => {
    if (tree === undefined) {
      const source = readSource(file);
      tree = source ? parseConfigSource(source) : null;
    }
    const found = tree ? locateInTree(tree, keyPath, target) : undefined;
    return found ? { line: found.line, column: found.column } : {};
  };
}

function readSource(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return ''; // defaults-only configs have no file; positions are omitted then
  }
}

function issueToDiagnostic(issue: z.core.$ZodIssue, file: string, locate: Locate, raw: unknown): Diagnostic {
  const keyPath = formatKeyPath(issue.path);
  let message = issue.message;
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((k) => (keyPath ? `${keyPath}.${k}` : k));
    // The key itself is the mistake (a typo), so the caret goes on the key, not its value.
    const where = locate([...issue.path, issue.keys[0]!], 'key');
    return diagnostic('ConfigUnknownKey', `unknown key ${keys.join(', ')}`, { file, ...where }, { hint: 'check the spelling against the configuration reference in README.md' });
  }
  if (issue.code === 'invalid_union' && issue.path.at(-1) !== undefined) {
    const value = valueAt(raw, issue.path) as { type?: unknown } | undefined;
    if (value && typeof value === 'object' && 'type' in value) {
      message = `unknown item type ${JSON.stringify(value.type)}`;
      return diagnostic('ConfigUnknownItemType', `${keyPath}.type: ${message}`, { file, ...locate([...issue.path, 'type']) });
    }
  }
  if (issue.path.at(-1) === 'type' && /discriminator/i.test(issue.message)) {
    const type = valueAt(raw, issue.path);
    return diagnostic('ConfigUnknownItemType', `${keyPath}: unknown item type ${JSON.stringify(type)}`, { file, ...locate(issue.path) }, { hint: issue.message.replace(/^Invalid discriminator value\.\s*/, '') });
  }
  if (issue.path.length === 0 && issue.code === 'invalid_type') {
    const kind = raw === null ? 'null' : Array.isArray(raw) ? 'an array' : `a ${typeof raw}`;
    return diagnostic('ConfigInvalid', `the config file must default-export the config object, not ${kind}`, { file, ...locate([]) }, { hint: 'export default defineConfig({ title, url, ... })' });
  }
  const value = valueAt(raw, issue.path);
  if (value === undefined && issue.code === 'invalid_type') message = 'is required';
  return diagnostic('ConfigInvalid', `${keyPath || '(config)'}: ${message}`, { file, ...locate(issue.path) });
}

export function formatKeyPath(keyPath: readonly PropertyKey[]): string {
  return keyPath.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? String(k) : `.${String(k)}`)).join('');
}

function valueAt(raw: unknown, keyPath: readonly PropertyKey[]): unknown {
  let value = raw;
  for (const key of keyPath) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * Position of a key path in the config source, found by walking its syntax tree from the
 * default-exported object: the value (or, for `target: 'key'`, the key) when the path is there,
 * the object literal that lacks it when a key is missing. Empty when there is no source.
 */
export function locateKeyPath(source: string, keyPath: KeyPath, target: LocateTarget = 'value'): { line?: number; column?: number } {
  const tree = source ? parseConfigSource(source) : null;
  const found = tree ? locateInTree(tree, keyPath, target) : undefined;
  return found ? { line: found.line, column: found.column } : {};
}

export type { ResolvedConfig };

import path from 'node:path';
import { unified, type Plugin, type Processor, type Transformer, type TransformCallback } from 'unified';
import type { Node } from 'unist';
import type { Root as MdastRoot } from 'mdast';
import type { Root as HastRoot } from 'hast';
import { diagnostic, type Diagnostic, type SourcePosition } from '../../shared/diagnostic';
import type { PluginEntry, PluginList } from '../config/config-schema';
import { fileOf } from './plugins/source-file';

/** The site's own unified plugins, from `remarkPlugins` / `rehypePlugins` in the config. */
export interface UserPlugins {
  remark: PluginList;
  rehype: PluginList;
  /** Stands for both lists in cache keys ('' when both are empty): see config/plugins-key.ts. */
  key: string;
}

type Kind = 'remark' | 'rehype';
type VFileOf = Parameters<Transformer>[1];
/** What a plugin's attacher may hand back: a transformer of any arity, or nothing. */
type LooseTransformer = (this: unknown, tree: Node, file: VFileOf, next: TransformCallback) => unknown;

/** An error thrown (or rejected, or passed to `next`) by one plugin, with that plugin's name. */
class PluginFailure extends Error {
  constructor(
    readonly plugin: string,
    readonly during: 'setup' | 'run',
    readonly error: unknown,
  ) {
    super(`${plugin} failed`);
  }
}

const nameOf = (plugin: Plugin<unknown[]>): string => plugin.name || '(anonymous)';
const isThenable = (value: unknown): value is PromiseLike<unknown> => typeof (value as { then?: unknown } | null)?.then === 'function';

/**
 * Wraps a transformer so that whatever it throws, rejects or passes to `next` carries the plugin's
 * name. Its arity is kept: unified (trough) calls a transformer that takes three parameters in
 * callback style, and one that takes two with a return value.
 */
function guardTransformer(name: string, transformer: LooseTransformer): LooseTransformer {
  const fail = (error: unknown) => (error instanceof PluginFailure ? error : new PluginFailure(name, 'run', error));
  if (transformer.length > 2) {
    return function (this: unknown, tree, file, next) {
      try {
        return transformer.call(this, tree, file, (error, out, outFile) => next(error ? fail(error) : error, out, outFile));
      } catch (error) {
        throw fail(error);
      }
    };
  }
  return function (this: unknown, tree, file) {
    let result: unknown;
    try {
      result = transformer.call(this, tree, file, () => undefined);
    } catch (error) {
      throw fail(error);
    }
    if (result instanceof Error) throw fail(result);
    return isThenable(result) ? Promise.resolve(result).catch((error: unknown) => Promise.reject(fail(error))) : result;
  };
}

/**
 * The plugin, wrapped so a failure in its setup or its transformer names it. One wrapper per
 * plugin function: unified merges the options of a plugin used twice, and still does.
 */
function guardPlugin(plugin: Plugin<unknown[]>, wrappers: Map<Plugin<unknown[]>, Plugin<unknown[]>>): Plugin<unknown[]> {
  const known = wrappers.get(plugin);
  if (known) return known;
  const name = nameOf(plugin);
  const wrapper = function (this: Processor, ...parameters: unknown[]) {
    let transformer: unknown;
    try {
      transformer = plugin.apply(this, parameters);
    } catch (error) {
      throw new PluginFailure(name, 'setup', error);
    }
    return typeof transformer === 'function' ? (guardTransformer(name, transformer as LooseTransformer) as Transformer) : undefined;
  };
  wrappers.set(plugin, wrapper);
  return wrapper;
}

function guardEntry(entry: PluginEntry, wrappers: Map<Plugin<unknown[]>, Plugin<unknown[]>>): PluginEntry {
  if (typeof entry === 'function') return guardPlugin(entry, wrappers);
  const [plugin, ...parameters] = entry;
  return [guardPlugin(plugin, wrappers), ...parameters];
}

/*
 * One processor per plugin list, made on first use and reused for every page and description of
 * the build (and of a watch session while the config is unchanged): each plugin's setup runs once.
 */
const processors = new WeakMap<PluginList, Processor>();

function processorFor(list: PluginList): Processor {
  let processor = processors.get(list);
  if (!processor) {
    const wrappers = new Map<Plugin<unknown[]>, Plugin<unknown[]>>();
    processor = unified().use(list.map((entry) => guardEntry(entry, wrappers)));
    processors.set(list, processor);
  }
  return processor;
}

/** What was thrown, in one line: never a stack trace. */
function describe(error: unknown): string {
  const e = error as { reason?: unknown; message?: unknown; name?: unknown } | null;
  if (typeof e?.reason === 'string') return e.reason;
  if (error instanceof Error) return error.name && error.name !== 'Error' ? `${error.name}: ${error.message}` : error.message;
  return typeof error === 'string' ? error : String(error);
}

/**
 * Where a failure points: the node a plugin blamed (a `file.fail(reason, node)` message carries
 * its place and the node, which knows the partial it came from), else the start of the file.
 */
function placeOf(error: unknown, file: string): SourcePosition {
  const e = error as { line?: unknown; column?: unknown; ancestors?: Node[] } | null;
  const node = e?.ancestors?.at(-1);
  const line = typeof e?.line === 'number' ? e.line : 1;
  const column = typeof e?.column === 'number' ? e.column : 1;
  return { file: node ? fileOf(node, file) : file, line, column };
}

function failureDiagnostic(kind: Kind, error: unknown, file: string, label: string): Diagnostic {
  const failure = error instanceof PluginFailure ? error : null;
  const plugin = failure ? `${kind} plugin ${failure.plugin}` : `a ${kind} plugin`;
  const cause = failure ? failure.error : error;
  const what = failure?.during === 'setup' ? `failed while it was set up (compiling ${label})` : `failed on ${label}`;
  return diagnostic('PluginError', `${plugin} ${what}: ${describe(cause)}`, placeOf(cause, file), {
    hint: `the plugin comes from ${kind}Plugins in the config: fix the plugin or its options, or remove it`,
  });
}

/**
 * Runs one plugin list on a tree through a real unified processor (any ecosystem plugin works,
 * async ones too) and returns the tree it gives back, or the one diagnostic a failure becomes.
 * `file` is the page (or spec) the tree comes from; plugins see it as `file.path`.
 */
async function runPlugins<T extends MdastRoot | HastRoot>(kind: Kind, list: PluginList, tree: T, file: string, label: string): Promise<{ tree: T } | { problem: Diagnostic }> {
  try {
    const processor = processorFor(list);
    return { tree: (await processor.run(tree, { path: file })) as T };
  } catch (error) {
    // unified resumes a setup that threw after the plugin that threw: that processor would then run
    // the other plugins without it. A fresh one is made for the next page, which fails the same way.
    processors.delete(list);
    return { problem: failureDiagnostic(kind, error, file, label) };
  }
}

/** The site's remark plugins on a page's (or description's) mdast; the input itself when there are none. */
export function runRemarkPlugins(plugins: UserPlugins | undefined, tree: MdastRoot, file: string, label = path.basename(file)): Promise<{ tree: MdastRoot } | { problem: Diagnostic }> {
  if (!plugins?.remark.length) return Promise.resolve({ tree });
  return runPlugins('remark', plugins.remark, tree, file, label);
}

/** The site's rehype plugins on a page's (or description's) hast; the input itself when there are none. */
export function runRehypePlugins(plugins: UserPlugins | undefined, tree: HastRoot, file: string, label = path.basename(file)): Promise<{ tree: HastRoot } | { problem: Diagnostic }> {
  if (!plugins?.rehype.length) return Promise.resolve({ tree });
  return runPlugins('rehype', plugins.rehype, tree, file, label);
}

/** True when the site configures any plugin. */
export const hasPlugins = (plugins: UserPlugins | undefined): boolean => Boolean(plugins && (plugins.remark.length || plugins.rehype.length));

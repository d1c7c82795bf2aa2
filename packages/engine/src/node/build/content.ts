import fs from 'node:fs';
import path from 'node:path';
import { diagnostic, type Diagnostic } from '../../shared/diagnostic';
import { routeForFile, routeProblem } from '../../shared/routes';
import { listContentFiles, type CategoryMeta } from '../crawl/crawl-content';
import type { CompileContext } from '../markdown/compile-page';
import { keepPage, storePage, type ContentPage, type KeptPage } from '../markdown/content-page';
import type { PayloadStore } from './payloads';
import { hashOf, ENGINE_CACHE_VERSION } from '../cache/cache-key';
import { engineFingerprint } from '../cache/engine-fingerprint';
import type { DirCache } from '../cache/dir-cache';
import { staged, type Staged } from './stage';
import { readSource, type SourceRead } from '../markdown/read-source';
import type { PageCodeBlocks } from './code-blocks';

/** A compiled page as the build keeps it, with the fingerprint of the sources it came from (its file and every include). */
export interface PageEntry {
  hash: string;
  deps: string[];
  page: ContentPage;
}

export interface CompiledContent {
  /** The pages in file order, their content and Markdown in the page store. */
  pages: KeptPage[];
  categories: Map<string, CategoryMeta>;
  /** Fingerprint of each page's sources, by route (absent when the page had errors). */
  sourceHashes: Map<string, string>;
  reused: number;
}

export interface ContentInput {
  ctx: CompileContext;
  /** The persistent page cache, by file. */
  cache: DirCache<PageEntry>;
  /** Pages compiled earlier in this process, by file: a watch session's; null for a one-off build, which compiles each page once. */
  memo: Map<string, PageEntry> | null;
  /** Where each page's content and Markdown go as soon as it is compiled (or found in a cache). */
  store: PayloadStore;
  /** Where the pages' code blocks are asked for, and wait (in `store`) until the pages render. */
  blocks: PageCodeBlocks;
  /** Told every page's route as soon as the files are listed, before any compiles (the output makes room for them meanwhile). */
  routesKnown?: (routes: readonly string[]) => void;
}

/*
 * The Markdown compiler (unified, micromark, MDX) loads on first use: a warm build served from the
 * caches never loads it.
 */
let compiler: Promise<typeof import('../markdown/compile-page')> | null = null;
const loadCompiler = () => (compiler ??= import('../markdown/compile-page'));

/** A page to compile: its place among the site's pages, its file and its route. */
interface Job {
  at: number;
  file: string;
  route: string;
}

/** Crawls the content folder and compiles every page, reusing what the caches hold. Reads disk. */
export async function compileContent({ ctx, cache, memo, store, blocks, routesKnown }: ContentInput): Promise<Staged<CompiledContent>> {
  const files = listContentFiles(ctx.contentPath, ctx.boundary);
  const diagnostics: Diagnostic[] = [...files.diagnostics];
  const result: CompiledContent = { pages: [], categories: files.categories, sourceHashes: new Map(), reused: 0 };
  const context = contextHash(ctx);
  const fingerprint = (route: string, deps: string[], compiled?: CompiledFile) => sourcesHash(context, route, deps, compiled);
  // Pages in file order; a slot is filled from the caches now, or once its page has compiled.
  const slots: Array<KeptPage | undefined> = [];
  const jobs: Job[] = [];
  const listed: Array<{ file: string; route: string }> = [];
  for (const rel of files.pages) {
    const file = path.join(ctx.contentPath, rel);
    const route = routeForFile(rel);
    const problem = routeProblem(route);
    if (problem) diagnostics.push(diagnostic('InvalidRoute', `the file name gives the route "${route}", which ${problem}`, { file, line: 1, column: 1 }, { hint: 'rename the file: use letters, digits, "-", "_" and "." (e.g. getting-started.mdx)' }));
    else listed.push({ file, route });
  }
  routesKnown?.(listed.map((page) => page.route));
  for (const { file, route } of listed) {
    const known = memo?.get(file) ?? cache.get(file);
    // A page compiled earlier is reused with its code blocks' HTML, which the highlight cache keeps.
    if (known?.hash && known.hash === fingerprint(route, known.deps) && blocks.adopt(known.page.codeBlocks)) {
      result.reused++;
      memo?.set(file, known);
      result.sourceHashes.set(route, known.hash);
      slots.push(storePage(known.page, store));
      continue;
    }
    jobs.push({ at: slots.length, file, route });
    slots.push(undefined);
  }
  ctx.highlighter.prepare(jobs.length);
  await compileJobs(jobs, ctx, blocks, (job, page, read) => {
    slots[job.at] = storePage(page, store);
    memo?.delete(job.file);
    if (page.diagnostics.length) return;
    const deps = [...page.dependencies, ...page.assets.map((a) => a.source)];
    const entry = { hash: fingerprint(job.route, deps, 'bytes' in read ? { file: job.file, bytes: read.bytes } : undefined), deps, page };
    if (!entry.hash) return;
    memo?.set(job.file, entry);
    cache.set(job.file, entry);
    result.sourceHashes.set(job.route, entry.hash);
  });
  // The stage ends when the last block is rendered: the pages are complete in the store.
  await blocks.settled();
  result.pages = slots as KeptPage[];
  const wanted = new Set(result.pages.map((p) => p.file));
  if (memo) for (const file of memo.keys()) if (!wanted.has(file)) memo.delete(file);
  cache.retain(wanted);
  // A partial's problem comes back with every page that includes it: report it once.
  const seen = new Set<string>();
  for (const page of result.pages) {
    for (const d of page.diagnostics) {
      const key = JSON.stringify([d.code, d.file, d.line, d.column, d.message]);
      if (!seen.has(key)) diagnostics.push(d);
      seen.add(key);
    }
  }
  return staged(result, diagnostics);
}

/**
 * Compiles the jobs one after the other, each page asking `blocks` for its code blocks; `done` is
 * called as each finishes. A page does not wait for its code blocks (they render on the highlight
 * worker meanwhile). While blocks are out, the loop gives the event loop a turn after each page,
 * so the worker's answers are taken in as they come rather than piling up in the message port
 * until the last page.
 */
async function compileJobs(jobs: readonly Job[], ctx: CompileContext, blocks: PageCodeBlocks, done: (job: Job, page: ContentPage, read: SourceRead) => void): Promise<void> {
  const pageCtx: CompileContext = { ...ctx, codeBlocks: blocks };
  for (const job of jobs) {
    const read = readSource(job.file);
    const { compilePage } = await loadCompiler();
    done(job, keepPage(await compilePage(job.file, job.route, pageCtx, read)), read);
    if (blocks.waiting) await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * Fingerprint of everything besides the files that shapes a compiled page. The plugins' key joins
 * only when the site has plugins, so a site without them keeps the keys (and cache) it had.
 */
function contextHash(ctx: CompileContext): string {
  const plugins = ctx.plugins?.key ? [ctx.plugins.key] : [];
  return hashOf(ENGINE_CACHE_VERSION, engineFingerprint(), JSON.stringify(ctx.variables), [...ctx.components].join(), ctx.codeLanguages.join(), ctx.contentPath, (ctx.reservedIds ?? []).join(), ...plugins);
}

/** A source file as it was compiled: its bytes, read once for the compiler and the fingerprint. */
interface CompiledFile {
  file: string;
  bytes: Buffer;
}

/**
 * Hash of a page's sources (`compiled`, the page's own file, from the bytes that compiled); '' when
 * one of them can no longer be read (the entry is stale).
 */
function sourcesHash(context: string, route: string, deps: string[], compiled?: CompiledFile): string {
  try {
    return hashOf(context, route, ...deps.map((d) => (d === compiled?.file ? compiled.bytes.toString('latin1') : fs.readFileSync(d, 'latin1'))));
  } catch {
    return '';
  }
}

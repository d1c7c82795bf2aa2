/*
 * The compile worker's program: it compiles content pages sent by the main thread (compile-pool.ts)
 * and sends each back as the build keeps it (a ContentPage: plain values and strings, cheap to copy
 * between threads). It makes its own highlighter, over the same persistent cache, and its own
 * file boundary; a page compiles here exactly as on the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { compilePage, type CompileContext } from '../markdown/compile-page';
import { keepPage } from '../markdown/content-page';
import { CodeHighlighter, HighlightCache } from '../markdown/highlight';
import { SiteBoundary } from '../fs/boundary';
import { assetUrlFor } from '../client-build/asset-url';
import type { CompileReply, CompileRequest, CompileWorkerData } from './compile-pool';

function serve(data: CompileWorkerData): void {
  const ctx: CompileContext = {
    contentPath: data.contentPath,
    variables: data.variables,
    components: new Set(data.components),
    codeLanguages: data.codeLanguages,
    highlighter: new CodeHighlighter(new HighlightCache(data.highlightCache)),
    assetUrl: assetUrlFor,
    partials: new Map(),
    boundary: new SiteBoundary(data.root),
  };
  const port = parentPort!;
  port.on('message', ({ id, file, route }: CompileRequest) => {
    compilePage(file, route, ctx).then(
      (page) => port.postMessage({ id, page: keepPage(page), blocks: { hits: ctx.highlighter.cache.hits, misses: ctx.highlighter.cache.misses } } satisfies CompileReply),
      (error: unknown) => port.postMessage({ id, error: error instanceof Error ? error.stack ?? error.message : String(error) } satisfies CompileReply),
    );
  });
}

if (parentPort && (workerData as { docsgenCompile?: CompileWorkerData } | null)?.docsgenCompile) serve((workerData as { docsgenCompile: CompileWorkerData }).docsgenCompile);

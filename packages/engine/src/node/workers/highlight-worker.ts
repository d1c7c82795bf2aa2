/*
 * The highlight worker's program: it renders the code blocks the main thread sends
 * (highlight-pool.ts) with shiki, exactly as the main thread would, and sends back their HTML.
 * Only this thread loads shiki and compiles grammars, while the main thread parses pages.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { getHighlighter, grammarFor, renderCodeBlock } from '../markdown/render-code-block';
import type { HighlightReply, HighlightRequest } from './highlight-pool';

function serve(): void {
  const port = parentPort!;
  // shiki and its regex engine are loaded now, not on the first block: a worker started early has them ready.
  getHighlighter().catch(() => {}); // a failure comes back with the first block
  port.on('message', ({ id, lang, meta, code }: HighlightRequest) => {
    renderCodeBlock(grammarFor(lang), meta, code).then(
      (html) => port.postMessage({ id, html } satisfies HighlightReply),
      (error: unknown) => port.postMessage({ id, error: error instanceof Error ? error.stack ?? error.message : String(error) } satisfies HighlightReply),
    );
  });
}

if (parentPort && (workerData as { docsgenHighlight?: boolean } | null)?.docsgenHighlight) serve();

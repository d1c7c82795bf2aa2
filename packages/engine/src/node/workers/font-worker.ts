/*
 * The font worker's program: it subsets font files and measures texts with harfbuzz (subset-font,
 * harfbuzzjs) for the main thread (font-pool.ts), exactly as the main thread would. harfbuzz's
 * WebAssembly memory (about 100 MB once Inter is subset) grows and is never given back while its
 * thread lives: here it is given back when the web font is done and the worker ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { fontToolsHere } from '../font/font-tools';
import type { FontReply, FontRequest } from './font-pool';

function serve(): void {
  const port = parentPort!;
  const tools = fontToolsHere();
  port.on('message', (m: FontRequest) => {
    const work = m.op === 'subset' ? tools.subset(Buffer.from(m.font), m.text, m.options).then((bytes) => ({ id: m.id, bytes }) satisfies FontReply) : tools.widths(Buffer.from(m.font), m.texts, m.axis).then((widths) => ({ id: m.id, widths: [...widths] }) satisfies FontReply);
    work.then(
      (reply) => port.postMessage(reply),
      (error: unknown) => port.postMessage({ id: m.id, error: error instanceof Error ? error.stack ?? error.message : String(error) } satisfies FontReply),
    );
  });
}

if (parentPort && (workerData as { docsgenFont?: boolean } | null)?.docsgenFont) serve();

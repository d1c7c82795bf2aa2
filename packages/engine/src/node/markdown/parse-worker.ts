import { MessageChannel, Worker, receiveMessageOnPort } from 'node:worker_threads';
import type { Root } from 'mdast';
import type { ParseErrorLike } from './parse-markdown';
import { waitWhile } from '../workers/engine-worker';

/**
 * The remark plugins whose extensions parse-markdown.ts combines, in its order: the worker imports
 * these modules by name (it cannot share the main thread's module instances). A unit test checks
 * that both give the same tree.
 */
export const PARSER_MODULES = {
  mdx: ['remark-parse', 'remark-mdx', 'remark-gfm', 'remark-directive'],
  md: ['remark-parse', 'remark-gfm', 'remark-directive'],
} as const;

/** What a parse on the worker ended in. */
export type WorkerParse =
  | { tree: Root }
  | { error: ParseErrorLike }
  /** The tree has more than `maxNodes` nodes; where the first node past the limit starts. */
  | { tooMany: { line?: number; column?: number } | null }
  /** Still parsing at the deadline: the worker was stopped. */
  | { timeout: true }
  /** The worker could not run (not the content's fault): the caller parses on its own thread. */
  | { failed: string };

/** Worker states in the shared flag: starting, parsing (the deadline runs from here), done. */
const STARTING = 0;
const PARSING = 1;

/**
 * The worker's whole program: plain JavaScript, so it needs no TypeScript loader, in the bundled
 * CLI or from source. It counts the tree's nodes itself so that an oversized tree is never copied back.
 */
const PROGRAM = `
const { workerData } = require('node:worker_threads');
const { source, unified, modules, port, signal, maxNodes } = workerData;
const flag = new Int32Array(signal);
const state = (value) => { Atomics.store(flag, 0, value); Atomics.notify(flag, 0); };
const done = (message) => { port.postMessage(message); state(2); };
function firstPastLimit(tree) {
  const stack = [tree];
  let count = 0;
  while (stack.length > 0) {
    const node = stack.pop();
    if (++count > maxNodes) return { at: node.position ? node.position.start : null };
    const children = node.children || [];
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return null;
}
Promise.all([import(unified), ...modules.map((m) => import(m))])
  .then(([{ unified }, ...plugins]) => {
    let processor = unified();
    for (const plugin of plugins) processor = processor.use(plugin.default);
    processor.freeze();
    state(1);
    let tree;
    try {
      tree = processor.parse(source);
    } catch (e) {
      return done({ error: { reason: e.reason, message: String(e.message), place: e.place, line: e.line, column: e.column } });
    }
    const past = firstPastLimit(tree);
    done(past ? { tooMany: past.at } : { tree });
  })
  .catch((e) => done({ failed: String(e && e.message) }));
`;

/** How long the worker may take to start and load the parser before it counts as unable to run. */
const STARTUP_MS = 20_000;

/**
 * Parses on a worker thread and waits for it synchronously, at most `deadlineMs` from the moment
 * the parser starts: a parse that runs over is stopped (the thread is terminated), which no code
 * on this thread could do to a parse of its own. Startup (about a tenth of a second) is paid per
 * call, so callers send only pages that are not known to be cheap.
 */
export function parseInWorker(source: string, mdx: boolean, deadlineMs: number, maxNodes: number): WorkerParse {
  const signal = new SharedArrayBuffer(4);
  const flag = new Int32Array(signal);
  const { port1, port2 } = new MessageChannel();
  const modules = PARSER_MODULES[mdx ? 'mdx' : 'md'].map((m) => import.meta.resolve(m));
  let worker: Worker;
  try {
    const workerData = { source, unified: import.meta.resolve('unified'), modules, port: port2, signal, maxNodes };
    worker = new Worker(PROGRAM, { eval: true, workerData, transferList: [port2] });
  } catch (error) {
    return { failed: (error as Error).message };
  }
  worker.unref();
  try {
    if (!waitWhile(flag, 0, STARTING, STARTUP_MS)) return { failed: 'the parse worker did not start' };
    if (!waitWhile(flag, 0, PARSING, deadlineMs)) return { timeout: true };
    const message = receiveMessageOnPort(port1)?.message as WorkerParse | undefined;
    return message ?? { failed: 'the parse worker sent nothing' };
  } finally {
    port1.close();
    void worker.terminate();
  }
}

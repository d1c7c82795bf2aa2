import { Worker } from 'node:worker_threads';
import type { JsonObject } from './load-openapi';
import { WORKER_LIMITS } from '../workers/engine-worker';
import { hashOf } from '../cache/cache-key';
import { engineFingerprint } from '../cache/engine-fingerprint';
import type { DirCache } from '../cache/dir-cache';

/** What @readme/openapi-parser says about a document: valid, or its error messages. */
export interface SpecValidation {
  valid: boolean;
  errors: Array<{ message: string }>;
}

const OPTIONS = { validate: { errors: { colorize: false } } };

/** Validates on this thread (the fallback when no worker can start). */
async function validateHere(document: JsonObject): Promise<SpecValidation> {
  const { validate } = await import('@readme/openapi-parser');
  try {
    const result = await validate(structuredClone(document) as never, OPTIONS as never);
    return result.valid ? { valid: true, errors: [] } : { valid: false, errors: result.errors.map((e) => ({ message: e.message })) };
  } catch (error) {
    return { valid: false, errors: [{ message: (error as Error).message }] };
  }
}

/**
 * The worker's whole program: plain JavaScript, so it needs no TypeScript loader. The parser asks
 * `typeof Headers` of every options object it merges, and Node loads its whole fetch
 * implementation (undici) the first time that global is read: about 40 ms of this thread's 250.
 * Nothing here fetches (a spec's external $refs are refused before it is validated), so the global
 * is left undefined on this thread.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
Object.defineProperty(globalThis, 'Headers', { value: undefined, configurable: true, writable: true });
import(workerData.parser)
  .then(({ validate }) => validate(workerData.document, workerData.options))
  .then((r) => (r.valid ? { valid: true, errors: [] } : { valid: false, errors: r.errors.map((e) => ({ message: e.message })) }), (e) => ({ valid: false, errors: [{ message: String(e && e.message) }] }))
  .then((result) => parentPort.postMessage(result));
`;

/**
 * Validates with @readme/openapi-parser on a worker thread, so the caller can go on (a build
 * compiles its content meanwhile): loading the parser and compiling ajv's OpenAPI schema is
 * about a third of a second of CPU. Falls back to this thread if the worker cannot run.
 */
export function validateSpec(document: JsonObject): Promise<SpecValidation> {
  let worker: Worker;
  try {
    worker = new Worker(WORKER, { eval: true, workerData: { document, parser: import.meta.resolve('@readme/openapi-parser'), options: OPTIONS }, resourceLimits: WORKER_LIMITS });
  } catch {
    return validateHere(document);
  }
  return new Promise<SpecValidation>((resolve) => {
    let settled = false;
    const settle = (result: SpecValidation | null) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      resolve(result ?? validateHere(document));
    };
    worker.once('message', (message: SpecValidation) => settle(message));
    worker.once('error', () => settle(null));
    worker.once('exit', () => settle(null));
  });
}

/**
 * `validateSpec`, with the verdict kept in `cache` under the spec file's text (`document` is what
 * the engine makes of it) and the engine's fingerprint (the parser's version with it): a build whose spec did not change but whose API
 * pages are made again (another theme, code languages or checkout folder, a watch rebuild after a
 * config edit) does not start the worker, load the parser and compile its schema again. Only the
 * current document's verdict is kept. The verdict holds messages only: the build places them in
 * the spec as it reads it now.
 */
export async function validateSpecCached(document: JsonObject, text: string, cache: DirCache<SpecValidation> | undefined): Promise<SpecValidation> {
  if (!cache) return validateSpec(document);
  const key = hashOf('spec-validation', engineFingerprint(), text);
  const known = cache.get(key);
  if (known) return known;
  const verdict = await validateSpec(document);
  cache.set(key, verdict);
  cache.retain([key]);
  return verdict;
}

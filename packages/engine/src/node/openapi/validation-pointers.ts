import type { JsonObject } from './load-openapi';
import { escapePointer, jsonLinePointers, resolvePointer } from './json-pointer';

/*
 * @readme/openapi-parser reports problems as messages; these find the JSON pointer each one is
 * about, so the diagnostic can name the line of the spec.
 */

/** HTTP methods in the order @readme/openapi-parser visits them, so the n-th duplicate it reports is ours too. */
const OPERATION_METHODS = ['get', 'post', 'put', 'delete', 'patch', 'options', 'head', 'trace'];

/** Every repeated `operationId`, by id: the pointers of its second, third… occurrences, in the parser's order. */
function duplicateOperationIds(document: JsonObject): Map<string, string[]> {
  const firstSeen = new Set<string>();
  const repeats = new Map<string, string[]>();
  const paths = document.paths;
  if (!paths || typeof paths !== 'object' || Array.isArray(paths)) return repeats;
  for (const [route, item] of Object.entries(paths)) {
    if (!route.startsWith('/') || !item || typeof item !== 'object' || Array.isArray(item)) continue;
    for (const method of OPERATION_METHODS) {
      const operation = item[method];
      if (!operation || typeof operation !== 'object' || Array.isArray(operation) || typeof operation.operationId !== 'string') continue;
      const id = operation.operationId;
      const pointer = `#/paths/${escapePointer(route)}/${method}/operationId`;
      if (!firstSeen.has(id)) firstSeen.add(id);
      else repeats.set(id, [...(repeats.get(id) ?? []), pointer]);
    }
  }
  return repeats;
}

/**
 * "The operationId `x` is duplicated" names no place: it is the next unreported repeat of `x`
 * (the parser reports each repeat once, in document order). Consumes it from `duplicates`.
 */
function duplicatePointer(message: string, duplicates: Map<string, string[]>): string | undefined {
  const id = /^The operationId `(.+)` is duplicated/.exec(message)?.[1];
  return id === undefined ? undefined : duplicates.get(id)?.shift();
}

/**
 * The parser names operations by their raw path (`/paths/payments/{id}/get/responses/200`),
 * slashes of the path unescaped; this turns the first such name in a message into a JSON
 * pointer, taking the longest path of the document that the name starts with.
 */
function namedPointer(message: string, document: JsonObject): string | undefined {
  if (/^Entries in the \w+ `paths` object must begin with a leading slash/.test(message)) {
    const route = Object.keys(pathsOf(document)).find((key) => !key.startsWith('/'));
    return route === undefined ? undefined : `#/paths/${escapePointer(route)}`;
  }
  const name = /`(\/(?:paths|webhooks|components|definitions)\/[^`]+)`/.exec(message)?.[1];
  if (!name) return undefined;
  if (!name.startsWith('/paths/')) return `#${name}`;
  const rest = name.slice('/paths'.length);
  const route = Object.keys(pathsOf(document))
    .filter((key) => rest === key || rest.startsWith(`${key}/`))
    .sort((a, b) => b.length - a.length)[0];
  if (route === undefined) return undefined;
  const operation = `#/paths/${escapePointer(route)}${rest.slice(route.length)}`;
  return repeatedParameter(message, operation, document) ?? operation;
}

/** "Found multiple `query` parameters named `limit` in …": the operation's second such parameter. */
function repeatedParameter(message: string, operation: string, document: JsonObject): string | undefined {
  const [, where, name] = /^Found multiple `([^`]+)` parameters named `([^`]+)`/.exec(message) ?? [];
  if (!where || !name) return undefined;
  const parameters = resolvePointer(document, `${operation}/parameters`);
  if (!Array.isArray(parameters)) return undefined;
  const same = parameters.flatMap((p, i) => (p && typeof p === 'object' && !Array.isArray(p) && p.name === name && p.in === where ? [i] : []));
  return same.length > 1 ? `${operation}/parameters/${same[1]}` : undefined;
}

function pathsOf(document: JsonObject): JsonObject {
  const paths = document.paths;
  return paths && typeof paths === 'object' && !Array.isArray(paths) ? paths : {};
}

/**
 * The pointer an ajv error frame marks (`> 3252 |   "key": …`). The frame's line numbers may
 * come from a slightly different serialisation, so the key on the marked line decides: the
 * pointer with that key nearest to the marked line.
 */
function framePointer(message: string, lines: string[]): string | undefined {
  const frame = /^>\s*(\d+)\s*\|\s*"([^"]+)"\s*:/m.exec(message);
  if (!frame) return undefined;
  const line = Number(frame[1]) - 1;
  const key = escapePointer(frame[2]!);
  let best: { index: number; distance: number } | undefined;
  lines.forEach((pointer, index) => {
    if (!pointer.endsWith(`/${key}`)) return;
    const distance = Math.abs(index - line);
    if (!best || distance < best.distance) best = { index, distance };
  });
  return best ? lines[best.index] : undefined;
}

/**
 * The pointer of the place each validation message is about, for messages of one validation of
 * `document`, asked in the order the parser reported them ("#" when no place is found).
 */
export function validationErrorPointers(document: JsonObject): (message: string) => string {
  const lines = jsonLinePointers(document);
  const duplicates = duplicateOperationIds(document);
  // better-ajv-errors frames the JSON form of the document: "> 3252 | …" names the line; the
  // parser's own checks name an operation or component (or, for a duplicate id, nothing).
  return (message) =>
    framePointer(message, lines) ??
    duplicatePointer(message, duplicates) ??
    namedPointer(message, document) ??
    /(#?\/(?:paths|components|info|servers|tags|security|webhooks)[^\s"'`,]*)/.exec(message)?.[1] ??
    '#';
}

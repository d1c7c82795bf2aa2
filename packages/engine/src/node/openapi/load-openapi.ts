import fs from 'node:fs';
import jsYaml from 'js-yaml';
import { createRequire } from 'node:module';
import type { Document, LineCounter } from 'yaml';
import { validateSpec } from './validate-spec';
import { diagnostic, type Diagnostic } from '../../shared/diagnostic';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface LoadedSpec {
  file: string;
  document: JsonObject | null;
  /** Line/column of a JSON pointer in the file (for diagnostics), when it exists. */
  locate: (pointer: string) => { line?: number; column?: number };
  diagnostics: Diagnostic[];
}

const unescapePointer = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');
const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

export function pointerSegments(pointer: string): string[] {
  return pointer.replace(/^#?\//, '').split('/').filter((s, i, a) => s !== '' || i < a.length - 1).map(unescapePointer);
}

export function resolvePointer(document: Json, pointer: string): Json | undefined {
  let value: Json | undefined = document;
  for (const segment of pointerSegments(pointer)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = Array.isArray(value) ? value[Number(segment)] : value[segment];
    if (value === undefined) return undefined;
  }
  return value;
}

/**
 * Reads and validates an OpenAPI document. Every problem names the spec file, the line and the
 * JSON pointer: YAML syntax, `$ref`s that point nowhere, and what @readme/openapi-parser reports.
 * Reads disk.
 */
export async function loadOpenApi(file: string): Promise<LoadedSpec> {
  const text = fs.readFileSync(file, 'utf8');
  // js-yaml builds the document (4× faster than a full YAML AST); the AST, which knows where
  // every node is, is built only when a diagnostic needs a position.
  let ast: { doc: Document; lineCounter: LineCounter } | null = null;
  const locate = (pointer: string) => {
    if (!ast) {
      // Required here, not imported: the AST library is loaded only by builds that report a problem.
      const { LineCounter, parseDocument } = createRequire(import.meta.url)('yaml') as typeof import('yaml');
      const lineCounter = new LineCounter();
      ast = { doc: parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false }), lineCounter };
    }
    const { doc, lineCounter } = ast;
    const segments = pointerSegments(pointer);
    for (let n = segments.length; n >= 0; n--) {
      const node = doc.getIn(segments.slice(0, n), true);
      if (node && typeof node === 'object' && 'range' in node && Array.isArray(node.range)) {
        const p = lineCounter.linePos(node.range[0]);
        return { line: p.line, column: p.col };
      }
    }
    return {};
  };
  const diagnostics: Diagnostic[] = [];
  let parsed: unknown;
  try {
    // The YAML 1.2 core schema, as the yaml package reads it: dates stay strings, no merge keys.
    parsed = jsYaml.load(text, { filename: file, schema: jsYaml.CORE_SCHEMA });
  } catch (error) {
    const e = error as jsYaml.YAMLException;
    diagnostics.push(diagnostic('SpecSyntax', `invalid YAML: ${e.reason}`, { file, line: (e.mark?.line ?? 0) + 1, column: (e.mark?.column ?? 0) + 1 }));
    return { file, document: null, locate, diagnostics };
  }
  const document = parsed as JsonObject;
  if (!document || typeof document !== 'object' || !('openapi' in document)) {
    diagnostics.push(diagnostic('SpecInvalid', 'not an OpenAPI document: the `openapi` field is missing', { file, line: 1, column: 1 }));
    return { file, document: null, locate, diagnostics };
  }
  // Every local $ref must resolve; report each at the line of the $ref itself.
  const walk = (value: Json, pointer: string) => {
    if (value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      value.forEach((v, i) => walk(v, `${pointer}/${i}`));
      return;
    }
    for (const [key, child] of Object.entries(value)) {
      const here = `${pointer}/${escapePointer(key)}`;
      if (key === '$ref' && typeof child === 'string') {
        if (!child.startsWith('#/')) {
          diagnostics.push(diagnostic('SpecExternalRef', `external $ref "${child}" at ${here}: only references inside this document are supported`, { file, ...locate(here) }));
        } else if (resolvePointer(document, child) === undefined) {
          diagnostics.push(diagnostic('SpecBrokenRef', `broken $ref "${child}" at ${here}: nothing exists at that pointer`, { file, ...locate(here) }));
        }
      } else {
        walk(child, here);
      }
    }
  };
  walk(document, '#');
  if (diagnostics.length) return { file, document, locate, diagnostics };
  const candidate = structuredClone(document);
  if (String(document.openapi).startsWith('3.0')) {
    // OpenAPI 3.0 (JSON Schema draft 4) forbids `required: []`; it means "nothing required", so drop it with a warning.
    for (const pointer of emptyRequiredLists(candidate, '#')) {
      diagnostics.push(diagnostic('SpecEmptyRequired', `empty "required" list at ${pointer} (invalid in OpenAPI 3.0; treated as no required fields)`, { file, ...locate(pointer) }, { severity: 'warning' }));
    }
  }
  const result = await validateSpec(candidate);
  if (!result.valid) {
    const lines = jsonLinePointers(candidate);
    const duplicates = duplicateOperationIds(candidate);
    for (const error of result.errors) {
      // better-ajv-errors frames the JSON form of the document: "> 3252 | …" names the line; the
      // parser's own checks name an operation or component (or, for a duplicate id, nothing).
      const pointer =
        framePointer(error.message, lines) ??
        duplicatePointer(error.message, duplicates) ??
        namedPointer(error.message, candidate) ??
        /(#?\/(?:paths|components|info|servers|tags|security|webhooks)[^\s"'`,]*)/.exec(error.message)?.[1] ??
        '#';
      const message = error.message.split('\n')[0]!.replace(/^[A-Z]+ /, '');
      diagnostics.push(diagnostic('SpecInvalid', `${message} (at ${pointer.startsWith('#') ? pointer : `#${pointer}`})`, { file, ...locate(pointer) }));
    }
  }
  return { file, document: candidate, locate, diagnostics };
}

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

/** Removes every `required: []` (in place) and returns where they were. */
function emptyRequiredLists(value: Json, pointer: string): string[] {
  if (value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => emptyRequiredLists(v, `${pointer}/${i}`));
  const found: string[] = [];
  if (Array.isArray(value.required) && value.required.length === 0 && ('properties' in value || 'type' in value)) {
    delete value.required;
    found.push(`${pointer}/required`);
  }
  for (const [key, child] of Object.entries(value)) found.push(...emptyRequiredLists(child, `${pointer}/${escapePointer(key)}`));
  return found;
}

/** The JSON pointer of every line of `JSON.stringify(value, null, 2)`. */
export function jsonLinePointers(value: Json): string[] {
  const lines: string[] = [];
  const emit = (v: Json, pointer: string) => {
    if (v !== null && typeof v === 'object') {
      const entries: Array<[string, Json]> = Array.isArray(v) ? v.map((x, i) => [String(i), x]) : Object.entries(v).filter(([, x]) => x !== undefined);
      lines.push(pointer);
      if (!entries.length) return;
      for (const [key, child] of entries) emit(child, `${pointer}/${escapePointer(key)}`);
      lines.push(pointer);
    } else {
      lines.push(pointer);
    }
  };
  emit(value, '#');
  return lines;
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

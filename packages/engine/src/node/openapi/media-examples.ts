import { resolvePointer } from './json-pointer';
import { asArray, asObject, str } from './json-values';
import type { Json, JsonObject } from './load-openapi';

/** One example of a media type as a page shows it: its name and summary when it is a named one. */
export interface MediaExample {
  name?: string;
  summary?: string;
  value: Json;
}

/** What an operation is, for deciding which shared examples it can return. */
export interface ExampleTarget {
  operationId: string;
  slug: string;
  hasRequestBody: boolean;
  /** Scheme names of its security requirement (empty for `security: []`). */
  security: readonly string[];
  /** Names of its parameters (path-level and its own). */
  parameters: readonly string[];
}

/**
 * Whether a named example applies to an operation, by its `x-applies-to` (every condition given
 * must hold): `operations` (operationIds or slugs), `requestBody` (true: only operations with a
 * request body; false: only those without), `security` (one of these schemes authenticates it),
 * `parameters` (it declares every one of these parameters). No `x-applies-to`: every operation.
 */
export function exampleApplies(example: JsonObject, target: ExampleTarget): boolean {
  const rule = example['x-applies-to'];
  if (rule === undefined) return true;
  const r = asObject(rule);
  const names = (v: Json | undefined) => asArray(v).filter((x): x is string => typeof x === 'string');
  if (r.operations !== undefined && !names(r.operations).some((n) => n === target.operationId || n === target.slug)) return false;
  if (typeof r.requestBody === 'boolean' && r.requestBody !== target.hasRequestBody) return false;
  if (r.security !== undefined && !names(r.security).some((n) => target.security.includes(n))) return false;
  const lower = target.parameters.map((p) => p.toLowerCase());
  if (r.parameters !== undefined && !names(r.parameters).every((n) => lower.includes(n.toLowerCase()))) return false;
  return true;
}

/**
 * The examples a page shows for one media type: its `example`, else every named example of
 * `examples` that applies to `target` (all of them without a target, on webhook and schema
 * pages), in spec order. Null when the media type declares none (the page may make one from the
 * schema); an empty list when it declares some but none applies (the page shows none).
 */
export function mediaExamples(doc: JsonObject, media: JsonObject, target?: ExampleTarget): MediaExample[] | null {
  if (media.example !== undefined) return [{ value: media.example }];
  if (media.examples === undefined) return null;
  const out: MediaExample[] = [];
  for (const [name, raw] of Object.entries(asObject(media.examples))) {
    const ref = str(asObject(raw).$ref);
    const example = ref ? asObject(resolvePointer(doc, ref)) : asObject(raw);
    if (target && !exampleApplies(example, target)) continue;
    if (example.value === undefined) continue;
    out.push({ name, summary: str(example.summary), value: example.value });
  }
  return out;
}

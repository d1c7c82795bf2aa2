import { diagnostic, type Diagnostic, type SourcePosition } from '../../shared/diagnostic';
import { routeProblem } from '../../shared/routes';
import type { Json, JsonObject } from './load-openapi';
import { asArray, asObject, str } from './json-values';
import { escapePointer } from './json-pointer';
import { kebab } from './api-page';

/** The methods that get an operation page, in page order within a path. */
export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** One operation of the spec that gets a page at `/api/{slug}`. */
export interface OperationRef {
  pointer: string;
  /** Upper case, as pages show it. */
  method: string;
  path: string;
  op: JsonObject;
  pathItem: JsonObject;
  slug: string;
}

/** The tags of an operation, as the spec lists them. */
export const tagsOf = (op: JsonObject) => (op.tags as Json[] | undefined) ?? [];

/** Why a slug cannot be the one URL segment after `/api/`, or null when it can. */
function slugProblem(slug: string): string | null {
  return slug.includes('/') ? 'contains "/"' : routeProblem(`/api/${slug}`);
}

/**
 * Every operation of the spec, in document order, with its page slug (`x-slug`, else the
 * kebab-cased operationId). An operation whose slug is not a clean URL segment, or repeats an
 * earlier one, gets no page and a diagnostic instead.
 */
export function collectOperations(doc: JsonObject, at: (pointer: string) => SourcePosition): { operations: OperationRef[]; diagnostics: Diagnostic[] } {
  const operations: OperationRef[] = [];
  const diagnostics: Diagnostic[] = [];
  const slugs = new Map<string, string>();
  for (const [p, item] of Object.entries(asObject(doc.paths))) {
    for (const method of METHODS) {
      const op = asObject(item)[method];
      if (!op) continue;
      const opObject = asObject(op);
      const pointer = `#/paths/${escapePointer(p)}/${method}`;
      const slug = str(opObject['x-slug']) ?? kebab(str(opObject.operationId) ?? `${method}-${p}`);
      const badSlug = slugProblem(slug);
      if (badSlug) {
        diagnostics.push(diagnostic('InvalidRoute', `the page slug "${slug}" of ${pointer} ${badSlug}`, at(`${pointer}${opObject['x-slug'] === undefined ? '/operationId' : '/x-slug'}`), { hint: 'a slug is one URL segment: letters, digits, "-", "_" and "."' }));
        continue;
      }
      const previous = slugs.get(slug);
      if (previous) {
        diagnostics.push(diagnostic('SpecDuplicateSlug', `operations ${previous} and ${pointer} both have the page slug "${slug}"`, at(pointer), { hint: 'give one of them a different x-slug or operationId' }));
        continue;
      }
      slugs.set(slug, pointer);
      operations.push({ pointer, method: method.toUpperCase(), path: p, op: opObject, pathItem: asObject(item), slug });
    }
  }
  return { operations, diagnostics };
}

/** The tags in the order of the spec's `tags` list, then those only operations name, in the order they first appear. */
export function collectTags(doc: JsonObject, operations: readonly OperationRef[]): Array<{ name: string; description: string | undefined }> {
  const tagOrder = asArray(doc.tags).map((t) => ({ name: str(asObject(t).name) ?? '', description: str(asObject(t).description) }));
  for (const o of operations) for (const t of tagsOf(o.op)) if (typeof t === 'string' && !tagOrder.some((x) => x.name === t)) tagOrder.push({ name: t, description: undefined });
  return tagOrder;
}

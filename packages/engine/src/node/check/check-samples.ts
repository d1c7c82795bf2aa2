import { describeSchemaError } from './schema-error';
import type { ErrorObject } from 'ajv/dist/2020.js';
import { diagnostic, type Diagnostic } from '../../shared/diagnostic';
import type { PageGraph } from '../graph/page-graph';
import type { JsonObject } from '../openapi/load-openapi';
import { positionAt } from '../diagnostics/source-position';
import type { DirCache } from '../cache/dir-cache';
import { hashOf } from '../cache/cache-key';
import { engineFingerprint } from '../cache/engine-fingerprint';

export interface SampleSchemas {
  /** Request-body JSON schema by operation slug (component refs left as `#/components/schemas/…`). */
  requestSchemas: Record<string, JsonObject>;
  /** `components.schemas` of the spec, so refs resolve. */
  components: Record<string, JsonObject>;
  openapiVersion: string;
}

/** Line and column of a JSON pointer's key inside pretty-printed JSON text (best effort). */
function locateInJson(text: string, instancePath: string): { line: number; column: number } {
  const keys = instancePath.split('/').filter(Boolean).map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
  let offset = 0;
  for (const key of keys) {
    if (/^\d+$/.test(key)) continue;
    const at = text.indexOf(`"${key}"`, offset);
    if (at < 0) break;
    offset = at;
  }
  const { line, column } = positionAt(text, offset);
  return { line: line - 1, column };
}

const describe = (e: ErrorObject): string => describeSchemaError(e, e.instancePath || '(the body)', 'the API does not accept');

/** The result of checking one JSON request body against its operation. */
export type BodyCheck =
  | { kind: 'ok' }
  | { kind: 'mismatch'; errors: Array<{ pointer: string; message: string }> }
  /** The operation takes no JSON request body (or is not in the spec). */
  | { kind: 'no-body' };

/**
 * A validator of JSON request bodies against the spec's request schemas, with the validator of the
 * spec's JSON Schema dialect (loaded on first use). One per build: each operation's schema compiles
 * once. `docsgen check` and `docsgen mcp` (validate_request) both check bodies through this.
 */
export async function createBodyValidator(schemas: SampleSchemas | null): Promise<(operation: string, value: unknown) => BodyCheck> {
  // Without ajv's optimizing passes over its generated code, as in openapi/check-examples.ts.
  const options = { strict: false, allErrors: true, validateFormats: false, code: { optimize: false } };
  const ajv = schemas?.openapiVersion.startsWith('3.0') ? new (await import('ajv-draft-04')).default(options) : new (await import('ajv/dist/2020.js')).Ajv2020(options);
  if (schemas) ajv.addSchema({ components: { schemas: schemas.components } }, 'spec');
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  return (operation, value) => {
    const schema = schemas?.requestSchemas[operation];
    if (!schema) return { kind: 'no-body' };
    let validate = compiled.get(operation);
    if (!validate) {
      validate = ajv.compile(JSON.parse(JSON.stringify(schema).replace(/"#\/components\/schemas\//g, '"spec#/components/schemas/')));
      compiled.set(operation, validate);
    }
    if (validate(value)) return { kind: 'ok' };
    return { kind: 'mismatch', errors: (validate.errors ?? []).map((e) => ({ pointer: e.instancePath, message: describe(e) })) };
  };
}

/**
 * JSON request examples in content that name their operation (```json operation=slug) are
 * validated against that operation's request schema; each mismatch is reported at its line.
 * `verdicts` keeps each body's check by the schemas, the operation and the body's text: a build in
 * which none of them changed does not load the validator (compiling the schemas took a tenth of
 * the portal's warm build).
 */
export async function checkCodeSamples(graph: PageGraph, schemas: SampleSchemas | null, verdicts: DirCache<BodyCheck> | null = null): Promise<Diagnostic[]> {
  const problems: Diagnostic[] = [];
  const samples = graph.routes.flatMap((r) => graph.pages[r]!.codeSamples);
  if (!samples.length) return problems;
  // Loaded only when a body is checked anew.
  let check: ((operation: string, value: unknown) => BodyCheck) | null = null;
  const base = verdicts && schemas ? hashOf(engineFingerprint(), schemas.openapiVersion, JSON.stringify(schemas.components)) : '';
  const used: string[] = [];
  for (const sample of samples) {
    const at = { file: sample.file, line: sample.line, column: 1 };
    const target = graph.pages[`/api/${sample.operation}`];
    if (!target || target.kind !== 'api-operation') {
      problems.push(diagnostic('SampleUnknownOperation', `code block names operation "${sample.operation}", which is not in the API reference`, at));
      continue;
    }
    // An operation has a request schema exactly when it has a request body with a schema.
    const schema = schemas?.requestSchemas[sample.operation];
    if (!schema) {
      problems.push(diagnostic('SampleUnknownOperation', `operation "${sample.operation}" takes no request body`, at));
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(sample.code);
    } catch (error) {
      problems.push(diagnostic('SampleInvalidJson', `the JSON example for ${sample.operation} does not parse: ${(error as Error).message}`, at));
      continue;
    }
    const key = verdicts ? hashOf(base, sample.operation, JSON.stringify(schema), sample.code) : '';
    let result = verdicts?.get(key);
    if (!result) {
      check ??= await createBodyValidator(schemas);
      result = check(sample.operation, value);
      verdicts?.set(key, result);
    }
    used.push(key);
    if (result.kind !== 'mismatch') continue;
    for (const error of result.errors) {
      const where = locateInJson(sample.code, error.pointer);
      problems.push(
        diagnostic('SampleMismatch', `the ${sample.operation} request example does not match the API: ${error.message}`, { file: sample.file, line: (sample.line ?? 0) + where.line + 1, column: where.column }, {
          hint: `see /api/${sample.operation}#request-body`,
        }),
      );
    }
  }
  if (check) verdicts?.retain(used);
  return problems;
}

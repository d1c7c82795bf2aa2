import { describeSchemaError } from '../check/schema-error';
import type { ErrorObject } from 'ajv/dist/2020.js';
import { diagnostic, type Diagnostic, type SourcePosition } from '../../shared/diagnostic';
import { escapePointer, resolvePointer } from './json-pointer';
import { asObject, str } from './json-values';
import type { Json, JsonObject } from './load-openapi';

/** One example found in the spec: where it is, the value, and the schema it must match. */
interface FoundExample {
  /** JSON pointer of the example's value (`…/example`, `…/examples/name/value`, `…/examples/0`). */
  pointer: string;
  value: Json;
  schema: Json;
}

/** Formats a spec uses whose shape matters to an integrator; checked by pattern (ajv has none built in). */
const FORMATS: Record<string, RegExp> = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  uri: /^[a-z][a-z0-9+.-]*:[^\s]*$/i,
};

/** Object keys whose values are schemas, in a schema (so `properties.examples` is a field, not examples). */
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SCHEMA_KEYS = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];

/** The examples of a schema and of every schema inside it (`examples: [...]`, and `example` of OpenAPI 3.0). */
function schemaExamples(schema: Json | undefined, pointer: string, out: FoundExample[]): void {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema) || schema.$ref !== undefined) return;
  if (Array.isArray(schema.examples)) schema.examples.forEach((value, i) => out.push({ pointer: `${pointer}/examples/${i}`, value, schema }));
  if (schema.example !== undefined) out.push({ pointer: `${pointer}/example`, value: schema.example, schema });
  for (const key of SCHEMA_MAPS) for (const [name, child] of Object.entries(asObject(schema[key]))) schemaExamples(child, `${pointer}/${key}/${escapePointer(name)}`, out);
  for (const key of SCHEMA_KEYS) schemaExamples(schema[key], `${pointer}/${key}`, out);
  for (const key of SCHEMA_LISTS) if (Array.isArray(schema[key])) schema[key].forEach((child, i) => schemaExamples(child, `${pointer}/${key}/${i}`, out));
}

/**
 * Every example of the document with its schema: of media types, parameters and headers
 * (`example`, and each named example of `examples`, following `$ref` to `components/examples`),
 * and of schemas. Walks paths, webhooks and components alike, so a shared response is checked once.
 */
export function collectExamples(doc: JsonObject): FoundExample[] {
  const out: FoundExample[] = [];
  const walk = (value: Json | undefined, pointer: string): void => {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach((v, i) => walk(v, `${pointer}/${i}`));
    if (value.$ref !== undefined) return;
    if (value.schema && typeof value.schema === 'object') {
      if (value.example !== undefined) out.push({ pointer: `${pointer}/example`, value: value.example, schema: value.schema });
      for (const [name, raw] of Object.entries(asObject(value.examples))) {
        const ref = str(asObject(raw).$ref);
        const example = ref ? asObject(resolvePointer(doc, ref)) : asObject(raw);
        // A shared example is reported where it is written; each use checks it against its own schema.
        const at = ref && ref.startsWith('#') ? ref : `${pointer}/examples/${escapePointer(name)}`;
        if (example.value !== undefined) out.push({ pointer: `${at}/value`, value: example.value, schema: value.schema });
      }
      schemaExamples(value.schema, `${pointer}/schema`, out);
    }
    for (const [key, child] of Object.entries(value)) if (key !== 'schema' && key !== 'example' && key !== 'examples' && key !== 'schemas') walk(child, `${pointer}/${escapePointer(key)}`);
  };
  walk(doc.paths, '#/paths');
  walk(doc.webhooks, '#/webhooks');
  const components = asObject(doc.components);
  for (const key of ['responses', 'requestBodies', 'parameters', 'headers', 'pathItems']) walk(components[key], `#/components/${key}`);
  for (const [name, schema] of Object.entries(asObject(components.schemas))) schemaExamples(schema, `#/components/schemas/${escapePointer(name)}`, out);
  return out;
}

const describe = (e: ErrorObject): string => describeSchemaError(e, e.instancePath ? `"${e.instancePath.slice(1).replace(/\//g, '.')}"` : 'the example', 'the schema does not allow');

/**
 * Validates every example of the spec against its schema (JSON Schema 2020-12 for OpenAPI 3.1,
 * draft 4 for 3.0, with the uuid, date-time, date, email and uri formats). Each mismatch is a
 * `SpecExampleMismatch` at the failing value inside the example in the YAML.
 */
export async function checkSpecExamples(doc: JsonObject, at: (pointer: string) => SourcePosition): Promise<Diagnostic[]> {
  const examples = collectExamples(doc);
  if (!examples.length) return [];
  // Without ajv's optimizing passes over the code it generates: the same validation in about
  // two thirds of the time, for a few hundred schemas each compiled once and run a few times.
  const options = { strict: false, allErrors: true, logger: false as const, code: { optimize: false } };
  const ajv = String(doc.openapi).startsWith('3.0') ? new (await import('ajv-draft-04')).default(options) : new (await import('ajv/dist/2020.js')).Ajv2020(options);
  for (const [name, pattern] of Object.entries(FORMATS)) ajv.addFormat(name, pattern);
  ajv.addSchema({ components: asObject(doc.components) } as object, 'spec');
  const problems: Diagnostic[] = [];
  const seen = new Set<string>();
  // Many examples share a schema (every request of one body schema is `{"$ref": …}` to it): each
  // distinct schema is compiled once (ajv's own cache knows schemas by object, and these are copies).
  const compiled = new Map<string, ReturnType<typeof ajv.compile> | null>();
  for (const example of examples) {
    const text = JSON.stringify(example.schema).replace(/"#\/components\//g, '"spec#/components/');
    let validate = compiled.get(text);
    if (validate === undefined) {
      try {
        validate = ajv.compile(JSON.parse(text) as object);
      } catch {
        validate = null; // A schema ajv cannot compile is the spec validator's to report.
      }
      compiled.set(text, validate);
    }
    if (!validate || validate(example.value)) continue;
    for (const error of validate.errors ?? []) {
      const pointer = `${example.pointer}${error.instancePath}`;
      const key = `${pointer} ${error.keyword} ${error.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      problems.push(diagnostic('SpecExampleMismatch', `the example at ${example.pointer} does not match its schema: ${describe(error)}`, at(pointer)));
    }
  }
  return problems;
}

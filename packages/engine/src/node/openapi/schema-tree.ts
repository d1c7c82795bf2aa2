import { safeDecode } from '../../shared/routes';
import type { Json, JsonObject } from './load-openapi';
import type { SchemaNode } from '../../shared/api-model';

// SchemaNode lives in shared/ because templates (and the API console island) read it; re-exported here.
export type { SchemaNode };

export type SchemaMode = 'request' | 'response' | 'schema';

export interface SchemaContext {
  components: Record<string, JsonObject>;
  markdown: (text: string) => string;
}

const refName = (ref: string) => (ref.startsWith('#/components/schemas/') ? safeDecode(ref.slice('#/components/schemas/'.length)).replace(/~1/g, '/').replace(/~0/g, '~') : null);
const asObject = (value: Json | undefined): JsonObject => (value && typeof value === 'object' && !Array.isArray(value) ? value : {});
const display = (value: Json | undefined) => (value === undefined ? undefined : typeof value === 'string' ? value : JSON.stringify(value));

/** Merges `allOf` members (after resolving refs) into one object schema. */
/**
 * Flattens `allOf` into one object schema. `merging` holds the schemas whose `allOf` is being
 * flattened: a member that is one of them again (an `allOf` loop) adds nothing more.
 */
function mergeAllOf(schema: JsonObject, ctx: SchemaContext, seen: string[], merging: string[] = seen.slice(-1)): JsonObject {
  const merged: JsonObject = { ...schema, type: 'object', properties: {}, required: [] };
  delete merged.allOf;
  const { allOf: members, ...own } = schema;
  const flatten = (member: JsonObject, name: string | null) => (member.allOf ? mergeAllOf(member, ctx, seen, name ? [...merging, name] : merging) : member);
  const parts: JsonObject[] = [];
  for (const m of members as Json[]) {
    const { schema: member, name } = resolve(asObject(m), ctx, seen);
    if (name && merging.includes(name)) continue;
    parts.push(flatten(member, name));
  }
  for (const flat of [...parts, own]) {
    Object.assign(merged.properties as JsonObject, asObject(flat.properties));
    if (Array.isArray(flat.required)) (merged.required as Json[]).push(...flat.required);
    if (flat.description && !merged.description) merged.description = flat.description;
  }
  return merged;
}

function resolve(schema: JsonObject, ctx: SchemaContext, seen: string[]): { schema: JsonObject; name: string | null; circular: boolean } {
  const ref = typeof schema.$ref === 'string' ? refName(schema.$ref) : null;
  if (!ref) return { schema, name: null, circular: false };
  const target = ctx.components[ref];
  if (!target) return { schema: {}, name: ref, circular: false };
  // 3.1 allows siblings of $ref (description, examples): they win over the target's.
  const { $ref: _ignored, ...siblings } = schema;
  return { schema: { ...target, ...siblings }, name: ref, circular: seen.includes(ref) };
}

function typeLabel(schema: JsonObject, name: string | null, ctx: SchemaContext, seen: string[]): string {
  let type = Array.isArray(schema.type) ? schema.type.filter((t) => t !== 'null').join(' | ') : (schema.type as string | undefined);
  if (!type) type = schema.properties || schema.allOf ? 'object' : schema.oneOf ? 'one of' : schema.anyOf ? 'any of' : schema.enum ? 'enum' : 'any';
  if (type === 'array') {
    const items = resolve(asObject(schema.items), ctx, seen);
    return `array<${items.name ?? typeLabel(items.schema, null, ctx, seen)}>`;
  }
  if (type === 'object' && name) return name;
  return schema.format ? `${type}<${schema.format}>` : type;
}

function constraints(schema: JsonObject): string[] {
  const out: string[] = [];
  const pairs: Array<[string, string]> = [
    ['minimum', '≥'], ['maximum', '≤'], ['exclusiveMinimum', '>'], ['exclusiveMaximum', '<'],
    ['minLength', 'min length'], ['maxLength', 'max length'], ['minItems', 'min items'], ['maxItems', 'max items'],
  ];
  for (const [key, label] of pairs) if (typeof schema[key] === 'number') out.push(`${label} ${schema[key]}`);
  if (typeof schema.pattern === 'string') out.push(`pattern ${schema.pattern}`);
  if (schema.uniqueItems === true) out.push('unique items');
  return out;
}

/**
 * Builds the display tree of a schema. `readOnly` fields are left out of requests and `writeOnly`
 * fields out of responses; `allOf` is merged; `oneOf`/`anyOf` become variants; a schema that
 * refers back to one being expanded is a link, not an endless tree. Pure.
 */
export function schemaTree(input: Json | undefined, ctx: SchemaContext, mode: SchemaMode, seen: string[] = [], depth = 0): SchemaNode {
  const { schema: raw, name, circular } = resolve(asObject(input), ctx, seen);
  if (circular || depth > 12) return { type: name ?? 'object', refName: name ?? undefined, circular: true };
  const path = name ? [...seen, name] : seen;
  const schema = raw.allOf ? mergeAllOf(raw, ctx, path) : raw;
  const node: SchemaNode = {
    type: typeLabel(schema, name, ctx, path),
    refName: name ?? undefined,
    description: typeof schema.description === 'string' ? ctx.markdown(schema.description) : undefined,
    enum: Array.isArray(schema.enum) ? schema.enum.map((v) => String(v)) : undefined,
    default: display(schema.default),
    example: display(schema.example ?? (Array.isArray(schema.examples) ? schema.examples[0] : undefined)),
    constraints: constraints(schema),
    deprecated: schema.deprecated === true || undefined,
    nullable: schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes('null')) || undefined,
  };
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const properties = asObject(schema.properties);
  const children: SchemaNode[] = [];
  for (const [prop, value] of Object.entries(properties)) {
    const resolved = resolve(asObject(value), ctx, path).schema;
    if (mode === 'request' && resolved.readOnly === true) continue;
    if (mode === 'response' && resolved.writeOnly === true) continue;
    children.push({ ...schemaTree(value, ctx, mode, path, depth + 1), name: prop, required: required.has(prop) || undefined });
  }
  if (schema.type === 'array' || schema.items) {
    const items = schemaTree(schema.items, ctx, mode, path, depth + 1);
    if (items.circular) {
      node.circular = true;
      node.refName = items.refName;
    } else if (items.children?.length || items.variants) {
      node.children = items.children;
      node.variants = items.variants;
    }
  }
  if (children.length) node.children = children;
  if (typeof schema.additionalProperties === 'object' && schema.additionalProperties && !children.length) {
    const values = schemaTree(schema.additionalProperties, ctx, mode, path, depth + 1);
    node.type = `map<string, ${values.type}>`;
    if (values.children) node.children = values.children;
  }
  for (const kind of ['oneOf', 'anyOf'] as const) {
    if (!Array.isArray(schema[kind])) continue;
    node.variants = {
      kind,
      options: (schema[kind] as Json[]).map((option, i) => {
        const child = schemaTree(option, ctx, mode, path, depth + 1);
        const title = asObject(option).title ?? resolve(asObject(option), ctx, path).schema.title;
        return { label: child.refName ?? (typeof title === 'string' ? title : `Option ${i + 1}`), node: child };
      }),
    };
  }
  return node;
}

/** An example value for a schema: its own example, else one built from defaults, enums and formats. Pure. */
export function exampleFor(input: Json | undefined, ctx: SchemaContext, mode: SchemaMode, seen: string[] = []): Json {
  const { schema: raw, name, circular } = resolve(asObject(input), ctx, seen);
  if (circular) return {};
  const path = name ? [...seen, name] : seen;
  const schema = raw.allOf ? mergeAllOf(raw, ctx, path) : raw;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0]!;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0]!;
  if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) return exampleFor(((schema.oneOf ?? schema.anyOf) as Json[])[0], ctx, mode, path);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    const out: JsonObject = {};
    const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    for (const [prop, value] of Object.entries(asObject(schema.properties))) {
      const resolved = resolve(asObject(value), ctx, path).schema;
      if ((mode === 'request' && resolved.readOnly) || (mode === 'response' && resolved.writeOnly)) continue;
      if (mode === 'request' && !required.has(prop) && resolved.example === undefined) continue;
      out[prop] = exampleFor(value, ctx, mode, path);
    }
    return out;
  }
  if (type === 'array') return [exampleFor(schema.items, ctx, mode, path)];
  if (type === 'integer' || type === 'number') return typeof schema.minimum === 'number' ? schema.minimum : 0;
  if (type === 'boolean') return false;
  switch (schema.format) {
    case 'uuid': return '3fa85f64-5717-4562-b3fc-2c963f66afa6';
    case 'date-time': return '2025-06-01T12:00:00Z';
    case 'date': return '2025-06-01';
    case 'uri': case 'url': return 'https://www.example.com';
    case 'email': return 'customer@example.com';
    default: return 'string';
  }
}

import type { SchemaNode } from '../../../packages/engine/src/shared/api-model';

/** Checks a parsed JSON body against the schema tree: required fields, types and enums. Returns problems. */
export function checkBody(value: unknown, node: SchemaNode, at = ''): string[] {
  const where = at || 'the body';
  if (node.variants || node.circular || node.type === 'any') return [];
  const type = node.type.split('<')[0]!;
  const isObject = value !== null && typeof value === 'object' && !Array.isArray(value);
  if (value === null) return node.nullable ? [] : [`${where} must not be null`];
  if (type === 'array') {
    if (!Array.isArray(value)) return [`${where} must be an array`];
    return node.children ? value.flatMap((item, i) => checkBody(item, { type: 'object', children: node.children }, `${at}[${i}]`)) : [];
  }
  if (node.children?.length || type === 'object') {
    if (!isObject) return [`${where} must be an object`];
    const record = value as Record<string, unknown>;
    const problems: string[] = [];
    for (const child of node.children ?? []) {
      const path = at ? `${at}.${child.name}` : child.name!;
      if (!(child.name! in record)) {
        if (child.required) problems.push(`${path} is required`);
      } else {
        problems.push(...checkBody(record[child.name!], child, path));
      }
    }
    return problems;
  }
  if ((type === 'integer' && !Number.isInteger(value)) || (type === 'number' && typeof value !== 'number')) return [`${where} must be ${type === 'integer' ? 'an integer' : 'a number'}`];
  if (type === 'string' && typeof value !== 'string') return [`${where} must be a string`];
  if (type === 'boolean' && typeof value !== 'boolean') return [`${where} must be true or false`];
  if (node.enum && !node.enum.includes(String(value))) return [`${where} must be one of ${node.enum.join(', ')}`];
  return [];
}

import type { ErrorObject } from 'ajv';

/**
 * One schema validation error in words, for a reader who wrote the value: `where` names the value
 * (its path, or the whole value), `refusal` what rejects an unknown field ("the schema does not
 * allow", "the API does not accept").
 */
export function describeSchemaError(e: ErrorObject, where: string, refusal: string): string {
  switch (e.keyword) {
    case 'required':
      return `${where} is missing the required field "${(e.params as { missingProperty: string }).missingProperty}"`;
    case 'additionalProperties':
      return `${where} has a field ${refusal}: "${(e.params as { additionalProperty: string }).additionalProperty}"`;
    case 'enum':
      return `${where} must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return `${where} ${e.message ?? 'does not match the schema'}`;
  }
}

import fs from 'node:fs';
import path from 'node:path';
import jsYaml from 'js-yaml';

/** Every distinct `description` text of the portal's OpenAPI document, at any depth. */
export function portalSpecDescriptions(): Set<string> {
  const spec = jsYaml.load(fs.readFileSync(path.resolve(import.meta.dirname, '../../specs/payments.yaml'), 'utf8'));
  const texts = new Set<string>();
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) (k === 'description' && typeof v === 'string' ? texts.add(v) : collect(v));
  };
  collect(spec);
  return texts;
}

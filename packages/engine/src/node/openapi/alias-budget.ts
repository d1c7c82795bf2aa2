import yaml from 'js-yaml';

/** More values than any real API description has once its YAML aliases are expanded. */
export const MAX_EXPANDED_VALUES = 1_000_000;

/** An anchor (`&name`) and an alias use (`*name`) where YAML allows them: an alias repeats a subtree. */
const ANCHOR = /(?:^|[\s,[{:-])&[^\s,[\]{}]+/m;
const ALIAS = /(?:^|[\s,[{:-])\*[^\s,[\]{}]+/m;

/**
 * Null when the document is safe to hand to the validator; otherwise how many values its aliases
 * expand to (at least). YAML aliases nested in each other (the "billion laughs" document) parse in
 * no time as shared references, but every step after parsing walks the expanded tree: count it,
 * with a budget, before anything else does. Documents without aliases are not parsed here.
 */
export function aliasExpansionProblem(text: string): number | null {
  // Without both there is nothing to expand (and `*emphasis*` in descriptions matches ALIAS alone).
  if (!ANCHOR.test(text) || !ALIAS.test(text)) return null;
  let document: unknown;
  try {
    document = yaml.load(text);
  } catch {
    return null; // the loader reports the syntax error with its position
  }
  let count = 0;
  const stack: unknown[] = [document];
  while (stack.length) {
    const value = stack.pop();
    if (++count > MAX_EXPANDED_VALUES) return count;
    if (Array.isArray(value)) for (const item of value) stack.push(item);
    else if (value && typeof value === 'object') for (const item of Object.values(value)) stack.push(item);
  }
  return null;
}

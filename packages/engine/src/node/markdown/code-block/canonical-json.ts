import type { Token } from './code-figure';

type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * The lines of `JSON.stringify(value, null, 2)`, tokenised as shiki's JSON grammar and the CSS
 * variables theme do: keys `t-keyword`, strings `t-string-expression` (escapes included),
 * numbers and literals `t-constant`, `:` and `,` `t-punctuation`, brackets in the foreground,
 * and whitespace joined to the token after it. Exact for that canonical form only, which the
 * caller checks; a unit test compares it with shiki on every example of the portal's spec.
 */
export function canonicalJsonLines(root: JsonValue): Token[][] {
  const lines: Token[][] = [];
  const write = (value: JsonValue, depth: number, key: string | null, comma: boolean) => {
    const pad = '  '.repeat(depth);
    const lead: Token[] = key === null ? [] : [['t-keyword', `${pad}${JSON.stringify(key)}`], ['t-punctuation', ':']];
    const before = key === null ? pad : ' ';
    const tail: Token[] = comma ? [['t-punctuation', ',']] : [];
    if (value !== null && typeof value === 'object') {
      const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
      const entries: Array<[string | null, JsonValue]> = Array.isArray(value) ? value.map((v) => [null, v]) : Object.entries(value);
      if (!entries.length) {
        lines.push([...lead, [undefined, `${before}${open}${close}`], ...tail]);
        return;
      }
      lines.push([...lead, [undefined, `${before}${open}`]]);
      entries.forEach(([k, v], i) => write(v, depth + 1, k, i < entries.length - 1));
      lines.push([[undefined, `${pad}${close}`], ...tail]);
      return;
    }
    const className = typeof value === 'string' ? 't-string-expression' : 't-constant';
    lines.push([...lead, [className, `${before}${JSON.stringify(value)}`], ...tail]);
  };
  write(root, 0, null, false);
  return lines;
}

/** `code` when it is exactly what `JSON.stringify(value, null, 2)` writes (API examples are), else null. */
export function canonicalJson(code: string): JsonValue | undefined {
  if (!/^[[{"\-\dtfn]/.test(code)) return undefined;
  try {
    const value = JSON.parse(code) as JsonValue;
    return JSON.stringify(value, null, 2) === code ? value : undefined;
  } catch {
    return undefined;
  }
}

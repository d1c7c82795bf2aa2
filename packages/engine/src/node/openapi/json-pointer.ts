import type { Json } from './load-openapi';

/** One key as a JSON pointer segment (`~` → `~0`, `/` → `~1`). */
export const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
const unescapePointer = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

export function pointerSegments(pointer: string): string[] {
  return pointer.replace(/^#?\//, '').split('/').filter((s, i, a) => s !== '' || i < a.length - 1).map(unescapePointer);
}

export function resolvePointer(document: Json, pointer: string): Json | undefined {
  let value: Json | undefined = document;
  for (const segment of pointerSegments(pointer)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = Array.isArray(value) ? value[Number(segment)] : value[segment];
    if (value === undefined) return undefined;
  }
  return value;
}

/** The JSON pointer of every line of `JSON.stringify(value, null, 2)`. */
export function jsonLinePointers(value: Json): string[] {
  const lines: string[] = [];
  const emit = (v: Json, pointer: string) => {
    if (v !== null && typeof v === 'object') {
      const entries: Array<[string, Json]> = Array.isArray(v) ? v.map((x, i) => [String(i), x]) : Object.entries(v).filter(([, x]) => x !== undefined);
      lines.push(pointer);
      if (!entries.length) return;
      for (const [key, child] of entries) emit(child, `${pointer}/${escapePointer(key)}`);
      lines.push(pointer);
    } else {
      lines.push(pointer);
    }
  };
  emit(value, '#');
  return lines;
}

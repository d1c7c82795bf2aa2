import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

/** One `@font-face` rule of a font package's stylesheet (Fontsource layout). */
export interface PackageFace {
  family: string;
  style: string;
  /** `400` or a variable font's range `100 900`. */
  weight: string;
  /** Absolute path of the face's file (the first `url()` of its `src`). */
  file: string;
  /** Code points the face covers (its `unicode-range`; everything when it has none). */
  ranges: Array<[number, number]>;
}

/**
 * The folder of an installed npm package: looked up from the site folder first, then from docsgen's
 * own dependencies. Null when it is installed in neither.
 */
export function packageDir(name: string, root: string): string | null {
  for (const from of [path.join(root, 'package.json'), import.meta.filename]) {
    try {
      return path.dirname(createRequire(from).resolve(`${name}/package.json`));
    } catch {
      // not installed there
    }
  }
  return null;
}

/** The `@font-face` rules of a package stylesheet whose file exists, in the order written. */
export function readPackageFaces(stylesheet: string): PackageFace[] {
  const css = fs.readFileSync(stylesheet, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const faces: PackageFace[] = [];
  for (const block of css.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
    const props = new Map<string, string>();
    for (const decl of block[1].split(';')) {
      const colon = decl.indexOf(':');
      if (colon > 0) props.set(decl.slice(0, colon).trim().toLowerCase(), decl.slice(colon + 1).trim());
    }
    const url = /url\(\s*['"]?([^'")]+)['"]?\s*\)/.exec(props.get('src') ?? '');
    const family = (props.get('font-family') ?? '').replace(/^['"]|['"]$/g, '');
    if (!url || !family || /^[a-z]+:/i.test(url[1])) continue;
    const file = path.resolve(path.dirname(stylesheet), url[1]);
    if (!fs.existsSync(file)) continue;
    faces.push({ family, style: props.get('font-style') ?? 'normal', weight: props.get('font-weight') ?? '400', file, ranges: parseUnicodeRange(props.get('unicode-range')) });
  }
  return faces;
}

/** `U+0000-00FF,U+0131,U+02??` → inclusive code point ranges. */
export function parseUnicodeRange(value: string | undefined): Array<[number, number]> {
  if (!value) return [[0, 0x10ffff]];
  const ranges: Array<[number, number]> = [];
  for (const part of value.split(',')) {
    const m = /^\s*U\+([0-9a-f?]+)(?:-([0-9a-f]+))?\s*$/i.exec(part);
    if (!m) continue;
    if (m[1].includes('?')) ranges.push([parseInt(m[1].replace(/\?/g, '0'), 16), parseInt(m[1].replace(/\?/g, 'f'), 16)]);
    else ranges.push([parseInt(m[1], 16), parseInt(m[2] ?? m[1], 16)]);
  }
  return ranges;
}

/** Sorted code points → the shortest `unicode-range` value listing exactly them. */
export function formatUnicodeRange(codePoints: number[]): string {
  const parts: string[] = [];
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
  for (let i = 0; i < codePoints.length; ) {
    let j = i;
    while (j + 1 < codePoints.length && codePoints[j + 1] === codePoints[j] + 1) j++;
    parts.push(i === j ? `U+${hex(codePoints[i])}` : `U+${hex(codePoints[i])}-${hex(codePoints[j])}`);
    i = j + 1;
  }
  return parts.join(',');
}

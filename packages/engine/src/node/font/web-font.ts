import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { diagnostic } from '../../shared/diagnostic';
import type { ResolvedConfig } from '../config/resolve-config';
import type { DirCache } from '../cache/dir-cache';
import { hashOf } from '../cache/cache-key';
import { configKeyAt } from '../build/site';
import { staged, type Staged } from '../build/stage';
import { packageDir, readPackageFaces, formatUnicodeRange, type PackageFace } from './package-faces';
import { fallbackFaces, type FontMetrics, type LocalFontName } from './fallback-face';
import { siteCharacters } from './site-characters';
import { fitRules } from './text-widths';
import type { FontTools } from './font-tools';
import { fontTools } from '../workers/font-pool';
import { navbarTexts } from '../../shared/site';

/** The site's web font, ready to emit. */
export interface WebFont {
  /** The family the faces are declared as, without quotes, backslashes or `<` (the head script waits for it: `headScript`). */
  family: string;
  /**
   * `@font-face` rules (subset faces, then the size-adjusted fallback), `--docsgen-font`, and the
   * same variable naming the fallback alone while <html> has `data-font` (set by the head script
   * until the page may turn to the web font), put before the theme's CSS.
   */
  css: string;
  /** Output path (`assets/fonts/…woff2`) → bytes. */
  files: Map<string, Buffer>;
  /** URLs every page preloads: the face that holds the basic Latin letters. */
  preload: string[];
}

/** What the cache keeps of a web font (the files as base64). */
export interface FontEntry {
  family: string;
  css: string;
  files: Array<[string, string]>;
  preload: string[];
}

/** A face's metrics by weight, as the cache keeps them (they depend on the font file alone). */
export type MetricsEntry = Array<[number, FontMetrics]>;

/** Bump when the subsetting or the CSS written changes. */
const FONT_FORMAT = '5';

/** The metrics reader: loaded only when a face is measured, never by a site without a web font or with a cached one. */
let unpack: Promise<typeof import('@capsizecss/unpack').fromBuffer> | null = null;
const loadUnpack = () => (unpack ??= import('@capsizecss/unpack').then((m) => m.fromBuffer));

/** What a variable font is measured on at each weight (the characters `xWidthAvg` weighs, and more). */
const MEASURE_TEXT = ` !"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_\`abcdefghijklmnopqrstuvwxyz{|}~`;

/**
 * Subsets the configured font package's faces to the characters the site uses (cached in
 * `.docsgen/` by the faces' bytes and the character set: subsetting costs about a second) and
 * writes their `@font-face` rules with `font-display: swap` and a `unicode-range` of exactly the
 * kept characters, plus a fallback face on a local font scaled to the web font's metrics so the
 * swap does not move the text. Null without `font` in the config.
 */
export async function buildWebFont(config: ResolvedConfig, caches: { font: DirCache<FontEntry>; fontMetrics: DirCache<MetricsEntry> }): Promise<Staged<WebFont | null>> {
  const cache = caches.font;
  const font = config.font;
  if (!font) return staged(null);
  const at = () => configKeyAt(config, 'font');
  const dir = packageDir(font.package, config.root);
  if (!dir) return staged(null, [diagnostic('FontNotFound', `the font package "${font.package}" is not installed`, at, { hint: `install it in the site folder: npm install --save-exact ${font.package}` })]);
  const stylesheet = path.join(dir, font.stylesheet);
  const faces = fs.existsSync(stylesheet) ? readPackageFaces(stylesheet).filter((f) => f.style === 'normal') : [];
  if (!faces.length) return staged(null, [diagnostic('FontNotFound', `"${font.stylesheet}" of the font package "${font.package}" has no @font-face rule with font-style normal and a font file`, at, { hint: 'name the package stylesheet that lists its faces, e.g. stylesheet: "index.css"' })]);
  const chars = siteCharacters(config);
  const used = faces.map((face) => chars.filter((c) => face.ranges.some(([lo, hi]) => c >= lo && c <= hi)));
  const bytes = faces.map((face, i) => (used[i].length ? fs.readFileSync(face.file) : null));
  const fit = navbarTexts(config);
  const key = hashOf('font', FONT_FORMAT, JSON.stringify(font), JSON.stringify(fit), chars.join(','), ...bytes.map((b) => (b ? hashOf(b.toString('latin1')) : '')));
  const cached = cache.get(key);
  if (cached) return staged(fromEntry(cached));
  // harfbuzz works on a worker thread that ends with the font (its memory goes with it: font-pool.ts).
  const tools = fontTools();
  let built: WebFont;
  try {
    built = await subsetFaces(faces, used, bytes, font.weights, font.fallback, caches.fontMetrics, fit, tools);
  } finally {
    tools.close();
  }
  cache.retain([]);
  cache.set(key, { family: built.family, css: built.css, files: [...built.files].map(([file, b]) => [file, b.toString('base64')]), preload: built.preload });
  return staged(built);
}

const fromEntry = (entry: FontEntry): WebFont => ({ family: entry.family, css: entry.css, files: new Map(entry.files.map(([file, b]) => [file, Buffer.from(b, 'base64')])), preload: entry.preload });

async function subsetFaces(faces: PackageFace[], used: number[][], bytes: Array<Buffer | null>, weights: [number, number] | undefined, fallback: LocalFontName, metricsCache: DirCache<MetricsEntry>, fit: Array<[number, string]>, tools: FontTools): Promise<WebFont> {
  const rules: string[] = [];
  const files = new Map<string, Buffer>();
  const preload: string[] = [];
  const metrics = new Map<number, FontMetrics>();
  const family = faces[0].family;
  for (const [i, face] of faces.entries()) {
    const original = bytes[i];
    if (!original || face.family !== family) continue;
    // A variable face keeps only the configured weight range of its `wght` axis.
    const range = /^(\d+)\s+(\d+)$/.exec(face.weight);
    const axis = range && weights ? { min: Math.max(weights[0], Number(range[1])), max: Math.min(weights[1], Number(range[2])) } : null;
    // noLayoutClosure: no glyphs that only OpenType features reach (alternates, ligatures, small
    // caps), which the theme never asks for: a third of Inter's Latin subset.
    const subset = await tools.subset(original, String.fromCodePoint(...used[i]), { targetFormat: 'woff2', noLayoutClosure: true, variationAxes: axis ? { wght: axis } : undefined });
    const url = `/assets/fonts/${slug(family)}-${i}.${createHash('sha256').update(subset).digest('hex').slice(0, 10)}.woff2`;
    files.set(url.slice(1), subset);
    const weight = axis ? `${axis.min} ${axis.max}` : face.weight;
    rules.push(`@font-face{font-family:${quote(family)};font-style:normal;font-display:swap;font-weight:${weight};src:url(${url}) format("woff2");unicode-range:${formatUnicodeRange(used[i])}}`);
    if (used[i].includes(0x61)) {
      preload.push(url);
      // Measuring takes an instance per weight: kept by the file and axis, apart from the subset, so a new character does not measure again.
      const key = hashOf('font-metrics', FONT_FORMAT, original.toString('latin1'), face.weight, JSON.stringify(axis));
      let measured = metricsCache.get(key);
      if (!measured) {
        measured = [...(await measure(original, face.weight, axis, tools))];
        metricsCache.retain([]);
        metricsCache.set(key, measured);
      }
      for (const [w, m] of measured) if (!metrics.has(w)) metrics.set(w, m);
      // The navbar's texts, measured in the face that holds the basic Latin letters.
      if (preload.length === 1) rules.push(...fitRules(await tools.widths(original, fit.filter(([, text]) => [...text].every((c) => used[i].includes(c.codePointAt(0)!))), axis)));
    }
  }
  const fallbackFamily = `${family} Fallback`;
  if (metrics.size) rules.push(...fallbackFaces(fallbackFamily, metrics, fallback));
  rules.push(`:root{--docsgen-font:${quote(family)}${metrics.size ? `,${quote(fallbackFamily)}` : ''}}`);
  // While the head script keeps the page in the fallback (`data-font`, see `headScript`); without
  // a fallback face, the theme's own stack (`initial` makes `var(--docsgen-font, …)` take its default).
  rules.push(`:root[data-font]{--docsgen-font:${metrics.size ? quote(fallbackFamily) : 'initial'}}`);
  return { family: quote(family).slice(1, -1), css: rules.join('\n'), files, preload };
}

/**
 * The face's metrics at each weight it serves: a static face at its weight; a variable one at every
 * hundred of its kept range, each read from an instance harfbuzz makes at that weight (characters
 * widen with the weight, about 3 % from 400 to 700 in Inter).
 */
async function measure(font: Buffer, weight: string, axis: { min: number; max: number } | null, tools: FontTools): Promise<Map<number, FontMetrics>> {
  const measured = new Map<number, FontMetrics>();
  const fromBuffer = await loadUnpack();
  if (!axis) {
    measured.set(Number.parseInt(weight, 10) || 400, await fromBuffer(font));
    return measured;
  }
  const steps = new Set([axis.min, axis.max]);
  for (let w = Math.ceil(axis.min / 100) * 100; w <= axis.max; w += 100) steps.add(w);
  for (const w of [...steps].sort((a, b) => a - b)) {
    const instance = await tools.subset(font, MEASURE_TEXT, { targetFormat: 'truetype', variationAxes: { wght: w } });
    measured.set(w, await fromBuffer(instance));
  }
  return measured;
}

/** A family name as the CSS declares it and the head script names it (`headScript`, inside a script element: no `<`). */
const quote = (family: string) => `"${family.replace(/["\\<]/g, '')}"`;
const slug = (family: string) => family.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'font';

import { fitKey } from '../../shared/site';

/**
 * Each text's width in the web font at its weight, in em (rounded up to a thousandth), as
 * HarfBuzz shapes it: the shaper browsers use, with the font's default features and kerning, so
 * the width is the one the browser lays out once the font is in. `font` is the face's original
 * file (woff2 or sfnt); `axis`, the kept range of a variable face's `wght` axis. `subsetFont` is the
 * caller's, loaded with the other font tools; the shaper loads here, only when a face is subset.
 */
export async function textWidths(subsetFont: typeof import('subset-font').default, font: Buffer, texts: ReadonlyArray<readonly [number, string]>, axis: { min: number; max: number } | null): Promise<Map<string, number>> {
  const widths = new Map<string, number>();
  if (!texts.length) return widths;
  const hb = await import('harfbuzzjs');
  // HarfBuzz reads sfnt only: a TrueType subset of just these characters, the variable axis kept.
  const sfnt = await subsetFont(font, texts.map(([, text]) => text).join(''), { targetFormat: 'truetype', variationAxes: axis ? { wght: axis } : undefined });
  const blob = new hb.Blob(new Uint8Array(sfnt));
  const face = new hb.Face(blob);
  const shaper = new hb.Font(face);
  // (harfbuzzjs frees its objects when they are collected)
  for (const [weight, text] of texts) {
    if (axis) shaper.setVariations([new hb.Variation('wght', Math.min(axis.max, Math.max(axis.min, weight)))]);
    const buffer = new hb.Buffer();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    hb.shape(shaper, buffer);
    const advance = buffer.getGlyphPositions().reduce((sum, p) => sum + p.xAdvance, 0);
    widths.set(fitKey(weight, text), Math.ceil((advance / face.upem) * 1000) / 1000);
  }
  return widths;
}

/**
 * Rules giving each `[data-fit="<weight> <text>"]` box its text's width in the web font: the box
 * keeps that width while the fallback shows, so the swap moves nothing beside it (a fallback's
 * size-adjust matches widths on average only; a navbar label differs by up to 8 %). `:where()`
 * gives the rules no specificity: the theme's own rules (e.g. a visually hidden label) win.
 */
export function fitRules(widths: ReadonlyMap<string, number>): string[] {
  return [...widths].map(([key, em]) => `:where([data-fit="${key.replace(/["\\]/g, '\\$&').replace(/\n/g, ' ')}"]){display:inline-block;width:${em}em}`);
}

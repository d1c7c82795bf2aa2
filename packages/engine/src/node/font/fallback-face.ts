import arial from '@capsizecss/metrics/arial';
import timesNewRoman from '@capsizecss/metrics/timesNewRoman';

/** The vertical metrics and average character width of a font, in its units (as `@capsizecss/unpack` reads them). */
export interface FontMetrics {
  ascent: number;
  descent: number;
  lineGap: number;
  unitsPerEm: number;
  /** Average width of a Latin character, weighted by how often each occurs in English text. */
  xWidthAvg: number;
}

interface LocalFont {
  metrics: FontMetrics;
  /** `xWidthAvg` of the bold face (same units): measured on Liberation Sans Bold and Liberation Serif Bold, metric-compatible with Arial Bold and Times New Roman Bold. */
  boldWidthAvg: number;
  regular: string[];
  bold: string[];
}

/** Local fonts, each with its metric-compatible clones (Liberation, Croscore) that Linux has instead. */
const LOCAL_FONTS: Record<'Arial' | 'Times New Roman', LocalFont> = {
  Arial: { metrics: arial, boldWidthAvg: 983, regular: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans', 'Arimo'], bold: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'LiberationSans-Bold', 'Arimo Bold'] },
  'Times New Roman': { metrics: timesNewRoman, boldWidthAvg: 886, regular: ['Times New Roman', 'TimesNewRomanPSMT', 'Liberation Serif', 'LiberationSerif', 'Tinos'], bold: ['Times New Roman Bold', 'TimesNewRomanPS-BoldMT', 'Liberation Serif Bold', 'LiberationSerif-Bold', 'Tinos Bold'] },
};

export type LocalFontName = keyof typeof LOCAL_FONTS;

const percent = (n: number) => `${(n * 100).toFixed(2)}%`;

/**
 * `@font-face` rules for a local font scaled to take the web font's room, one per measured weight
 * of the web font (`web`: weight → its metrics there), each over the weights nearest to it: the
 * local regular face below 600, the bold one from 600, with characters as wide on average as the
 * web font's at that weight (`size-adjust`) and lines as high (`ascent-override`,
 * `descent-override`, `line-gap-override`), so text shown before the web font arrives wraps and
 * stands where it will stay when the font swaps in. The method of next/font and fontaine, per weight.
 */
export function fallbackFaces(family: string, web: ReadonlyMap<number, FontMetrics>, local: LocalFontName): string[] {
  const font = LOCAL_FONTS[local];
  const weights = [...web.keys()].sort((a, b) => a - b);
  return weights.map((weight, i) => {
    const m = web.get(weight)!;
    const bold = weight >= 600;
    const localWidth = (bold ? font.boldWidthAvg : font.metrics.xWidthAvg) / font.metrics.unitsPerEm;
    const sizeAdjust = m.xWidthAvg / m.unitsPerEm / localWidth;
    const em = m.unitsPerEm * sizeAdjust;
    const lo = i === 0 ? 1 : Math.floor((weights[i - 1] + weight) / 2) + 1;
    const hi = i === weights.length - 1 ? 1000 : Math.floor((weight + weights[i + 1]) / 2);
    const src = (bold ? font.bold : font.regular).map((n) => `local("${n}")`).join(',');
    return `@font-face{font-family:"${family}";font-style:normal;font-weight:${lo} ${hi};src:${src};size-adjust:${percent(sizeAdjust)};ascent-override:${percent(m.ascent / em)};descent-override:${percent(Math.abs(m.descent) / em)};line-gap-override:${percent(m.lineGap / em)}}`;
  });
}

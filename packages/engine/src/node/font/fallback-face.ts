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

/** Local fonts with one set of metrics: Liberation and Croscore fonts are metric-compatible clones. */
const LOCAL_FONTS: Record<'Arial' | 'Times New Roman', { metrics: FontMetrics; regular: string[]; bold: string[] }> = {
  Arial: { metrics: arial, regular: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans', 'Arimo'], bold: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'LiberationSans-Bold', 'Arimo Bold'] },
  'Times New Roman': { metrics: timesNewRoman, regular: ['Times New Roman', 'TimesNewRomanPSMT', 'Liberation Serif', 'LiberationSerif', 'Tinos'], bold: ['Times New Roman Bold', 'TimesNewRomanPS-BoldMT', 'Liberation Serif Bold', 'LiberationSerif-Bold', 'Tinos Bold'] },
};

const percent = (n: number) => `${(n * 100).toFixed(2)}%`;

/**
 * `@font-face` rules (regular and bold) for a local font scaled to take the web font's room: its
 * characters as wide on average (`size-adjust`) and its lines as high (`ascent-override`,
 * `descent-override`, `line-gap-override`), so text shown before the web font arrives wraps and
 * stands where it will stay when the font swaps in. The method of next/font and fontaine.
 */
export function fallbackFace(family: string, web: FontMetrics, local: keyof typeof LOCAL_FONTS): string[] {
  const { metrics, regular, bold } = LOCAL_FONTS[local];
  const sizeAdjust = web.xWidthAvg / web.unitsPerEm / (metrics.xWidthAvg / metrics.unitsPerEm);
  const em = web.unitsPerEm * sizeAdjust;
  const overrides = `size-adjust:${percent(sizeAdjust)};ascent-override:${percent(web.ascent / em)};descent-override:${percent(Math.abs(web.descent) / em)};line-gap-override:${percent(web.lineGap / em)}`;
  const src = (names: string[]) => names.map((n) => `local("${n}")`).join(',');
  return [
    `@font-face{font-family:"${family}";font-style:normal;font-weight:100 599;src:${src(regular)};${overrides}}`,
    `@font-face{font-family:"${family}";font-style:normal;font-weight:600 900;src:${src(bold)};${overrides}}`,
  ];
}

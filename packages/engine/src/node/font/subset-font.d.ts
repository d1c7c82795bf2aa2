/** The part of subset-font 2.x (harfbuzz's hb-subset as wasm; it ships no types) that docsgen calls. */
declare module 'subset-font' {
  interface SubsetOptions {
    targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype';
    /** Keep only the glyphs of the text, not those its OpenType features could substitute. */
    noLayoutClosure?: boolean;
    /** Pin an axis (a number) or narrow its range. */
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
  }
  export default function subsetFont(font: Buffer, text: string, options?: SubsetOptions): Promise<Buffer>;
}

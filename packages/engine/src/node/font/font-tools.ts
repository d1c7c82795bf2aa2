import { textWidths } from './text-widths';

/** What `subset-font` takes besides the font and the text. */
export type SubsetOptions = NonNullable<Parameters<typeof import('subset-font').default>[2]>;

/** The harfbuzz work of the web font: subsetting a face, and measuring the navbar's texts in it. */
export interface FontTools {
  subset(font: Buffer, text: string, options: SubsetOptions): Promise<Buffer>;
  /** Each text's width in em at its weight, by `fitKey` (text-widths.ts). */
  widths(font: Buffer, texts: ReadonlyArray<readonly [number, string]>, axis: { min: number; max: number } | null): Promise<Map<string, number>>;
  /** Lets the tools go (a worker ends, and its harfbuzz memory with it). */
  close(): void;
}

/** harfbuzz with a WOFF2 encoder, loaded on first use (about 50 ms): never by a site without a web font or with a cached one. */
let subsetFont: Promise<typeof import('subset-font').default> | null = null;
const loadSubsetFont = () => (subsetFont ??= import('subset-font').then((m) => m.default));

/** The tools on this thread. */
export function fontToolsHere(): FontTools {
  return {
    subset: async (font, text, options) => (await loadSubsetFont())(font, text, options),
    widths: async (font, texts, axis) => textWidths(await loadSubsetFont(), font, texts, axis),
    close() {},
  };
}

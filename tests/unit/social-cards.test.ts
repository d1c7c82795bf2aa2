import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { cardSvg, renderCard, CARD_HEIGHT, CARD_WIDTH } from '../../packages/engine/src/node/meta/social-cards';
import { pngOf } from '../../packages/engine/src/node/meta/png';

/*
 * The card's layout gives resvg nothing to draw as a layer of its own: a clip path or a mask is
 * rasterised as a second image the size of the card and blended back, which tripled the time a
 * card took (and the card stage is most of a cold build's CPU time on the portal).
 */

const text = (title: string) => ({ title, section: 'API reference', brand: 'Epic Payments documentation', host: 'docs.epic.example' });

describe('social cards', () => {
  it('lays a card out with no clip path or mask, short title or long', async () => {
    for (const title of ['Card', 'Galtoget: a seat picker with Blocks for a crazy little railway', 'A very long title about accepting payments with Checkout, capturing them later, refunding part of them, and reconciling the payouts at the end of each month']) {
      const svg = await cardSvg(text(title));
      expect(svg, title).toMatch(/^<svg width="1200" height="630"/);
      expect(svg, title).not.toMatch(/\b(clip-path|mask)="/);
    }
  });

  it('clamps a title to three lines: a longer one ends within the title’s place, above the footer', async () => {
    // The title's glyphs are one path; its lowest point must stay above the footer's (at 540 px).
    const lowest = (svg: string) => {
      const path = [...svg.matchAll(/<path fill="#1c1e21" d="([^"]+)"/g)].map((m) => m[1]!).sort((a, b) => b.length - a.length)[0]!;
      return Math.max(...[...path.matchAll(/[-\d.]+ ([-\d.]+)/g)].map((m) => Number(m[1])));
    };
    const long = await cardSvg(text(`${'Reconciling the payouts at the end of each month '.repeat(6)}`));
    expect(lowest(long)).toBeLessThan(520);
  });

  it('renders a PNG of the Open Graph size', async () => {
    const png = await renderCard(text('Capture a payment'));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
  });

  it('encodes the pixels resvg drew, exactly: resvg reads the PNG back to the same pixels, from fewer than half the bytes its own encoder writes', async () => {
    const require = createRequire(import.meta.url);
    const { Resvg, initWasm } = require('@resvg/resvg-wasm') as typeof import('@resvg/resvg-wasm');
    await initWasm(fs.readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm'))).catch(() => {}); // once per thread: renderCard may have started it
    const draw = (svg: string) => {
      const renderer = new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
      const image = renderer.render();
      const drawn = { pixels: image.pixels, png: Buffer.from(image.asPng()) };
      image.free();
      renderer.free();
      return drawn;
    };
    // resvg's own decoder reads the PNG as an image in an SVG the card's size, placed at 0,0
    const readBack = (png: Buffer) => draw(`<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}"><image href="data:image/png;base64,${png.toString('base64')}" width="${CARD_WIDTH}" height="${CARD_HEIGHT}"/></svg>`).pixels;
    const card = draw(await cardSvg(text('Galtoget: a seat picker with Blocks for a crazy little railway')));
    const png = pngOf(card.pixels, CARD_WIDTH, CARD_HEIGHT)!;
    expect(png.equals(await renderCard(text('Galtoget: a seat picker with Blocks for a crazy little railway')))).toBe(true);
    expect(Buffer.from(readBack(png)).equals(Buffer.from(card.pixels))).toBe(true);
    expect(png.length).toBeLessThan(card.png.length * 0.5);
    expect(png[25], 'a palette image').toBe(3);
    // More than 256 colours: RGBA, the same pixels read back.
    const shaded = Uint8Array.from(card.pixels);
    for (let pixel = 0; pixel < 300; pixel++) shaded[pixel * 4] = pixel % 256;
    for (let pixel = 0; pixel < 300; pixel++) shaded[pixel * 4 + 1] = pixel >> 8;
    const rgba = pngOf(shaded, CARD_WIDTH, CARD_HEIGHT)!;
    expect(rgba[25], 'an RGBA image').toBe(6);
    expect(Buffer.from(readBack(rgba)).equals(Buffer.from(shaded))).toBe(true);
    // ... and a pixel that is not opaque after the 256th colour still leaves it to resvg
    shaded[shaded.length - 1] = 0;
    expect(pngOf(shaded, CARD_WIDTH, CARD_HEIGHT)).toBeNull();
    // A pixel that is not opaque is left to resvg's encoder (its pixels are premultiplied then).
    const clear = Uint8Array.from(card.pixels);
    clear[3] = 128;
    expect(pngOf(clear, CARD_WIDTH, CARD_HEIGHT)).toBeNull();
    expect(() => pngOf(card.pixels.subarray(4), CARD_WIDTH, CARD_HEIGHT)).toThrow(/not 1200×630 RGBA pixels/);
  });
});

import { describe, expect, it } from 'vitest';
import { cardSvg, renderCard, CARD_HEIGHT, CARD_WIDTH } from '../../packages/engine/src/node/meta/social-cards';

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
});

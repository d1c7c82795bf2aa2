import { describe, expect, it } from 'vitest';
import { fallbackFaces } from '../../packages/engine/src/node/font/fallback-face';

// Inter's metrics (units per em 2048) at two weights, as @capsizecss/unpack reads them from instances.
const inter = (xWidthAvg: number) => ({ ascent: 1984, descent: -494, lineGap: 0, unitsPerEm: 2048, xWidthAvg });

describe('fallback faces', () => {
  it('scales Arial to the web font per weight: regular below 600, bold from 600, each over the weights nearest it', () => {
    const faces = fallbackFaces('Inter Variable Fallback', new Map([[400, inter(978)], [700, inter(1014)]]), 'Arial');
    expect(faces).toHaveLength(2);
    // 978 / 913 (Arial's average width): 107.12 %; the ascent then takes 1984 / (2048 × 1.0712) of the em.
    expect(faces[0]).toBe('@font-face{font-family:"Inter Variable Fallback";font-style:normal;font-weight:1 550;src:local("Arial"),local("ArialMT"),local("Liberation Sans"),local("LiberationSans"),local("Arimo");size-adjust:107.12%;ascent-override:90.44%;descent-override:22.52%;line-gap-override:0.00%}');
    // Bold: 1014 / 983 (Arial Bold, as Liberation Sans Bold measures): 103.15 %.
    expect(faces[1]).toContain('font-weight:551 1000;src:local("Arial Bold"),');
    expect(faces[1]).toContain('size-adjust:103.15%;ascent-override:93.91%;descent-override:23.38%;');
  });

  it('uses Times New Roman metrics for a serif fallback', () => {
    const [face] = fallbackFaces('Serif Fallback', new Map([[400, inter(900)]]), 'Times New Roman');
    // 900 / 832: 108.17 %.
    expect(face).toContain('src:local("Times New Roman"),');
    expect(face).toContain('size-adjust:108.17%;');
  });
});

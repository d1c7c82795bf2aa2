import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasChromium } from './browser';
import { portalInChromium } from './portal-site';
import { axeViolations, COLOUR_RULES, keptColourMatches, setTheme, THEMES, WIDTHS } from './axe';

/** How many files the sweep is split into (tests/browser/axe-sweep-*.test.ts, one per part). */
export const SWEEP_PARTS = 2;

/**
 * Issue 11: axe on every page of the portal, at 1280 and 375 px, light and dark (in the second
 * mode only the colour rules, on the elements they chose in the first: the mode changes colours
 * and nothing else). The pages are dealt out
 * in turn to `SWEEP_PARTS` files, so that the two test workers share the longest check of the
 * suite instead of one running it alone; each file works through its part in two tabs.
 */
export function axeSweep(part: number): void {
  describe.skipIf(!hasChromium)(`axe on every portal page, part ${part + 1} of ${SWEEP_PARTS} (issue 11)`, () => {
    const chrome = portalInChromium();

    it('has no axe violations on its pages, at 1280 and 375 px, light and dark (there, the colour rules)', async () => {
      const started = Date.now();
      const { portal } = chrome;
      expect(portal.routes.length).toBeGreaterThan(150);
      expect(COLOUR_RULES).toEqual(expect.arrayContaining(['color-contrast', 'link-in-text-block']));
      // Every part has its file, so that the parts together check every page.
      expect(fs.readdirSync(path.join(import.meta.dirname, '../browser')).filter((f) => /^axe-sweep-\d+\.test\.ts$/.test(f)).sort()).toEqual(Array.from({ length: SWEEP_PARTS }, (_, i) => `axe-sweep-${i + 1}.test.ts`));
      const mine = portal.routes.filter((_, i) => i % SWEEP_PARTS === part);
      expect(mine.length).toBeGreaterThanOrEqual(Math.floor(portal.routes.length / SWEEP_PARTS));
      const queue = [...mine];
      const found: string[] = [];
      const tab = async () => {
        const page = await (await chrome.newContext({ viewport: { width: WIDTHS[0]!, height: 800 } })).newPage();
        for (let route = queue.shift(); route; route = queue.shift()) {
          await page.setViewportSize({ width: WIDTHS[0]!, height: 800 });
          await page.goto(portal.server.url + route);
          for (const width of WIDTHS) {
            await page.setViewportSize({ width, height: 800 });
            for (const [i, theme] of THEMES.entries()) {
              await setTheme(page, theme);
              // The second mode checks the elements the colour rules chose in the first (see axe.ts).
              for (const v of await axeViolations(page, i === 0 ? undefined : COLOUR_RULES, i === 0 ? 'record' : 'replay')) found.push(`${route} ${width} px ${theme}: ${v}`);
              if (i === 0 && !((await keptColourMatches(page))['color-contrast']! > 0)) found.push(`${route} ${width} px: no text for the colour rules to check`);
            }
          }
        }
      };
      await Promise.all([tab(), tab()]);
      console.log(`axe, part ${part + 1} of ${SWEEP_PARTS}: ${mine.length} of ${portal.routes.length} pages × ${WIDTHS.length} widths × ${THEMES.length} themes in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      expect(found).toEqual([]);
    }, 2_400_000);
  });
}

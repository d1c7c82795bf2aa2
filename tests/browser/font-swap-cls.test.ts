import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hasChromium, launchChromium } from '../helpers/browser';
import { buildPortal, type BuiltPortal } from '../helpers/portal-site';
import { delayFonts, observeShifts, shiftsAfterFont } from '../helpers/layout-shift';

/**
 * Issue 11, budget CLS 0 with the web font: the portal's pages loaded with the font held back
 * 1.5 s (they paint in the size-adjusted fallback, then the font swaps in) shift nothing, from the
 * first byte until the font is in use. Light and dark, at the widths readers use.
 */
const PAGES = ['/', '/get-started/set-up-checkout/accept-payment', '/products'];
const WIDTHS = [1280, 1024, 375];
/** Pages checked at one width only: where the results fill in (the footer must not jump), on a phone. */
const NARROW_ONLY = ['/search?q=refund'];

describe.skipIf(!hasChromium)('the web font swaps in without moving anything (CLS 0)', () => {
  let portal: BuiltPortal;
  let browser: Browser;

  beforeAll(async () => {
    portal = await buildPortal();
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await portal?.server.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    for (const width of WIDTHS) {
      const routes = width === 375 ? [...PAGES, ...NARROW_ONLY] : PAGES;
      it(`${theme}, ${width} px: ${routes.join(', ')}`, async () => {
        const seen: Record<string, string[]> = {};
        for (const route of routes) {
          const context = await browser.newContext({ viewport: { width, height: 800 } });
          const page = await context.newPage();
          await observeShifts(page);
          if (theme === 'dark') await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
          await delayFonts(page, 1500);
          // `load` would wait for the preloaded font: go on at the first byte.
          await page.goto(portal.server.url + route, { waitUntil: 'commit' });
          await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
          // The page painted in the fallback: the font was still held back.
          expect(await page.evaluate(() => [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'Inter Variable' && f.status === 'loaded'))).toBe(false);
          const shifts = await shiftsAfterFont(page, 'Inter Variable');
          seen[route] = shifts.map((s) => `${s.value.toFixed(5)}: ${s.sources.join('; ')}`);
          await context.close();
        }
        expect(seen).toEqual(Object.fromEntries(routes.map((route) => [route, []])));
      }, 120_000);
    }
  }
});

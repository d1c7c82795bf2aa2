import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium } from '../helpers/browser';
import { portalInChromium } from '../helpers/portal-site';
import { firstContentfulPaint, holdFonts, observeShifts, shiftsAfterFont } from '../helpers/layout-shift';

/**
 * Issue 11, budget CLS 0 with the web font (`font-display: swap`, preloaded): the portal's pages
 * loaded with the font held back until they have painted paint in the size-adjusted fallback and
 * shift nothing, from the first byte until the font has loaded and 2 s after, light and dark, at
 * the widths readers use. The head script decides the face before the first paint (`data-font` on <html>); the page
 * turns to the web font at the next client navigation or full load, never under the reader's eyes.
 */
/** `/products` is the not-found page (the navbar's Products menu links there; the pages are below it). */
const ROUTES = ['/', '/get-started', '/get-started/set-up-checkout/accept-payment', '/products', '/products/checkout', '/api', '/api/initialize-payment-session', '/changelog', '/search?q=refund'];
const WIDTHS = [1280, 1024, 375];
const FAMILY = 'Inter Variable';

/** Whether the web font itself (not its fallback face, whose name starts the same) has loaded. */
const fontLoaded = (page: Page) => page.evaluate((f) => [...document.fonts].some((face) => face.family.replace(/^"|"$/g, '') === f && face.status === 'loaded'), FAMILY);

/** The family the page's text is drawn in first: the first name of `--docsgen-font` as <body> resolves it. */
const firstFace = (page: Page) => page.evaluate(() => getComputedStyle(document.body).fontFamily.split(',')[0]!.replace(/"/g, '').trim());

/**
 * Records, in the page, when `data-font` is set on and removed from <html> (performance.now()),
 * and whether the web font had loaded at the removal.
 */
const watchMark = (page: Page) =>
  page.addInitScript((family) => {
    const w = window as unknown as { mark: Array<{ at: number; value: string | null; loaded: boolean }> };
    w.mark = [];
    new MutationObserver(() => {
      const loaded = [...document.fonts].some((face) => face.family.replace(/^"|"$/g, '') === family && face.status === 'loaded');
      w.mark.push({ at: performance.now(), value: document.documentElement.getAttribute('data-font'), loaded });
      // the document, not <html>: an init script runs before there is one
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-font'] });
  }, FAMILY);

const marks = (page: Page) => page.evaluate(() => (window as unknown as { mark: Array<{ at: number; value: string | null; loaded: boolean }> }).mark);
/** Pages loaded at once in the sweep below: most of each page's time is the 2 s it is watched after the font. */
const AT_ONCE = 3;

describe.skipIf(!hasChromium)('the web font swaps in without moving anything (CLS 0)', () => {
  const chrome = portalInChromium();

  it('builds every route checked here', () => {
    for (const route of ROUTES.filter((r) => r !== '/products')) expect(chrome.portal.routes).toContain(route.replace(/\?.*/, ''));
  });

  for (const theme of ['light', 'dark'] as const) {
    for (const width of WIDTHS) {
      it(`${theme}, ${width} px, the font held back until the first paint: ${ROUTES.join(', ')}`, async () => {
        const seen: Record<string, string[]> = {};
        const check = async (route: string) => {
          const context = await chrome.browser.newContext({ viewport: { width, height: 800 } });
          const page = await context.newPage();
          await observeShifts(page);
          if (theme === 'dark') await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
          const font = await holdFonts(page);
          // `load` would wait for the preloaded font: go on at the first byte.
          await page.goto(chrome.portal.server.url + route, { waitUntil: 'commit' });
          await firstContentfulPaint(page);
          // The page painted in the fallback: the font was still held back.
          expect(await fontLoaded(page)).toBe(false);
          font.release();
          const shifts = await shiftsAfterFont(page, FAMILY, 2000);
          seen[route] = shifts.map((s) => `${s.value.toFixed(5)}: ${s.sources.join('; ')} (${s.when})`);
          await context.close();
        };
        const queue = [...ROUTES];
        const worker = async () => {
          for (let route = queue.shift(); route; route = queue.shift()) await check(route);
        };
        await Promise.all(Array.from({ length: AT_ONCE }, worker));
        expect(seen).toEqual(Object.fromEntries(ROUTES.map((route) => [route, []])));
      }, 180_000);
    }
  }

  it('paints in the web font from the first frame when it is there: the first animation frame runs after the stylesheet, before the first paint', async () => {
    for (const route of ['/get-started', '/api/initialize-payment-session']) {
      const context = await chrome.browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await watchMark(page);
      await observeShifts(page);
      // At the first frame (this callback runs just before the head script's): the stylesheet applies, nothing painted yet.
      await page.addInitScript(() => requestAnimationFrame(() => {
        (window as unknown as { firstFrame: unknown }).firstFrame = { font: getComputedStyle(document.documentElement).getPropertyValue('--docsgen-font'), painted: performance.getEntriesByType('paint').length };
      }));
      // The stylesheet held back, so the preloaded font is surely there when it comes.
      await page.route('**/assets/styles.*.css', async (r) => {
        const response = await r.fetch();
        await new Promise((resolve) => setTimeout(resolve, 400));
        await r.fulfill({ response });
      });
      await page.goto(chrome.portal.server.url + route, { waitUntil: 'commit' });
      const fcp = await firstContentfulPaint(page);
      expect(await page.evaluate(() => (window as unknown as { firstFrame: unknown }).firstFrame)).toEqual({ font: '"Inter Variable Fallback"', painted: 0 });
      const seen = await marks(page);
      // Marked, then unmarked with the font loaded, before the first contentful paint.
      expect(seen.map((m) => [m.value, m.loaded])).toEqual([['wait', false], [null, true]]);
      expect(seen[1]!.at).toBeLessThan(fcp);
      expect(await firstFace(page)).toBe(FAMILY);
      await page.waitForLoadState('load');
      expect(await page.evaluate(() => (window as unknown as { shifts: unknown[] }).shifts)).toEqual([]);
      await context.close();
    }
  });

  it('keeps the fallback once the font arrives late, and shows the font at the next client navigation and reload', async () => {
    const context = await chrome.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await watchMark(page);
    await observeShifts(page);
    const font = await holdFonts(page);
    await page.goto(chrome.portal.server.url + '/get-started', { waitUntil: 'commit' });
    await firstContentfulPaint(page);
    expect(await fontLoaded(page)).toBe(false);
    expect(await firstFace(page)).toBe(`${FAMILY} Fallback`);
    font.release();
    // The font has loaded: the page says so, and stays as it was painted.
    await page.waitForFunction(() => document.documentElement.dataset.font === 'ready');
    expect(await fontLoaded(page)).toBe(true);
    expect(await firstFace(page)).toBe(`${FAMILY} Fallback`);
    // A client-side navigation: the new page is in the web font.
    await page.click('.main-wrapper .sidebar a[href="/get-started/core-concepts"]');
    await page.waitForURL('**/get-started/core-concepts');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent?.length && document.documentElement.dataset.font === undefined);
    expect(await firstFace(page)).toBe(FAMILY);
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => (window as unknown as { shifts: unknown[] }).shifts)).toEqual([]);
    // A reload (the font no longer held back) paints in the web font from the start.
    await page.unroute('**/assets/fonts/*.woff2');
    await page.reload({ waitUntil: 'commit' });
    const fcp = await firstContentfulPaint(page);
    const seen = await marks(page);
    expect(seen.map((m) => m.value)).toEqual(['wait', null]);
    expect(seen[1]!.at).toBeLessThan(fcp);
    expect(await firstFace(page)).toBe(FAMILY);
    await context.close();
  });

  it('keeps the fallback when the font never comes', async () => {
    const context = await chrome.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.route('**/assets/fonts/*.woff2', (r) => r.abort());
    await page.goto(chrome.portal.server.url + '/get-started', { waitUntil: 'load' });
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => document.documentElement.dataset.font)).toBe('wait');
    expect(await firstFace(page)).toBe(`${FAMILY} Fallback`);
    await context.close();
  });

  it('without JavaScript: no mark, the web font with the fallback after it (the classic swap)', async () => {
    const context = await chrome.browser.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(chrome.portal.server.url + '/get-started', { waitUntil: 'load' });
    expect(await page.locator('html').getAttribute('data-font')).toBeNull();
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Inter Variable", "Inter Variable Fallback", /);
    await context.close();
  });
});

import type { Page, Route } from 'playwright-core';

/** A layout shift as CLS counts it (no recent input), with what moved. */
export interface Shift {
  value: number;
  sources: string[];
  /** When it happened (ms after the navigation began, and whether the HTML was still being parsed), the viewport then, and every resize of the window before it: what a failure message needs to tell a page's shift from a harness's. */
  when: string;
}

/**
 * Starts recording layout shifts into `window.shifts`, each with the nodes that moved. Its observer
 * is buffered, so it also gets the shifts from before it started.
 */
function recordShifts(): void {
  const w = window as unknown as { shifts: Array<{ value: number; sources: string[]; when: string }>; resizes?: string[] };
  w.shifts = [];
  if (!w.resizes) {
    const resizes: string[] = (w.resizes = []);
    addEventListener('resize', () => resizes.push(`${Math.round(performance.now())} ms ${innerWidth}×${innerHeight}`));
  }
  const name = (n: Node | null): string => {
    if (!n) return '(removed)';
    if (!(n instanceof Element)) return `text "${(n.textContent ?? '').slice(0, 30)}" in ${name(n.parentElement)}`;
    return `${n.tagName.toLowerCase()}${n.className && typeof n.className === 'string' ? `.${n.className.trim().split(/\s+/).join('.')}` : ''}`;
  };
  type Entry = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }> };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as Entry[]) {
      if (e.hadRecentInput) continue;
      const rect = (r: DOMRectReadOnly) => [r.x, r.y, r.width, r.height].map(Math.round).join(',');
      const resized = w.resizes!.length ? `, resized at ${w.resizes!.join(', ')}` : '';
      // Chromium may paint a page whose HTML it is still parsing (its parser yields on a busy machine)
      const parsed = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.domInteractive;
      const phase = parsed && e.startTime >= parsed ? `${Math.round(e.startTime - parsed)} ms after the HTML was parsed` : 'while the HTML was parsed';
      w.shifts.push({ value: e.value, sources: e.sources.map((s) => `${name(s.node)} ${rect(s.previousRect)} → ${rect(s.currentRect)}`), when: `at ${Math.round(e.startTime)} ms, ${phase}, viewport ${innerWidth}×${innerHeight}${resized}` });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/**
 * Records every layout shift from the start of the page (an init script, run through the DevTools
 * protocol: the pages' CSP allows no inline script).
 */
export const observeShifts = (page: Page) => page.addInitScript(recordShifts);

/**
 * Holds every web-font response back until the test calls `release` (or `ms` have passed, for a
 * page that never asks): a test releases the font once it has seen the first paint, so the page
 * surely paints with the fallback first, however slow the machine. A fixed delay did not: on a
 * loaded machine the first paint came after it.
 */
export async function holdFonts(page: Page, ms = 30_000): Promise<{ release: () => void; servedAt: () => number }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let servedAt = 0;
  await page.route('**/assets/fonts/*.woff2', async (route: Route) => {
    const response = await route.fetch();
    await Promise.race([released, new Promise((r) => setTimeout(r, ms))]);
    servedAt ||= Date.now();
    await route.fulfill({ response });
  });
  return { release, servedAt: () => servedAt };
}

/** The time of the page's first contentful paint (performance.now()), once there is one. */
export async function firstContentfulPaint(page: Page): Promise<number> {
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  return page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]!.startTime);
}

/**
 * Waits until the web font `family` itself is loaded (not its fallback face, whose family name
 * starts the same), then two frames and `settle` ms more, and returns the shifts seen so far.
 */
export async function shiftsAfterFont(page: Page, family: string, settle = 300): Promise<Shift[]> {
  await page.waitForFunction((f) => [...document.fonts].some((face) => face.family.replace(/^"|"$/g, '') === f && face.status === 'loaded'), family);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForTimeout(settle);
  return page.evaluate(() => (window as unknown as { shifts: Shift[] }).shifts);
}

/** Every shift since the page began (the recorder's buffered observer, started now), read `settle` ms from now. */
export async function shiftsSoFar(page: Page, settle = 300): Promise<Shift[]> {
  await page.evaluate(recordShifts);
  await page.waitForTimeout(settle);
  return page.evaluate(() => (window as unknown as { shifts: Shift[] }).shifts);
}

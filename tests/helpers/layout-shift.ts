import type { Page, Route } from 'playwright-core';

/** A layout shift as CLS counts it (no recent input), with what moved. */
export interface Shift {
  value: number;
  sources: string[];
}

/**
 * Records every layout shift from the start of the page (an init script, run through the DevTools
 * protocol: the pages' CSP allows no inline script), each with the nodes that moved.
 */
export const observeShifts = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { shifts: Array<{ value: number; sources: string[] }> };
    w.shifts = [];
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
        w.shifts.push({ value: e.value, sources: e.sources.map((s) => `${name(s.node)} ${rect(s.previousRect)} → ${rect(s.currentRect)}`) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });

/** Holds every web-font response back `ms` milliseconds: the page paints with the fallback first. */
export const delayFonts = (page: Page, ms: number) =>
  page.route('**/assets/fonts/*.woff2', async (route: Route) => {
    const response = await route.fetch();
    await new Promise((r) => setTimeout(r, ms));
    await route.fulfill({ response });
  });

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

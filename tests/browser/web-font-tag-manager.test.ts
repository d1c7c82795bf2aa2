import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import type { RunningServer } from '../../packages/engine/src/node/dev/serve';
import { buildSite, copyFixture, writeFiles } from '../helpers/fixtures';
import { hasChromium, launchChromium, serveBuilt } from '../helpers/browser';
import { firstContentfulPaint, holdFonts } from '../helpers/layout-shift';

/** Where the test site says its tag-manager container is; the browser never reaches it (page.route answers). */
const TAG_MANAGER = 'https://tags.docsgen-test.example/gtm.js';

const PROSE = [
  'Accept a payment by creating a payment session on your server, then redirecting the customer to the hosted payment window that the session returns.',
  'The window collects the card details, runs 3-D Secure when the issuer asks for it, and sends the customer back to your success or failure address, while a webhook tells your server the outcome.',
  'Keep the session id: every later call (capture, refund, void) names the transaction that the session created, and amounts are integers in minor units with an ISO 4217 currency code.',
];

/** A page of long paragraphs, a list and bold text in the first screen: where a font swap would move text. */
const LONG_PAGE = `---\ntitle: Accept a payment with the hosted payment window\n---\n\n${PROSE.join('\n\n')}\n\n## Before you start\n\n- **Test keys** from the merchant app, separately for test and live.\n- A point of sale for each shop, identified by a UUID.\n- An HTTPS endpoint for webhooks: Ærø, Øresund and Åland are fine names.\n\n${PROSE.map((p) => `**${p.slice(0, 30)}** ${p}`).join('\n\n')}\n`;

/** Adds `font` and (optionally) `tagManager` to a copy of the basic fixture and builds it. */
async function site(tagManager: boolean): Promise<string> {
  const root = copyFixture('basic');
  const config = path.join(root, 'docs-build.config.ts');
  const extra = `font: { package: '@fontsource-variable/inter', stylesheet: 'wght.css' },${tagManager ? ` tagManager: { containerId: 'GTM-TEST123', scriptUrl: '${TAG_MANAGER}' },` : ''}\n  redirects:`;
  fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace('redirects:', extra));
  writeFiles(root, { 'content/guide/long.mdx': LONG_PAGE });
  const result = await buildSite(root);
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return root;
}

/** Sums layout shifts (as CLS counts them) from the start of the page, in the page. */
const observeShifts = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { shifts: number[] };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!e.hadRecentInput) w.shifts.push(e.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });

describe.skipIf(!hasChromium)('web font and tag manager in Chromium', () => {
  let browser: Browser;
  let withTags: RunningServer;
  let without: RunningServer;

  beforeAll(async () => {
    [withTags, without] = await Promise.all([site(true).then(serveBuilt), site(false).then(serveBuilt)]);
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await withTags?.close();
    await without?.close();
  });

  /**
   * Opens `route`, with `holdFont` the font response held back until the test releases it (the page paints with the fallback
   * first), the tag-manager container answered locally, and every request recorded.
   */
  async function open(server: RunningServer, route: string, options: { width: number; holdFont?: boolean; dark?: boolean; css?: (css: string) => string }) {
    const context = await browser.newContext({ viewport: { width: options.width, height: 800 } });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await observeShifts(page);
    if (options.dark) await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    const font = options.holdFont ? await holdFonts(page) : { release: () => {}, servedAt: () => 0 };
    if (options.css) {
      const edit = options.css;
      await page.route('**/assets/styles.*.css', async (route: Route) => {
        const response = await route.fetch();
        await route.fulfill({ response, body: edit(await response.text()) });
      });
    }
    await page.route(`${TAG_MANAGER}?*`, (route: Route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'window.tagManagerRanAt = performance.now();' }),
    );
    // With the font held back, go on at the first byte: `load` waits for the preloaded font.
    await page.goto(server.url + route, { waitUntil: options.holdFont ? 'commit' : 'load' });
    return { page, context, requests, errors, releaseFont: font.release, fontServedAt: font.servedAt };
  }

  /** Waits for the web font to be in use, then for two frames, and returns the layout shifts seen. */
  async function shiftsAfterFont(page: Page): Promise<number[]> {
    await page.waitForFunction(() => document.fonts.check('16px "Inter Variable"') && [...document.fonts].some((f) => f.family.includes('Inter Variable') && f.status === 'loaded'));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.waitForTimeout(300);
    return page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
  }

  /**
   * The classic swap, as readers without JavaScript get it (the head script's `data-font` mark
   * is left without effect, so the page turns to the font when it arrives), while the page's
   * scripts still run and can observe the shifts.
   */
  const classicSwap = (css: string) => css.replace(/:root\[data-font\]\{[^}]*\}/, '');

  for (const width of [1280, 1024, 375]) {
    it(`keeps the fallback the page painted in, moving nothing (CLS 0), at ${width} px, the font held back until the first paint`, async () => {
      const { page, context, requests, releaseFont, fontServedAt } = await open(withTags, '/guide/long', { width, holdFont: true });
      // The page painted (with the fallback) before the font arrived, and stays so.
      await firstContentfulPaint(page);
      expect(fontServedAt()).toBe(0);
      releaseFont();
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Inter Variable Fallback", system-ui/);
      expect(await shiftsAfterFont(page)).toEqual([]);
      expect(fontServedAt()).toBeGreaterThan(0);
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Inter Variable Fallback", system-ui/);
      // Everything came from the site itself but the (intercepted) container.
      const origin = new URL(withTags.url).origin;
      expect(requests.filter((u) => !u.startsWith(origin) && !u.startsWith(TAG_MANAGER) && !u.startsWith('data:'))).toEqual([]);
      await context.close();
    });

    it(`swaps in the web font without moving anything (CLS 0) at ${width} px, the font held back until the first paint, as without JavaScript`, async () => {
      const { page, context, releaseFont, fontServedAt } = await open(withTags, '/guide/long', { width, holdFont: true, css: classicSwap });
      await firstContentfulPaint(page);
      expect(fontServedAt()).toBe(0);
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Inter Variable", "Inter Variable Fallback"/);
      releaseFont();
      expect(await shiftsAfterFont(page)).toEqual([]);
      await context.close();
    });
  }

  it('measures real shifts: without the size-adjusted fallback the same swap moves the text', async () => {
    // Drops the fallback face from the CSS (and the mark's rule, so the font swaps in): the page
    // then paints in the next font of the stack.
    const plain = (css: string) => classicSwap(css).replace(/,"Inter Variable Fallback"/, '');
    const { page, context, releaseFont } = await open(withTags, '/guide/long', { width: 1280, holdFont: true, css: plain });
    await firstContentfulPaint(page);
    releaseFont();
    const shifts = await shiftsAfterFont(page);
    expect(shifts.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    await context.close();
  });

  it('preloads the subset font from the site itself, in light and dark mode', async () => {
    for (const dark of [false, true]) {
      const { page, context, requests } = await open(withTags, '/guide', { width: 1280, dark });
      const preload = await page.getAttribute('link[rel="preload"][as="font"]', 'href');
      expect(preload).toMatch(/^\/assets\/fonts\/inter-variable-\d+\.[0-9a-f]{10}\.woff2$/);
      expect(await page.getAttribute('link[rel="preload"][as="font"]', 'crossorigin')).toBe('');
      await page.waitForFunction(() => document.fonts.check('16px "Inter Variable"'));
      expect(requests.filter((u) => u.includes('/assets/fonts/'))).toEqual([new URL(preload!, withTags.url).href]);
      await context.close();
    }
  });

  it('loads the tag-manager container once the page is interactive, never blocking the first paint', async () => {
    const { page, context, requests, errors } = await open(withTags, '/guide', { width: 1280 });
    const html = await (await page.request.get(withTags.url + '/guide')).text();
    expect(html).not.toContain('tags.docsgen-test.example/gtm.js"');
    expect(html).toContain(`<meta name="docsgen:tag-manager" content="${TAG_MANAGER}?id=GTM-TEST123">`);
    await page.waitForFunction(() => 'tagManagerRanAt' in window);
    // The paint entry can be recorded a little after the page's scripts ran: wait for it.
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    const timing = await page.evaluate(() => ({
      ranAt: (window as unknown as { tagManagerRanAt: number }).tagManagerRanAt,
      loadEnd: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      dataLayer: (window as unknown as { dataLayer: Array<Record<string, unknown>> }).dataLayer.map((e) => e.event),
      inHead: [...document.head.querySelectorAll('script[src]')].map((s) => (s as HTMLScriptElement).src).filter((s) => s.startsWith('https://tags.')),
    }));
    expect(timing.loadEnd).toBeGreaterThan(0);
    expect(timing.ranAt).toBeGreaterThanOrEqual(timing.loadEnd);
    // Never before the first paint. The two clocks are coarsened (Chromium rounds paint timing to
    // the millisecond), so a container that ran in the same millisecond reads as equal.
    expect(timing.ranAt).toBeGreaterThanOrEqual(timing.paint);
    expect(timing.dataLayer).toEqual(['gtm.js']);
    expect(timing.inHead).toEqual([`${TAG_MANAGER}?id=GTM-TEST123`]);
    expect(requests.filter((u) => u.startsWith(TAG_MANAGER))).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads no tag-manager container when none is configured', async () => {
    const { page, context, requests } = await open(without, '/guide', { width: 1280 });
    expect(await page.locator('meta[name="docsgen:tag-manager"]').count()).toBe(0);
    await page.waitForLoadState('load');
    // Past the idle callback's 2 s timeout: it would have run by now.
    await page.waitForTimeout(2500);
    expect(requests.filter((u) => u.includes('gtm.js'))).toEqual([]);
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
    await context.close();
  });
});

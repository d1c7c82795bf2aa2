import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hasChromium, launchChromium } from '../helpers/browser';
import { buildPortal, type BuiltPortal } from '../helpers/portal-site';
import { observeShifts, type Shift } from '../helpers/layout-shift';
import { CONTENT_TYPES } from '../../packages/engine/src/node/dev/file-responses';

/**
 * A page arrives in two parts, the second held back for a while, as on a slow network or when the
 * browser's parser yields halfway: what the browser paints of the first part must not move when
 * the rest comes. The navbar and the sidebar are whole at the first paint (it waits until the main
 * content begins); the content is laid out so that what arrives later moves nothing above it.
 */
describe.skipIf(!hasChromium)('the first paint of a page that arrives in parts', () => {
  let portal: BuiltPortal;
  let browser: Browser;
  let server: http.Server;
  let base: string;
  /** The page being served, the point it is cut at, and the release of its second part. */
  let served: { html: string; cut: number; release: Promise<void> };

  beforeAll(async () => {
    portal = await buildPortal();
    server = http.createServer((req, res) => {
      const pathname = decodeURIComponent(new URL(req.url!, 'http://x').pathname);
      const file = path.join(portal.out, pathname);
      if (path.extname(pathname) && fs.existsSync(file)) {
        res.setHeader('content-type', CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream');
        res.end(fs.readFileSync(file));
        return;
      }
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.write(served.html.slice(0, served.cut));
      void served.release.then(() => res.end(served.html.slice(served.cut)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    server?.close();
    await portal?.server.close();
  });

  /**
   * Serves `route` (its page `file` in the output) cut after the first `cutAfter` (at or after
   * `from`), holds the rest 600 ms, and tells whether a frame was rendered meanwhile and which
   * layout shifts the whole load made.
   */
  async function load(route: string, cutAfter: string, from = '', file = path.join(route, 'index.html')): Promise<{ framed: boolean; shifts: Shift[] }> {
    const html = fs.readFileSync(path.join(portal.out, file), 'utf8');
    const at = html.indexOf(cutAfter, from ? html.indexOf(from) : 0);
    expect(at, `"${cutAfter}" in ${route}`).toBeGreaterThan(0);
    let release!: () => void;
    served = { html, cut: at + cutAfter.length, release: new Promise((resolve) => (release = resolve)) };
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await observeShifts(page);
    try {
      await page.goto(base + route, { waitUntil: 'commit' });
      await page.waitForFunction(() => document.querySelector('.navbar') !== null);
      await page.waitForTimeout(300);
      // a frame is rendered within 300 ms unless the first paint is held
      const framed = await page.evaluate(() => new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 300);
        requestAnimationFrame(() => (clearTimeout(timer), resolve(true)));
      }));
      release();
      await page.waitForLoadState('load');
      await page.evaluate(() => document.fonts.ready);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await page.waitForTimeout(300);
      return { framed, shifts: await page.evaluate(() => (window as unknown as { shifts: Shift[] }).shifts) };
    } finally {
      release();
      await context.close();
    }
  }

  it('holds the first paint until the sidebar is whole (cut between an item\'s badge and its label)', async () => {
    const route = '/api/capture-payment';
    const { framed, shifts } = await load(route, '<span class="method-badge method-post">', 'id="site-sidebar"');
    expect(framed).toBe(false);
    expect(shifts).toEqual([]);
  }, 60_000);

  it('paints the content as it comes, and nothing painted moves: the endpoint box, a table, the Test Card', async () => {
    const endpoint = await load('/api/capture-payment', '<code class="api-path">');
    expect(endpoint.framed).toBe(true);
    expect(endpoint.shifts).toEqual([]);
    const route = portal.routes.find((r) => fs.existsSync(path.join(portal.out, r, 'index.html')) && fs.readFileSync(path.join(portal.out, r, 'index.html'), 'utf8').includes('<tbody><tr>'))!;
    const table = await load(route, '</tr>', '<tbody>');
    expect(table.framed).toBe(true);
    expect(table.shifts).toEqual([]);
    const testCard = await load('/api/capture-payment', 'aria-controls="test-card-panel">');
    expect(testCard.framed).toBe(true);
    expect(testCard.shifts).toEqual([]);
  }, 120_000);

  it("keeps a short page's footer where it was painted while the footer's rows arrive (the not-found page)", async () => {
    // `/products` has no page: the not-found page answers it
    const { framed, shifts } = await load('/products', '<div class="footer-columns">', '<footer', '404.html');
    expect(framed).toBe(true);
    expect(shifts).toEqual([]);
  }, 60_000);
});

/**
 * The JavaScript budget (DESIGN.md): at most 12 KB gzip of JavaScript before the first interaction,
 * on every kind of page of the portal. Builds the portal itself into a temp folder, serves it,
 * opens each page in Chromium without touching it, waits for the network to go idle and adds up
 * the gzip size (zlib, default level, as a server would send it) of every script response.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, type Page } from 'playwright-core';
import { SiteBuilder } from '../../packages/engine/src/node/index';
import { serve, type RunningServer } from '../../packages/engine/src/node/dev/serve';
import { silentLogger } from '../../packages/engine/src/node/task';
import { hasChromium, launchChromium } from '../helpers/browser';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUDGET = 12 * 1024;

describe.skipIf(!hasChromium)('JavaScript before interaction, on the portal', () => {
  let browser: Browser;
  let server: RunningServer;
  let out: string;

  beforeAll(async () => {
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-js-budget-'));
    const result = await new SiteBuilder({ root: ROOT, outDir: path.join(out, 'site'), noCache: true }).full();
    expect(result.ok).toBe(true);
    server = await serve({ root: ROOT, out: path.join(out, 'site'), port: 0, host: '127.0.0.1', watch: false, logger: silentLogger });
    browser = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (out) fs.rmSync(out, { recursive: true, force: true });
  });

  /** Opens `route` untouched until the network is idle; every script fetched, with its gzip size. */
  async function scriptsOf(route: string, viewport = { width: 1280, height: 800 }): Promise<{ page: Page; scripts: Map<string, number>; total: number }> {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const pending: Promise<void>[] = [];
    const scripts = new Map<string, number>();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (response.request().resourceType() !== 'script' && !/\.m?js$/.test(url.pathname)) return;
      pending.push(response.body().then((body) => void scripts.set(url.pathname, zlib.gzipSync(body).length)));
    });
    await page.goto(server.url + route, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    expect(errors, route).toEqual([]);
    console.info(`${route} at ${viewport.width} px: ${[...scripts.values()].reduce((a, b) => a + b, 0)} B gzip of JavaScript in ${scripts.size} files`);
    return { page, scripts, total: [...scripts.values()].reduce((a, b) => a + b, 0) };
  }

  const report = (route: string, scripts: Map<string, number>, total: number) =>
    `${route}: ${total} B gzip > ${BUDGET} B (${[...scripts].map(([file, bytes]) => `${file} ${bytes} B`).join(', ')})`;

  for (const route of ['/', '/get-started/set-up-checkout/accept-payment', '/api/refund-payment']) {
    it(`fetches at most 12 KB gzip of JavaScript on ${route}`, async () => {
      const { page, scripts, total } = await scriptsOf(route);
      // the page's own script ran: the measurement is of a working page, not of one that loaded nothing
      expect(scripts.size, route).toBeGreaterThan(0);
      expect(await page.locator('.navbar-items [data-search-button]').count()).toBeGreaterThan(0);
      expect(total, report(route, scripts, total)).toBeLessThanOrEqual(BUDGET);
      await page.context().close();
    });
  }

  it('fetches at most 12 KB gzip of JavaScript on /search?q=refund, which shows its results on load', async () => {
    for (const viewport of [{ width: 1280, height: 800 }, { width: 375, height: 740 }]) {
      const { page, scripts, total } = await scriptsOf('/search?q=refund', viewport);
      // the results for ?q= are there without any interaction, so the search code was counted
      await page.locator('[data-search-results] .search-hit').first().waitFor();
      expect(await page.locator('[data-search-results] .search-count').textContent()).toMatch(/^\d+ results? for "refund"$/);
      expect(await page.inputValue('#search-page-input')).toBe('refund');
      expect(scripts.size).toBeGreaterThan(1);
      expect(total, report('/search?q=refund', scripts, total)).toBeLessThanOrEqual(BUDGET);
      await page.context().close();
    }
  });
});

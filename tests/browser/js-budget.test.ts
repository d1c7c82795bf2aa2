/**
 * The JavaScript budget (DESIGN.md): at most 12 KB gzip of JavaScript before the first interaction,
 * on every kind of page of the portal. Opens each page of the portal the test run builds once
 * (helpers/portal-site.ts) in Chromium without touching it, waits for the network to go idle and
 * adds up the gzip size (zlib, default level, as a server would send it) of every script response.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, type Page } from 'playwright-core';
import type { RunningServer } from '../../packages/engine/src/node/dev/serve';
import { hasChromium, buildServeLaunch, networkQuiet } from '../helpers/browser';
import { portalInChromium } from '../helpers/portal-site';
import { copyFixture } from '../helpers/fixtures';

const BUDGET = 12 * 1024;

type Viewport = { width: number; height: number };

/** Opens `route` untouched until the network is idle; every script fetched, with its gzip size. */
async function scriptsFetched(browser: Browser, base: string, route: string, viewport: Viewport = { width: 1280, height: 800 }, setup?: (page: Page) => Promise<void>): Promise<{ page: Page; scripts: Map<string, number>; total: number }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await setup?.(page);
  const pending: Promise<void>[] = [];
  const scripts = new Map<string, number>();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() !== 'script' && !/\.m?js$/.test(url.pathname)) return;
    pending.push(response.body().then((body) => void scripts.set(url.pathname, zlib.gzipSync(body).length)));
  });
  await page.goto(base + route);
  await networkQuiet(page);
  await Promise.all(pending);
  expect(errors, route).toEqual([]);
  console.info(`${route} at ${viewport.width} px: ${[...scripts.values()].reduce((a, b) => a + b, 0)} B gzip of JavaScript in ${scripts.size} files`);
  return { page, scripts, total: [...scripts.values()].reduce((a, b) => a + b, 0) };
}

const report = (route: string, scripts: Map<string, number>, total: number) =>
  `${route}: ${total} B gzip > ${BUDGET} B (${[...scripts].map(([file, bytes]) => `${file} ${bytes} B`).join(', ')})`;

describe.skipIf(!hasChromium)('JavaScript before interaction, on the portal', () => {
  // the portal as the test run builds it once, served, and a browser
  const chrome = portalInChromium();

  const scriptsOf = (route: string, viewport?: Viewport) => scriptsFetched(chrome.browser, chrome.portal.server.url, route, viewport);

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

describe.skipIf(!hasChromium)('JavaScript before interaction, with a hosted search index', () => {
  let browser: Browser;
  let server: RunningServer;

  beforeAll(async () => {
    const root = copyFixture('basic');
    // In this copy only: hosted search credentials; the test answers the host's queries itself.
    const config = path.join(root, 'docs-build.config.ts');
    const anchor = "  redirects: [{ from: '/old-setup', to: '/guide/setup' }],\n";
    expect(fs.readFileSync(config, 'utf8')).toContain(anchor);
    const search = "  search: { appId: 'TESTAPP', apiKey: 'search-key', indexName: 'fixture-docs', host: 'http://hosted-search.test' },\n";
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace(anchor, anchor + search));
    ({ server, browser } = await buildServeLaunch(root));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('fetches at most 12 KB gzip of JavaScript on /search?q=refund: the hosted client, not the local search engine', async () => {
    const hit = { objectID: 'h1', url: '/guide/setup', type: 'lvl1', hierarchy: { lvl0: 'Guide', lvl1: 'Hosted refunds', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null }, content: 'A refund.' };
    let queries = 0;
    const requested: string[] = [];
    const { page, scripts, total } = await scriptsFetched(browser, server.url, '/search?q=refund', undefined, async (p) => {
      p.on('request', (request) => void requested.push(new URL(request.url()).pathname));
      await p.route('http://hosted-search.test/**', (route) => {
        queries += 1;
        return route.fulfill({ status: 200, headers: { 'access-control-allow-origin': '*' }, contentType: 'application/json', body: JSON.stringify({ results: [{ hits: [hit], nbHits: 1, page: 0, nbPages: 1, hitsPerPage: 20, query: 'refund', queryID: 'q1' }] }) });
      });
    });
    await page.locator('[data-search-results] .search-hit').first().waitFor();
    expect(await page.locator('[data-search-results] .search-hit-title').first().textContent()).toBe('Hosted refunds');
    expect(queries).toBeGreaterThan(0);
    // the hosted service answered, so the local index (and the engine that reads it) was never needed
    expect(requested).not.toContain('/search-index.json');
    expect(total, report('/search?q=refund (hosted)', scripts, total)).toBeLessThanOrEqual(BUDGET);
    await page.context().close();
  });
});

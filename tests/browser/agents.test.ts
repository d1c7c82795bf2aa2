import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, type BrowserContext } from 'playwright-core';
import type { RunningServer } from '../../packages/engine/src/node/dev/serve';
import { copyFixture } from '../helpers/fixtures';
import { hasChromium, buildServeLaunch } from '../helpers/browser';
import { observeShifts, type Shift } from '../helpers/layout-shift';

describe.skipIf(!hasChromium)('View as Markdown and Copy page in Chromium', () => {
  let browser: Browser;
  let server: RunningServer;
  let root: string;
  const contexts: BrowserContext[] = [];
  const open = async (route: string, options: { javaScriptEnabled?: boolean } = {}) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, permissions: ['clipboard-read', 'clipboard-write'], ...options });
    contexts.push(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url + route);
    return { page, errors };
  };

  beforeAll(async () => {
    root = copyFixture('api');
    ({ server, browser } = await buildServeLaunch(root));
  }, 120_000);
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.close();
  });

  it('copies the page as Markdown (fetched on click) and shows a check for 1.5 s', async () => {
    const { page, errors } = await open('/api/capture-payment');
    const markdown = fs.readFileSync(path.join(root, 'build/api/capture-payment.md'), 'utf8');
    // Not inlined: the page holds no copy of the Markdown until the click fetches it.
    expect(await page.content()).not.toContain('## Code samples');
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    const button = page.locator('button[data-copy-page]');
    await button.waitFor({ state: 'visible' });
    await button.click();
    await page.waitForSelector('button[data-copy-page][data-copied]');
    const copiedAt = Date.now();
    expect(await button.textContent()).toContain('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(markdown);
    expect(requests).toContain('/api/capture-payment.md');
    await page.waitForSelector('button[data-copy-page]:not([data-copied])', { timeout: 5000 });
    const shown = Date.now() - copiedAt;
    expect(shown).toBeGreaterThan(1200);
    expect(shown).toBeLessThan(2500);
    expect(await button.textContent()).toContain('Copy page');
    expect(errors).toEqual([]);
  }, 60_000);

  it('copies the current page after a client-side navigation', async () => {
    const { page } = await open('/api/capture-payment');
    await page.locator('.pagination-next, .pagination-prev').first().click();
    await page.waitForFunction(() => location.pathname !== '/api/capture-payment');
    const route = await page.evaluate(() => location.pathname);
    expect(await page.evaluate(() => document.querySelector('link[rel="alternate"][type="text/markdown"]')?.getAttribute('href'))).toBe(`${route}.md`);
    await page.locator('button[data-copy-page]').click();
    await page.waitForSelector('button[data-copy-page][data-copied]');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fs.readFileSync(path.join(root, `build${route}.md`), 'utf8'));
  }, 60_000);

  it('without JavaScript offers only the link, which opens the Markdown as text', async () => {
    const { page } = await open('/api/capture-payment', { javaScriptEnabled: false });
    expect(await page.locator('button[data-copy-page]').isVisible()).toBe(false);
    const link = page.locator('a.page-action[href="/api/capture-payment.md"]');
    expect(await link.isVisible()).toBe(true);
    const response = await page.goto(`${server.url}/api/capture-payment.md`);
    expect(response!.headers()['content-type']).toBe('text/markdown; charset=utf-8');
    expect(await page.locator('body').innerText()).toContain('# Capture a payment');
  }, 60_000);

  it('showing the button shifts no layout', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    const page = await context.newPage();
    await observeShifts(page);
    await page.goto(`${server.url}/api/capture-payment`);
    await page.locator('button[data-copy-page]').waitFor({ state: 'visible' });
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { shifts: Shift[] }).shifts)).toEqual([]);
  }, 60_000);
});

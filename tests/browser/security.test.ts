import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { RunningServer } from '../../packages/engine/src/node/dev/serve';
import { headersFor, parseHeaders } from '../../packages/engine/src/node/emit/headers';
import { buildSite, copyFixture } from '../helpers/fixtures';
import { serve } from '../../packages/engine/src/node/dev/serve';
import { silentLogger } from '../../packages/engine/src/node/task';
import { cspViolations, hasChromium, serveBuilt, buildServeLaunch, networkQuiet } from '../helpers/browser';

describe.skipIf(!hasChromium)('the Content-Security-Policy in Chromium', () => {
  let browser: Browser;
  let site: RunningServer;
  let root: string;

  beforeAll(async () => {
    root = copyFixture('basic');
    ({ server: site, browser } = await buildServeLaunch(root));
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('is sent as _headers says, and the head script (allowed by its hash) still applies the stored theme', async () => {
    const context = await browser.newContext();
    await context.addInitScript({ content: "localStorage.setItem('theme', 'dark')" });
    const page = await context.newPage();
    const response = await page.goto(`${site.url}/guide/setup`);
    const rules = parseHeaders(fs.readFileSync(path.join(root, 'build', '_headers'), 'utf8'));
    const expected = headersFor(rules, '/guide/setup');
    const csp = response!.headers()['content-security-policy']!;
    expect(csp).toBe(expected['Content-Security-Policy']);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    // The announcement's colours come from the CSS file now, not a style attribute.
    expect(await page.locator('[style]').count()).toBe(0);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.announcement')!).backgroundColor)).toBe('rgb(194, 65, 12)');
    await networkQuiet(page);
  });

  it('blocks an injected inline script and an inline style, and the helper sees both', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${site.url}/guide`);
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__ran = true';
      document.body.append(s);
      const d = document.createElement('div');
      d.innerHTML = '<p style="color:red">x</p>';
      document.body.append(d);
    });
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => (window as unknown as { __ran?: boolean }).__ran)).toBeUndefined();
    const seen = cspViolations.splice(0);
    expect(seen.some((v) => v.includes('script-src'))).toBe(true);
    expect(seen.some((v) => v.includes('style-src'))).toBe(true);
  });

  it('the API console says a custom server outside the spec is blocked by the policy', async () => {
    const apiRoot = copyFixture('api');
    expect((await buildSite(apiRoot)).ok).toBe(true);
    const apiSite = await serveBuilt(apiRoot);
    try {
      const page = await (await browser.newContext()).newPage();
      await page.goto(`${apiSite.url}/api/capture-payment`);
      await page.click('.api-console-open');
      await page.waitForSelector('.api-console-panel');
      await page.selectOption('#console-server', '__custom');
      await page.fill('[aria-label="Server URL"]', 'https://elsewhere.example');
      await page.fill('#console-key', 'sk_test_4eC39HqLyjWDarjtT1zdp7dc');
      await page.click('button:text-is("Send")');
      await page.waitForSelector('.api-console-error');
      expect(await page.textContent('.api-console-error')).toContain('Content-Security-Policy');
      expect(await page.textContent('.api-console-error')).toContain('https://elsewhere.example');
      const seen = cspViolations.splice(0);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((v) => v.includes('connect-src') || v.includes('Content Security Policy'))).toBe(true);
    } finally {
      await apiSite.close();
    }
  });

  it('serve --watch: the live-reload script runs (allowed by its hash) and shows the error overlay without a violation', async () => {
    const watchRoot = copyFixture('basic');
    const watched = await serve({ root: watchRoot, port: 0, host: '127.0.0.1', watch: true, logger: silentLogger });
    try {
      const page = await (await browser.newContext()).newPage();
      await page.goto(`${watched.url}/guide/setup`);
      await page.waitForTimeout(300);
      const file = path.join(watchRoot, 'content/guide/setup.mdx');
      fs.writeFileSync(file, `${fs.readFileSync(file, 'utf8')}\nBroken {expression}\n`);
      await page.waitForSelector('#docsgen-error-overlay', { timeout: 15_000 });
      expect(await page.textContent('#docsgen-error-overlay')).toContain('ExpressionInContent');
      expect(await page.evaluate(() => getComputedStyle(document.getElementById('docsgen-error-overlay')!).position)).toBe('fixed');
    } finally {
      await watched.close();
    }
  });
});

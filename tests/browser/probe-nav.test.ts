import { expect, it } from 'vitest';
import { portalInChromium } from '../helpers/portal-site';
const chrome = portalInChromium();
it('times', async () => {
  for (const js of [false, true]) for (const route of ['/api', '/api/refund-payment', '/api/schemas/transaction', '/js', '/js/partials/javascript-events', '/get-started', '/products/checkout']) {
    const t0 = Date.now();
    const context = await chrome.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: js });
    const page = await context.newPage();
    const t1 = Date.now();
    await page.goto(chrome.portal.server.url + route);
    const t2 = Date.now();
    const n = await page.evaluate(() => document.querySelectorAll('*').length);
    console.log(js, route, t1 - t0, t2 - t1, n, (await page.content()).length);
  }
  expect(1).toBe(1);
}, 300_000);

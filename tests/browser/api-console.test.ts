import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, type Page } from 'playwright-core';
import type { RunningServer } from '../../packages/engine/src/node/dev/serve';
import { copyFixture } from '../helpers/fixtures';
import { hasChromium, buildServeLaunch, networkQuiet } from '../helpers/browser';

const SPEC = 'payments.yaml';

/** A stand-in for the payments API on loopback, with CORS, a 404 case and a slow case. */
function startApi(): Promise<{ server: http.Server; url: string; requests: Array<{ url: string; auth?: string; body: string }> }> {
  const requests: Array<{ url: string; auth?: string; body: string }> = [];
  const server = http.createServer((req, res) => {
    const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'Authorization, Content-Type, Idempotency-Key, Accept', 'Access-Control-Allow-Methods': 'GET, POST, PATCH' };
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests.push({ url: req.url!, auth: req.headers.authorization, body });
      if (req.url!.includes('/transactions/slow/')) return void setTimeout(() => res.writeHead(200, cors).end('{}'), 3000);
      if (req.url!.includes('/transactions/missing/')) return void res.writeHead(404, { ...cors, 'Content-Type': 'application/json' }).end(JSON.stringify({ code: 'not_found', message: 'No transaction with that id.' }));
      res.writeHead(200, { ...cors, 'Content-Type': 'application/json', 'X-RateLimit-Remaining': '99' }).end(JSON.stringify({ id: 'op_1', status: 'SUCCEEDED' }));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests })));
}

describe.skipIf(!hasChromium)('the API console in Chromium', () => {
  let browser: Browser;
  let site: RunningServer;
  let api: Awaited<ReturnType<typeof startApi>>;

  beforeAll(async () => {
    api = await startApi();
    const root = copyFixture('api');
    // The pages' CSP lets the console reach the spec's servers only: the stand-in (and a dead port) are listed there.
    const spec = path.join(root, 'specs', SPEC);
    fs.writeFileSync(spec, fs.readFileSync(spec, 'utf8').replace('servers:\n', `servers:\n  - url: ${api.url}\n    description: Stand-in\n  - url: http://127.0.0.1:9\n    description: Dead port\n`));
    ({ server: site, browser } = await buildServeLaunch(root));
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    api?.server.close();
  });

  async function openConsole(serverUrl: string): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${site.url}/api/capture-payment`);
    await page.click('.api-console-open');
    await page.waitForSelector('.api-console-panel');
    await page.selectOption('#console-server', '__custom');
    await page.fill('[aria-label="Server URL"]', serverUrl);
    await page.fill('#console-key', 'sk_test_123');
    return page;
  }

  it('ships no console code until it is opened', async () => {
    const page = await (await browser.newContext()).newPage();
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(r.url()));
    await page.goto(`${site.url}/api/capture-payment`);
    await networkQuiet(page);
    expect(fetched.filter((u) => u.includes('/assets/island-') || u.includes('/assets/chunk.'))).toEqual([]);
  });

  it("shows the server's description with its Markdown rendered at build time, and plain text in the choice", async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${site.url}/api/capture-payment`);
    await page.click('.api-console-open');
    await page.waitForSelector('.api-console-panel');
    // the test server is chosen first; its description's code span is a <code> element, not backticks
    expect(await page.inputValue('#console-server')).toBe('https://api.test.fixture.example');
    expect(await page.textContent('.api-console-server-description')).toBe('Test, with sk_test_ keys');
    expect(await page.textContent('.api-console-server-description code')).toBe('sk_test_');
    const options = await page.locator('#console-server option').allTextContents();
    expect(options).toContain('Test, with sk_test_ keys (https://api.test.fixture.example)');
    expect(options.join('\n')).not.toContain('`');
    await page.selectOption('#console-server', 'https://api.fixture.example');
    expect(await page.textContent('.api-console-server-description')).toBe('Live');
  });

  it("shows a crashed console's error where the console was, titled 'Page Error' and focused; Try again restores it", async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(`${site.url}/api/capture-payment`);
    const title = await page.title();
    // a parameter whose name is an object: rendering the open console throws
    await page.evaluate(() => {
      const island = document.querySelector<HTMLElement>('docsgen-island[data-island="ApiConsole"]')!;
      const props = JSON.parse(island.dataset.props!);
      island.dataset.props = JSON.stringify({ ...props, parameters: [{ name: { broken: true }, in: 'path', required: true, type: 'string' }] });
    });
    await page.click('.api-console-open');
    await page.waitForSelector('.error-boundary');
    expect(await page.title()).toBe('Page Error');
    // in place: inside the main content, right after the endpoint line, above the footer
    expect(await page.evaluate(() => {
      const box = document.querySelector('.error-boundary')!;
      return {
        inMain: Boolean(box.closest('main')),
        afterEndpoint: box.closest('docsgen-island')?.previousElementSibling?.classList.contains('api-endpoint') ?? false,
        focused: document.activeElement === box,
        aboveFooter: box.getBoundingClientRect().bottom < document.querySelector('footer')!.getBoundingClientRect().top,
      };
    })).toEqual({ inMain: true, afterEndpoint: true, focused: true, aboveFooter: true });
    await page.click('.error-boundary button:has-text("Try again")');
    await page.waitForSelector('.api-console-open');
    expect(await page.title()).toBe(title);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('api-console-open'))).toBe(true);
  });

  it('sends the request and shows status, time, headers and the pretty body', async () => {
    const page = await openConsole(api.url);
    await page.click('button:text-is("Send")');
    await page.waitForSelector('[data-testid="console-response"]');
    expect(await page.textContent('.api-console-status')).toMatch(/200 OK in \d+ ms/);
    expect(await page.textContent('[data-testid="console-response"]')).toContain('"status": "SUCCEEDED"');
    const last = api.requests.at(-1)!;
    expect(last.url).toBe('/v1/transactions/0b6a3c1e-7d2f-4a8b-9c5e-1f2a3b4c5d6e/capture');
    expect(last.auth).toBe('Bearer sk_test_123');
    expect(JSON.parse(last.body)).toEqual({ amount: 5000, reference: 'order-1' });
  });

  it('shows a 4xx status with the error body', async () => {
    const page = await openConsole(api.url);
    await page.fill('#console-path-transactionId', 'missing');
    await page.click('button:text-is("Send")');
    await page.waitForSelector('[data-testid="console-response"]');
    expect(await page.textContent('.api-console-status')).toContain('404');
    expect(await page.textContent('[data-testid="console-response"]')).toContain('not_found');
  });

  it('checks the body against the schema before sending', async () => {
    const page = await openConsole(api.url);
    const before = api.requests.length;
    await page.fill('#console-body', '{ "amount": "5000" }');
    await page.click('button:text-is("Send")');
    expect(await page.textContent('.api-console-problems')).toContain('amount must be an integer');
    await page.fill('#console-body', '{ "amount": ');
    await page.click('button:text-is("Send")');
    expect(await page.textContent('.api-console-problems')).toContain('not valid JSON');
    expect(api.requests.length).toBe(before);
  });

  it('explains a network failure, and can cancel a slow request', async () => {
    const page = await openConsole('http://127.0.0.1:9');
    await page.click('button:text-is("Send")');
    await page.waitForSelector('.api-console-error');
    expect(await page.textContent('.api-console-error')).toContain('CORS');
    await page.fill('[aria-label="Server URL"]', api.url);
    await page.fill('#console-path-transactionId', 'slow');
    await page.click('button:text-is("Send")');
    await page.click('text=Cancel');
    await page.waitForSelector('.api-console-error');
    expect(await page.textContent('.api-console-error')).toContain('cancelled');
  });
});

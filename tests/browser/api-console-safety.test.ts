import path from 'node:path';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from '../../packages/engine/src/node/dev/serve';
import { copyFixture } from '../helpers/fixtures';
import { hasChromium, buildServeLaunch } from '../helpers/browser';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Seen { url: string; auth?: string; idempotencyKey?: string; referer?: string; body: string }

/** A stand-in for the payments API on loopback that answers with a card number and echoes the key. */
function startApi(): Promise<{ server: http.Server; url: string; requests: Seen[] }> {
  const requests: Seen[] = [];
  const server = http.createServer((req, res) => {
    const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'Authorization, Content-Type, Idempotency-Key, Accept', 'Access-Control-Allow-Methods': 'GET, POST' };
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests.push({ url: req.url!, auth: req.headers.authorization, idempotencyKey: req.headers['idempotency-key'] as string | undefined, referer: req.headers.referer, body });
      res.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end(JSON.stringify({ id: 'op_1', status: 'SUCCEEDED', card: { number: '4454000000000003' }, echo: req.headers.authorization }));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests })));
}

describe.skipIf(!hasChromium)('the API console is payment-safe', () => {
  let browser: Browser;
  let site: RunningServer;
  let api: Awaited<ReturnType<typeof startApi>>;

  beforeAll(async () => {
    api = await startApi();
    const root = copyFixture('issue-12');
    // The pages' CSP lets the console reach the spec's servers only: the stand-in and the plain-http
    // host of the warning test are listed there (the console still sends to them as custom servers).
    const spec = path.join(root, 'specs/payments.yaml');
    fs.writeFileSync(spec, fs.readFileSync(spec, 'utf8').replace('servers:\n', `servers:\n  - url: ${api.url}\n    description: Stand-in\n  - url: http://payments.example.test\n    description: Plain http\n`));
    ({ server: site, browser } = await buildServeLaunch(root));
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    api?.server.close();
  });

  async function openConsole(route: string, serverUrl: string, key = 'sk_test_4eC39HqLyjWDarjtT1zdp7dc'): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${site.url}${route}`);
    await page.click('.api-console-open');
    await page.waitForSelector('.api-console-panel');
    await page.selectOption('#console-server', '__custom');
    await page.fill('[aria-label="Server URL"]', serverUrl);
    if (key) await page.fill('#console-key', key);
    return page;
  }
  const send = async (page: Page, before: number) => {
    await page.click('button:text-is("Send")');
    await page.waitForSelector('[data-testid="console-response"]');
    expect(api.requests.length).toBe(before + 1);
    return api.requests.at(-1)!;
  };

  it('refuses a live key unless it is allowed for one send', async () => {
    const page = await openConsole('/api/capture-payment', api.url, 'sk_live_51Habcdefghijklmnop');
    const before = api.requests.length;
    await page.click('button:text-is("Send")');
    expect(await page.textContent('.api-console-problems')).toContain('This is a live key');
    expect(api.requests.length).toBe(before);
    await page.check('.api-console-live input');
    const seen = await send(page, before);
    expect(seen.auth).toBe('Bearer sk_live_51Habcdefghijklmnop');
    // The allowance was for that one send only.
    await page.click('button:text-is("Send")');
    expect(await page.textContent('.api-console-problems')).toContain('This is a live key');
    expect(api.requests.length).toBe(before + 1);
  });

  it('sends a fresh UUID Idempotency-Key every time, the same one on Retry, and an edited one as typed', async () => {
    const page = await openConsole('/api/capture-payment', api.url);
    const before = api.requests.length;
    const first = await send(page, before);
    const second = await send(page, before + 1);
    expect(first.idempotencyKey).toMatch(UUID_V4);
    expect(second.idempotencyKey).toMatch(UUID_V4);
    expect(second.idempotencyKey).not.toBe(first.idempotencyKey);
    await page.click('text=Retry (same key)');
    await page.waitForFunction((n) => document.querySelectorAll('.api-console-history li').length === n, 3);
    expect(api.requests.at(-1)!.idempotencyKey).toBe(second.idempotencyKey);
    await page.fill('#console-idempotency', '0f4b3c2a-1d2e-4f3a-8b4c-5d6e7f8a9b0c');
    expect((await send(page, before + 3)).idempotencyKey).toBe('0f4b3c2a-1d2e-4f3a-8b4c-5d6e7f8a9b0c');
  });

  it('warns before sending a key over plain http to a server that is not loopback, and sends only when confirmed', async () => {
    const page = await openConsole('/api/capture-payment', 'http://payments.example.test');
    const intercepted: Array<{ url: string; auth: string | undefined }> = [];
    await page.route('http://payments.example.test/**', (route) => {
      intercepted.push({ url: route.request().url(), auth: route.request().headers().authorization });
      return route.fulfill({ status: 200, headers: { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'application/json' }, body: '{"ok":true}' });
    });
    await page.click('button:text-is("Send")');
    expect(await page.textContent('.api-console-insecure')).toContain('is plain http: your key would cross the network unencrypted');
    expect(intercepted).toEqual([]);
    await page.click('text=Don\'t send');
    expect(await page.$('.api-console-insecure')).toBeNull();
    await page.click('button:text-is("Send")');
    await page.click('text=Send over http anyway');
    await page.waitForSelector('[data-testid="console-response"]');
    expect(intercepted).toHaveLength(1);
    expect(intercepted[0]!.auth).toBe('Bearer sk_test_4eC39HqLyjWDarjtT1zdp7dc');
  });

  it('masks card numbers and keys in the response, the headers and the history', async () => {
    const page = await openConsole('/api/moto-authorization', api.url);
    await page.fill('#console-body', JSON.stringify({ amount: 1000, card: { number: '4454 0000 0000 0003', cvc: '123' } }, null, 2));
    const seen = await send(page, api.requests.length);
    expect(JSON.parse(seen.body).card.number).toBe('4454 0000 0000 0003');
    const shown = (await page.textContent('[data-testid="console-response"]'))!;
    expect(shown).toContain('445400••••••0003');
    expect(shown).not.toContain('4454000000000003');
    expect(shown).toContain('Bearer sk_test_…p7dc');
    expect(shown).not.toContain('4eC39HqLyjWDarjtT1zdp7dc');
    const history = (await page.textContent('.api-console-history'))!;
    expect(history).toContain('sk_test_…p7dc');
    expect(history).toContain('445400••••••0003');
    expect(history).not.toMatch(/4454 0000 0000 0003|4eC39HqLyjWDarjtT1zdp7dc/);
  });

  it('never writes the key to storage or cookies, and sends no Referer', async () => {
    const page = await openConsole('/api/capture-payment', api.url);
    const seen = await send(page, api.requests.length);
    expect(seen.referer).toBeUndefined();
    const stored = await page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie, url: location.href }));
    expect(stored).not.toContain('4eC39HqLyjWDarjtT1zdp7dc');
    expect(stored).not.toContain('sk_test_');
    // Gone after a reload: it lived in the page's memory only.
    await page.reload();
    await page.click('.api-console-open');
    expect(await page.inputValue('#console-key')).toBe('');
  });

  it('sends no Authorization header to an operation with security: [], and asks for no key', async () => {
    const page = await openConsole('/api/request-access-token', api.url, '');
    expect(await page.$('#console-key')).toBeNull();
    expect(await page.textContent('.api-console-panel')).toContain('takes no Authorization header');
    const seen = await send(page, api.requests.length);
    expect(seen.auth).toBeUndefined();
  });
});

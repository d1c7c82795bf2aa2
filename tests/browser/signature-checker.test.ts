import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from '../../packages/engine/src/node/dev/serve';
import { copyFixture } from '../helpers/fixtures';
import { hasChromium, buildServeLaunch, networkQuiet } from '../helpers/browser';

const hmac = (secret: string, t: number, body: string) => crypto.createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
const now = () => Math.floor(Date.now() / 1000);

describe.skipIf(!hasChromium)('the webhook signature checker in Chromium', () => {
  let browser: Browser;
  let site: RunningServer;

  beforeAll(async () => {
    const root = copyFixture('issue-12');
    ({ server: site, browser } = await buildServeLaunch(root));
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  /** The webhook page, with every request it makes recorded (to prove nothing leaves the page). */
  async function open(): Promise<{ page: Page; requests: Array<{ url: string; method: string }>; body: string }> {
    const page = await (await browser.newContext()).newPage();
    const requests: Array<{ url: string; method: string }> = [];
    page.on('request', (r) => requests.push({ url: r.url(), method: r.method() }));
    await page.goto(`${site.url}/api/webhooks/operation-event`);
    await networkQuiet(page);
    expect(requests.filter((r) => r.url.includes('/assets/island-'))).toEqual([]);
    await page.click('.signature-checker-open');
    await page.waitForSelector('#sig-body');
    requests.length = 0;
    const body = await page.inputValue('#sig-body');
    return { page, requests, body };
  }

  async function check(page: Page, header: string, secret: string): Promise<{ reason: string | null; text: string }> {
    await page.fill('#sig-header', header);
    await page.fill('#sig-secret', secret);
    await page.click('text=Check signature');
    const verdict = await page.waitForSelector('.signature-verdict');
    return { reason: await verdict.getAttribute('data-reason'), text: (await verdict.textContent()) ?? '' };
  }

  it('verifies a correct signature over the raw body, sending nothing anywhere', async () => {
    const { page, requests, body } = await open();
    expect(body).toContain('"status": "SUCCEEDED"');
    const t = now();
    const verdict = await check(page, `t=${t},v1=${hmac('whsec_test_1', t, body)}`, 'whsec_test_1');
    expect(verdict.reason).toBe('valid');
    expect(verdict.text).toMatch(/^Valid: the signature matches the raw body/);
    // Nothing was fetched while checking: no request carried the payload or the secret.
    expect(requests).toEqual([]);
  });

  it('says the secret is wrong when the signature was made with another one', async () => {
    const { page, body } = await open();
    const t = now();
    const verdict = await check(page, `t=${t},v1=${hmac('whsec_live_secret', t, body)}`, 'whsec_test_1');
    expect(verdict.reason).toBe('mismatch');
    expect(verdict.text).toContain('does not match with this secret');
    expect(verdict.text).toContain('the fixture webhook secret');
  });

  it('rejects a stale timestamp even when the signature matches', async () => {
    const { page, body } = await open();
    const t = now() - 3600;
    const verdict = await check(page, `Fixture-Signature: t=${t},v1=${hmac('whsec_test_1', t, body)}`, 'whsec_test_1');
    expect(verdict.reason).toBe('stale');
    expect(verdict.text).toContain('60 min ago, more than the 5 min a handler accepts');
  });

  it('recognises a re-serialised body: the header signs the compact bytes, the pasted body is pretty-printed', async () => {
    const { page, body } = await open();
    const t = now();
    const raw = JSON.stringify(JSON.parse(body));
    expect(raw).not.toBe(body);
    const verdict = await check(page, `t=${t},v1=${hmac('whsec_test_1', t, raw)}`, 'whsec_test_1');
    expect(verdict.reason).toBe('reserialised');
    expect(verdict.text).toContain('compact JSON');
    expect(verdict.text).toContain('raw request body');
  });

  it('fits a 375 px phone with the checker open and a signed curl shown (no sideways scroll)', async () => {
    const page = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
    await page.goto(`${site.url}/api/webhooks/operation-event`);
    await page.click('.signature-checker-open');
    await page.fill('#sig-secret', 'whsec_test_1');
    await page.click('text=Sign a test event');
    await page.waitForSelector('[data-testid="signed-curl"]');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it('reports a malformed header', async () => {
    const { page } = await open();
    expect((await check(page, 'v1=abc', 'whsec_test_1')).reason).toBe('malformed');
  });

  it('signs a test event as a curl command that verifies', async () => {
    const { page, requests, body } = await open();
    await page.fill('#sig-secret', 'whsec_test_2');
    await page.fill('#sig-endpoint', 'https://merchant.example/hooks');
    await page.click('text=Sign a test event');
    const curl = (await (await page.waitForSelector('[data-testid="signed-curl"]')).textContent())!;
    expect(curl).toContain("curl -X POST 'https://merchant.example/hooks'");
    const [, t, v1] = /Fixture-Signature: t=(\d+),v1=([0-9a-f]{64})/.exec(curl)!;
    expect(Math.abs(now() - Number(t))).toBeLessThan(60);
    expect(v1).toBe(hmac('whsec_test_2', Number(t), body));
    expect(curl).toContain(`--data-binary '${body}'`);
    // The header field now holds the same signature, and it checks.
    await page.click('text=Check signature');
    expect(await (await page.waitForSelector('.signature-verdict')).getAttribute('data-reason')).toBe('valid');
    expect(requests).toEqual([]);
  });
});

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { RunningServer } from '../../packages/engine/src/node/dev/serve';
import { buildSite } from '../helpers/fixtures';
import { hasChromium, launchChromium, serveBuilt } from '../helpers/browser';

const GEN = path.resolve(import.meta.dirname, '../../bench/gen-spec.mjs');

describe.skipIf(!hasChromium)('a large sidebar in the browser', () => {
  let browser: Browser;
  let server: RunningServer;
  beforeAll(async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-ops-browser-'));
    execFileSync(process.execPath, [GEN, root, '200']);
    await buildSite(root, { noCache: true });
    server = await serveBuilt(root);
    browser = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('loads a category sent as a link when the reader opens it, and marks nothing else', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/api/get-payment`);
    const refunds = page.locator('.sidebar-container details', { has: page.locator('summary', { hasText: 'Refunds' }) });
    expect(await refunds.getAttribute('data-sidebar-part')).toMatch(/^\/_sidebar\/api\/\d+\.json$/);
    expect(await refunds.locator('a.sidebar-link').count()).toBe(1);
    await refunds.locator('summary').click();
    await page.locator('.sidebar-container a[href="/api/get-refund"]').waitFor();
    expect(await refunds.locator('a.sidebar-link').count()).toBe(20);
    expect(await page.locator('.sidebar-container [aria-current="page"]').count()).toBe(1);
    await page.close();
  });

  it('without JavaScript, a closed category opens on its link to the index, which lists every operation', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/api/get-payment`);
    const refunds = page.locator('.sidebar-container details', { has: page.locator('summary', { hasText: 'Refunds' }) });
    await refunds.locator('summary').click();
    await refunds.locator('a', { hasText: 'All 20 pages in Refunds' }).click();
    await page.waitForURL(/\/api#tag-refunds$/);
    expect(await page.locator('#tag-refunds + p + ul a, #tag-refunds ~ ul a').count()).toBeGreaterThanOrEqual(20);
    await context.close();
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { RunningServer } from '../../packages/engine/src/node/dev/serve';
import { copyFixture, writeFiles } from '../helpers/fixtures';
import { hasChromium, buildServeLaunch } from '../helpers/browser';

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/** A schema whose examples are unbreakable (JWT, base64, URL, JSON array) and whose name is one long word. */
const LONG_SCHEMA = `
    PaymentSessionInitializationResponse:
      type: object
      description: |
        What the customer-facing side needs. Webhooks carry a signature header:

        \`\`\`http
        Epic-Signature: t=1748779502,v1=5257a869e7ecebeda3af0b8f7a1e4d2c6b9f3e1a7d5c2b8e4f6a9d1c3b5e7f90a2c4e6b8d0f1a3c5e7b9d2f4a6
        \`\`\`
      properties:
        url: { type: string, format: uri, example: 'https://payments.test.fixture.example/pay/c41f2b7e-5a9d-4e3c-8b1a-6d2e9f0a7c35' }
        accessToken: { type: string, example: 'eyJhbGciOiJFUzI1NiIsImtpZCI6InAxIn0.eyJzdWIiOiJhOWQzZTVmMS0yYjRjLTRkNmUtOGYwYS0xYjNjNWQ3ZTlmMjAifQ.c2lnbmF0dXJlc2lnbmF0dXJl' }
        qrCode: { type: string, example: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==' }
        paymentMethods: { type: array, items: { type: string }, example: [CARD, APPLE_PAY, GOOGLE_PAY, VIPPS_MOBILEPAY, KLARNA] }
        session:
          type: object
          description: The session (a collapsible panel).
          properties:
            id: { type: string, format: uuid }
`;

/** A content page with what used to push a phone layout sideways: a wide table, a long code line, a diagram. */
const LAYOUT_PAGE = `---
title: Layout
description: Wide content on a phone.
---

## EpicPayments.mountPaymentButton(selector, options)

| card number | result |
| --- | --- |
| \`4454 0000 0000 0003\` | Approved, frictionless (no 3-D Secure challenge); the customer returns to the success URL |
| \`4454 0000 0000 0011\` | Declined by issuer (\`processor_declined\`, reason \`do_not_honor\`) |

\`\`\`js
const session = await epic.paymentSessions.initialize({ pointOfSaleId: '7f3c9a2e-1b4d-4e8f-9a6b-2c5d8e1f0a3b', amount: 24900 });
\`\`\`

- [ ] An approved payment ends in the right order state.
- [x] The webhook handler rejects bad signatures.

![Sequence diagram: the customer pays](./diagram.svg)
`;

const DIAGRAM = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 600"><rect width="1000" height="600" fill="#fff"/><text x="20" y="40" font-size="12">Customer</text></svg>';

describe.skipIf(!hasChromium)('layout in Chromium', () => {
  let browser: Browser;
  let server: RunningServer;
  const contexts: BrowserContext[] = [];
  const open = async (route: string, viewport = PHONE, reducedMotion: 'reduce' | 'no-preference' = 'no-preference'): Promise<Page> => {
    const context = await browser.newContext({ viewport, reducedMotion });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(server.url + route);
    return page;
  };
  const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

  beforeAll(async () => {
    const root = copyFixture('api');
    const spec = fs.readFileSync(path.join(root, 'specs/payments.yaml'), 'utf8');
    writeFiles(root, { 'specs/payments.yaml': spec.trimEnd() + '\n' + LONG_SCHEMA, 'content/layout.mdx': LAYOUT_PAGE, 'content/diagram.svg': DIAGRAM });
    ({ server, browser } = await buildServeLaunch(root));
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.close();
  });

  it('never scrolls sideways at 375 px: long example values, long prev/next labels, code, tables', async () => {
    const long = await open('/api/schemas/paymentsessioninitializationresponse');
    expect(await long.locator('.schema-facts code', { hasText: 'eyJhbGciOiJFUzI1NiIs' }).count()).toBe(1);
    expect(await pageWidth(long)).toBeLessThanOrEqual(PHONE.width);
    // the neighbours show the long name as their previous/next label
    const neighbours = await long.locator('.pagination-link').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(neighbours.length).toBeGreaterThan(0);
    for (const route of [...neighbours, '/api/capture-payment', '/layout']) {
      const page = await open(route);
      expect(await pageWidth(page), route).toBeLessThanOrEqual(PHONE.width);
    }
    // wide tables and code scroll inside their own box
    const layout = await open('/layout');
    expect(await layout.locator('.code-block pre').evaluate((pre) => pre.scrollWidth > pre.clientWidth)).toBe(true);
    // a card number stays on one line in a narrow column
    expect(await layout.locator('td code', { hasText: '4454 0000 0000 0003' }).evaluate((code) => code.getClientRects().length)).toBe(1);
  });

  it('wraps a long CamelCase title on a phone but not on a desktop', async () => {
    const lineCount = (page: Page) => page.locator('.markdown h1').evaluate((h1) => Math.round(h1.getBoundingClientRect().height / parseFloat(getComputedStyle(h1).lineHeight)));
    expect(await lineCount(await open('/api/schemas/paymentsessioninitializationresponse', DESKTOP))).toBe(1);
    const phone = await open('/api/schemas/paymentsessioninitializationresponse');
    expect(await lineCount(phone)).toBeGreaterThan(1);
    expect(await phone.locator('.markdown h1').textContent()).toBe('PaymentSessionInitializationResponse');
  });

  it('keeps a diagram readable on a phone by scrolling it inside its paragraph', async () => {
    const phone = await open('/layout');
    const diagram = phone.locator('.markdown img[src$=".svg"]');
    expect((await diagram.boundingBox())!.width).toBeGreaterThanOrEqual(600);
    expect(await diagram.evaluate((img) => img.parentElement!.scrollWidth > img.parentElement!.clientWidth)).toBe(true);
    const desktop = await open('/layout', DESKTOP);
    const fits = await desktop.locator('.markdown img[src$=".svg"]').evaluate((img) => img.getBoundingClientRect().width <= img.closest('.markdown')!.clientWidth);
    expect(fits).toBe(true);
  });

  it('wraps table-of-contents entries instead of scrolling sideways, and shows task items without a bullet', async () => {
    const page = await open('/layout', DESKTOP);
    expect(await page.locator('.toc').evaluate((toc) => toc.scrollWidth <= toc.clientWidth)).toBe(true);
    expect(await page.locator('li.task-list-item').first().evaluate((li) => getComputedStyle(li).listStyleType)).toBe('none');
  });

  it('animates collapsible panels unless reduced motion is asked for', async () => {
    const duration = (page: Page) => page.locator('.schema-field > details').first().evaluate((d) => getComputedStyle(d, '::details-content').transitionDuration);
    const route = '/api/schemas/paymentsessioninitializationresponse';
    const moving = await open(route, DESKTOP);
    if (!(await moving.evaluate(() => CSS.supports('selector(::details-content)')))) return;
    expect(await moving.locator('.schema-field > details').count()).toBeGreaterThan(0);
    expect(await duration(moving)).not.toMatch(/^0s(, 0s)*$/);
    expect(await duration(await open(route, DESKTOP, 'reduce'))).toMatch(/^0s(, 0s)*$/);
  });
});

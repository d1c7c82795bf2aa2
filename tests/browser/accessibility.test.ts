import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { HtmlValidate } from 'html-validate';
import { hasChromium } from '../helpers/browser';
import { portalInChromium } from '../helpers/portal-site';
import { axeViolations, setTheme, THEMES, WIDTHS } from '../helpers/axe';

/**
 * Issue 11: accessibility and validity of every page the portal builds. axe-core (WCAG 2.0/2.1/2.2
 * A and AA, and best practices) in the states a reader opens (search modal with results, API
 * console, Test Card, mobile menu), light and dark; html-validate's standard preset on every HTML
 * file; a visible focus ring with 3:1 contrast on every control. axe on every page, at 1280 and
 * 375 px, light and dark, is the sweep of axe-sweep-*.test.ts (helpers/axe-sweep.ts).
 */

const API_PAGE = '/api/refund-payment';

/** WCAG contrast of two `rgb()`/`rgba()` colours. */
function contrast(a: string, b: string): number {
  const lum = (css: string) => {
    const [r, g, bl] = css.match(/[\d.]+/g)!.slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe.skipIf(!hasChromium)('accessibility and validity of every portal page (issue 11)', () => {
  const chrome = portalInChromium();
  const newPage = async (width = 1280): Promise<Page> => (await chrome.newContext({ viewport: { width, height: 800 } })).newPage();

  it('validates every HTML file with html-validate (standard preset)', async () => {
    const validator = new HtmlValidate({ extends: ['html-validate:standard'] });
    expect(chrome.portal.htmlFiles.length).toBeGreaterThan(150);
    const errors: string[] = [];
    for (const file of chrome.portal.htmlFiles) {
      const report = await validator.validateString(fs.readFileSync(path.join(chrome.portal.out, file), 'utf8'), file);
      for (const result of report.results) for (const m of result.messages) errors.push(`${file}:${m.line}:${m.column} ${m.ruleId} ${m.message}`);
    }
    expect(errors).toEqual([]);
  }, 300_000);

  it('has no axe violations in the opened states: search results, API console, Test Card, mobile menu', async () => {
    const found: string[] = [];
    const check = async (page: Page, state: string) => {
      for (const theme of THEMES) {
        await setTheme(page, theme);
        for (const v of await axeViolations(page)) found.push(`${state} ${theme}: ${v}`);
      }
    };
    // the search modal with results
    const search = await newPage();
    await search.goto(chrome.portal.server.url + '/get-started');
    await search.locator('.navbar [data-search-button]').click();
    const input = search.locator('.search-modal input');
    await input.waitFor();
    await input.fill('refund');
    await search.locator('.search-modal .search-hit').first().waitFor();
    await check(search, 'search modal');
    // the API console
    const consolePage = await newPage();
    await consolePage.goto(chrome.portal.server.url + API_PAGE);
    await consolePage.locator('.api-console-open').click();
    await consolePage.locator('.api-console[data-open]').waitFor();
    await check(consolePage, 'API console');
    // the Test Card
    const card = await newPage();
    await card.goto(chrome.portal.server.url + '/get-started');
    await card.locator('.test-card-toggle').click();
    await card.locator('.test-card-panel').waitFor();
    await check(card, 'Test Card');
    // the mobile menu, on an API page (the longest sidebar)
    const menu = await newPage(375);
    await menu.goto(chrome.portal.server.url + API_PAGE);
    await menu.locator('[data-drawer-toggle]').click();
    await menu.locator('#drawer .drawer-panel[role="dialog"]').waitFor();
    await check(menu, 'mobile menu');
    expect(found).toEqual([]);
  }, 300_000);

  it('shows a focus ring with 3:1 contrast on every control it reaches by keyboard', async () => {
    const problems: string[] = [];
    for (const route of ['/', '/get-started/set-up-checkout/accept-payment', API_PAGE, '/api/schemas/transaction', '/search', '/404']) {
      for (const width of WIDTHS) {
        for (const theme of THEMES) {
          const page = await newPage(width);
          await page.goto(chrome.portal.server.url + route);
          await setTheme(page, theme);
          const seen = new Set<string>();
          for (let i = 0; i < 400; i++) {
            await page.keyboard.press('Tab');
            const ring = await page.evaluate(() => {
              const el = document.activeElement;
              if (!el || el === document.body) return null;
              const id = `${el.tagName}|${el.className}|${el.textContent?.slice(0, 40)}|${el.getAttribute('href')}|${Math.round(el.getBoundingClientRect().top + scrollY)}`;
              const style = getComputedStyle(el);
              // what surrounds the ring: the first opaque background from the parent up
              let bg = 'rgb(255, 255, 255)';
              for (let p = el.parentElement; p; p = p.parentElement) {
                const c = getComputedStyle(p).backgroundColor;
                if (!/rgba\(.*, 0\)$/.test(c) && c !== 'transparent') {
                  bg = c;
                  break;
                }
              }
              return { id, name: (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 40), outline: style.outlineStyle, width: parseFloat(style.outlineWidth), colour: style.outlineColor, bg, shown: el.getClientRects().length > 0 };
            });
            if (!ring || seen.has(ring.id)) break; // back at the start: every control visited
            seen.add(ring.id);
            if (!ring.shown) continue;
            const where = `${route} ${width} px ${theme}: ${ring.name}`;
            if (ring.outline === 'none' || ring.width < 2) problems.push(`${where} has no focus ring`);
            else if (contrast(ring.colour, ring.bg) < 3) problems.push(`${where}: ring ${ring.colour} on ${ring.bg} (${contrast(ring.colour, ring.bg).toFixed(2)}:1)`);
          }
          expect(seen.size, `${route} ${width} px`).toBeGreaterThan(5);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);
});

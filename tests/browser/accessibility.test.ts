import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { HtmlValidate } from 'html-validate';
import { hasChromium } from '../helpers/browser';
import { portalInChromium } from '../helpers/portal-site';
import { axeViolations, COLOUR_RULES, keptColourMatches, setTheme, THEMES, WIDTHS } from '../helpers/axe';

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

interface FocusRing {
  id: string;
  name: string;
  outline: string;
  width: number;
  colour: string;
  /** The first opaque background from the control's parent up: what surrounds the ring. */
  bg: string;
  shown: boolean;
  visible: boolean;
}

/**
 * In the page: the focused control's ring (`tab`, after a Tab press; the control is kept in
 * `window.focusWalk` by what it is and where it was), or every kept control's ring, each focused
 * again in turn (`again`).
 */
function focusRings(mode: 'tab' | 'again'): FocusRing[] {
  const w = window as unknown as { focusWalk?: Map<string, Element> };
  const ringOf = (el: Element, id: string): FocusRing => {
    const style = getComputedStyle(el);
    let bg = 'rgb(255, 255, 255)';
    for (let p = el.parentElement; p; p = p.parentElement) {
      const c = getComputedStyle(p).backgroundColor;
      if (!/rgba\(.*, 0\)$/.test(c) && c !== 'transparent') {
        bg = c;
        break;
      }
    }
    return { id, name: (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 40), outline: style.outlineStyle, width: parseFloat(style.outlineWidth), colour: style.outlineColor, bg, shown: el.getClientRects().length > 0, visible: el.matches(':focus-visible') };
  };
  if (mode === 'again') {
    // No transitions meanwhile: a menu that opens as focus enters it must be open at once, as it
    // is by the time a reader's next key press comes.
    const still = new CSSStyleSheet();
    still.replaceSync('*, *::before, *::after { transition: none !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, still];
    const rings = [...(w.focusWalk ?? [])].map(([id, el]) => {
      (el as HTMLElement).focus({ preventScroll: true });
      return { ...ringOf(el, id), visible: document.activeElement === el && el.matches(':focus-visible') };
    });
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== still);
    return rings;
  }
  const el = document.activeElement;
  if (!el || el === document.body) return [];
  // what the control is and where: the walk is over when one comes round again
  const id = `${el.tagName}|${el.className}|${el.textContent?.slice(0, 40)}|${el.getAttribute('href')}|${Math.round(el.getBoundingClientRect().top + scrollY)}`;
  w.focusWalk ??= new Map();
  if (!w.focusWalk.has(id)) w.focusWalk.set(id, el);
  return [ringOf(el, id)];
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

  it('the sweep’s second colour mode, which checks the elements the colour rules chose in the first, still finds what only that mode gets wrong', async () => {
    const page = await newPage();
    await page.goto(chrome.portal.server.url + '/get-started');
    // Text and one link that only the dark mode draws too faintly, through the stylesheet's own attribute.
    await page.evaluate(() => {
      const style = new CSSStyleSheet();
      style.replaceSync("[data-theme='dark'] .main h1, [data-theme='dark'] .main p:first-of-type a { color: #3a3a3a !important; }");
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, style];
    });
    await setTheme(page, 'light');
    expect(await axeViolations(page, undefined, 'record')).toEqual([]);
    expect((await keptColourMatches(page))['color-contrast']).toBeGreaterThan(20);
    await setTheme(page, 'dark');
    const replayed = await axeViolations(page, COLOUR_RULES, 'replay');
    expect(replayed.filter((v) => v.startsWith('color-contrast: h1'))).toHaveLength(1);
    // the same as the rules find choosing for themselves
    expect(await axeViolations(page, COLOUR_RULES)).toEqual(replayed);
    // A mode that changes the rendered text is checked by choosing again, not from the recording.
    await setTheme(page, 'light');
    await axeViolations(page, undefined, 'record');
    await setTheme(page, 'dark');
    await page.evaluate(() => {
      const added = document.createElement('p');
      added.className = 'faint';
      added.textContent = 'Only in this mode';
      document.querySelector('.main h1')!.after(added);
      const style = new CSSStyleSheet();
      style.replaceSync('.main .faint { color: #3a3a3a; }');
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, style];
    });
    expect((await axeViolations(page, COLOUR_RULES, 'replay')).filter((v) => v.startsWith('color-contrast: .faint'))).toHaveLength(1);
  });

  it('shows a focus ring with 3:1 contrast on every control it reaches by keyboard, light and dark', async () => {
    const problems: string[] = [];
    for (const route of ['/', '/get-started/set-up-checkout/accept-payment', API_PAGE, '/api/schemas/transaction', '/search', '/404']) {
      for (const width of WIDTHS) {
        const page = await newPage(width);
        await page.goto(chrome.portal.server.url + route);
        await setTheme(page, THEMES[0]);
        const check = (ring: FocusRing, theme: string) => {
          if (!ring.shown) return;
          const where = `${route} ${width} px ${theme}: ${ring.name}`;
          if (!ring.visible) problems.push(`${where} is not the focused control, with :focus-visible`);
          else if (ring.outline === 'none' || ring.width < 2) problems.push(`${where} has no focus ring`);
          else if (contrast(ring.colour, ring.bg) < 3) problems.push(`${where}: ring ${ring.colour} on ${ring.bg} (${contrast(ring.colour, ring.bg).toFixed(2)}:1)`);
        };
        // The keyboard's way through the page, in the first colour mode: Tab until focus comes back round.
        const seen = new Set<string>();
        for (let i = 0; i < 400; i++) {
          await page.keyboard.press('Tab');
          const ring = await page.evaluate(focusRings, 'tab' as const);
          if (!ring[0] || seen.has(ring[0].id)) break; // back at the start: every control visited
          seen.add(ring[0].id);
          check(ring[0], THEMES[0]);
        }
        expect(seen.size, `${route} ${width} px`).toBeGreaterThan(5);
        // The other mode changes colours only: the same controls, each focused again in that order
        // (after keyboard focus, so still :focus-visible), read in one go.
        await setTheme(page, THEMES[1]);
        const again = await page.evaluate(focusRings, 'again' as const);
        expect(again.map((ring) => ring.id)).toEqual([...seen]);
        for (const ring of again) check(ring, THEMES[1]);
        await page.context().close();
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);
});

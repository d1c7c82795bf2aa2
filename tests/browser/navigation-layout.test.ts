import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium } from '../helpers/browser';
import { portalInChromium } from '../helpers/portal-site';

/**
 * Issue 11, layout half: the navbar at every width, the portal without JavaScript, navbar
 * highlighting, the progress bar and focus rings over the announcement, breadcrumbs and API paths
 * on phones, and printing. All on the portal itself, built into a temp folder.
 */

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const API_PAGE = '/api/refund-payment';
const TABS_PAGE = '/get-started/set-up-checkout/accept-payment';

/** WCAG relative luminance contrast of two CSS colours (`rgb(...)`/`rgba(...)`, alpha ignored). */
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

/** What the navbar looks like at the current width: problems, as readable strings (none: fits). */
function navbarProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const de = document.documentElement;
    if (de.scrollWidth !== de.clientWidth) problems.push(`page scrolls sideways (${de.scrollWidth} > ${de.clientWidth})`);
    const shown = (e: Element) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
    const name = (e: Element) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} "${(e.textContent ?? '').trim()}"`;
    const items = [...document.querySelectorAll('.navbar-inner > :not(.navbar-items), .navbar-items > *')].filter(shown);
    const rects = items.map((e) => e.getBoundingClientRect());
    for (let i = 0; i < items.length; i++) {
      const a = rects[i]!;
      if (a.left < -0.5 || a.right > de.clientWidth + 0.5) problems.push(`${name(items[i]!)} is cut off`);
      if (items[i]!.scrollWidth > items[i]!.clientWidth + 1) problems.push(`${name(items[i]!)} is wider than its box`);
      for (let j = i + 1; j < items.length; j++) {
        const b = rects[j]!;
        if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) problems.push(`${name(items[i]!)} overlaps ${name(items[j]!)}`);
      }
    }
    // no label wraps: every visible text of the navbar sits on one line
    const walker = document.createTreeWalker(document.querySelector('.navbar')!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || !shown(node.parentElement!)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size > 1) problems.push(`"${node.textContent.trim()}" wraps`);
    }
    // nothing is hidden: on a desktop every item shows; on a phone the menu button does
    const desktop = matchMedia('(min-width: 997px)').matches;
    if (desktop) {
      for (const item of document.querySelectorAll('.navbar-items > *')) if (!shown(item) && item.textContent?.trim()) problems.push(`${name(item)} is hidden`);
    } else if (![...document.querySelectorAll('.navbar-toggle')].some(shown)) problems.push('no menu button');
    return problems;
  });
}

/**
 * Code blocks whose lines do not stack edge to edge: a code element taller than its line spans
 * means the newline between two spans renders as a blank line of its own (line spans are blocks).
 */
function spacedCodeBlocks(page: Page): Promise<number> {
  return page.evaluate(() =>
    [...document.querySelectorAll('pre code')].filter((code) => {
      const lines = [...code.querySelectorAll('[data-line]')];
      const height = lines.reduce((sum, line) => sum + line.getBoundingClientRect().height, 0);
      return lines.length > 1 && code.getClientRects().length > 0 && code.getBoundingClientRect().height > height + 1;
    }).length,
  );
}

describe.skipIf(!hasChromium)('the portal: navbar, no JavaScript, print (issue 11)', () => {
  const chrome = portalInChromium();
  const open = async (route: string, options: { viewport?: { width: number; height: number }; js?: boolean; dark?: boolean } = {}): Promise<Page> => {
    const context = await chrome.newContext({ viewport: options.viewport ?? PHONE, javaScriptEnabled: options.js ?? true });
    if (options.dark) await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
    const page = await context.newPage();
    await page.goto(chrome.portal.server.url + route);
    return page;
  };

  it('fits the navbar on one line at every width from 320 to 1920 px, with and without JavaScript', async () => {
    for (const js of [true, false]) {
      for (const route of ['/', API_PAGE]) {
        const page = await open(route, { viewport: DESKTOP, js });
        const problems: string[] = [];
        for (let width = 320; width <= 1920; width += 16) {
          await page.setViewportSize({ width, height: 700 });
          for (const problem of await navbarProblems(page)) problems.push(`${width} px: ${problem}`);
        }
        // the widths where it used to break, one by one
        for (let width = 990; width <= 1130; width += 1) {
          await page.setViewportSize({ width, height: 700 });
          for (const problem of await navbarProblems(page)) problems.push(`${width} px: ${problem}`);
        }
        expect(problems, `${route}, JavaScript ${js ? 'on' : 'off'}`).toEqual([]);
      }
    }
  }, 240_000);

  it('shows one menu button on a phone, with or without JavaScript', async () => {
    for (const js of [true, false]) {
      const page = await open(API_PAGE, { js });
      const visible = await page.locator('.navbar-toggle').evaluateAll((all) => all.filter((e) => e.getClientRects().length > 0).map((e) => e.tagName));
      expect(visible, `JavaScript ${js ? 'on' : 'off'}`).toEqual([js ? 'BUTTON' : 'A']);
    }
  });

  it('highlights "API & SDK" on the API reference and the JavaScript library, and only there', async () => {
    const active = async (route: string) => {
      const page = await open(route, { viewport: DESKTOP, js: false });
      return page.locator('.navbar-items > .navbar-dropdown.active > .navbar-dropdown-toggle, .navbar-items > .navbar-link.active').allTextContents();
    };
    for (const route of ['/api', API_PAGE, '/api/schemas/transaction', '/js', '/js/partials/javascript-events']) expect(await active(route), route).toEqual(['API & SDK']);
    expect(await active('/get-started')).toEqual(['Get started']);
    expect(await active('/products/checkout')).toEqual(['Products']);
  });

  it('brings the hidden navbar back for a focused menu button, and shows the whole sidebar in the menu', async () => {
    const page = await open(API_PAGE, { viewport: { width: 375, height: 700 } });
    for (let i = 0; i < 4 && !(await page.evaluate(() => document.documentElement.classList.contains('navbar-hidden'))); i++) {
      await page.mouse.wheel(0, 800);
      await page.waitForTimeout(200);
    }
    expect(await page.evaluate(() => document.documentElement.classList.contains('navbar-hidden'))).toBe(true);
    // a keyboard user reaches the menu button without scrolling back up: the navbar comes into view with it
    await page.evaluate(() => document.querySelector<HTMLElement>('[data-drawer-toggle]')!.focus({ preventScroll: true }));
    await page.waitForTimeout(400); // the navbar's transition
    const toggle = await page.locator('[data-drawer-toggle]').evaluate((b) => b.getBoundingClientRect().top);
    expect(toggle).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.documentElement.classList.contains('navbar-hidden'))).toBe(true);
    // the desktop sidebar's full-height box (100vh once the navbar hides) must not follow it into the menu
    const box = await page.locator('#drawer .sidebar-container').evaluate((c) => ({ height: c.clientHeight, content: c.scrollHeight }));
    expect(box.content).toBeGreaterThan(700);
    expect(box.height).toBe(box.content);
  });

  it('opens the menu without JavaScript, with the main links before the section links', async () => {
    const page = await open(API_PAGE, { js: false });
    await expect(page.locator('#drawer').isVisible()).resolves.toBe(false);
    await page.locator('.navbar-toggle-nojs').click();
    await expect(page.locator('#drawer').isVisible()).resolves.toBe(true);
    const links = await page.locator('#drawer :is(.drawer-items, .sidebar-container) a').evaluateAll((all) => all.filter((a) => a.getClientRects().length > 0).map((a) => ({ text: (a.textContent ?? '').trim(), href: new URL((a as HTMLAnchorElement).href).pathname })));
    const at = (predicate: (l: { text: string; href: string }) => boolean) => links.findIndex(predicate);
    const getStarted = at((l) => l.text === 'Get started');
    const firstReference = at((l) => l.href.startsWith('/api/') && l.text !== 'API reference');
    expect(getStarted).toBeGreaterThanOrEqual(0);
    expect(firstReference).toBeGreaterThan(getStarted);
    for (const text of ['Products', 'Checkout', 'Guides', 'Plugins', 'Inspiration', 'API reference', 'JavaScript library']) expect(at((l) => l.text === text), text).toBeLessThan(firstReference);
    // the section's links: every operation of the sidebar, the current one marked
    expect(links.filter((l) => l.href.startsWith('/api/')).length).toBeGreaterThan(30);
    expect(await page.locator('#drawer .sidebar-link.active').textContent()).toContain('Refund a payment');
    // and it closes again
    await page.locator('.drawer-close-nojs').click();
    await expect(page.locator('#drawer').isVisible()).resolves.toBe(false);
  });

  it('shows every tab panel with its label without JavaScript, and one panel with it', async () => {
    const off = await open(TABS_PAGE, { js: false });
    const panels = off.locator('.tabs-panel');
    const count = await panels.count();
    expect(count).toBeGreaterThan(10);
    const hiddenPanels = await panels.evaluateAll((all) => all.filter((p) => p.getClientRects().length === 0).length);
    expect(hiddenPanels).toBe(0);
    const labels = await off.locator('.tabs-panel > .tabs-panel-label').evaluateAll((all) => all.filter((l) => l.getClientRects().length > 0).map((l) => l.textContent));
    expect(labels.length).toBe(count);
    expect(labels).toContain('PHP');
    expect(await off.locator('.tabs-list').first().isVisible()).toBe(false);

    const on = await open(TABS_PAGE);
    expect(await on.locator('.tabs-list').first().isVisible()).toBe(true);
    expect(await on.locator('.tabs-panel-label').first().isVisible()).toBe(false);
    const shownInFirst = await on.locator('.tabs').first().locator(':scope > .tabs-panel').evaluateAll((all) => all.filter((p) => p.getClientRects().length > 0).length);
    expect(shownInFirst).toBe(1);
  });

  it('hides the controls that need JavaScript until it runs', async () => {
    const controls = ['.color-mode-toggle', '.announcement-close', '.copy-button', '.test-card-toggle', '.api-console-open', '[data-drawer-toggle]'];
    const visibleOf = async (page: Page) => {
      const found: string[] = [];
      for (const selector of controls) {
        const shown = await page.locator(selector).evaluateAll((all) => all.some((e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden'));
        if (shown) found.push(selector);
      }
      return found;
    };
    // copy buttons show on hover (desktop) but take space; the phone has the menu button, the desktop the Test Card
    for (const viewport of [PHONE, DESKTOP]) {
      const off = await open(API_PAGE, { viewport, js: false });
      expect(await off.locator('.copy-button').count()).toBeGreaterThan(0);
      expect(await visibleOf(off), `${viewport.width} px`).toEqual([]);
    }
    const on = await open(API_PAGE, { viewport: DESKTOP });
    await on.locator('.code-block').filter({ visible: true }).first().hover();
    expect(await visibleOf(on)).toEqual(['.color-mode-toggle', '.announcement-close', '.copy-button', '.test-card-toggle', '.api-console-open']);
  });

  it('says on /search that search needs JavaScript and offers the sections', async () => {
    const off = await open('/search?q=refund', { js: false });
    const note = off.locator('.search-page-nojs');
    expect(await note.isVisible()).toBe(true);
    expect(await note.textContent()).toContain('Search needs JavaScript');
    const sections = await note.locator('a').evaluateAll((all) => all.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(sections).toEqual(expect.arrayContaining(['/get-started', '/products/checkout', '/api', '/js']));
    expect(await note.locator('a').allTextContents()).toEqual(expect.arrayContaining(['Guides', 'Plugins', 'Inspiration', 'API reference']));
    for (const href of sections) expect((await off.request.get(chrome.portal.server.url + href)).status(), href).toBe(200);
    const on = await open('/search?q=refund');
    expect(await on.locator('.search-page-nojs').isVisible()).toBe(false);
  });

  it('keeps breadcrumb separators beside their label and breaks API paths only between parts, at 320 and 375 px', async () => {
    for (const width of [320, 375]) {
      for (const route of ['/api/draft-activate-merchant-live-account', '/get-started/set-up-checkout/payment-methods/apple-pay/register-merchant', API_PAGE]) {
        const page = await open(route, { viewport: { width, height: 740 }, js: false });
        const lone = await page.locator('.breadcrumbs li').evaluateAll((items) =>
          items.flatMap((li) => {
            const sep = li.querySelector('.breadcrumbs-sep');
            const label = sep?.nextElementSibling;
            if (!sep || !label) return [];
            const first = label.getClientRects()[0]!;
            const mark = sep.getBoundingClientRect();
            // the separator is on the label's first line (the label's box starts with it), just left of it
            return Math.abs(mark.top - first.top) > 6 || mark.right > first.left + 1 ? [(label.textContent ?? '').trim()] : [];
          }),
        );
        expect(lone, `${route} at ${width} px`).toEqual([]);
        const broken = await page.locator('.api-path').evaluateAll((paths) =>
          paths.flatMap((code) => {
            // each word of the path (letters, digits, braces; a hyphen may end a line) lies on one line
            const text = code.textContent ?? '';
            const node = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
            const words: string[] = [];
            for (let n = node.nextNode(); n; n = node.nextNode()) {
              for (const match of (n.textContent ?? '').matchAll(/[A-Za-z0-9{}_]+/g)) {
                const range = document.createRange();
                range.setStart(n, match.index!);
                range.setEnd(n, match.index! + match[0].length);
                if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) words.push(match[0]);
              }
            }
            return words.length ? [`${text}: ${words.join(', ')}`] : [];
          }),
        );
        expect(broken, `${route} at ${width} px`).toEqual([]);
      }
    }
  });

  it('shows the navigation progress bar over the announcement bar, and focus rings on it', async () => {
    const page = await open('/get-started', { viewport: DESKTOP });
    // hold the next page's HTML so the bar shows
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/get-started/core-concepts', async (route) => {
      await held;
      await route.continue();
    });
    await page.locator('.sidebar-container a[href="/get-started/core-concepts"]').click();
    const bar = page.locator('#docsgen-progress[data-active]');
    await bar.waitFor({ state: 'attached', timeout: 5000 });
    await page.waitForTimeout(300); // its fade-in
    const colours = await page.evaluate(() => ({
      bar: getComputedStyle(document.getElementById('docsgen-progress')!).backgroundColor,
      announcement: getComputedStyle(document.querySelector('.announcement')!).backgroundColor,
      navbar: getComputedStyle(document.querySelector('.navbar')!).backgroundColor,
    }));
    release();
    expect(contrast(colours.bar, colours.announcement), `${colours.bar} on ${colours.announcement}`).toBeGreaterThanOrEqual(3);
    expect(contrast(colours.bar, colours.navbar), `${colours.bar} on ${colours.navbar}`).toBeGreaterThanOrEqual(3);

    // focus rings on the bar's link and close button: the keyboard reaches them first (after the skip link)
    const fresh = await open('/get-started', { viewport: DESKTOP });
    const rings: string[] = [];
    for (let i = 0; i < 3; i++) {
      await fresh.keyboard.press('Tab');
      const ring = await fresh.evaluate(() => {
        const el = document.activeElement!;
        if (!el.closest('.announcement')) return null;
        const style = getComputedStyle(el);
        return { name: el.textContent || el.getAttribute('aria-label'), style: style.outlineStyle, width: parseFloat(style.outlineWidth), colour: style.outlineColor, bg: getComputedStyle(el.closest('.announcement')!).backgroundColor };
      });
      if (!ring) continue;
      expect(ring.style, ring.name!).not.toBe('none');
      expect(ring.width, ring.name!).toBeGreaterThanOrEqual(2);
      expect(contrast(ring.colour, ring.bg), `${ring.name}: ${ring.colour} on ${ring.bg}`).toBeGreaterThanOrEqual(3);
      rings.push(ring.name!);
    }
    expect(rings).toEqual(['classic-docs.epic.example', 'Close announcement']);
  });

  it('prints the content only, in light colours, with panels open, code wrapped and external addresses written out', async () => {
    for (const dark of [false, true]) {
      for (const route of [API_PAGE, '/api/schemas/paymentsessioninitializationresponse', TABS_PAGE, '/get-started/set-up-checkout/create-account']) {
        const page = await open(route, { viewport: DESKTOP, dark });
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(dark ? 'dark' : 'light');
        expect(await spacedCodeBlocks(page), `${route}: code blocks on screen with a blank line between lines`).toBe(0);
        await page.emulateMedia({ media: 'print' });
        expect(await spacedCodeBlocks(page), `${route}: printed code blocks with a blank line between lines`).toBe(0);
        const report = await page.evaluate(() => {
          const shown = (e: Element) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
          const chrome = ['.navbar', '.announcement', '.sidebar-container', '.drawer', '.footer', '.test-card', '.api-console', '.copy-button', '.toc', '.tabs-list', '.sidebar-show'];
          const body = getComputedStyle(document.body);
          const closed = [...document.querySelectorAll('main details:not([open])')].filter(shown).flatMap((d) => [...d.querySelectorAll(':scope > :not(summary)')]);
          const codes = [...document.querySelectorAll('.code-block pre')];
          return {
            printedChrome: chrome.filter((s) => [...document.querySelectorAll(s)].some(shown)),
            text: body.color,
            background: getComputedStyle(document.documentElement).backgroundColor === 'rgba(0, 0, 0, 0)' ? body.backgroundColor : getComputedStyle(document.documentElement).backgroundColor,
            headingColour: getComputedStyle(document.querySelector('.markdown h1')!).color,
            closedPanels: closed.length,
            hiddenInClosedPanels: closed.filter((e) => !shown(e) || e.getBoundingClientRect().height === 0).length,
            hiddenTabPanels: [...document.querySelectorAll('.tabs-panel')].filter((e) => !shown(e)).length,
            overflowingCode: codes.filter((pre) => pre.scrollWidth > pre.clientWidth + 1).length,
            externalLinks: [...document.querySelectorAll('.markdown a[href^="http"]')].map((a) => ({ href: a.getAttribute('href'), after: getComputedStyle(a, '::after').content })),
          };
        });
        const label = `${route}${dark ? ' (dark)' : ''}`;
        expect(report.printedChrome, label).toEqual([]);
        expect(contrast(report.text, 'rgb(255, 255, 255)'), `${label} text ${report.text}`).toBeGreaterThanOrEqual(12);
        expect(contrast(report.headingColour, 'rgb(255, 255, 255)'), `${label} heading ${report.headingColour}`).toBeGreaterThanOrEqual(12);
        expect(report.background, label).toMatch(/^rgba?\(255, 255, 255/);
        expect(report.hiddenInClosedPanels, label).toBe(0);
        expect(report.hiddenTabPanels, label).toBe(0);
        expect(report.overflowingCode, label).toBe(0);
        for (const link of report.externalLinks) expect(link.after, label).toContain(link.href!);
        if (route === API_PAGE) expect(report.closedPanels, label).toBeGreaterThan(0);
        if (route.endsWith('/create-account')) expect(report.externalLinks.length, label).toBeGreaterThan(0);
      }
    }
  });
});

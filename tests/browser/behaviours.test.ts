import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, type BrowserContext } from 'playwright-core';
import type { RunningServer } from '../../packages/engine/src/node/dev/serve';
import { copyFixture, writeFiles } from '../helpers/fixtures';
import { hasChromium, buildServeLaunch, networkQuiet } from '../helpers/browser';

describe.skipIf(!hasChromium)('page behaviours in Chromium', () => {
  let browser: Browser;
  let server: RunningServer;
  const contexts: BrowserContext[] = [];
  const open = async (route: string, viewport = { width: 1280, height: 800 }) => {
    const context = await browser.newContext({ viewport, permissions: ['clipboard-read', 'clipboard-write'] });
    contexts.push(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url + route);
    return { page, context, errors };
  };

  beforeAll(async () => {
    const root = copyFixture('basic');
    // In this copy only: a navbar dropdown, the locale and version dropdowns, and a page whose code
    // tabs offer browser JavaScript (as API reference pages do) beside tabs that do not.
    const config = path.join(root, 'docs-build.config.ts');
    const navbar = "{ type: 'search' }, { type: 'colorMode' }";
    expect(fs.readFileSync(config, 'utf8')).toContain(navbar);
    const items = `{ type: 'dropdown', label: 'More', items: [{ label: 'Set up', to: '/guide/setup' }, { label: 'Changelog', to: '/changelog' }] }, ${navbar}, { type: 'localeDropdown' }, { type: 'versionDropdown' }`;
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace(navbar, items));
    writeFiles(root, {
      'content/guide/api-sample.mdx': [
        '---\ntitle: API sample\nsidebar_position: 3\n---\n',
        '## Create\n\n<CodeTabs>\n\n```curl\ncurl -X POST /v1/things\n```\n\n```javascript\nawait client.create();\n```\n\n```nodejs\nawait server.create();\n```\n\n</CodeTabs>\n',
        '## Read\n\n<CodeTabs>\n\n```curl\ncurl /v1/things\n```\n\n```nodejs\nawait server.read();\n```\n\n</CodeTabs>\n',
      ].join('\n'),
    });
    ({ server, browser } = await buildServeLaunch(root));
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.close();
  });

  it('switches colour mode, remembers it, and applies it before the first paint', async () => {
    const { page, context, errors } = await open('/guide');
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    await page.click('.navbar-items [data-color-mode-toggle]');
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    // A second tab sees the stored mode before any of its own scripts run.
    const other = await context.newPage();
    await other.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        (window as unknown as { firstTheme?: string }).firstTheme ??= document.documentElement.dataset.theme;
      });
    });
    await other.goto(`${server.url}/guide/setup`);
    expect(await other.evaluate(() => (window as unknown as { firstTheme?: string }).firstTheme)).toBe('dark');
    expect(errors).toEqual([]);
  });

  it('syncs tabs of one group, keeps the choice across pages, and supports arrow keys', async () => {
    const { page } = await open('/guide/setup');
    await page.click('.code-tabs [role="tab"][data-value="nodejs"]');
    expect(await page.isVisible('.code-tabs [role="tabpanel"][data-value="nodejs"]')).toBe(true);
    expect(await page.isHidden('.code-tabs [role="tabpanel"][data-value="curl"]')).toBe(true);
    await page.reload();
    expect(await page.getAttribute('.code-tabs [role="tab"][data-value="nodejs"]', 'aria-selected')).toBe('true');
    await page.focus('.tabs[data-tabs-group="os"] [role="tab"][data-value="mac"]');
    await page.keyboard.press('ArrowRight');
    expect(await page.getAttribute('.tabs[data-tabs-group="os"] [role="tab"][data-value="linux"]', 'aria-selected')).toBe('true');
  });

  it('falls back from a remembered JavaScript tab to Node.js where there is none, keeping the choice', async () => {
    const { page, errors } = await open('/guide/api-sample');
    const selected = (selector: string) => page.getAttribute(`${selector} >> [role="tab"][aria-selected="true"]`, 'data-value');
    await page.click('.code-tabs >> nth=0 >> [role="tab"][data-value="javascript"]');
    expect(await selected('.code-tabs >> nth=0')).toBe('javascript');
    expect(await selected('.code-tabs >> nth=1')).toBe('nodejs'); // same page, no JavaScript tab
    await page.click('.sidebar-container a[href="/guide/setup"]');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Set up');
    expect(await selected('.code-tabs')).toBe('nodejs'); // not the first tab (curl)
    expect(await page.isVisible('.code-tabs [role="tabpanel"][data-value="nodejs"]')).toBe(true);
    await page.reload();
    expect(await selected('.code-tabs')).toBe('nodejs');
    expect(await page.evaluate(() => localStorage.getItem('docsgen.tabs.code-language'))).toBe('javascript');
    expect(errors).toEqual([]);
  });

  it('copies code and shows a check for 1.5 s', async () => {
    const { page } = await open('/guide/setup');
    await page.hover('.code-tabs [role="tabpanel"]:not([hidden]) .code-block');
    const button = '.code-tabs [role="tabpanel"]:not([hidden]) .copy-button';
    // When the check appears and goes, timed in the page: the test's own polling can see it late on a loaded machine.
    await page.evaluate((selector) => {
      const w = window as unknown as { copied: number[] };
      w.copied = [];
      const target = document.querySelector(selector)!;
      new MutationObserver(() => w.copied.push(performance.now())).observe(target, { attributes: true, attributeFilter: ['data-copied'] });
    }, button);
    await page.click(button);
    await page.waitForSelector(`${button}[data-copied]`);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('payment-sessions');
    await page.waitForSelector(`${button}:not([data-copied])`, { timeout: 5000 });
    const [shown, gone] = await page.evaluate(() => (window as unknown as { copied: number[] }).copied);
    expect(gone! - shown!).toBeGreaterThanOrEqual(1400);
  });

  it('closes the announcement for good, until its id changes', async () => {
    const { page } = await open('/guide');
    expect(await page.isVisible('.announcement')).toBe(true);
    await page.click('[data-announcement-close]');
    expect(await page.isHidden('.announcement')).toBe(true);
    await page.reload();
    expect(await page.isHidden('.announcement')).toBe(true);
    await page.evaluate(() => localStorage.setItem('docsgen.announcement.dismissed', 'an-older-id'));
    await page.reload();
    expect(await page.isVisible('.announcement')).toBe(true);
  });

  it('opens the mobile drawer with the sidebar, closes it with Escape and on a desktop-width layout', async () => {
    const { page } = await open('/guide/setup', { width: 375, height: 740 });
    expect(await page.isVisible('.sidebar-container')).toBe(false);
    await page.click('[data-drawer-toggle]');
    expect(await page.isVisible('#drawer .sidebar-link.active')).toBe(true);
    // the one-choice locale and version dropdowns show their choice once each
    const items = await page.innerText('#drawer .drawer-items');
    expect(items.match(/English/g)).toHaveLength(1);
    expect(items.match(/\bNext\b/g)).toHaveLength(1);
    // a modal dialog: Tab and Shift+Tab cycle inside it
    const focused = () => page.evaluate(() => ({ inside: Boolean(document.activeElement?.closest('#drawer .drawer-panel')) }));
    const stops = await page.locator('#drawer .drawer-panel :is(a[href], button, summary):visible').count();
    for (let i = 0; i < stops + 2; i++) {
      await page.keyboard.press('Tab');
      expect((await focused()).inside).toBe(true);
    }
    await page.focus('#drawer .drawer-header .navbar-brand'); // the first stop
    await page.keyboard.press('Shift+Tab');
    // wrapped to the last stop: the sidebar's last link (the navbar's items come first, then the sidebar)
    const last = await page.evaluate(() => {
      const all = [...document.querySelectorAll<HTMLElement>('#drawer .drawer-panel :is(a[href], button, summary)')].filter((e) => e.getClientRects().length > 0);
      return document.activeElement === all[all.length - 1] && Boolean(document.activeElement?.closest('#drawer .sidebar-container'));
    });
    expect(last).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.matches('#drawer .drawer-header .navbar-brand'))).toBe(true);
    // a dialog while open, and the page's one sidebar in it (not a copy)
    expect(await page.getAttribute('#drawer .drawer-panel', 'role')).toBe('dialog');
    expect(await page.locator('.sidebar').count()).toBe(1);
    await page.keyboard.press('Escape');
    expect(await page.isHidden('#drawer .drawer-panel')).toBe(true);
    expect(await page.getAttribute('#drawer .drawer-panel', 'role')).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.matches('[data-drawer-toggle]'))).toBe(true);
    await page.click('[data-drawer-toggle]');
    await page.setViewportSize({ width: 1200, height: 800 });
    await page.waitForFunction(() => !document.documentElement.classList.contains('drawer-open'));
    // on a desktop the same sidebar is the first column, and the menu's own parts are gone
    expect(await page.isVisible('.sidebar-container .sidebar-link.active')).toBe(true);
    expect(await page.isHidden('#drawer .drawer-items')).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(overflow).toBe(true);
  });

  it('hydrates the Test Card island only on interaction, replays the first click, and confirms copies', async () => {
    const { page, errors } = await open('/guide');
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await networkQuiet(page);
    expect(fetched.filter((p) => p.includes('island-'))).toEqual([]);
    await page.click('.test-card-toggle');
    await page.waitForSelector('.test-card-panel');
    expect(fetched.some((p) => p.includes('island-TestCard'))).toBe(true);
    expect(await page.textContent('.test-card-panel')).toContain('4454 0000 0000 0003');
    expect(await page.getAttribute('.test-card-link', 'href')).toBe('/guide/setup#install');
    await page.click('.test-card-copy >> nth=0');
    await page.waitForSelector('.test-card-copy[data-copied]');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('4454000000000003');
    await page.waitForSelector('.test-card-copy[data-copied]', { state: 'detached', timeout: 5000 });
    expect(errors).toEqual([]);
  });

  it('navigates without reloading, keeps history, and shows Retry when a page fails to load', async () => {
    const { page, errors } = await open('/guide');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.click('.sidebar-container a[href="/guide/setup"]');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Set up');
    expect(page.url()).toBe(`${server.url}/guide/setup`);
    expect(await page.title()).toBe('Set up | fixture docs');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect(await page.getAttribute('.sidebar-container .sidebar-link.active', 'href')).toBe('/guide/setup');
    // focus moves to the new page's heading, without an outline after a mouse click
    const mainFocus = () => page.evaluate(() => ({ heading: document.activeElement === document.querySelector('main h1'), outline: getComputedStyle(document.activeElement!).outlineStyle }));
    expect(await mainFocus()).toEqual({ heading: true, outline: 'none' });
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Guide');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect(await mainFocus()).toEqual({ heading: true, outline: 'none' });
    expect(await page.locator('.sidebar-container .sidebar-link.active').count()).toBe(1);
    const home = `${server.url}/`;
    await page.route(home, (route) => route.abort());
    await page.click('.navbar .navbar-brand');
    await page.waitForSelector('.route-error');
    expect(await page.textContent('.route-error')).toContain('could not be loaded');
    expect(page.url()).toBe(home);
    // the previous page's title and sidebar highlight are gone
    expect(await page.title()).toBe('Page failed to load | fixture docs');
    expect(await page.locator('.sidebar-link.active, [aria-current="page"]').count()).toBe(0);
    await page.unroute(home);
    await page.click('.route-error button');
    await page.waitForFunction(() => document.querySelector('.hero-title')?.textContent === 'fixture docs');
    expect(await page.title()).toBe('fixture docs');
    expect(errors.filter((e) => !e.includes('net::ERR_FAILED'))).toEqual([]);
  });

  it('searches locally: the modal opens with Ctrl+K, finds pages, closes with Escape and returns focus', async () => {
    const { page, errors } = await open('/guide');
    await page.focus('.navbar-items [data-search-button]');
    await page.keyboard.press('Control+k');
    await page.waitForSelector('.search-modal:not([hidden]) .search-input');
    expect(await page.getAttribute('.search-modal .search-input', 'maxlength')).toBe('64');
    await page.fill('.search-modal .search-input', 'homebrew');
    await page.waitForSelector('.search-modal a.search-hit');
    expect(await page.getAttribute('.search-modal a.search-hit >> nth=0', 'href')).toBe('/guide/setup#configure');
    expect(await page.textContent('.search-footer')).toMatch(/See all \d+ results?/);
    await page.keyboard.press('Escape');
    expect(await page.isHidden('.search-modal')).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.matches('.navbar-items [data-search-button]'))).toBe(true);
    await page.keyboard.press('/');
    await page.fill('.search-modal .search-input', 'zzqqxx');
    await page.waitForSelector('.search-modal .search-empty');
    expect(await page.textContent('.search-modal .search-empty')).toContain('No results for "zzqqxx"');
    expect(await page.textContent('.search-modal .search-empty')).toContain('Believe this query should return results?');
    expect(await page.getAttribute('.search-modal .search-feedback a', 'href')).toBe('https://www.fixture.example/support');
    expect(await page.textContent('.search-modal .search-feedback a')).toBe('Let us know.');
    // "Try searching for" always offers real, distinct queries, never the query itself
    expect(await page.textContent('.search-modal .search-empty')).toContain('Try searching for');
    const suggestions = await page.locator('.search-modal .search-suggestions [data-suggest]').allTextContents();
    expect(suggestions.length).toBeGreaterThanOrEqual(1);
    expect(suggestions.length).toBeLessThanOrEqual(3);
    expect(new Set(suggestions.map((s) => s.toLowerCase())).size).toBe(suggestions.length);
    expect(suggestions.some((s) => s.includes('zzqqxx'))).toBe(false);
    // a query with one known word suggests the page that has it
    await page.fill('.search-modal .search-input', 'homebrew zzqqxx');
    await page.waitForSelector('.search-modal .search-empty >> text=homebrew zzqqxx');
    expect(await page.textContent('.search-modal .search-suggestions [data-suggest] >> nth=0')).toBe('Set up');
    await page.click('.search-modal .search-suggestions [data-suggest] >> nth=0');
    await page.waitForSelector('.search-modal a.search-hit');
    expect(await page.inputValue('.search-modal .search-input')).toBe('Set up');
    expect(errors).toEqual([]);
  });

  it('opens search from the navbar button without navigating; Escape returns focus to the button', async () => {
    const { page, errors } = await open('/guide');
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    const entries = await page.evaluate(() => history.length);
    await page.click('.navbar-items [data-search-button]');
    await page.waitForSelector('.search-modal:not([hidden]) .search-input');
    // the modal's code loaded after any fetch the same click started: none was for /search
    expect(requested.filter((p) => p === '/search')).toEqual([]);
    expect(page.url()).toBe(`${server.url}/guide`);
    expect(await page.evaluate(() => history.length)).toBe(entries);
    // a modal dialog: Tab stays inside, so Escape always reaches it
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.search-dialog')))).toBe(true);
    }
    await page.keyboard.press('Escape');
    expect(await page.isHidden('.search-modal')).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.matches('.navbar-items [data-search-button]'))).toBe(true);
    expect(await page.textContent('h1')).toBe('Guide');
    expect(errors).toEqual([]);
  });

  it('keeps favourite searches: a star on each recent one, 10 favourites, 7 recent searches or 4 beside favourites', async () => {
    const { page, errors } = await open('/guide');
    const stored = (key: string) => page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? '[]') as string[], key);
    await page.evaluate(() => localStorage.setItem('docsgen.search.recent', JSON.stringify(['install', 'homebrew', 'tip', 'setup', 'guide', 'overview', 'changelog'])));
    await page.keyboard.press('Control+k');
    await page.waitForSelector('.search-modal:not([hidden]) .search-star');
    expect(await page.locator('.search-modal .search-star').count()).toBe(7);
    // keyboard: a star is a button; pressing it moves the search to the favourites and keeps focus on it
    await page.focus('.search-modal [data-star="homebrew"]');
    await page.keyboard.press('Enter');
    expect(await stored('docsgen.search.favourites')).toEqual(['homebrew']);
    expect(await stored('docsgen.search.recent')).toEqual(['install', 'tip', 'setup', 'guide']);
    expect(await page.locator('.search-modal .search-group-title').allTextContents()).toEqual(['Favourites', 'Recent']);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Remove homebrew from favourites');
    // with a favourite, a new search keeps 4 recent ones
    await page.fill('.search-modal .search-input', 'configure');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/search?q=configure`);
    expect(await stored('docsgen.search.recent')).toEqual(['configure', 'install', 'tip', 'setup']);
    // favourites keep 10, newest first; the star on a favourite removes it
    await page.evaluate(() => localStorage.setItem('docsgen.search.favourites', JSON.stringify(Array.from({ length: 10 }, (_, i) => `fav${i}`))));
    await page.keyboard.press('Control+k');
    await page.click('.search-modal [data-star="configure"]');
    expect(await stored('docsgen.search.favourites')).toEqual(['configure', ...Array.from({ length: 9 }, (_, i) => `fav${i}`)]);
    await page.click('.search-modal [data-star="fav0"]');
    expect((await stored('docsgen.search.favourites')).includes('fav0')).toBe(false);
    // without favourites, 7 recent searches again
    await page.evaluate(() => localStorage.removeItem('docsgen.search.favourites'));
    for (const q of ['one', 'two', 'three', 'four']) {
      await page.fill('.search-modal .search-input', q);
      await page.keyboard.press('Enter');
      await page.waitForURL(`${server.url}/search?q=${q}`);
      await page.keyboard.press('Control+k');
    }
    expect(await stored('docsgen.search.recent')).toEqual(['four', 'three', 'two', 'one', 'install', 'tip', 'setup']);
    expect(errors).toEqual([]);
  });

  it('remembers the docs version chosen in the navbar', async () => {
    const { page } = await open('/guide');
    expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBeNull();
    await page.click('.navbar-items .navbar-dropdown-toggle >> text=Next');
    // the only version's link is the page itself: the page reloads
    await Promise.all([page.waitForEvent('load'), page.click('.navbar-items [data-version="Next"]')]);
    expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe('Next');
  });

  it('closes a navbar dropdown with Escape, collapses it and returns focus to its toggle', async () => {
    const { page, errors } = await open('/guide');
    // The toggle itself (its label is in a span of its own, sized to the web font's width).
    const toggle = '.navbar-items .navbar-dropdown-toggle:has-text("More")';
    const menuLink = '.navbar-items .navbar-dropdown-link[href="/changelog"]';
    const toggleFocused = () => page.evaluate(() => document.activeElement?.matches('.navbar-items .navbar-dropdown-toggle') && document.activeElement.textContent === 'More');
    await page.click(toggle);
    expect(await page.getAttribute(toggle, 'aria-expanded')).toBe('true');
    await page.waitForSelector(menuLink, { state: 'visible' });
    await page.keyboard.press('Escape'); // the pointer still hovers the dropdown
    expect(await page.getAttribute(toggle, 'aria-expanded')).toBe('false');
    expect(await toggleFocused()).toBe(true);
    await page.waitForSelector(menuLink, { state: 'hidden' });
    // keyboard only: open, move into the menu, Escape from a menu link
    await page.keyboard.press('Enter');
    expect(await page.getAttribute(toggle, 'aria-expanded')).toBe('true');
    await page.waitForSelector(menuLink, { state: 'visible' });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.matches('.navbar-items .navbar-dropdown-link'))).toBe(true);
    await page.keyboard.press('Escape');
    expect(await page.getAttribute(toggle, 'aria-expanded')).toBe('false');
    expect(await toggleFocused()).toBe(true);
    await page.waitForSelector(menuLink, { state: 'hidden' });
    expect(errors).toEqual([]);
  });

  it('shows results on the /search page for ?q=', async () => {
    const { page } = await open('/search?q=install');
    await page.waitForSelector('.search-page-results a.search-hit');
    expect(await page.inputValue('#search-page-input')).toBe('install');
    expect(await page.textContent('.search-count')).toMatch(/\d+ results? for "install"/);
  });

  it('reads without JavaScript: content, sidebar and links are all in the HTML', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.url}/guide/setup`);
    expect(await page.textContent('h1')).toBe('Set up');
    expect(await page.isVisible('.sidebar-container .sidebar-link.active')).toBe(true);
    expect(await page.isVisible('.code-tabs [role="tabpanel"]:not([hidden]) pre')).toBe(true);
    await page.click('.navbar-items [data-search-button]');
    await page.waitForURL(`${server.url}/search`);
    expect(await page.textContent('h1')).toBe('Search the documentation');
  });
});


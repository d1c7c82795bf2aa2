import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { serve, type RunningServer } from '../../packages/engine/src/node/dev/serve';
import { silentLogger } from '../../packages/engine/src/node/task';
import { buildSite, copyFixture } from '../helpers/fixtures';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

describe.skipIf(!fs.existsSync(CHROMIUM))('page behaviours in Chromium', () => {
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
    expect((await buildSite(root)).ok).toBe(true);
    server = await serve({ root, port: 0, host: '127.0.0.1', watch: false, logger: silentLogger });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
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

  it('copies code and shows a check for 1.5 s', async () => {
    const { page } = await open('/guide/setup');
    await page.hover('.code-tabs [role="tabpanel"]:not([hidden]) .code-block');
    const button = '.code-tabs [role="tabpanel"]:not([hidden]) .copy-button';
    await page.click(button);
    await page.waitForSelector(`${button}[data-copied]`);
    const shown = Date.now();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('payment-sessions');
    await page.waitForSelector(`${button}:not([data-copied])`, { timeout: 5000 });
    expect(Date.now() - shown).toBeGreaterThanOrEqual(1300);
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
    await page.keyboard.press('Escape');
    expect(await page.isHidden('#drawer')).toBe(true);
    await page.click('[data-drawer-toggle]');
    await page.setViewportSize({ width: 1200, height: 800 });
    await page.waitForFunction(() => (document.getElementById('drawer') as HTMLElement).hidden);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(overflow).toBe(true);
  });

  it('hydrates the Test Card island only on interaction, replays the first click, and confirms copies', async () => {
    const { page, errors } = await open('/guide');
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await page.waitForLoadState('networkidle');
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
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Guide');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    const home = `${server.url}/`;
    await page.route(home, (route) => route.abort());
    await page.click('.navbar .navbar-brand');
    await page.waitForSelector('.route-error');
    expect(await page.textContent('.route-error')).toContain('could not be loaded');
    expect(page.url()).toBe(home);
    await page.unroute(home);
    await page.click('.route-error button');
    await page.waitForFunction(() => document.querySelector('.hero-title')?.textContent === 'fixture docs');
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
  });
});


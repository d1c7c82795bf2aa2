import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import type { RunningServer } from '../../packages/engine/src/node/dev/serve';
import { copyFixture, writeFiles } from '../helpers/fixtures';
import { hasChromium, buildServeLaunch } from '../helpers/browser';
import { shiftsSoFar } from '../helpers/layout-shift';

/** Issue 11's behaviours: keystrokes, client navigation, the error boundary, search counts, small keyboard details. */
describe.skipIf(!hasChromium)('client behaviours in Chromium', () => {
  let browser: Browser;
  let server: RunningServer;
  const contexts: BrowserContext[] = [];
  const open = async (route: string, options: BrowserContextOptions = {}, init?: () => void): Promise<{ page: Page; errors: string[] }> => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
    contexts.push(context);
    const page = await context.newPage();
    if (init) await page.addInitScript(init);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url + route);
    return { page, errors };
  };
  /** Holds every response of the search code and the search index back by `ms`. */
  const slowSearch = async (page: Page, ms: number) => {
    const hold = (route: import('playwright-core').Route) => void new Promise((r) => setTimeout(r, ms)).then(() => route.continue());
    await page.route('**/assets/lazy.*.js', hold);
    await page.route('**/search-index.json', hold);
  };
  const focused = (page: Page) => page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { tag: el?.tagName ?? '', text: el?.textContent?.trim() ?? '', className: el?.className ?? '' };
  });

  beforeAll(async () => {
    const root = copyFixture('basic');
    const section = (i: number) => `## Refund case ${i}\n\nA refund of case ${i} goes back to the card that paid.\n`;
    writeFiles(root, {
      // two categories (collapsed unless the page is in them) and a page linking to a redirect route
      'content/guide/advanced/one.mdx': '---\ntitle: Advanced one\n---\n\nFirst advanced page.\n',
      'content/guide/advanced/two.mdx': '---\ntitle: Advanced two\n---\n\nSecond advanced page.\n',
      'content/guide/other/alpha.mdx': '---\ntitle: Other alpha\n---\n\nAnother category.\n',
      'content/guide/links.mdx': '---\ntitle: Links\nsidebar_position: 4\n---\n\nThe [old setup page](/old-setup) moved.\n',
      // one page with more refund sections than a search group shows (5)
      'content/guide/refunds.mdx': `---\ntitle: Refunds\nsidebar_position: 5\n---\n\n${Array.from({ length: 9 }, (_, i) => section(i + 1)).join('\n')}`,
    });
    ({ server, browser } = await buildServeLaunch(root));
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.close();
  });

  it('keeps every key typed right after Ctrl+K while the search code and index are slow to arrive', async () => {
    const { page, errors } = await open('/guide');
    await slowSearch(page, 1_500);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('refund');
    expect(await page.inputValue('.search-modal .search-input')).toBe('refund');
    await page.waitForSelector('.search-modal .search-hit', { timeout: 10_000 });
    expect(await page.inputValue('.search-modal .search-input')).toBe('refund');
    expect(await page.textContent('.search-modal .search-results')).toContain('Refund case');
    expect(errors).toEqual([]);
  });

  it('keeps Tab inside the search dialog before the search code has arrived', async () => {
    const { page } = await open('/guide');
    await slowSearch(page, 3_000);
    await page.click('.navbar-items [data-search-button]');
    const inside = () => page.evaluate(() => Boolean(document.activeElement?.closest('.search-dialog')));
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await inside(), `after ${key}`).toBe(true);
    }
    // the search code had not taken the modal over yet: this was the shell's own trap
    expect(await page.evaluate(() => document.querySelector<HTMLElement>('.search-modal')!.dataset.ready)).toBeUndefined();
    await page.keyboard.press('Escape');
    expect(await page.isHidden('.search-modal')).toBe(true);
  });

  it('starts the query with the first key typed on the focused search button', async () => {
    const { page } = await open('/guide');
    await slowSearch(page, 1_000);
    await page.focus('.navbar-items [data-search-button]');
    await page.keyboard.type('refund');
    expect(await page.inputValue('.search-modal .search-input')).toBe('refund');
    await page.waitForSelector('.search-modal .search-hit', { timeout: 10_000 });
    expect(await page.inputValue('.search-modal .search-input')).toBe('refund');
    // Escape still closes it and gives focus back to the button
    await page.keyboard.press('Escape');
    expect(await page.isHidden('.search-modal')).toBe(true);
    expect((await focused(page)).className).toContain('navbar-search');
  });

  it('follows a redirect route on client navigation: the target page, its address and title', async () => {
    const { page } = await open('/guide/links');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1)); // survives only a client navigation
    await page.click('main a[href="/old-setup"]');
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Set up');
    expect(new URL(page.url()).pathname).toBe('/guide/setup');
    expect(await page.title()).toMatch(/^Set up/);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(await page.textContent('main')).not.toContain('moved');
    // focus is on the new page's heading
    expect(await focused(page)).toMatchObject({ tag: 'H1', text: 'Set up' });
    // back returns to the page with the link
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Links');
  });

  it("keeps opened sidebar categories open across client navigations and opens the new page's category", async () => {
    const { page } = await open('/guide/links');
    const isOpen = (label: string) =>
      page.evaluate((l) => [...document.querySelectorAll<HTMLDetailsElement>('.sidebar-scroll details')].find((d) => d.querySelector('summary')?.textContent === l)?.open ?? null, label);
    expect(await isOpen('Advanced')).toBe(false);
    expect(await isOpen('Other')).toBe(false);
    await page.click('.sidebar-scroll summary:has-text("Other")');
    expect(await isOpen('Other')).toBe(true);
    // a link elsewhere than the sidebar to a page in the closed "Advanced" category
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/guide/advanced/two';
      a.textContent = 'to advanced two';
      a.id = 'to-advanced';
      document.querySelector('main')!.append(a);
    });
    await page.click('#to-advanced');
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Advanced two');
    expect(await isOpen('Advanced')).toBe(true);
    expect(await isOpen('Other')).toBe(true);
    expect(await focused(page)).toMatchObject({ tag: 'H1', text: 'Advanced two' });
    await page.click('.sidebar-scroll a:has-text("Set up")');
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Set up');
    expect(await isOpen('Advanced')).toBe(true);
    expect(await isOpen('Other')).toBe(true);
    // one the reader closed stays closed; the new page's own category opens even if closed before
    await page.click('.sidebar-scroll summary:has-text("Other")');
    await page.click('.sidebar-scroll summary:has-text("Advanced")');
    expect([await isOpen('Advanced'), await isOpen('Other')]).toEqual([false, false]);
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/guide/advanced/one';
      a.textContent = 'to advanced one';
      a.id = 'to-advanced-one';
      document.querySelector('main')!.append(a);
    });
    await page.click('#to-advanced-one');
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Advanced one');
    expect([await isOpen('Advanced'), await isOpen('Other')]).toEqual([true, false]);
  });

  it('keeps a category opened in the mobile drawer open after following a link there', async () => {
    const { page } = await open('/guide/links', { viewport: { width: 375, height: 740 } });
    await page.click('[data-drawer-toggle]');
    await page.click('#drawer summary:has-text("Other")');
    await page.click('#drawer a:has-text("Set up")');
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Set up');
    expect(await page.isHidden('#drawer')).toBe(true);
    await page.click('[data-drawer-toggle]');
    const opened = await page.evaluate(() => [...document.querySelectorAll<HTMLDetailsElement>('#drawer details')].filter((d) => d.open).map((d) => d.querySelector('summary')!.textContent));
    expect(opened).toEqual(['Other']);
  });

  it("shows a crashed Test Card's error in its corner, titled 'Page Error' and focused; Try again restores it", async () => {
    const { page } = await open('/guide');
    const title = await page.title();
    // props that make the panel's render throw when it opens (an object is no React child)
    await page.evaluate(() => {
      const island = document.querySelector<HTMLElement>('docsgen-island[data-island="TestCard"]')!;
      island.dataset.props = JSON.stringify({ ...JSON.parse(island.dataset.props!), number: { broken: true } });
    });
    await page.click('.test-card-toggle');
    await page.waitForSelector('.error-boundary');
    expect(await page.title()).toBe('Page Error');
    expect(await page.textContent('.error-boundary')).toContain('This page crashed');
    expect(await focused(page)).toMatchObject({ className: 'error-boundary' });
    const box = (await page.locator('.error-boundary').boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(1280 - 40);
    expect(box.y + box.height).toBeGreaterThan(800 - 40);
    expect(box.y).toBeGreaterThan(0);
    // the content above it is unchanged, and it sits in the viewport, not below the footer
    expect(await page.evaluate(() => document.querySelector('.error-boundary')!.getBoundingClientRect().bottom <= innerHeight)).toBe(true);
    // still showing after a client navigation: the title stays, and Try again gives the new page's
    expect(title).toBe('Guide | fixture docs');
    await page.click('.sidebar-container a[href="/guide/setup"]');
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Set up');
    expect(await page.title()).toBe('Page Error');
    await page.click('.error-boundary button:has-text("Try again")');
    await page.waitForSelector('.test-card-toggle');
    expect(await page.isVisible('.error-boundary')).toBe(false);
    expect(await page.title()).toBe('Set up | fixture docs');
    expect((await focused(page)).className).toContain('test-card-toggle');
  });

  it('closes the Test Card panel with Escape and gives focus back to its button', async () => {
    const { page } = await open('/guide');
    await page.click('.test-card-toggle');
    await page.waitForSelector('.test-card-panel');
    await page.focus('.test-card-copy');
    await page.keyboard.press('Escape');
    expect(await page.isHidden('.test-card-panel')).toBe(true);
    expect((await focused(page)).className).toContain('test-card-toggle');
    expect(await page.getAttribute('.test-card-toggle', 'aria-expanded')).toBe('false');
  });

  it('moves focus to a visible control after the announcement is closed', async () => {
    const { page } = await open('/guide');
    await page.focus('[data-announcement-close]');
    await page.keyboard.press('Enter');
    expect(await page.isHidden('.announcement')).toBe(true);
    const state = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      return { body: el === document.body, visible: el.getClientRects().length > 0, inNavbar: Boolean(el.closest('.navbar')) };
    });
    expect(state).toEqual({ body: false, visible: true, inNavbar: true });
  });

  it('shows the shortcut as ⌘K on a Mac and Ctrl K elsewhere, without a layout shift, and Ctrl K without JavaScript', async () => {
    const mac = await open('/guide', {}, () => {
      Object.defineProperty(Navigator.prototype, 'platform', { get: () => 'MacIntel' });
      Object.defineProperty(Navigator.prototype, 'userAgentData', { get: () => ({ platform: 'macOS' }) });
    });
    expect(await mac.page.innerText('.navbar-items .navbar-search-key')).toBe('⌘K');
    expect(await shiftsSoFar(mac.page, 500)).toEqual([]);
    const other = await open('/guide', {}, () => {
      Object.defineProperty(Navigator.prototype, 'platform', { get: () => 'Linux x86_64' });
      Object.defineProperty(Navigator.prototype, 'userAgentData', { get: () => ({ platform: 'Linux' }) });
    });
    expect(await other.page.innerText('.navbar-items .navbar-search-key')).toBe('Ctrl K');
    expect(await shiftsSoFar(other.page, 500)).toEqual([]);
    const noJs = await open('/guide', { javaScriptEnabled: false });
    expect(await noJs.page.innerText('.navbar-items .navbar-search-key')).toBe('Ctrl K');
  });

  it('lets the reader reach every result counted on /search, and announces counts, not lists', async () => {
    const { page } = await open('/search?q=refund');
    await page.waitForSelector('.search-count');
    const counted = Number(/^(\d+) results?/.exec((await page.textContent('.search-count'))!)![1]);
    expect(counted).toBeGreaterThan(5);
    // only the count is live: the results list is not read out on each update
    expect(await page.getAttribute('[data-search-results]', 'aria-live')).toBeNull();
    await page.waitForFunction(() => /\d+ results? for refund/.test(document.querySelector('[data-search-announce]')?.textContent ?? ''));
    expect(await page.textContent('[data-search-announce]')).not.toContain('goes back to the card');
    // the group of the Refunds page shows 5 and says how many more it has
    expect(await page.textContent('.search-more-in-group')).toMatch(/Show all \d+ results in Refunds \(\d+ more\)/);
    for (let i = 0; i < 20; i++) {
      const more = page.locator('[data-more], .search-more-in-group').first();
      if (!(await more.count())) break;
      await more.click();
    }
    expect(await page.locator('.search-results .search-hit').count()).toBe(counted);
  });

  it("announces the modal's result count and the active option", async () => {
    const { page } = await open('/guide');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('refund');
    await page.waitForFunction(() => /\d+ results?/.test(document.querySelector('.search-modal [aria-live] .search-announce')?.textContent ?? ''));
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => / 1 of \d+$/.test(document.querySelector('.search-modal .search-announce')?.textContent ?? ''));
    const said = await page.textContent('.search-modal .search-announce');
    const first = await page.textContent('.search-modal .search-hit .search-hit-title');
    expect(said).toContain(first!.trim());
    // a group with more than 5 hits offers the rest, and that control is one of the options
    expect(await page.locator('.search-modal .search-more-in-group').count()).toBeGreaterThan(0);
  });
});

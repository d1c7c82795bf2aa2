import fs from 'node:fs';
import { afterEach, expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { serve, type RunningServer } from '../../packages/engine/src/node/dev/serve';
import { silentLogger } from '../../packages/engine/src/node/task';
import { buildSite } from './fixtures';

/** Debian's Chromium; browser suites are skipped where it is not installed. */
export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = fs.existsSync(CHROMIUM);

/**
 * Chromium's full headless mode (Debian's 156) gives each context's window an address bar whose
 * suggestion popup is a web page of its own, started with the window in a renderer of its own:
 * about 0.8 s of CPU and 160 MB for every context a test opens (10 contexts with a page each:
 * 11 s of Chromium's CPU with it, 3 s without). No test reads browser UI.
 */
const NO_BROWSER_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * The features Playwright turns off (playwright-core 1.65.1, chromiumSwitches.ts). Chromium keeps
 * only the last `--disable-features` switch, so ours repeats them: chromium-flags.test.ts fails
 * when Playwright's list has one that ours lacks.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = ['AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable', 'LensOverlay', 'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect', 'TcpPortRandomizationWin', 'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch', 'msForceBrowserSignIn', 'msEdgeUpdateLaunchServicesPreferredVersion'];

/** Headless, and quiet on a machine without internet (no background requests, no updates), without browser UI. */
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...NO_BROWSER_UI].join(',')}`];

/**
 * Content-Security-Policy violations seen by any page of any browser launched here since the
 * current test began. `docsgen serve` enforces the site's policy, so a violation means the page
 * tried something the policy forbids (an inline script or style, a fetch to an origin it does not
 * allow): every browser test fails on one (the hook below), without having to ask.
 */
export const cspViolations: string[] = [];

/** Reports `securitypolicyviolation` events as console errors the context listener below collects. */
const REPORT_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (e) => console.error('CSP violation: ' + e.effectiveDirective + ' blocked ' + (e.blockedURI || 'inline') + ' at ' + e.sourceFile + ':' + e.lineNumber), true);`;

/** Each page of a watched context: its requests that have neither finished nor failed, and when one last started or ended. */
const traffic = new WeakMap<Page, { inflight: Set<Request>; last: number }>();
const trafficOf = (page: Page) => {
  let entry = traffic.get(page);
  if (!entry) traffic.set(page, (entry = { inflight: new Set(), last: Date.now() }));
  return entry;
};

async function watchContext(context: BrowserContext): Promise<BrowserContext> {
  await context.addInitScript({ content: REPORT_VIOLATIONS });
  const update = (request: Request, started: boolean) => {
    const entry = trafficOf(request.frame().page());
    if (started) entry.inflight.add(request);
    else entry.inflight.delete(request);
    entry.last = Date.now();
  };
  context.on('request', (request) => update(request, true));
  context.on('requestfinished', (request) => update(request, false));
  context.on('requestfailed', (request) => update(request, false));
  context.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && /CSP violation|Content Security Policy/i.test(text)) cspViolations.push(`${message.page()?.url() ?? ''}: ${text}`);
  });
  return context;
}

// Under vitest only: screenshot scripts import this helper too.
if (process.env.VITEST) {
  afterEach(() => {
    const seen = cspViolations.splice(0);
    expect(seen, 'Content-Security-Policy violations').toEqual([]);
  });
}

/**
 * Resolves once `page` has fired `load` and then, for `quietMs`, had no request in flight and started
 * none: what Playwright's `networkidle` promises. That state can be lost for good when the page goes idle
 * while its HTML is still parsing and then fetches and finishes its scripts before
 * DOMContentLoaded (microsoft/playwright#42598), which a busy machine makes likely: a wait for it
 * then hangs until the test's timeout. This counts the page's requests itself, from the context's
 * events, so it needs a context made by {@link launchChromium}'s browser.
 */
export async function networkQuiet(page: Page, quietMs = 500): Promise<void> {
  await page.waitForLoadState('load');
  const loaded = Date.now();
  const entry = trafficOf(page);
  while (entry.inflight.size > 0 || Date.now() - Math.max(entry.last, loaded) < quietMs) await new Promise((resolve) => setTimeout(resolve, 50));
}

export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  // Every context (and every page: `browser.newPage` makes its context through `newContext`) is watched.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => watchContext(await newContext(...args));
  return browser;
}

/** Serves a built site folder (its `build/`) on a free port of 127.0.0.1, without watching. */
export function serveBuilt(root: string): Promise<RunningServer> {
  return serve({ root, port: 0, host: '127.0.0.1', watch: false, logger: silentLogger });
}

/**
 * The set-up of most browser suites: builds the site folder (which must build without errors),
 * serves it and launches Chromium. The suite closes both when done.
 */
export async function buildServeLaunch(root: string): Promise<{ server: RunningServer; browser: Browser }> {
  expect((await buildSite(root)).ok).toBe(true);
  const server = await serveBuilt(root);
  return { server, browser: await launchChromium() };
}

/**
 * Client-side navigation: same-origin page links are fetched and swapped in (title, meta, navbar,
 * sidebar, content) instead of reloading. Pages are prefetched on hover or focus unless the
 * connection is 2g or in data-saver mode. A progress bar appears when a load takes over 200 ms; a
 * page that fails to load shows an error with a Retry button. Without JavaScript, links just work.
 */
import { showWebFont } from './web-font';
import { PROGRESS_BAR_ID } from '../shared/site';

const cache = new Map<string, Promise<Loaded>>();
let current = 0;

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

function slowConnection(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return Boolean(connection?.saveData || connection?.effectiveType?.includes('2g'));
}

/** A page route of this site (not a file, not another origin, not the search button: search.ts opens the modal). */
function routeOf(anchor: HTMLAnchorElement): URL | null {
  if (anchor.target && anchor.target !== '_self') return null;
  if (anchor.hasAttribute('download') || anchor.hasAttribute('data-search-button') || anchor.origin !== location.origin) return null;
  const url = new URL(anchor.href);
  if (/\.[a-z0-9]+$/i.test(url.pathname) || url.pathname.startsWith('/__docsgen')) return null;
  return url;
}

/** A loaded page: its HTML, and the address it ended at (after HTTP and docsgen's meta-refresh redirects). */
interface Loaded {
  html: string;
  url: URL;
}

/** The target of a redirect page docsgen writes (`<meta http-equiv="refresh" content="0; url=…">`), if the HTML is one. */
function refreshTarget(html: string, base: string): URL | null {
  const match = /<meta\s+http-equiv="refresh"\s+content="\d+;\s*url=([^"]+)"/i.exec(html.slice(0, 2_000));
  if (!match) return null;
  const url = new URL(match[1]!.replace(/&amp;/g, '&'), base);
  return url.origin === location.origin ? url : null;
}

function load(path: string, hops = 0): Promise<Loaded> {
  let pending = cache.get(path);
  if (!pending) {
    pending = fetch(path, { headers: { Accept: 'text/html' } }).then(async (response): Promise<Loaded> => {
      const type = response.headers.get('content-type') ?? '';
      if ((!response.ok && response.status !== 404) || !type.includes('text/html')) throw new Error(`the server answered ${response.status}`);
      const html = await response.text();
      const url = new URL(response.url || path, location.href);
      const target = refreshTarget(html, url.href);
      // a redirect page: show (and address) the page it points to, as the browser would
      if (target && hops < 5) return load(target.pathname + target.search, hops + 1).then((next) => ({ ...next, url: target.hash ? new URL(target.hash, next.url) : next.url }));
      return { html, url };
    });
    pending.catch(() => cache.delete(path));
    cache.set(path, pending);
  }
  return pending;
}

function progress(on: boolean): void {
  let bar = document.getElementById(PROGRESS_BAR_ID);
  if (!bar) {
    bar = document.createElement('div');
    bar.id = PROGRESS_BAR_ID;
    bar.setAttribute('role', 'progressbar');
    bar.setAttribute('aria-label', 'Loading page');
    document.body.append(bar);
  }
  if (on) bar.dataset.active = '';
  else delete bar.dataset.active;
}

/**
 * Moves focus to the new page's heading (its h1; the main content when it has none), without
 * scrolling, so screen readers announce the page and Tab starts there.
 */
function focusHeading(): void {
  const main = document.querySelector<HTMLElement>('main');
  const heading = main?.querySelector<HTMLElement>('h1') ?? main;
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

/** Which sidebar categories are open (`data-cat` id → open) in the page's sidebar (the one the mobile menu shows too). */
function categoryState(): { sidebar: string; open: Map<string, boolean> } | null {
  const sidebar = document.querySelector<HTMLElement>('.main-wrapper .sidebar[data-sidebar]');
  if (!sidebar) return null;
  const open = new Map<string, boolean>();
  for (const details of sidebar.querySelectorAll<HTMLDetailsElement>('details[data-cat]')) open.set(details.dataset.cat!, details.open);
  return { sidebar: sidebar.dataset.sidebar!, open };
}

/**
 * The categories keep the state the reader gave them in the same sidebar of the new page, except
 * that the new page's own categories (those holding its link, rendered open) always open.
 */
function restoreCategories(before: { sidebar: string; open: Map<string, boolean> } | null): void {
  if (!before) return;
  const sidebar = document.querySelector<HTMLElement>(`.main-wrapper .sidebar[data-sidebar="${CSS.escape(before.sidebar)}"]`);
  for (const details of sidebar?.querySelectorAll<HTMLDetailsElement>('details[data-cat]') ?? []) {
    const wasOpen = before.open.get(details.dataset.cat!);
    const current = Boolean(details.querySelector('[aria-current="page"]') || details.parentElement?.querySelector(':scope > [aria-current="page"]'));
    if (wasOpen !== undefined) details.open = wasOpen || current;
  }
}

function showError(url: URL, message: string): void {
  const main = document.querySelector('main');
  if (!main) {
    location.href = url.href;
    return;
  }
  const site = document.querySelector<HTMLMetaElement>('meta[property="og:site_name"]')?.content;
  document.title = `Page failed to load${site ? ` | ${site}` : ''}`;
  // the previous page is no longer shown: it is no longer the current page either
  for (const link of document.querySelectorAll('.sidebar-link.active, [aria-current="page"]')) {
    link.classList.remove('active');
    link.removeAttribute('aria-current');
  }
  main.innerHTML = '';
  const box = document.createElement('div');
  box.className = 'route-error';
  box.setAttribute('role', 'alert');
  const title = document.createElement('h1');
  title.textContent = 'This page could not be loaded';
  const text = document.createElement('p');
  text.textContent = `Loading ${url.pathname} failed: ${message}. Check your connection and try again.`;
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'button';
  retry.textContent = 'Retry';
  retry.addEventListener('click', () => void navigate(url, 'replace'));
  box.append(title, text, retry);
  main.append(box);
  retry.focus();
}

function swap(html: string, url: URL, mode: 'push' | 'replace' | 'pop'): void {
  const next = new DOMParser().parseFromString(html, 'text/html');
  const categories = categoryState();
  for (const selector of ['.navbar', '.main-wrapper']) {
    const from = document.querySelector(selector);
    const to = next.querySelector(selector);
    if (from && to) from.replaceWith(document.adoptNode(to));
  }
  // the new page is drawn in the web font if it has loaded meanwhile (web-font.ts)
  showWebFont();
  restoreCategories(categories);
  // an error boundary still showing outside the swapped part (the Test Card's) keeps the title
  // 'Page Error'; the new page's title is what it restores (ErrorBoundary.tsx)
  if (document.documentElement.dataset.titleBeforeError !== undefined && document.querySelector('.error-boundary')) document.documentElement.dataset.titleBeforeError = next.title;
  else document.title = next.title;
  // The page's own head: description, canonical, robots, Open Graph and Twitter tags, its Markdown
  // twin and its structured data (the feed link, theme script and assets are the site's).
  const own = 'meta[name="description"], meta[name="robots"], link[rel="canonical"], meta[property^="og:"], meta[name^="twitter:"], link[rel="alternate"][type="text/markdown"], script[type="application/ld+json"]';
  const anchor = document.head.querySelector('link[rel="stylesheet"]');
  for (const old of document.head.querySelectorAll(own)) old.remove();
  for (const tag of next.head.querySelectorAll(own)) document.head.insertBefore(document.adoptNode(tag), anchor);
  if (mode === 'push') history.pushState({}, '', url.href);
  else if (mode === 'replace') history.replaceState({}, '', url.href);
  if (url.hash) document.getElementById(decodeURIComponent(url.hash.slice(1)))?.scrollIntoView();
  else if (mode !== 'pop') window.scrollTo(0, 0);
  focusHeading();
  document.dispatchEvent(new CustomEvent('docsgen:navigated'));
}

async function navigate(url: URL, mode: 'push' | 'replace' | 'pop'): Promise<void> {
  const id = ++current;
  const timer = setTimeout(() => id === current && progress(true), 200);
  try {
    const loaded = await load(url.pathname + url.search);
    if (id !== current) return;
    // the address ends at the page shown: a redirect's target, with the link's fragment unless the redirect has its own
    const shown = new URL(loaded.url.href);
    if (!shown.hash) shown.hash = url.hash;
    swap(loaded.html, shown, mode === 'pop' && shown.href !== url.href ? 'replace' : mode);
  } catch (error) {
    if (id !== current) return;
    if (mode === 'push') history.pushState({}, '', url.href);
    showError(url, (error as Error).message === 'Failed to fetch' ? 'the network request failed' : (error as Error).message);
  } finally {
    clearTimeout(timer);
    if (id === current) progress(false);
  }
}

export function setupRouter(): void {
  if (!('DOMParser' in window) || !history.pushState) return;
  document.querySelector('main')?.setAttribute('tabindex', '-1');
  history.replaceState({}, '', location.href);
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest<HTMLAnchorElement>('a[href]');
    if (!anchor || anchor.closest('docsgen-island')) return;
    const url = routeOf(anchor);
    if (!url) return;
    if (url.pathname === location.pathname && url.search === location.search) return; // same page: anchors scroll natively
    event.preventDefault();
    void navigate(url, 'push');
  });
  const prefetch = (event: Event) => {
    if (slowConnection()) return;
    const anchor = (event.target as Element).closest?.<HTMLAnchorElement>('a[href]');
    const url = anchor && routeOf(anchor);
    if (url && url.pathname !== location.pathname) load(url.pathname + url.search).catch(() => {});
  };
  document.addEventListener('pointerover', prefetch, { passive: true });
  document.addEventListener('focusin', prefetch);
  window.addEventListener('popstate', () => void navigate(new URL(location.href), 'pop'));
}

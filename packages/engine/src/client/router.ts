/**
 * Client-side navigation: same-origin page links are fetched and swapped in (title, meta, navbar,
 * sidebar, content) instead of reloading. Pages are prefetched on hover or focus unless the
 * connection is 2g or in data-saver mode. A progress bar appears when a load takes over 200 ms; a
 * page that fails to load shows an error with a Retry button. Without JavaScript, links just work.
 */
const cache = new Map<string, Promise<string>>();
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

function load(path: string): Promise<string> {
  let pending = cache.get(path);
  if (!pending) {
    pending = fetch(path, { headers: { Accept: 'text/html' } }).then(async (response) => {
      const type = response.headers.get('content-type') ?? '';
      if ((!response.ok && response.status !== 404) || !type.includes('text/html')) throw new Error(`the server answered ${response.status}`);
      return response.text();
    });
    pending.catch(() => cache.delete(path));
    cache.set(path, pending);
  }
  return pending;
}

function progress(on: boolean): void {
  let bar = document.getElementById('docsgen-progress');
  if (!bar) {
    bar = document.createElement('div');
    bar.id = 'docsgen-progress';
    bar.setAttribute('role', 'progressbar');
    bar.setAttribute('aria-label', 'Loading page');
    document.body.append(bar);
  }
  if (on) bar.dataset.active = '';
  else delete bar.dataset.active;
}

/** Moves focus to the main content (so screen readers and Tab start there), without scrolling. */
function focusMain(): void {
  const main = document.querySelector<HTMLElement>('main');
  main?.setAttribute('tabindex', '-1');
  main?.focus({ preventScroll: true });
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
  for (const selector of ['.navbar', '#drawer', '.main-wrapper']) {
    const from = document.querySelector(selector);
    const to = next.querySelector(selector);
    if (from && to) from.replaceWith(document.adoptNode(to));
  }
  document.title = next.title;
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
  focusMain();
  document.dispatchEvent(new CustomEvent('docsgen:navigated'));
}

async function navigate(url: URL, mode: 'push' | 'replace' | 'pop'): Promise<void> {
  const id = ++current;
  const timer = setTimeout(() => id === current && progress(true), 200);
  try {
    const html = await load(url.pathname + url.search);
    if (id !== current) return;
    swap(html, url, mode);
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

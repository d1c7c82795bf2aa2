/**
 * Loads the tag-manager container named by `<meta name="docsgen:tag-manager">` (the config's
 * `tagManager`) once the page is interactive: after `load` and a painted frame, when the browser is
 * next idle. It is a
 * script element this module adds, never an inline script, so a strict Content-Security-Policy
 * only has to allow the container's origin. Without the meta tag (the default) nothing happens.
 */
export function setupTagManager(): void {
  const src = document.querySelector<HTMLMetaElement>('meta[name="docsgen:tag-manager"]')?.content;
  if (!src) return;
  const start = () => {
    const w = window as Window & { dataLayer?: unknown[] };
    (w.dataLayer ??= []).push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    const script = document.createElement('script');
    script.async = true;
    script.src = src;
    document.head.append(script);
  };
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(start, { timeout: 2000 }) : setTimeout(start, 200));
  // A task queued from an animation frame runs after that frame is painted: the container is never
  // requested before the page's first paint, even when `load` comes first (a page from the cache).
  const afterPaint = () => requestAnimationFrame(() => setTimeout(whenIdle, 0));
  if (document.readyState === 'complete') afterPaint();
  else addEventListener('load', afterPaint, { once: true });
}

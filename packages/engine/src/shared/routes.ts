/** Route of a content file given its path relative to the content folder (`a/b.mdx` → `/a/b`, `a/index.md` → `/a`). */
export function routeForFile(relativePath: string): string {
  const withoutExt = relativePath.replace(/\\/g, '/').replace(/\.mdx?$/, '');
  const route = '/' + withoutExt.replace(/(^|\/)index$/, '');
  return route.length > 1 ? route.replace(/\/$/, '') : '/';
}

/** Output file of a route: `/a/b` → `a/b/index.html`, `/` → `index.html`. */
export function htmlFileForRoute(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}/index.html`;
}

/**
 * The clean form of a request path, or null when it is already clean:
 * `/x/index`, `/x/index.html`, `/x.html` and `/x/` all normalise to `/x`.
 */
export function normalizeRoutePath(pathname: string): string | null {
  let clean = pathname.replace(/\/index(\.html)?\/*$/, '/').replace(/\.html$/, '');
  if (clean.length > 1) clean = clean.replace(/\/+$/, '');
  if (!clean) clean = '/';
  return clean === pathname ? null : clean;
}

/** `decodeURIComponent`, but a malformed escape (`100%`) leaves the text as written. */
export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function splitHref(href: string): { path: string; hash: string } {
  const i = href.indexOf('#');
  return i < 0 ? { path: href, hash: '' } : { path: href.slice(0, i), hash: safeDecode(href.slice(i + 1)) };
}

export const isExternalHref = (href: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');

/** Route of a content file given its path relative to the content folder (`a/b.mdx` → `/a/b`, `a/index.md` → `/a`). */
export function routeForFile(relativePath: string): string {
  const withoutExt = relativePath.replace(/\\/g, '/').replace(/\.mdx?$/, '');
  const route = '/' + withoutExt.replace(/(^|\/)index$/, '');
  return route.length > 1 ? route.replace(/\/$/, '') : '/';
}

/**
 * Output file of a route: `/a/b` → `a/b/index.html`, `/` → `index.html`, and the not-found page
 * `/404` → `404.html`, where static hosts look for it.
 */
export function htmlFileForRoute(route: string): string {
  if (route === '/404') return '404.html';
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

/**
 * The scheme of a link target that would run script on the page's origin when followed
 * (`javascript:`, `vbscript:`, `data:`), lower-cased; null for any other target. Read as browsers
 * read it: spaces and control characters before it are ignored, and tabs and newlines anywhere
 * (`java\tscript:` is `javascript:`).
 */
export function unsafeScheme(href: string): string | null {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, ''))?.[1]?.toLowerCase();
  return scheme === 'javascript' || scheme === 'vbscript' || scheme === 'data' ? scheme : null;
}

/**
 * Why `route` cannot be a page's URL path, or null when it can. Routes become folder names in the
 * output and links in every page, so they must be clean URL paths: `/` then segments of letters,
 * digits, `-`, `_`, `.` and `~` (any script), no `.` or `..` segment, no empty segment (`//`), and
 * nothing a browser or a file system reads specially (space, `#`, `?`, `%`, `\`, control characters).
 */
export function routeProblem(route: string): string | null {
  if (!route.startsWith('/')) return 'does not start with "/"';
  if (route === '/') return null;
  const segments = route.slice(1).split('/');
  if (segments.some((s) => s === '')) return 'has an empty segment ("//" or a trailing "/")';
  if (segments.some((s) => s === '.' || s === '..')) return 'has a "." or ".." segment';
  const bad = /[^\p{L}\p{N}\p{M}\-_.~/]/u.exec(route);
  if (bad) return `contains ${describeChar(bad[0])}`;
  return null;
}

const describeChar = (c: string): string =>
  c === ' ' ? 'a space' : /[\u0000-\u001f\u007f]/.test(c) ? `a control character (U+${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()})` : `"${c}"`;

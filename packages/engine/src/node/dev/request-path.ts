import fs from 'node:fs';
import path from 'node:path';
import { normalizeRoutePath } from '../../shared/routes';

/*
 * What a request path of the preview server asks for: a file of the output, a redirect to its clean
 * URL, or a refusal, decided from the path alone and one existence check. Pure apart from that check.
 */

export type Resolution =
  | { status: 200 | 404; file: string }
  | { status: 301; location: string }
  | { status: 400 | 405 };

/** What a request path asks for before the file system is asked: a final answer, or one file to look for. */
export type Plan = Resolution | { check: string; found: Resolution; missing: Resolution };

/** The answer to a request path, or the one file whose existence decides it (the server looks it up by real path). */
export function plan(root: string, rawPath: string): Plan {
  let pathname: string;
  try {
    pathname = decodeURIComponent(rawPath);
  } catch {
    return { status: 400 };
  }
  if (!pathname.startsWith('/') || /[\0\\]/.test(pathname) || /%2f|%5c|%00/i.test(rawPath) || pathname.split('/').some((s) => s === '..' || s === '.')) {
    return { status: 400 };
  }
  const notFound = { status: 404 as const, file: path.join(root, '404.html') };
  // The host's own files: read by Netlify and Cloudflare Pages, never served.
  if (pathname === '/_headers' || pathname === '/_redirects') return notFound;
  // Empty segments (`//get-started/`): the clean route has one slash each, so no redirect can leave the origin.
  const collapsed = pathname.replace(/\/{2,}/g, '/');
  // Files with an extension other than .html are served as they are (from their one-slash path).
  const ext = path.extname(collapsed);
  if (ext && ext !== '.html') {
    const file = path.join(root, collapsed);
    if (!file.startsWith(root + path.sep)) return notFound;
    return collapsed === pathname ? { check: file, found: { status: 200, file }, missing: notFound } : { check: file, found: { status: 301, location: encodePath(collapsed) }, missing: notFound };
  }
  const clean = normalizeRoutePath(collapsed) ?? (collapsed === pathname ? null : collapsed);
  if (clean !== null) {
    const target = path.join(root, clean === '/' ? 'index.html' : `${clean.slice(1)}/index.html`);
    if (!target.startsWith(root + path.sep) || clean === '/404') return notFound;
    return { check: target, found: { status: 301, location: encodePath(clean) }, missing: notFound };
  }
  const file = path.join(root, pathname === '/' ? 'index.html' : `${pathname.slice(1)}/index.html`);
  if (!file.startsWith(root + path.sep) || pathname === '/404') return notFound;
  return { check: file, found: { status: 200, file }, missing: notFound };
}

/** A decoded path as a Location: percent-encoded, and always one leading slash (never `//host`). */
const encodePath = (pathname: string): string => `/${encodeURI(pathname.replace(/^\/+/, ''))}`;

/**
 * Maps a request path to a file of the site, or a redirect, or an error. Pure apart from
 * `exists`. No path can leave `root`: `..`, encoded dots or slashes, backslashes and NUL are
 * refused, and every redirect stays on the origin. (Symbolic links are checked when the file is read.)
 */
export function resolveRequest(root: string, rawPath: string, exists: (file: string) => boolean = fileExistsSync): Resolution {
  const p = plan(root, rawPath);
  return 'check' in p ? (exists(p.check) ? p.found : p.missing) : p;
}

function fileExistsSync(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

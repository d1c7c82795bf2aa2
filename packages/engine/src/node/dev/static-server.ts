import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { normalizeRoutePath } from '../../shared/routes';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  // Markdown twins: browsers show text/markdown as text (RFC 7763).
  '.md': 'text/markdown; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.yml': 'application/yaml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

export type Resolution =
  | { status: 200 | 404; file: string }
  | { status: 301; location: string }
  | { status: 400 | 405 };

/**
 * Maps a request path to a file of the site, or a redirect, or an error. Pure apart from
 * `exists`. No path can leave `root`: `..`, encoded dots or slashes, backslashes and NUL are refused.
 */
export function resolveRequest(root: string, rawPath: string, exists: (file: string) => boolean = fileExists): Resolution {
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
  // Files with an extension other than .html are served as they are.
  const ext = path.extname(pathname);
  if (ext && ext !== '.html') {
    const file = path.join(root, pathname);
    return file.startsWith(root + path.sep) && exists(file) ? { status: 200, file } : notFound;
  }
  const clean = normalizeRoutePath(pathname);
  if (clean !== null) {
    const target = path.join(root, clean === '/' ? 'index.html' : `${clean.slice(1)}/index.html`);
    return exists(target) ? { status: 301, location: clean } : notFound;
  }
  const file = path.join(root, pathname === '/' ? 'index.html' : `${pathname.slice(1)}/index.html`);
  if (!file.startsWith(root + path.sep) || !exists(file) || pathname === '/404') return notFound;
  return { status: 200, file };
}

function fileExists(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

export interface StaticServerOptions {
  root: string;
  /** Extra handler tried first (dev events); returns true when it answered. */
  intercept?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
}

/** A node:http server for an emitted site with clean URLs and correct status codes. */
export function createStaticServer({ root, intercept }: StaticServerOptions): http.Server {
  const base = path.resolve(root);
  return http.createServer((req, res) => {
    if (intercept?.(req, res)) return;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
      return;
    }
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const rawPath = q < 0 ? url : url.slice(0, q);
    const search = q < 0 ? '' : url.slice(q);
    const resolution = resolveRequest(base, rawPath);
    if (resolution.status === 301) {
      res.writeHead(301, { Location: resolution.location + search }).end();
      return;
    }
    if (!('file' in resolution)) {
      res.writeHead(resolution.status, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request\n');
      return;
    }
    let body: Buffer;
    try {
      body = fs.readFileSync(resolution.file);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    const type = CONTENT_TYPES[path.extname(resolution.file)] ?? 'application/octet-stream';
    const cache = /\/assets\/.+\.[0-9a-f]{8,}\./.test(resolution.file) ? 'public, max-age=31536000, immutable' : 'no-cache';
    res.writeHead(resolution.status, { 'Content-Type': type, 'Content-Length': body.length, 'Cache-Control': cache, 'X-Content-Type-Options': 'nosniff' });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
}

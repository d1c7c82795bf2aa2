import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { headersFor, parseHeaders, type HeaderRule } from '../emit/headers';
import { parseRedirects } from '../emit/redirects';
import { plan, type Resolution } from './request-path';
import { byteRange, CACHE_FILE_MAX, COMPRESSIBLE, CONTENT_TYPES, FileCache, notModified, pickEncoding } from './file-responses';

export interface StaticServerOptions {
  root: string;
  /** Extra handler tried first (dev events); returns true when it answered. */
  intercept?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
}

/**
 * What the server reads from the output folder besides the requested file: its real path (the
 * output path is a link to the current version folder, swapped by each build) and the rules of its
 * `_headers`, parsed again when the file changes. Looked at again at most every `RECHECK_MS`, and
 * the headers of each path are remembered until then, so a request costs no extra system call.
 */
const RECHECK_MS = 250;

/** A request path's resolution, and the file that answers it (its real path and stat) when there is one. */
interface LookUp {
  resolution: Resolution;
  found: { real: string; stat: fs.Stats } | null;
}

/** Resolves a request path against the file system: one real-path look-up answers both "does it exist" and "is it inside the output". */
async function lookUp(base: string, realBase: string, rawPath: string): Promise<LookUp> {
  const p = plan(base, rawPath);
  let resolution: Resolution;
  let found: LookUp['found'] = null;
  if ('check' in p) {
    found = await insideFile(realBase, p.check);
    resolution = found ? p.found : p.missing;
  } else resolution = p;
  if (resolution.status !== 404) return { resolution, found };
  return { resolution, found: await insideFile(realBase, resolution.file) };
}

class SiteState {
  private checkedAt = -Infinity;
  private headersKey = '';
  private rules: HeaderRule[] = [];
  private realBase = '';
  private readonly byPath = new Map<string, Record<string, string>>();
  private redirectsKey = '';
  /** The configured redirects of `_redirects` (its rules without placeholders): request path → target. */
  private redirects = new Map<string, string>();
  private pending: Promise<void> | null = null;
  /** What each request path resolved to since the last look (at most `RECHECK_MS` old). */
  readonly lookups = new Map<string, Promise<LookUp>>();
  constructor(private readonly root: string) {}

  /** Forgets everything looked at (a rebuild wrote the output): the next request looks again. */
  invalidate(): void {
    this.checkedAt = -Infinity;
    this.lookups.clear();
  }

  async current(): Promise<{ realBase: string; lookups: Map<string, Promise<LookUp>>; headers: (urlPath: string) => Record<string, string>; redirect: (urlPath: string) => string | undefined }> {
    if (performance.now() - this.checkedAt > RECHECK_MS) await (this.pending ??= this.refresh().finally(() => (this.pending = null)));
    return { realBase: this.realBase, lookups: this.lookups, headers: (urlPath) => this.headersFor(urlPath), redirect: (urlPath) => this.redirects.get(urlPath) };
  }

  private headersFor(urlPath: string): Record<string, string> {
    let known = this.byPath.get(urlPath);
    if (!known) {
      known = headersFor(this.rules, urlPath);
      if (this.byPath.size > 10_000) this.byPath.clear();
      this.byPath.set(urlPath, known);
    }
    return known;
  }

  private async refresh(): Promise<void> {
    const file = path.join(this.root, '_headers');
    const [stat, realBase] = await Promise.all([fs.promises.stat(file).catch(() => null), fs.promises.realpath(this.root).catch(() => this.root)]);
    const key = stat ? `${realBase}:${stat.ino}:${stat.size}:${stat.mtimeMs}` : 'none';
    if (key !== this.headersKey) {
      this.rules = stat ? parseHeaders(await fs.promises.readFile(file, 'utf8').catch(() => '')) : [{ path: '/*', headers: [['X-Content-Type-Options', 'nosniff']] }];
      this.headersKey = key;
      this.byPath.clear();
    }
    const redirectsFile = path.join(this.root, '_redirects');
    const redirectsStat = await fs.promises.stat(redirectsFile).catch(() => null);
    const redirectsKey = redirectsStat ? `${realBase}:${redirectsStat.ino}:${redirectsStat.size}:${redirectsStat.mtimeMs}` : 'none';
    if (redirectsKey !== this.redirectsKey) {
      const rules = redirectsStat ? parseRedirects(await fs.promises.readFile(redirectsFile, 'utf8').catch(() => '')) : [];
      // Only same-origin paths without placeholders: the clean-URL patterns are the server's own rules.
      this.redirects = new Map(rules.filter((r) => !/[:*]/.test(r.from) && /^\/(?![/\\])/.test(r.to) && r.status >= 300 && r.status < 400).map((r) => [r.from, r.to]));
      this.redirectsKey = redirectsKey;
    }
    this.realBase = realBase;
    this.lookups.clear();
    this.checkedAt = performance.now();
  }
}

export type StaticServer = http.Server & {
  /** Call after writing into the output (a watch rebuild): the next request looks at the files again. */
  invalidate(): void;
};

/**
 * A node:http server for an emitted site: clean URLs with correct status codes, the headers of the
 * site's `_headers` (the same file a static host reads), ETag / Last-Modified revalidation, brotli
 * and gzip (compressed once per file version, kept in a bounded cache), single byte ranges, and
 * non-blocking reads. Nothing outside the output folder is served: a symbolic link whose real
 * path leaves it is a 404, and no redirect leaves the origin.
 */
export function createStaticServer({ root, intercept }: StaticServerOptions): StaticServer {
  const base = path.resolve(root);
  const cache = new FileCache();
  const state = new SiteState(base);
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (intercept?.(req, res)) return;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
      return;
    }
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const rawPath = q < 0 ? url : url.slice(0, q);
    const search = q < 0 ? '' : url.slice(q);
    const site = await state.current();
    const siteHeaders = site.headers(rawPath.startsWith('/') ? rawPath : '/');
    // A configured redirect answers as the host answers it: 301 straight to its final target.
    const configured = site.redirect(rawPath);
    if (configured !== undefined) {
      res.writeHead(301, { ...siteHeaders, Location: configured + search }).end();
      return;
    }
    let looked = site.lookups.get(rawPath);
    if (!looked) {
      looked = lookUp(base, site.realBase, rawPath);
      if (site.lookups.size > 10_000) site.lookups.clear();
      site.lookups.set(rawPath, looked);
    }
    const { resolution, found } = await looked;
    if (resolution.status === 301) {
      res.writeHead(301, { ...siteHeaders, Location: resolution.location + search }).end();
      return;
    }
    if (!('file' in resolution)) {
      res.writeHead(resolution.status, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' }).end('Bad request\n');
      return;
    }
    if (!found) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' }).end('Not found\n');
      return;
    }
    const { real, stat } = found;
    const type = CONTENT_TYPES[path.extname(resolution.file)] ?? 'application/octet-stream';
    const headers: http.OutgoingHttpHeaders = { ...(resolution.status === 404 ? site.headers('/404.html') : siteHeaders), 'Content-Type': type, 'Last-Modified': stat.mtime.toUTCString() };
    const compressible = COMPRESSIBLE.has(path.extname(resolution.file));
    if (compressible) headers.Vary = 'Accept-Encoding';
    if (stat.size > CACHE_FILE_MAX) {
      // Streamed from disk as it is now (the remembered stat may be a moment old).
      await sendStream(req, res, real, await fs.promises.stat(real), resolution.status, headers);
      return;
    }
    const entry = await cache.get(real, stat);
    const encoding = compressible && entry.body.length > 1024 ? pickEncoding(req.headers['accept-encoding'] as string | undefined) : null;
    const etag = encoding ? `${entry.etag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}"` : entry.etag;
    headers.ETag = etag;
    if (resolution.status === 200 && notModified(req, etag, entry.mtime)) {
      res.writeHead(304, headers).end();
      return;
    }
    if (encoding) {
      const body = await cache.encoded(entry, encoding);
      res.writeHead(resolution.status, { ...headers, 'Content-Encoding': encoding, 'Content-Length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    headers['Accept-Ranges'] = 'bytes';
    const ifRange = req.headers['if-range'];
    const range = resolution.status === 200 && (ifRange === undefined || ifRange === etag) ? byteRange(req.headers.range, entry.body.length) : null;
    if (range === 'bad') {
      res.writeHead(416, { ...headers, 'Content-Range': `bytes */${entry.body.length}` }).end();
      return;
    }
    const body = range ? entry.body.subarray(range.start, range.end + 1) : entry.body;
    if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${entry.body.length}`;
    res.writeHead(range ? 206 : resolution.status, { ...headers, 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  const fail = (res: http.ServerResponse) => {
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Internal error\n');
  };
  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      // A file that went away since it was looked at (a build swapped the output): look again, once.
      if (res.headersSent) return fail(res);
      state.invalidate();
      handle(req, res).catch(() => fail(res));
    });
  });
  return Object.assign(server, { invalidate: () => state.invalidate() });
}

/** The file's real path and stat when it is a file whose real path is inside the output's real path; null otherwise. */
async function insideFile(realBase: string, file: string): Promise<{ real: string; stat: fs.Stats } | null> {
  try {
    const real = await fs.promises.realpath(file);
    if (!real.startsWith(realBase + path.sep)) return null;
    const stat = await fs.promises.stat(real);
    return stat.isFile() ? { real, stat } : null;
  } catch {
    return null;
  }
}

/** A large file, streamed (with a byte range when one is asked for), never held in memory. */
async function sendStream(req: http.IncomingMessage, res: http.ServerResponse, real: string, stat: fs.Stats, status: 200 | 404, headers: http.OutgoingHttpHeaders): Promise<void> {
  const etag = `W/"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`;
  headers.ETag = etag;
  delete headers.Vary;
  if (status === 200 && notModified(req, etag.slice(2), stat.mtime)) {
    res.writeHead(304, headers).end();
    return;
  }
  headers['Accept-Ranges'] = 'bytes';
  const range = status === 200 ? byteRange(req.headers.range, stat.size) : null;
  if (range === 'bad') {
    res.writeHead(416, { ...headers, 'Content-Range': `bytes */${stat.size}` }).end();
    return;
  }
  const start = range ? range.start : 0;
  const end = range ? range.end : stat.size - 1;
  if (range) headers['Content-Range'] = `bytes ${start}-${end}/${stat.size}`;
  res.writeHead(range ? 206 : status, { ...headers, 'Content-Length': end - start + 1 });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await new Promise<void>((resolve) => {
    fs.createReadStream(real, { start, end }).on('error', () => { res.destroy(); resolve(); }).on('end', resolve).pipe(res);
  });
}

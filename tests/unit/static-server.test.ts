import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import { createStaticServer, type StaticServer } from '../../packages/engine/src/node/dev/static-server';
import { formatHeaders, headerRules, headersFor, parseHeaders } from '../../packages/engine/src/node/emit/headers';

const SECRET = 'TOP SECRET, outside the site';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-static-'));
const root = path.join(tmp, 'site');
const files: Record<string, string> = {
  'index.html': '<h1>home</h1>',
  'guide/index.html': '<h1>guide</h1>',
  '404.html': '<h1>Page not found</h1>',
  'assets/app.0123abcdef.css': 'body{}',
  'data.json': '{"a":1}',
  'specs/payments.yaml': 'openapi: 3.1.0\n',
  'assets/docsgen.UGHBUV36.js': 'console.log(1)',
  'search-index.json': JSON.stringify({ words: Array.from({ length: 3000 }, (_, i) => `word${i}`) }),
  'img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  '_headers': formatHeaders(headerRules({ inlineScripts: ['console.log("head")'], connectOrigins: ['https://api.example'], svgFiles: ['img/logo.svg'] })),
};
for (const [file, text] of Object.entries(files)) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}
// Files next to the site whose paths share its prefix: none of them may ever be served.
fs.writeFileSync(path.join(tmp, 'secret.txt'), SECRET);
// Links in the output that lead out of it (a file and a folder), and one that stays inside.
fs.symlinkSync(path.join(tmp, 'secret.txt'), path.join(root, 'passwd.txt'));
fs.mkdirSync(path.join(tmp, 'outside'));
fs.writeFileSync(path.join(tmp, 'outside', 'index.html'), SECRET);
fs.symlinkSync(path.join(tmp, 'outside'), path.join(root, 'linked'));
fs.symlinkSync(path.join(root, 'data.json'), path.join(root, 'data-link.json'));
fs.mkdirSync(path.join(tmp, 'site-secret'));
fs.writeFileSync(path.join(tmp, 'site-secret', 'secret.txt'), SECRET);
fs.mkdirSync(path.join(tmp, 'site-secret', 'x'));
fs.writeFileSync(path.join(tmp, 'site-secret', 'x', 'index.html'), SECRET);

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: StaticServer;
let port = 0;

/** A raw request: the path is sent exactly as given (fetch would normalise it first). */
function request(rawPath: string, method = 'GET', headers: http.OutgoingHttpHeaders = {}): Promise<Reply & { raw: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: rawPath, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: raw.toString('utf8'), raw });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  server = createStaticServer({
    root: `${root}${path.sep}`,
    intercept: (req, res) => {
      if (req.url !== '/__test/ping') return false;
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('pong');
      return true;
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('static server: path safety', () => {
  it.each([
    '/../secret.txt',
    '/guide/../../secret.txt',
    '/..',
    '/%2e%2e/secret.txt',
    '/%2E%2E/secret.txt',
    '/.%2e/secret.txt',
    '/%2e%2e%2fsecret.txt',
    '/guide%2F..%2F..%2Fsecret.txt',
    '/..%5csecret.txt',
    '/guide\\..\\..\\secret.txt',
    '/a%00.html',
    '/%00',
    '/%',
    '/guide/%2e',
    '/../site-secret/secret.txt',
    '/../site-secret/x',
    'http://127.0.0.1/../secret.txt',
  ])('refuses %s with 400', async (rawPath) => {
    const reply = await request(rawPath);
    expect(reply.status).toBe(400);
    expect(reply.body).toBe('Bad request\n');
  });

  it.each(['//secret.txt', '///secret.txt', '/secret.txt', '/site-secret/secret.txt', '//site-secret/x', '/guide/..%2f..%2fsecret.txt'])('never serves a file outside the folder for %s', async (rawPath) => {
    const reply = await request(rawPath);
    expect([400, 404]).toContain(reply.status);
    expect(reply.body).not.toContain(SECRET);
  });

  it('answers an unknown path with 404 and the site 404 page', async () => {
    const reply = await request('/secret.txt');
    expect(reply.status).toBe(404);
    expect(reply.body).toBe('<h1>Page not found</h1>');
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});

describe('static server: clean URLs', () => {
  it('serves a clean route from its folder index.html', async () => {
    const reply = await request('/guide');
    expect(reply).toMatchObject({ status: 200, body: '<h1>guide</h1>' });
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect((await request('/')).body).toBe('<h1>home</h1>');
  });

  it.each([
    ['/guide/', '/guide'],
    ['/guide/index', '/guide'],
    ['/guide/index.html', '/guide'],
    ['/guide.html', '/guide'],
    ['/guide/?tab=curl', '/guide?tab=curl'],
    ['/guide.html?x=1&y=2', '/guide?x=1&y=2'],
    ['/index.html', '/'],
    ['/index', '/'],
  ])('redirects %s to %s with 301', async (rawPath, location) => {
    const reply = await request(rawPath);
    expect(reply.status).toBe(301);
    expect(reply.headers.location).toBe(location);
    expect(reply.body).toBe('');
  });

  it('does not redirect to a route that does not exist, and hides the 404 route itself', async () => {
    for (const rawPath of ['/nope/', '/nope.html', '/nope/index.html', '/404', '/404.html']) {
      const reply = await request(rawPath);
      expect(reply.status, rawPath).toBe(404);
      expect(reply.body, rawPath).toBe('<h1>Page not found</h1>');
    }
  });

  it('serves files with their content type, and hashed assets as immutable', async () => {
    const css = await request('/assets/app.0123abcdef.css');
    expect(css).toMatchObject({ status: 200, body: 'body{}' });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const json = await request('/data.json');
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json.headers['cache-control']).toBe('no-cache');
    expect((await request('/specs/payments.yaml')).headers['content-type']).toBe('application/yaml; charset=utf-8');
  });

  it('answers HEAD without a body, refuses other methods, and lets the intercept answer first', async () => {
    const head = await request('/guide', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(files['guide/index.html']!)));
    const post = await request('/guide', 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect((await request('/__test/ping')).body).toBe('pong');
  });
});

describe('static server: a preview you could put behind a CDN', () => {
  it.each([
    ['//guide/', '/guide'],
    ['//guide', '/guide'],
    ['///guide//', '/guide'],
    ['//', '/'],
    ['//data.json', '/data.json'],
    ['/guide//index.html', '/guide'],
  ])('redirects %s on the origin, to %s', async (rawPath, location) => {
    const reply = await request(rawPath);
    expect(reply.status).toBe(301);
    expect(reply.headers.location).toBe(location);
  });

  it('never redirects to another host, whatever the path', async () => {
    for (const rawPath of ['//evil.example/', '//evil.example', '/\\evil.example/', '//evil.example/guide/', '/%2f%2fevil.example/']) {
      const reply = await request(rawPath);
      if (reply.headers.location !== undefined) expect(reply.headers.location, rawPath).toMatch(/^\/(?![/\\])/);
    }
  });

  it('keeps the host files _headers and _redirects to itself', async () => {
    for (const rawPath of ['/_headers', '/_redirects']) expect((await request(rawPath)).status, rawPath).toBe(404);
  });

  it('serves no file through a link that leads out of the output folder', async () => {
    for (const rawPath of ['/passwd.txt', '/linked', '/linked/index.html']) {
      const reply = await request(rawPath);
      expect([301, 404], rawPath).toContain(reply.status);
      expect(reply.body, rawPath).not.toContain(SECRET);
    }
    expect((await request('/linked/')).headers.location ?? '').not.toContain('outside');
    expect((await request('/data-link.json')).body).toBe('{"a":1}');
  });

  it('sends the headers _headers gives for the path, the same the host would send', async () => {
    const rules = parseHeaders(files._headers!);
    for (const rawPath of ['/guide', '/assets/docsgen.UGHBUV36.js', '/assets/app.0123abcdef.css', '/img/logo.svg', '/data.json']) {
      const reply = await request(rawPath);
      for (const [name, value] of Object.entries(headersFor(rules, rawPath))) expect(reply.headers[name.toLowerCase()], `${rawPath} ${name}`).toBe(value);
    }
    const js = await request('/assets/docsgen.UGHBUV36.js');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await request('/guide');
    expect(page.headers['content-security-policy']).toContain("script-src 'self' 'sha256-");
    expect(page.headers['content-security-policy']).toContain('connect-src \'self\' https://api.example');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect((await request('/img/logo.svg')).headers['content-security-policy']).toMatch(/, default-src 'none';.*sandbox$/);
  });

  it('answers a matching ETag or Last-Modified with 304, and a changed file with 200', async () => {
    const first = await request('/guide');
    expect(first.headers.etag).toMatch(/^"[^"]+"$/);
    expect(first.headers['last-modified']).toBeTruthy();
    expect((await request('/guide', 'GET', { 'If-None-Match': first.headers.etag })).status).toBe(304);
    expect((await request('/guide', 'GET', { 'If-None-Match': `W/${first.headers.etag}, "other"` })).status).toBe(304);
    expect((await request('/guide', 'GET', { 'If-Modified-Since': first.headers['last-modified'] })).status).toBe(304);
    expect((await request('/guide', 'GET', { 'If-None-Match': '"stale"' })).status).toBe(200);
    const file = path.join(root, 'guide', 'index.html');
    fs.writeFileSync(file, '<h1>guide, edited</h1>');
    fs.utimesSync(file, new Date(Date.now() + 5000), new Date(Date.now() + 5000));
    // The server looks at the files again at most 250 ms after it last did (a watch rebuild tells it at once).
    await new Promise((r) => setTimeout(r, 300));
    const edited = await request('/guide', 'GET', { 'If-None-Match': first.headers.etag });
    expect(edited.status).toBe(200);
    expect(edited.body).toBe('<h1>guide, edited</h1>');
    fs.writeFileSync(file, files['guide/index.html']!);
    server.invalidate();
    expect((await request('/guide')).body).toBe(files['guide/index.html']);
  });

  it('compresses with brotli or gzip as the client accepts, with their own ETags', async () => {
    const plain = await request('/search-index.json');
    const br = await request('/search-index.json', 'GET', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.raw).toString()).toBe(plain.body);
    expect(br.raw.length).toBeLessThan(plain.raw.length / 3);
    expect(br.headers.vary).toBe('Accept-Encoding');
    const gz = await request('/search-index.json', 'GET', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.raw).toString()).toBe(plain.body);
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
    expect((await request('/search-index.json', 'GET', { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.etag })).status).toBe(304);
    expect((await request('/search-index.json', 'GET', { 'Accept-Encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
  });

  it('answers byte ranges with 206, and an unsatisfiable one with 416', async () => {
    const whole = (await request('/search-index.json')).body;
    const part = await request('/search-index.json', 'GET', { Range: 'bytes=10-19' });
    expect(part.status).toBe(206);
    expect(part.body).toBe(whole.slice(10, 20));
    expect(part.headers['content-range']).toBe(`bytes 10-19/${whole.length}`);
    const tail = await request('/search-index.json', 'GET', { Range: 'bytes=-5' });
    expect(tail.body).toBe(whole.slice(-5));
    const open = await request('/search-index.json', 'GET', { Range: `bytes=${whole.length - 3}-` });
    expect(open.body).toBe(whole.slice(-3));
    const bad = await request('/search-index.json', 'GET', { Range: `bytes=${whole.length}-` });
    expect(bad.status).toBe(416);
    expect(bad.headers['content-range']).toBe(`bytes */${whole.length}`);
  });
});

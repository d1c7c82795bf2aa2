import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticServer } from '../../packages/engine/src/node/dev/static-server';

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
};
for (const [file, text] of Object.entries(files)) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}
// Files next to the site whose paths share its prefix: none of them may ever be served.
fs.writeFileSync(path.join(tmp, 'secret.txt'), SECRET);
fs.mkdirSync(path.join(tmp, 'site-secret'));
fs.writeFileSync(path.join(tmp, 'site-secret', 'secret.txt'), SECRET);
fs.mkdirSync(path.join(tmp, 'site-secret', 'x'));
fs.writeFileSync(path.join(tmp, 'site-secret', 'x', 'index.html'), SECRET);

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: http.Server;
let port = 0;

/** A raw request: the path is sent exactly as given (fetch would normalise it first). */
function request(rawPath: string, method = 'GET'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: rawPath, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
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

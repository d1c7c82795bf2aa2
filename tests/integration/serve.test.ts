import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../../packages/engine/src/node/dev/serve';
import { resolveRequest } from '../../packages/engine/src/node/dev/request-path';
import type { BuildResult } from '../../packages/engine/src/node/index';
import { silentLogger } from '../../packages/engine/src/node/task';
import { buildSite, copyFixture } from '../helpers/fixtures';
import { headersFor, parseHeaders, scriptHash } from '../../packages/engine/src/node/emit/headers';
import { DEV_CLIENT_SCRIPT } from '../../packages/engine/src/node/dev/dev-client';

/** A raw GET (fetch would normalise `..` and encoded paths before sending them). */
function get(url: string, rawPath: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    http.get({ hostname, port, path: rawPath }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    }).on('error', reject);
  });
}

describe('resolveRequest (pure)', () => {
  const root = '/site';
  const files = new Set(['/site/index.html', '/site/guide/index.html', '/site/404.html', '/site/assets/a.css']);
  const exists = (f: string) => files.has(f);
  it('serves clean routes and files', () => {
    expect(resolveRequest(root, '/guide', exists)).toEqual({ status: 200, file: '/site/guide/index.html' });
    expect(resolveRequest(root, '/', exists)).toEqual({ status: 200, file: '/site/index.html' });
    expect(resolveRequest(root, '/assets/a.css', exists)).toEqual({ status: 200, file: '/site/assets/a.css' });
  });
  it('normalises /x/, /x/index, /x/index.html and /x.html to /x with 301', () => {
    for (const p of ['/guide/', '/guide/index', '/guide/index.html', '/guide.html']) expect(resolveRequest(root, p, exists)).toEqual({ status: 301, location: '/guide' });
    expect(resolveRequest(root, '/index.html', exists)).toEqual({ status: 301, location: '/' });
  });
  it('answers 404 for unknown paths and the 404 route itself', () => {
    expect(resolveRequest(root, '/nope', exists).status).toBe(404);
    expect(resolveRequest(root, '/nope/', exists).status).toBe(404);
    expect(resolveRequest(root, '/404', exists).status).toBe(404);
  });
  it('refuses paths that could leave the output folder', () => {
    for (const p of ['/../etc/passwd', '/guide/../../x', '/%2e%2e/x', '/%2E%2E%2Fetc', '/a%5c..%5cb', '/a\\b', '/a%00.html', '/%', 'relative']) {
      expect(resolveRequest(root, p, exists).status, p).toBe(400);
    }
  });
});

describe('docsgen serve --watch', () => {
  let root: string;
  let server: RunningServer;
  const rebuilds: BuildResult[] = [];
  const nextRebuild = () => new Promise<BuildResult>((resolve) => {
    const count = rebuilds.length;
    const timer = setInterval(() => {
      if (rebuilds.length > count) {
        clearInterval(timer);
        resolve(rebuilds[rebuilds.length - 1]!);
      }
    }, 20);
  });

  beforeAll(async () => {
    root = copyFixture('basic');
    server = await serve({ root, port: 0, host: '127.0.0.1', watch: true, logger: silentLogger, onRebuild: (r) => rebuilds.push(r) });
  });
  afterAll(async () => {
    await server.close();
  });

  it('serves pages with content types, status codes and redirects', async () => {
    const page = await get(server.url, '/guide/setup');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('/__docsgen/events');
    expect((await get(server.url, '/guide/setup/')).headers.location).toBe('/guide/setup');
    const missing = await get(server.url, '/missing');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('Page not found');
    expect((await get(server.url, '/../../etc/passwd')).status).toBe(400);
    const css = (await get(server.url, '/guide')).body.match(/href="(\/assets\/[^"]+\.css)"/)![1]!;
    const asset = await get(server.url, css);
    expect(asset.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(asset.headers['cache-control']).toContain('immutable');
    // The live-reload script is inline: the policy of a watch build allows it by its hash, like the head script.
    expect(page.headers['content-security-policy']).toContain(scriptHash(DEV_CLIENT_SCRIPT));
  });

  it('re-renders only the edited page, tells browsers to reload, and recovers from a syntax error', async () => {
    const events: string[] = [];
    const { hostname, port } = new URL(server.url);
    const stream = http.get({ hostname, port, path: '/__docsgen/events' }, (res) => res.on('data', (c) => events.push(String(c))));
    await new Promise((r) => setTimeout(r, 100));
    const file = path.join(root, 'content/guide/setup.mdx');
    const original = fs.readFileSync(file, 'utf8');
    const otherBefore = (await get(server.url, '/guide')).body;

    let done = nextRebuild();
    fs.writeFileSync(file, original.replace('Use Homebrew.', 'Use Homebrew or MacPorts.'));
    let result = await done;
    expect(result.ok).toBe(true);
    expect(result.changedRoutes).toEqual(['/guide/setup']);
    expect((await get(server.url, '/guide/setup')).body).toContain('Use Homebrew or MacPorts.');
    expect((await get(server.url, '/guide')).body).toBe(otherBefore);
    // The search files follow right after the reload.
    let records = '';
    for (let i = 0; i < 100 && !records.includes('MacPorts'); i++) {
      records = (await get(server.url, '/search-records.json')).body;
      if (!records.includes('MacPorts')) await new Promise((r) => setTimeout(r, 20));
    }
    expect(records).toContain('Use Homebrew or MacPorts.');

    done = nextRebuild();
    fs.writeFileSync(file, `${original}\nBroken {expression}\n`);
    result = await done;
    expect(result.ok).toBe(false);
    expect(result.diagnostics[0]!.code).toBe('ExpressionInContent');
    expect((await get(server.url, '/guide/setup')).status).toBe(200);

    done = nextRebuild();
    fs.writeFileSync(file, original);
    result = await done;
    expect(result.ok).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    stream.destroy();
    const text = events.join('');
    expect(text).toContain('event: reload');
    expect(text).toContain('event: build-error');
    expect(text).toContain('ExpressionInContent');
  });
});

describe('docsgen serve of a built site', () => {
  let root: string;
  let server: RunningServer;
  beforeAll(async () => {
    root = copyFixture('basic');
    expect((await buildSite(root)).ok).toBe(true);
    // A link in the output to a file outside it (as `ln -s /etc/passwd build/passwd` would make).
    fs.symlinkSync('/etc/passwd', path.join(root, 'build', 'passwd.txt'));
    fs.symlinkSync('/etc', path.join(root, 'build', 'etc'));
    server = await serve({ root, port: 0, host: '127.0.0.1', watch: false, logger: silentLogger });
  });
  afterAll(async () => {
    await server.close();
  });

  it('sends for every kind of file exactly the headers of the emitted _headers', async () => {
    const rules = parseHeaders(fs.readFileSync(path.join(root, 'build', '_headers'), 'utf8'));
    const home = await get(server.url, '/');
    const assets = [...home.body.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.some((a) => /[A-Z]/.test(a) && a.endsWith('.js'))).toBe(true);
    for (const rawPath of ['/', '/guide/setup', '/changelog.xml', '/sitemap.xml', '/missing', ...assets]) {
      const reply = await get(server.url, rawPath);
      const expected = headersFor(rules, reply.status === 404 ? '/404.html' : rawPath);
      for (const [name, value] of Object.entries(expected)) expect(reply.headers[name.toLowerCase()], `${rawPath} ${name}`).toBe(value);
    }
    for (const js of assets.filter((a) => a.endsWith('.js'))) expect((await get(server.url, js)).headers['cache-control'], js).toBe('public, max-age=31536000, immutable');
  });

  it('does not serve what a link in the output points to outside it', async () => {
    expect(fs.readFileSync(path.join(root, 'build', 'passwd.txt'), 'utf8')).toContain('root:');
    for (const rawPath of ['/passwd.txt', '/etc/adduser.conf', '/etc/passwd']) {
      const reply = await get(server.url, rawPath);
      expect(reply.status, rawPath).toBe(404);
      expect(reply.body, rawPath).not.toMatch(/root:|nologin|adduser/i);
    }
  });

  it('answers the configured redirects of _redirects as a host does: 301 to the target, one hop', async () => {
    for (const from of ['/old-setup', '/old-setup/', '/old-setup/index.html', '/old-setup.html']) {
      const reply = await get(server.url, from);
      expect(reply.status, from).toBe(301);
      expect(reply.headers.location, from).toBe('/guide/setup');
    }
  });

  it('keeps every redirect on the origin: //guide/ goes to /guide', async () => {
    const reply = await get(server.url, '//guide/');
    expect(reply.status).toBe(301);
    expect(reply.headers.location).toBe('/guide');
  });
});

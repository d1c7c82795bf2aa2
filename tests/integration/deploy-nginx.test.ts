import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersFor, parseHeaders } from '../../packages/engine/src/node/emit/headers';
import { buildSite, copyFixture } from '../helpers/fixtures';

/*
 * The README's nginx deployment, run as written: the two awk commands turn the build's _headers and
 * _redirects into include files, the server block is taken from between the README's markers, and
 * Debian's nginx checks it (`nginx -t`) and serves the fixture site with it.
 */
const NGINX = '/usr/sbin/nginx';
const README = fs.readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');

function readmeParts(): { commands: string[]; server: string } {
  const start = README.indexOf('<!-- nginx-snippet -->');
  const end = README.indexOf('<!-- /nginx-snippet -->');
  const server = /```nginx\n([\s\S]*?)```/.exec(README.slice(start, end))![1]!;
  const sh = README.slice(0, start).lastIndexOf('```sh\n');
  const commands = README.slice(sh + 6, README.indexOf('```', sh + 6)).split('\n').filter((l) => l.startsWith('awk '));
  return { commands, server };
}

const freePort = () => new Promise<number>((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as net.AddressInfo;
    s.close(() => resolve(port));
  });
});

function get(port: number, rawPath: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: rawPath }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    }).on('error', reject);
  });
}

describe.skipIf(!fs.existsSync(NGINX))('the README nginx deployment (Debian nginx)', () => {
  let root: string;
  let port: number;
  let nginx: ChildProcess;
  let conf: string;

  beforeAll(async () => {
    root = copyFixture('basic');
    expect((await buildSite(root)).ok).toBe(true);
    const { commands, server } = readmeParts();
    expect(commands).toHaveLength(2);
    for (const command of commands) execFileSync('sh', ['-c', command], { cwd: root });
    port = await freePort();
    const site = fs.realpathSync(path.join(root, 'build'));
    const block = server.replace('listen 8080;', `listen 127.0.0.1:${port};`).replace('root /srv/docs;', `root ${site};`);
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${root}/tmp-${t};`).join(' ');
    conf = path.join(root, 'nginx.conf');
    fs.writeFileSync(conf, `user root;\ndaemon off;\nmaster_process off;\npid ${root}/nginx.pid;\nerror_log ${root}/error.log;\nevents {}\nhttp {\ninclude /etc/nginx/mime.types;\naccess_log off;\n${temp}\n${block}\n}\n`);
    nginx = spawn(NGINX, ['-c', conf, '-p', `${root}/`], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      if (await get(port, '/').then(() => true, () => false)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
  });
  afterAll(() => {
    nginx?.kill('SIGTERM');
  });

  it('passes nginx -t', () => {
    expect(() => execFileSync(NGINX, ['-t', '-c', conf, '-p', `${root}/`], { stdio: 'pipe' })).not.toThrow();
  });

  it('redirects old and unclean URLs in one hop, on the origin', async () => {
    for (const [from, to] of [['/old-setup', '/guide/setup'], ['/old-setup/', '/guide/setup'], ['/old-setup/index.html', '/guide/setup'], ['/guide/', '/guide'], ['/guide/setup/index.html', '/guide/setup'], ['/guide/index', '/guide'], ['/index.html', '/'], ['//guide/', '/guide']]) {
      const reply = await get(port, from!);
      expect(reply.status, from).toBe(301);
      expect(reply.headers.location, from).toBe(to);
      expect((await get(port, to!)).status, to).toBe(200);
    }
  });

  it('sends the headers of _headers, immutable caching for assets, and the 404 page', async () => {
    const rules = parseHeaders(fs.readFileSync(path.join(root, 'build', '_headers'), 'utf8'));
    const page = await get(port, '/guide/setup');
    expect(page.status).toBe(200);
    for (const [name, value] of Object.entries(headersFor(rules, '/guide/setup'))) expect(page.headers[name.toLowerCase()], name).toBe(value);
    const js = /src="(\/assets\/[^"]+\.js)"/.exec(page.body)![1]!;
    const asset = await get(port, js);
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-security-policy']).toBe(headersFor(rules, js)['Content-Security-Policy']);
    const missing = await get(port, '/missing');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('Page not found');
    expect(missing.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

#!/usr/bin/env node
/*
 * Load test of the preview server (`docsgen serve`), bounded and on 127.0.0.1 only: the static
 * server of a git revision ("before") and of the working tree ("after"), each in its own process
 * serving the same built site, loaded in alternating rounds in one sitting by keep-alive clients
 * that send what a browser sends (Accept-Encoding: br, gzip).
 *
 *   node bench/serve-load.mjs [--before <rev>] [--root build] [--rounds 3] [--seconds 3] [--connections 16]
 *
 * Prints one Markdown table: requests/s (median of rounds, range), bytes on the wire per response,
 * and the 99th percentile latency, per URL and server.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { execFileSync, spawn } from 'node:child_process';

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []));
const before = args.before ?? 'ce3ed55';
const root = path.resolve(args.root ?? 'build');
const rounds = Number(args.rounds ?? 3);
const seconds = Number(args.seconds ?? 3);
const connections = Number(args.connections ?? 16);

const DEV = 'packages/engine/src/node/dev';
const beforeFile = path.join(DEV, `.static-server-${before}.ts`);
fs.writeFileSync(beforeFile, execFileSync('git', ['show', `${before}:${DEV}/static-server.ts`]));

const home = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
const js = /src="(\/assets\/docsgen\.[^"]+\.js)"/.exec(home)?.[1];
const urls = ['/', '/get-started', '/search-index.json', ...(js ? [js] : [])];

function start(modulePath) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/serve-child.mjs', modulePath, root], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.once('data', (d) => resolve({ child, port: Number(String(d).trim()) }));
    child.once('error', reject);
  });
}

/** `connections` keep-alive clients request `url` back to back for `seconds`. */
async function load(port, url) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const deadline = performance.now() + seconds * 1000;
  const latencies = [];
  let bytes = 0;
  const one = () =>
    new Promise((resolve, reject) => {
      const t = performance.now();
      http
        .get({ host: '127.0.0.1', port, path: url, agent, headers: { 'Accept-Encoding': 'br, gzip' } }, (res) => {
          res.on('data', (c) => (bytes += c.length));
          res.on('end', () => {
            latencies.push(performance.now() - t);
            resolve();
          });
        })
        .on('error', reject);
    });
  await Promise.all(Array.from({ length: connections }, async () => {
    while (performance.now() < deadline) await one();
  }));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / seconds, bytes: bytes / latencies.length, p99: latencies[Math.floor(latencies.length * 0.99)] };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const servers = { before: beforeFile, after: path.join(DEV, 'static-server.ts') };
const results = {};
try {
  for (let round = 0; round < rounds; round++) {
    for (const name of round % 2 ? ['after', 'before'] : ['before', 'after']) {
      const { child, port } = await start(servers[name]);
      for (const url of urls) {
        await load(port, url); // warm-up of this process (first reads, compression)
        (results[`${url}\t${name}`] ??= []).push(await load(port, url));
      }
      child.kill('SIGTERM');
    }
  }
} finally {
  fs.rmSync(beforeFile, { force: true });
}

console.log(`| URL | server | requests/s (median, range) | bytes per response | p99 latency |`);
console.log(`| --- | --- | --- | --- | --- |`);
for (const url of urls) {
  for (const name of ['before', 'after']) {
    const rs = results[`${url}\t${name}`];
    const rps = rs.map((r) => r.rps);
    console.log(`| \`${url}\` | ${name === 'before' ? `before (${before})` : 'after'} | ${Math.round(median(rps)).toLocaleString('en')} (${Math.round(Math.min(...rps)).toLocaleString('en')}-${Math.round(Math.max(...rps)).toLocaleString('en')}) | ${Math.round(median(rs.map((r) => r.bytes))).toLocaleString('en')} | ${median(rs.map((r) => r.p99)).toFixed(1)} ms |`);
  }
}

/**
 * `npm run audit`: Lighthouse (mobile, its default throttling) over four pages of the built portal
 * served locally: the home page, the longest doc page, the largest API operation page and the
 * largest schema page. Writes `reports/lighthouse/summary.json` and `summary.md` (committed) and
 * each page's full HTML and JSON report under `reports/lighthouse/raw/` (not committed).
 *
 *   npm run audit                  audits build/ (building it first when there is none)
 *   npm run audit -- --build       builds first in any case
 *   npm run audit -- --strict      exit code 1 when a category of a page scores under 100
 *
 * The pages are served by `docsgen serve` behind a small proxy that compresses text (brotli or
 * gzip), as a static host or CDN does: uncompressed HTML is not what readers download.
 * Lighthouse drives Debian's Chromium through chrome-launcher (`CHROME_PATH`, default
 * /usr/bin/chromium). Slow (about 15 s a page): not part of `npm test`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import zlib from 'node:zlib';
import { pipeline } from 'node:stream';
import { spawn, spawnSync } from 'node:child_process';
import { serve } from '../packages/engine/src/node/dev/serve';
import { silentLogger } from '../packages/engine/src/node/task';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'reports/lighthouse');
const BUILD = path.join(ROOT, 'build');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';

interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
  details?: { items?: Array<Record<string, unknown>> };
}
interface LighthouseResult {
  finalDisplayedUrl: string;
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<string, Audit>;
  runWarnings: string[];
}

const args = new Set(process.argv.slice(2));
if (args.has('--build') || !fs.existsSync(path.join(BUILD, 'index.html'))) {
  const built = spawnSync(path.join(ROOT, 'bin/docsgen'), ['build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const pages = pickPages();
const origin = await serve({ root: ROOT, port: 0, host: '127.0.0.1', watch: false, logger: silentLogger });
const server = await compressing(origin.url);
fs.mkdirSync(path.join(OUT, 'raw'), { recursive: true });
const summary: Array<Record<string, unknown>> = [];
let below = false;
try {
  for (const [name, route, why] of pages) {
    const base = path.join(OUT, 'raw', name);
    process.stdout.write(`lighthouse ${route} (${why}) … `);
    // Not spawnSync: the server answering Lighthouse runs in this process.
    const run = await lighthouse([server.url + route, '--output=json', '--output=html', `--output-path=${base}`, `--chrome-flags=${CHROME_FLAGS}`, '--quiet', '--disable-full-page-screenshot', `--only-categories=${CATEGORIES.join(',')}`]);
    if (run.status !== 0) throw new Error(`lighthouse failed on ${route}:\n${run.stderr}`);
    const lhr = JSON.parse(fs.readFileSync(`${base}.report.json`, 'utf8')) as LighthouseResult;
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
    below ||= Object.values(scores).some((s) => s < 100);
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? '';
    summary.push({
      page: name,
      route,
      why,
      scores,
      metrics: { fcp: metric('first-contentful-paint'), lcp: metric('largest-contentful-paint'), tbt: metric('total-blocking-time'), cls: metric('cumulative-layout-shift'), speedIndex: metric('speed-index'), transfer: metric('total-byte-weight') },
      failing: failingAudits(lhr),
      warnings: lhr.runWarnings,
    });
    console.log(CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', '));
  }
} finally {
  await server.close();
  await origin.close();
}
const date = new Date().toISOString();
const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
fs.writeFileSync(path.join(OUT, 'summary.json'), `${JSON.stringify({ date, lighthouse: lighthouseVersion(), formFactor: 'mobile', loadAverage: load, cores: os.cpus().length, pages: summary }, null, 2)}\n`);
fs.writeFileSync(path.join(OUT, 'summary.md'), markdown(date, load, summary));
console.log(`wrote ${path.relative(ROOT, OUT)}/summary.json and summary.md (full reports in raw/)`);
process.exit(args.has('--strict') && below ? 1 : 0);

/**
 * The site as a static host or CDN serves it: `docsgen serve`'s answers, compressed (brotli or gzip,
 * as the browser asks) when they are text. `docsgen serve` itself sends files as they are.
 */
function compressing(target: string): Promise<{ url: string; close(): Promise<void> }> {
  const proxy = http.createServer((req, res) => {
    const upstream = http.request(target + req.url, { method: req.method, headers: { ...req.headers, 'accept-encoding': 'identity' } }, (answer) => {
      const type = String(answer.headers['content-type'] ?? '');
      const accepts = String(req.headers['accept-encoding'] ?? '');
      const encoding = !/^(text\/|application\/(javascript|json|xml)|image\/svg)/.test(type) ? null : accepts.includes('br') ? 'br' : accepts.includes('gzip') ? 'gzip' : null;
      const headers = { ...answer.headers };
      if (encoding) {
        delete headers['content-length'];
        headers['content-encoding'] = encoding;
        headers.vary = 'Accept-Encoding';
      }
      res.writeHead(answer.statusCode ?? 502, headers);
      if (!encoding) answer.pipe(res);
      // Brotli at quality 5 (what CDNs use on the fly): quality 11 takes a second on a 200 KB page here.
      else pipeline(answer, encoding === 'br' ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : zlib.createGzip(), res, () => {});
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((resolve) => {
    proxy.listen(0, '127.0.0.1', () => {
      const { port } = proxy.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => proxy.close(() => done())) });
    });
  });
}

function lighthouse(argv: string[]): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(ROOT, 'node_modules/.bin/lighthouse'), argv, { cwd: ROOT, env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

/** The four pages: [report name, route, why this one]. */
function pickPages(): Array<[string, string, string]> {
  const pagesUnder = (dir: string): Array<{ route: string; html: string }> => {
    const found: Array<{ route: string; html: string }> = [];
    const walk = (folder: string) => {
      for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name === 'index.html') found.push({ route: `/${path.relative(BUILD, folder).split(path.sep).join('/')}`, html: fs.readFileSync(full, 'utf8') });
      }
    };
    walk(path.join(BUILD, dir));
    return found.filter((p) => p.route !== '/');
  };
  const main = (html: string) => (/<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, '').length;
  const largest = (list: Array<{ route: string; html: string }>, size: (html: string) => number) => list.reduce((a, b) => (size(b.html) > size(a.html) ? b : a));
  const all = pagesUnder('');
  const docs = all.filter((p) => !p.route.startsWith('/api') && !/http-equiv="refresh"/.test(p.html) && /class="doc[ "]/.test(p.html));
  const operations = all.filter((p) => p.route.startsWith('/api/') && p.html.includes('class="api-endpoint"'));
  const schemas = all.filter((p) => p.route.startsWith('/api/schemas/'));
  const doc = largest(docs, main);
  const operation = largest(operations, (h) => h.length);
  const schema = largest(schemas, (h) => h.length);
  return [
    ['home', '/', 'home page'],
    ['doc', doc.route, `longest doc page: ${main(doc.html)} characters of text`],
    ['operation', operation.route, `largest API operation page: ${(operation.html.length / 1024).toFixed(0)} KB of HTML`],
    ['schema', schema.route, `largest schema page: ${(schema.html.length / 1024).toFixed(0)} KB of HTML`],
  ];
}

/** Audits that lost points (scored under 1), with what they point at. */
function failingAudits(lhr: LighthouseResult): Array<{ id: string; title: string; score: number | null; value?: string; items: string[] }> {
  const counted = new Set(CATEGORIES.flatMap((c) => lhr.categories[c]?.auditRefs.map((r) => r.id) ?? []));
  return Object.values(lhr.audits)
    .filter((a) => counted.has(a.id) && a.score !== null && a.score < 1 && (a.scoreDisplayMode === 'binary' || a.scoreDisplayMode === 'numeric' || a.scoreDisplayMode === 'metricSavings'))
    .map((a) => ({ id: a.id, title: a.title, score: a.score, value: a.displayValue, items: (a.details?.items ?? []).slice(0, 5).map(describeItem) }));
}

function describeItem(item: Record<string, unknown>): string {
  const node = item.node as { selector?: string; snippet?: string } | undefined;
  if (node?.selector) return node.selector;
  if (typeof item.url === 'string') return item.url;
  if (typeof item.source === 'object' && item.source && 'url' in item.source) return String((item.source as { url: string }).url);
  return JSON.stringify(item).slice(0, 120);
}

function lighthouseVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version;
}

function markdown(date: string, load: string, rows: Array<Record<string, unknown>>): string {
  const lines = [`# Lighthouse (mobile) on the built portal`, '', `Run ${date} with Lighthouse ${lighthouseVersion()} (\`npm run audit\`), Chromium headless, default mobile throttling, the built site served by \`docsgen serve\` behind a compressing proxy (brotli, as a static host or CDN serves it), on a machine with ${os.cpus().length} cores and a load average of ${load} when the run ended: Lighthouse slows the CPU 4x on top of that, so performance scores (TBT above all) vary with the machine's load; re-run in a quiet hour before reading much into a lost point.`, ''];
  lines.push('| page | route | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |', '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    const s = r.scores as Record<string, number>;
    const m = r.metrics as Record<string, string>;
    lines.push(`| ${r.page} | \`${r.route}\` | ${s.performance} | ${s.accessibility} | ${s['best-practices']} | ${s.seo} | ${m.fcp} | ${m.lcp} | ${m.tbt} | ${m.cls} |`);
  }
  for (const r of rows) {
    const failing = r.failing as Array<{ id: string; title: string; value?: string; items: string[] }>;
    lines.push('', `## ${r.page}: \`${r.route}\``, '', `${r.why}.`, '');
    if (!failing.length) lines.push('No audit lost points.');
    for (const f of failing) lines.push(`- \`${f.id}\`: ${f.title}${f.value ? ` (${f.value})` : ''}${f.items.length ? `: ${f.items.map((i) => `\`${i}\``).join(', ')}` : ''}`);
  }
  return `${lines.join('\n')}\n`;
}

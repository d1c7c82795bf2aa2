#!/usr/bin/env node
// npm run bench [-- --root DIR] [-- --runs N] [-- --no-scale | --scale-only [--scale-sizes "pages=1000,5000 ops=300"]] [-- --no-hugo | --hugo-only] [-- --write]
// Measures: cold builds (fresh process, empty cache, median of N), warm builds (persistent cache),
// the rebuild after touching one page in watch mode, peak RSS, the bytes a reader downloads, and
// the scale rows (generated sites of 1,000 / 5,000 / 10,000 pages and specs of 300 / 1,000 / 3,000
// operations: wall and CPU time, peak RSS, output and page size, per-page cost), the local search index (size,
// query time) and all JS fetched until network idle (in Chromium, where installed), and cold
// docsgen against Hugo on the shared synthetic corpus (bench/hugo.mjs). Writes bench/RESULTS.md for the portal run.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compareWithHugo } from './hugo.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(repo, 'bin/docsgen');
const args = process.argv.slice(2);
// DOCSGEN_MEMORY resets the kernel's peak-RSS mark after each stage (task.ts): a build run with it
// would report, through its own maxRSS and GNU time's %M alike, only its last stage's peak.
delete process.env.DOCSGEN_MEMORY;
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const root = path.resolve(opt('--root', repo));
const runs = Number(opt('--runs', '5'));
const scale = !args.includes('--no-scale');
const hugoOnly = args.includes('--hugo-only');
const hugo = hugoOnly || !args.includes('--no-hugo');
// The shared corpus generator sits in shared/ beside the checkout (as on every machine and in CI).
const corpusGen = path.resolve(opt('--corpus-gen', path.join(repo, '../shared/bench/gen-corpus.mjs')));
const isPortal = root === repo;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmtS = (ms) => `${(ms / 1000).toFixed(2)} s`;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** One `docsgen build` in a fresh process; returns wall time, in-process time and peak RSS. */
function buildOnce(site, { cache, out }) {
  const stats = path.join(os.tmpdir(), `docsgen-bench-${process.pid}.json`);
  fs.rmSync(stats, { force: true });
  if (!cache) fs.rmSync(path.join(site, '.docsgen'), { recursive: true, force: true });
  const start = performance.now();
  const res = spawnSync(process.execPath, [bin, 'build', '--root', site, '--out', out, ...(cache ? [] : ['--no-cache'])], {
    env: { ...process.env, DOCSGEN_STATS_FILE: stats },
    encoding: 'utf8',
  });
  const wall = performance.now() - start;
  if (res.status !== 0) throw new Error(`build of ${site} failed:\n${res.stdout}\n${res.stderr}`);
  const s = JSON.parse(fs.readFileSync(stats, 'utf8'));
  return { wall, inner: s.ms, cpu: s.cpuMs, rss: s.maxRssMiB, pages: s.pages };
}

function measureBuilds(site, n) {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-bench-out-'));
  const cold = Array.from({ length: n }, () => buildOnce(site, { cache: false, out }));
  buildOnce(site, { cache: true, out }); // fill the persistent cache
  const warm = Array.from({ length: n }, () => buildOnce(site, { cache: true, out }));
  return { cold, warm, out };
}

/**
 * Rebuild time after touching one page, through the same SiteBuilder `serve --watch` uses, as a
 * watch session (with its live-reload script: it keeps compiled pages, the highlight worker and
 * the API entries between rebuilds, and writes into the served folder).
 */
let tsx;
/** One of the repository's TypeScript modules, imported through tsx's loader (registered once). */
async function repoModule(file) {
  tsx ??= import('tsx/esm/api').then(({ register }) => register());
  await tsx;
  return import(pathToFileURL(path.join(repo, file)).href);
}
const engineModule = (file) => repoModule(path.join('packages/engine/src', file));

async function measureRebuild(site) {
  const { SiteBuilder } = await engineModule('node/index.ts');
  const { DEV_CLIENT_SCRIPT } = await engineModule('node/dev/dev-client.ts');
  // A folder of its own: the session's pages carry the live-reload script, not what is published.
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-bench-watch-'));
  const builder = new SiteBuilder({ root: site, outDir: out, devScript: DEV_CLIENT_SCRIPT });
  const first = await builder.full();
  if (!first.ok) throw new Error('watch build failed');
  const page = Object.values(first.graph.pages).find((p) => p.kind === 'doc' && p.sourceFile?.endsWith('.mdx')) ?? Object.values(first.graph.pages).find((p) => (p.kind === 'doc' || p.kind === 'changelog') && p.sourceFile);
  const original = fs.readFileSync(page.sourceFile, 'utf8');
  const times = [];
  try {
    for (let i = 0; i < 5; i++) {
      fs.writeFileSync(page.sourceFile, `${original}\n\nEdited paragraph ${i}.\n`);
      const start = performance.now();
      const result = await builder.update([page.sourceFile]);
      times.push(performance.now() - start);
      if (!result.ok) throw new Error('rebuild failed');
      // What follows the reload (search index, cache files), before the next edit, untimed.
      await builder.settled();
    }
  } finally {
    fs.writeFileSync(page.sourceFile, original);
    // The served folder is a link to a version in the store beside it (`.<name>.docsgen`).
    for (const dir of [out, path.join(path.dirname(out), `.${path.basename(out)}.docsgen`)]) fs.rmSync(dir, { recursive: true, force: true });
  }
  return { ms: median(times), route: page.route };
}

/**
 * What the API reference adds to a cold build: the site built with and without its OpenAPI spec,
 * alternating runs so drift on a shared machine hits both sides alike. Both sides are copies of
 * the site's own folders with a config that imports a copy of the site's, so both read the same
 * files the same way; the side without has no `specs` folder and no `openapi` key. Its content
 * still links into the reference, so it ignores those links and JSON examples (`checks`) instead of failing
 * on them, and emits its site like the other side.
 */
/** What a site is built from (the portal's root also holds the engine, its default theme, tests and node_modules). */
const SITE_FOLDERS = ['content', 'specs', 'static'];

function measureApiCost(site, n) {
  const configName = fs.readdirSync(site).find((f) => /^docs-build\.config\.[mc]?[jt]s$/.test(f));
  const hasSpec = (configName && /^\s*openapi\s*:/m.test(fs.readFileSync(path.join(site, configName), 'utf8'))) || fs.existsSync(path.join(site, 'specs/payments.yaml'));
  if (!hasSpec) return null;
  const sides = ['with', 'without'].map((name) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `docsgen-bench-api-${name}-`));
    // Copies, not links: a build reads nothing outside its site folder, through links neither.
    for (const entry of SITE_FOLDERS) {
      if (name === 'without' && entry === 'specs') continue; // the default spec location
      if (fs.existsSync(path.join(site, entry))) fs.cpSync(path.join(site, entry), path.join(dir, entry), { recursive: true });
    }
    if (configName) fs.copyFileSync(path.join(site, configName), path.join(dir, `site-base${path.extname(configName)}`));
    const body = name === 'with' ? 'export default site;' : "const { openapi: _spec, ...withoutSpec } = site;\nexport default { ...withoutSpec, checks: { ...withoutSpec.checks, brokenLinks: 'ignore', codeSamples: 'ignore' } };";
    // A site without a config file runs on the defaults (the loader's: a title and a local URL).
    const source = configName ? `import site from './site-base${path.extname(configName)}';` : `const site = { title: ${JSON.stringify(path.basename(site))}, url: 'http://localhost:3000' };`;
    fs.writeFileSync(path.join(dir, 'docs-build.config.ts'), `${source}\n${body}\n`);
    return { dir, out: path.join(dir, 'build'), runs: [] };
  });
  for (let i = 0; i < n; i++) for (const side of sides) side.runs.push(buildOnce(side.dir, { cache: false, out: side.out }));
  for (const side of sides) fs.rmSync(side.dir, { recursive: true, force: true });
  const [withSpec, withoutSpec] = sides.map((s) => ({ wall: median(s.runs.map((r) => r.wall)), inner: median(s.runs.map((r) => r.inner)), pages: s.runs[0].pages }));
  return { withSpec, withoutSpec, pairs: sides[0].runs.map((r, i) => r.inner - sides[1].runs[i].inner) };
}

/**
 * Bytes a reader downloads for a page: its HTML, the CSS and the JS it references (an island's
 * `data-src` is fetched on interaction, so it does not count).
 */
function pageWeight(out, route) {
  const file = path.join(out, route === '/' ? 'index.html' : `${route.slice(1)}/index.html`);
  const html = fs.readFileSync(file);
  const assets = [...html.toString().matchAll(/\s(?:href|src)="(\/assets\/[^"]+\.(css|js))"/g)].map((m) => ({ kind: m[2], bytes: fs.readFileSync(path.join(out, m[1])) }));
  const size = (buf) => ({ raw: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length });
  const sum = (kind) => assets.filter((a) => a.kind === kind).reduce((acc, a) => { const s = size(a.bytes); return { raw: acc.raw + s.raw, gzip: acc.gzip + s.gzip }; }, { raw: 0, gzip: 0 });
  return { html: size(html), css: sum('css'), js: sum('js') };
}

/** Serves an emitted site folder on a free port of 127.0.0.1 with the engine's static server. */
async function serveOut(out) {
  const { createStaticServer } = await engineModule('node/dev/static-server.ts');
  const server = createStaticServer({ root: out });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/**
 * The local search index: its size, and the time of each query as a reader types it, through the
 * client's own provider (same MiniSearch options, snippets and paging as the search box). Queries
 * are every prefix of 20 page titles spread over the site (the box searches on every keystroke),
 * and each title with one letter dropped from each word (a typo).
 */
async function measureSearch(out) {
  const file = path.join(out, 'search-index.json');
  if (!fs.existsSync(file)) return null;
  const bytes = fs.readFileSync(file);
  globalThis.matchMedia ??= () => ({ matches: false }); // snippet length: the desktop one
  const { localProvider } = await engineModule('client/search-local.ts');
  const server = await serveOut(out);
  try {
    const provider = localProvider(`${server.url}/search-index.json`);
    const loadStart = performance.now();
    await provider.search('a');
    const loadMs = performance.now() - loadStart;
    const records = JSON.parse(fs.readFileSync(path.join(out, 'search-records.json'), 'utf8'));
    const titles = [...new Set(records.map((r) => r.hierarchy?.lvl1).filter(Boolean))];
    const count = Math.min(20, titles.length);
    const picked = Array.from({ length: count }, (_, i) => titles[Math.floor((i * titles.length) / count)]);
    const queries = picked.flatMap((t) => [
      ...Array.from({ length: t.length }, (_, i) => t.slice(0, i + 1)).filter((q) => q.trim() && !q.endsWith(' ')),
      t.split(' ').map((w) => (w.length > 3 ? w.slice(0, w.length >> 1) + w.slice((w.length >> 1) + 1) : w)).join(' '),
    ]);
    for (const q of queries.slice(0, 20)) await provider.search(q); // warm up the JIT, as a reader's first keystrokes do
    const times = [];
    for (const q of queries) {
      const start = performance.now();
      await provider.search(q);
      times.push({ q, ms: performance.now() - start });
    }
    times.sort((a, b) => a.ms - b.ms);
    return {
      gzip: zlib.gzipSync(bytes, { level: 9 }).length,
      raw: bytes.length,
      loadMs,
      count: times.length,
      median: median(times.map((t) => t.ms)),
      p95: times[Math.floor(times.length * 0.95)].ms,
      slowest: times.at(-1),
    };
  } finally {
    await server.close();
  }
}

/**
 * All JavaScript a page fetches until the network is idle, without interaction, in Debian's
 * Chromium (gzip level 9 of each script's body, as a static host would serve it). Null where
 * Chromium is not installed.
 */
async function measureFetchedJs(out, routes) {
  // The browser tests' own launch (Debian's Chromium, headless, no background requests).
  const { hasChromium, launchChromium } = await repoModule('tests/helpers/browser.ts');
  if (!hasChromium) return null;
  const browser = await launchChromium();
  const server = await serveOut(out);
  try {
    const result = [];
    for (const route of routes) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const scripts = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.push(response.body().then((b) => ({ url: response.url(), raw: b.length, gzip: zlib.gzipSync(b, { level: 9 }).length })));
      });
      await page.goto(server.url + route, { waitUntil: 'networkidle' });
      const fetched = await Promise.all(scripts);
      result.push({ route, files: fetched.length, raw: fetched.reduce((a, f) => a + f.raw, 0), gzip: fetched.reduce((a, f) => a + f.gzip, 0) });
      await context.close();
    }
    return result;
  } finally {
    await server.close();
    await browser.close();
  }
}

/** The Hugo comparison's rows: the two ratios against their budgets, then each side's times. */
function hugoRows(h) {
  if (h.skip) {
    console.log(`Hugo row skipped: ${h.skip}`);
    line('synthetic corpus: docsgen ÷ Hugo (cold)', 'skipped', '≤ 2.8×, ≤ 2.5×', h.skip);
    return;
  }
  const hugoName = `Hugo ${h.version.match(/^hugo (v\S+)/)?.[1] ?? h.version}`;
  const verdict = (x, budget) => (x <= budget ? 'met' : 'MISSED');
  const ratio = (label, r, budget) =>
    line(`synthetic corpus: ${label} ÷ ${hugoName} on its Markdown, cold, median of per-round ratios`, `${r.median.toFixed(2)}×`, `≤ ${budget}×`, `${verdict(r.median, budget)}; rounds ${r.rounds.map((x) => x.toFixed(2)).join(', ')}`);
  ratio('docsgen on the corpus (Markdown + API)', h.corpusRatio, 2.8);
  ratio("docsgen on the corpus's Markdown alone", h.markdownRatio, 2.5);
  const side = (label, s) =>
    line(`synthetic corpus: ${label}, cold, median wall time`, fmtS(s.wall), '', `peak RSS ${s.rss === null ? 'not measured' : `${s.rss.toFixed(0)} MiB`}; ${s.pages} pages, ${s.html} HTML files; runs ${s.runs.map((r) => (r.wall / 1000).toFixed(2)).join(', ')} s`);
  side('docsgen, Markdown + API', h.sides.corpus);
  side('docsgen, Markdown alone', h.sides.markdown);
  side(`${hugoName}, Markdown, minimal layouts`, h.sides.hugo);
}

function measureHugo() {
  console.log(`docsgen against Hugo: ${runs} rounds on the corpus from ${corpusGen}`);
  const h = compareWithHugo({ bin, gen: corpusGen, rounds: runs });
  hugoRows(h);
  return h;
}

const rows = [];
const line = (what, value, budget = '', note = '') => rows.push({ what, value, budget, note });
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const today = new Date().toISOString().slice(0, 10);

// --hugo-only: just the comparison, recorded (with --write) in its own dated section.
if (hugoOnly) {
  const h = measureHugo();
  const how = h.skip
    ? `Skipped: ${h.skip}.`
    : `${h.version}. Each round builds the shared corpus cold three times in a rotating order, each in a fresh process with no cache and a fresh output folder: docsgen on the corpus (Markdown + API, \`--no-cache\`, \`.docsgen/\` removed), docsgen on its Markdown alone (no spec), and Hugo on the same Markdown (a temp site with tiny baseof/single/list layouts, a section's index.md as _index.md, Chroma highlighting on by default, a fresh \`--cacheDir\` and \`--ignoreCache\`); one untimed round first. Times are wall times of the whole process; each ratio is taken within its round and the median of the rounds is shown; peak RSS (the largest of the rounds) is ${h.rssBy}.`;
  report({ label: opt('--label', `docsgen against Hugo (${today})`), command: `npm run bench -- --hugo-only --runs ${runs}`, how, write: args.includes('--write') });
  process.exit(0);
}

// --scale-only: just the scale rows, recorded (with --write) in their own dated section.
if (args.includes('--scale-only')) {
  measureScale();
  report({ label: opt('--label', `Scale (${today})`), command: `npm run bench -- --scale-only${opt('--scale-sizes', '') ? ` --scale-sizes "${opt('--scale-sizes', '')}"` : ''}`, how: 'One cold build per size (fresh process, `--no-cache`, no `.docsgen/`), generated by bench/gen-pages.mjs (folders of 50 pages, one sidebar per folder) and bench/gen-spec.mjs (tags of 20 operations). Wall time of the whole process; CPU time is user + system of all its threads.', write: args.includes('--write') });
  process.exit(0);
}

console.log(`docsgen bench: ${path.relative(process.cwd(), root) || '.'} (${os.cpus().length} cores, ${cpu}), ${runs} runs each`);

const { cold, warm, out } = measureBuilds(root, runs);
const coldMs = median(cold.map((r) => r.wall));
// DESIGN.md sets the portal's speed budgets relative to its cold build (absolute times drift up to
// 3x between hours here); the cold build itself is held to the Hugo ratio (the corpus rows).
line('cold build (fresh process, empty cache), median wall time', fmtS(coldMs), 'see the Hugo ratios', `${cold[0].pages} pages; in-process ${fmtS(median(cold.map((r) => r.inner)))}; runs ${cold.map((r) => (r.wall / 1000).toFixed(2)).join(', ')} s`);
const warmMs = median(warm.map((r) => r.wall));
line('warm build (persistent cache), median wall time', fmtS(warmMs), `≤ a tenth of the cold build (${fmtS(coldMs / 10)})`, `${(coldMs / warmMs).toFixed(1)}× faster than cold; in-process ${fmtS(median(warm.map((r) => r.inner)))}`);
line('peak RSS of a cold build', `${Math.max(...cold.map((r) => r.rss)).toFixed(0)} MiB`, '≤ 300 MiB');
const api = measureApiCost(root, runs);
if (api) {
  const added = api.withSpec.wall - api.withoutSpec.wall;
  line('API reference: added to a cold build (with − without the spec), median wall time', fmtS(added), '< 1 s', `${api.withSpec.pages - api.withoutSpec.pages} pages; in-process ${fmtS(api.withSpec.inner - api.withoutSpec.inner)} (${fmtS(api.withSpec.inner)} − ${fmtS(api.withoutSpec.inner)}); run pairs ${api.pairs.map((d) => (d / 1000).toFixed(2)).join(', ')} s in-process`);
}
const rebuild = await measureRebuild(root);
line('rebuild after editing one page (watch), median', `${rebuild.ms.toFixed(0)} ms`, `≤ a twentieth of the cold build (${(coldMs / 20).toFixed(0)} ms)`, `${(coldMs / rebuild.ms).toFixed(1)}× faster than cold; edited ${rebuild.route}`);
const graphPages = fs.readFileSync(path.join(out, 'sitemap.xml'), 'utf8').match(/<loc>[^<]+<\/loc>/g).map((l) => new URL(l.slice(5, -6)).pathname);
// A typical doc page is the median one by compressed HTML; the largest is shown beside it.
const docPages = graphPages.filter((r) => r !== '/' && !r.startsWith('/api')).map((route) => ({ route, gzip: pageWeight(out, route).html.gzip })).sort((a, b) => a.gzip - b.gzip);
const typical = docPages[Math.floor(docPages.length / 2)]?.route ?? graphPages[1];
const largest = docPages.at(-1)?.route ?? graphPages[1];
for (const [label, route] of [['home page', '/'], [`typical doc page (median of ${docPages.length}) ${typical}`, typical], [`largest doc page ${largest}`, largest]]) {
  const w = pageWeight(out, route);
  line(`${label}: HTML`, `${kb(w.html.raw)} raw, ${kb(w.html.gzip)} gzip`, '≤ 12 KB gzip');
  line(`${label}: CSS`, `${kb(w.css.raw)} raw, ${kb(w.css.gzip)} gzip`, '≤ 15 KB gzip, one file');
  line(`${label}: JS`, `${kb(w.js.raw)} raw, ${kb(w.js.gzip)} gzip`, '≤ 12 KB gzip before interaction');
}
// The largest operation page of the API reference: its Send console loads only when opened.
const operations = graphPages.filter((r) => r.startsWith('/api/') && !r.startsWith('/api/schemas/')).map((route) => ({ route, w: pageWeight(out, route) })).sort((a, b) => a.w.html.gzip - b.w.html.gzip);
const biggest = operations.at(-1);
if (biggest) {
  const docJs = pageWeight(out, typical).js.gzip;
  line(`largest API page ${biggest.route}: HTML`, `${kb(biggest.w.html.raw)} raw, ${kb(biggest.w.html.gzip)} gzip`, '', 'schema trees of the request and every response, samples in six languages');
  line(`largest API page ${biggest.route}: JS`, `${kb(biggest.w.js.raw)} raw, ${kb(biggest.w.js.gzip)} gzip`, `≤ a doc page's (${kb(docJs)} gzip)`, biggest.w.js.gzip <= docJs ? 'met: the console loads when opened' : 'MISSED');
}

const search = await measureSearch(out);
if (search) {
  line('local search index (/search-index.json)', `${kb(search.raw)} raw, ${kb(search.gzip)} gzip`, '≤ 250 KB gzip', `fetched when the search box first opens; loaded in ${search.loadMs.toFixed(0)} ms here`);
  line(`search query, as typed (${search.count} queries)`, `median ${search.median.toFixed(2)} ms, 95th percentile ${search.p95.toFixed(2)} ms`, '≤ 10 ms', `slowest ${search.slowest.ms.toFixed(1)} ms ("${search.slowest.q}"); the client's provider in Node, index loaded`);
}
const fetchedJs = await measureFetchedJs(out, ['/', typical, ...(biggest ? [biggest.route] : [])]);
for (const f of fetchedJs ?? []) line(`all JS fetched until network idle, no interaction: ${f.route === '/' ? 'home page' : f.route}`, `${kb(f.raw)} raw, ${kb(f.gzip)} gzip`, '≤ 20 KB gzip', `${f.files} file${f.files === 1 ? '' : 's'}; Chromium`);
if (!fetchedJs) line('all JS fetched until network idle', 'not measured', '≤ 20 KB gzip', '/usr/bin/chromium is not installed');

if (hugo) measureHugo();

if (scale) measureScale();
fs.rmSync(out, { recursive: true, force: true });

report({
  label: isPortal ? 'The portal' : opt('--label', `Site folder ${path.basename(root)}`),
  command: `npm run bench${isPortal ? '' : ` -- --root ${root}`}`,
  how: 'Medians; a cold build is a fresh process with an empty cache.',
  write: isPortal || args.includes('--write'),
});

/** Prints the table and, when asked, records it in bench/RESULTS.md under `label`. */
function report({ label, command, how, write }) {
  const table = ['| measurement | value | budget | notes |', '| --- | --- | --- | --- |', ...rows.map((r) => `| ${r.what} | ${r.value} | ${r.budget} | ${r.note} |`)].join('\n');
  console.log(`\n${table}\n`);
  if (write) recordSection(label, `\`${command}\` on ${today}: ${os.cpus().length} cores (${cpu}), Node ${process.version}. ${how}\n\n${table}\n`);
}

// bench/RESULTS.md keeps one section per measured site; a run replaces its own section.
function recordSection(label, body) {
  const file = path.join(repo, 'bench/RESULTS.md');
  const section = `## ${label}\n\n${body}`;
  const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmark results\n';
  const parts = old.split(/^(?=## )/m);
  const head = parts[0].startsWith('## ') ? '# Benchmark results\n\n' : parts[0];
  const sections = parts.filter((p) => p.startsWith('## ') && !p.startsWith(`## ${label}\n`));
  fs.writeFileSync(file, [head.trimEnd() + '\n\n', ...[section, ...sections].map((p) => p.trimEnd() + '\n\n')].join('').trimEnd() + '\n');
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

/**
 * The scale rows: generated sites of 1,000 / 5,000 / 10,000 pages (bench/gen-pages.mjs) and specs of
 * 300 / 1,000 / 3,000 operations (bench/gen-spec.mjs), each built cold once per size: wall time, CPU
 * time, peak RSS, output bytes, the median page, and the per-page cost against the smallest size.
 * `--scale-sizes pages=1000,5000 ops=300` picks other sizes.
 */
function measureScale() {
  const sizes = { pages: [1000, 5000, 10000], ops: [300, 1000, 3000] };
  for (const part of (opt('--scale-sizes', '') || '').split(' ').filter(Boolean)) {
    const [kind, list] = part.split('=');
    if (kind in sizes) sizes[kind] = list.split(',').map(Number);
  }
  const gens = { pages: 'bench/gen-pages.mjs', ops: 'bench/gen-spec.mjs' };
  for (const kind of ['pages', 'ops']) {
    const rowsOfKind = [];
    for (const n of sizes[kind]) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `docsgen-scale-${kind}-${n}-`));
      execFileSync(process.execPath, [path.join(repo, gens[kind]), dir, String(n)]);
      const outDir = path.join(dir, 'build');
      let r;
      try {
        r = buildOnce(dir, { cache: false, out: outDir });
      } catch (error) {
        line(`generated ${kind === 'pages' ? `${n} pages` : `${n} operations`}: cold build`, 'FAILED', '', String(error.message).split('\n').slice(-3).join(' '));
        fs.rmSync(dir, { recursive: true, force: true });
        continue;
      }
      const html = htmlFiles(outDir);
      const bytes = dirBytes(outDir);
      const pageSizes = html.map((f) => fs.statSync(f).size).sort((a, b) => a - b);
      const sample = kind === 'ops' ? path.join(outDir, 'api/get-payment/index.html') : html[Math.floor(html.length / 2)];
      const sampleGzip = fs.existsSync(sample) ? zlib.gzipSync(fs.readFileSync(sample)).length : NaN;
      rowsOfKind.push({ n, per: r.wall / r.pages, gzip: sampleGzip });
      const first = rowsOfKind[0];
      line(
        `generated ${kind === 'pages' ? `${n.toLocaleString('en')} pages` : `${n.toLocaleString('en')}-operation spec`}: cold build`,
        `${fmtS(r.wall)} wall, ${fmtS(r.cpu)} CPU, peak ${r.rss.toFixed(0)} MiB`,
        kind === 'pages' ? (n >= 10000 ? '≤ 30 s, ≤ 500 MiB' : '≤ 500 MiB') : n >= 3000 ? '≤ 30 s, ≤ 500 MiB' : '≤ 500 MiB',
        `${r.pages} pages; output ${(bytes / 2 ** 20).toFixed(1)} MiB; median page ${kb(median(pageSizes))}; ${kind === 'ops' ? '/api/get-payment' : 'median page'} ${kb(sampleGzip)} gzip${rowsOfKind.length > 1 ? ` (${(sampleGzip / first.gzip).toFixed(2)}× at ${first.n.toLocaleString('en')}; budget ≤ 2×)` : ''}; ${(r.wall / r.pages).toFixed(2)} ms a page${rowsOfKind.length > 1 ? `, ${((r.wall / r.pages) / first.per).toFixed(2)}× the cost at ${first.n.toLocaleString('en')} (budget ≤ 1.2×)` : ''}`,
      );
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}

function htmlFiles(dir) {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.html') && !e.parentPath.includes(`${path.sep}_sidebar`)).map((e) => path.join(e.parentPath, e.name));
}

function dirBytes(dir) {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).reduce((sum, e) => sum + fs.statSync(path.join(e.parentPath, e.name)).size, 0);
}

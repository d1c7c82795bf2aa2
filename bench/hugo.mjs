// docsgen against Hugo on the shared synthetic corpus (shared/bench/gen-corpus.mjs): the design's
// speed budgets are ratios to Hugo, because this machine's speed drifts too much between hours for
// absolute times to mean anything. Three cold builds per round, in a rotating order so drift hits
// all three alike: docsgen on the whole corpus (Markdown + API), docsgen on its Markdown alone,
// and Debian's Hugo on the same Markdown with minimal layouts. Each ratio is taken within a round.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Minimal layouts: Hugo renders the Markdown (Goldmark, Chroma highlighting on by default) into a
// bare page, so what is timed is mostly Hugo's content pipeline, not a theme.
const LAYOUTS = {
  'baseof.html': '<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>{{ .Title }} | {{ .Site.Title }}</title></head>\n<body>{{ block "main" . }}{{ end }}</body>\n</html>\n',
  'single.html': '{{ define "main" }}<main><h1>{{ .Title }}</h1>{{ .Content }}</main>{{ end }}\n',
  'list.html': '{{ define "main" }}<main><h1>{{ .Title }}</h1>{{ .Content }}<ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul></main>{{ end }}\n',
};
// The corpus has no taxonomies or feeds; without disabling them Hugo would add empty tag and
// category pages and RSS files that docsgen has no counterpart for.
const CONFIG = "baseURL = 'http://localhost/'\ntitle = 'Synthetic corpus'\ndisableKinds = ['taxonomy', 'term', 'RSS']\n";

/** A command's result, or null when it cannot be started (ENOENT). */
function tryRun(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { encoding: 'utf8', ...opts });
  return res.error ? null : res;
}

const isRoot = () => process.getuid?.() === 0;
const hugoVersion = () => tryRun('hugo', ['version'])?.stdout.trim().split('\n')[0] ?? null;

/**
 * Installs a Debian package when we are root; returns why not otherwise. The package lists may
 * be empty on a fresh machine, so a failed install is retried once after `apt-get update`.
 */
function aptInstall(pkg) {
  if (!isRoot()) return `not root, so \`apt-get install ${pkg}\` was not tried`;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  console.log(`installing Debian's ${pkg} (apt-get install -y ${pkg})`);
  let res = tryRun('apt-get', ['install', '-y', '-q', pkg], { env });
  if (res?.status !== 0) {
    tryRun('apt-get', ['update', '-q'], { env });
    res = tryRun('apt-get', ['install', '-y', '-q', pkg], { env });
  }
  if (!res) return 'apt-get is not available';
  return res.status === 0 ? null : `apt-get install ${pkg} failed: ${res.stderr.trim().split('\n').at(-1)}`;
}

/** Hugo's version line, installing Debian's package if needed; or { skip: reason }. */
export function ensureHugo() {
  const have = hugoVersion();
  if (have) return { version: have };
  const why = aptInstall('hugo');
  if (why) return { skip: `hugo is not installed and ${why}` };
  return hugoVersion() ? { version: hugoVersion() } : { skip: 'hugo is still not on PATH after installing it' };
}

/** GNU time, for the peak RSS of both tools measured the same way; null without it. */
export function ensureGnuTime() {
  const gnuTime = '/usr/bin/time';
  if (!fs.existsSync(gnuTime)) aptInstall('time');
  return fs.existsSync(gnuTime) ? gnuTime : null;
}

/** Every file under a folder whose name passes `keep` (follows the output link at the top). */
function countFiles(dir, keep) {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((d) => d.isFile() && keep(d.name)).length;
}
const countHtml = (dir) => countFiles(dir, (name) => name.endsWith('.html'));

/** Copies the corpus's Markdown into a Hugo content folder: a section's index.md is its _index.md. */
function copyContentForHugo(from, to) {
  for (const entry of fs.readdirSync(from, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.md')) continue;
    const rel = path.relative(from, path.join(entry.parentPath ?? entry.path, entry.name));
    const target = path.join(to, path.basename(rel) === 'index.md' ? path.join(path.dirname(rel), '_index.md') : rel);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(from, rel), target);
  }
}

/** The temp Hugo site: hugo.toml, the three layouts and the corpus's Markdown. */
function makeHugoSite(dir, corpusContent) {
  fs.mkdirSync(path.join(dir, 'layouts/_default'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'hugo.toml'), CONFIG);
  for (const [name, text] of Object.entries(LAYOUTS)) fs.writeFileSync(path.join(dir, 'layouts/_default', name), text);
  copyContentForHugo(corpusContent, path.join(dir, 'content'));
}

/** The corpus twice: whole (content + specs) and its Markdown alone (no specs/, so no API reference). */
export function makeCorpora(gen, work) {
  const full = path.join(work, 'corpus');
  const markdown = path.join(work, 'corpus-markdown');
  const res = spawnSync(process.execPath, [gen, full], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${gen} failed:\n${res.stderr}`);
  fs.cpSync(path.join(full, 'content'), path.join(markdown, 'content'), { recursive: true });
  return { full, markdown };
}

/**
 * Runs a command in a fresh process; wall time around the whole process (start-up included, as
 * a user waits for it), and peak RSS from GNU time where present.
 */
function runTimed(gnuTime, argv, env) {
  const rssFile = path.join(os.tmpdir(), `docsgen-bench-rss-${process.pid}.txt`);
  fs.rmSync(rssFile, { force: true });
  const [cmd, ...args] = gnuTime ? [gnuTime, '-f', '%M', '-o', rssFile, ...argv] : argv;
  try {
    const start = performance.now();
    const res = spawnSync(cmd, args, { env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 64 << 20 });
    const wall = performance.now() - start;
    if (res.status !== 0) throw new Error(`${argv.join(' ')} failed:\n${res.stdout}\n${res.stderr}`);
    const rss = gnuTime ? Number(fs.readFileSync(rssFile, 'utf8').trim().split('\n').at(-1)) / 1024 : null;
    return { wall, rss, stdout: res.stdout };
  } finally {
    fs.rmSync(rssFile, { force: true });
  }
}

/** A fresh scratch folder for one build's output or cache; the caller removes it after the build. */
const scratch = (work, name) => fs.mkdtempSync(path.join(work, `${name}-`));

/**
 * One warm docsgen build of `site` into `out` (kept between calls), with `cache` (a folder of the
 * same file system, kept between calls) moved in as the site's `.docsgen/` for the build and out
 * again after: two engines take turns on one site, each with the cache and the output its own
 * last build left (each engine's keys differ, so one shared cache would be pruned by the other).
 */
export function docsgenWarm(bin, site, out, cache, gnuTime) {
  const own = path.join(site, '.docsgen');
  fs.rmSync(own, { recursive: true, force: true });
  if (fs.existsSync(cache)) fs.renameSync(cache, own);
  const stats = path.join(os.tmpdir(), `docsgen-bench-warm-${process.pid}.json`);
  try {
    const run = runTimed(gnuTime, [process.execPath, bin, 'build', '--root', site, '--out', out], { DOCSGEN_STATS_FILE: stats });
    const s = JSON.parse(fs.readFileSync(stats, 'utf8'));
    return { wall: run.wall, inner: s.ms, cpu: s.cpuMs, rss: run.rss ?? s.maxRssMiB, pages: s.pages };
  } finally {
    if (fs.existsSync(own)) fs.renameSync(own, cache);
    fs.rmSync(stats, { force: true });
  }
}

/** One cold docsgen build: no .docsgen/ (its content caches), --no-cache, a fresh output folder. */
export function docsgenCold(bin, site, work, gnuTime) {
  fs.rmSync(path.join(site, '.docsgen'), { recursive: true, force: true });
  const outParent = scratch(work, 'docsgen-out');
  const out = path.join(outParent, 'build'); // becomes a link to .build.docsgen/<version>/ beside it
  const stats = path.join(work, 'docsgen-stats.json');
  try {
    const run = runTimed(gnuTime, [process.execPath, bin, 'build', '--root', site, '--out', out, '--no-cache'], { DOCSGEN_STATS_FILE: stats });
    const s = JSON.parse(fs.readFileSync(stats, 'utf8'));
    return { wall: run.wall, cpu: s.cpuMs, rss: run.rss ?? s.maxRssMiB, pages: s.pages, html: countHtml(out) };
  } finally {
    fs.rmSync(outParent, { recursive: true, force: true }); // the link and its version folder
  }
}

/** One cold Hugo build: a fresh cache folder and output folder, and --ignoreCache besides. */
function hugoCold(site, work, gnuTime) {
  fs.rmSync(path.join(site, 'resources'), { recursive: true, force: true }); // Hugo's generated-resource cache
  const out = scratch(work, 'hugo-out');
  const cache = scratch(work, 'hugo-cache');
  try {
    const run = runTimed(gnuTime, ['hugo', '--source', site, '--destination', out, '--cacheDir', cache, '--ignoreCache'], {});
    const pages = Number(run.stdout.match(/^\s*Pages\s*\|\s*(\d+)/m)?.[1] ?? NaN);
    return { wall: run.wall, rss: run.rss, pages, html: countHtml(out) };
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
    fs.rmSync(cache, { recursive: true, force: true });
  }
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * The comparison: one untimed round first (the binaries and the corpus into the page cache, and
 * a check that all three build), then `rounds` timed rounds. Returns { skip } when it cannot run.
 */
export function compareWithHugo({ bin, gen, rounds }) {
  if (!fs.existsSync(gen)) return { skip: `the corpus generator ${gen} is not there (shared/ beside the checkout, or --corpus-gen PATH)` };
  const hugo = ensureHugo();
  if (hugo.skip) return hugo;
  const gnuTime = ensureGnuTime();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-bench-hugo-'));
  try {
    const corpora = makeCorpora(gen, work);
    const hugoSite = path.join(work, 'hugo-site');
    makeHugoSite(hugoSite, path.join(corpora.full, 'content'));
    const sides = {
      corpus: () => docsgenCold(bin, corpora.full, work, gnuTime),
      markdown: () => docsgenCold(bin, corpora.markdown, work, gnuTime),
      hugo: () => hugoCold(hugoSite, work, gnuTime),
    };
    const names = Object.keys(sides);
    for (const name of names) sides[name]();
    const runs = Object.fromEntries(names.map((n) => [n, []]));
    for (let r = 0; r < rounds; r++) {
      // Rotate who goes first, so no side always runs right after the same other one.
      for (let k = 0; k < names.length; k++) runs[names[(r + k) % names.length]].push(sides[names[(r + k) % names.length]]());
      console.log(`  round ${r + 1}/${rounds}: ${names.map((n) => `${n} ${(runs[n][r].wall / 1000).toFixed(2)} s`).join(', ')}`);
    }
    const ratios = (side) => runs[side].map((run, i) => run.wall / runs.hugo[i].wall);
    const summary = (side) => ({
      runs: runs[side],
      wall: median(runs[side].map((x) => x.wall)),
      rss: runs[side].some((x) => x.rss === null) ? null : Math.max(...runs[side].map((x) => x.rss)),
      pages: runs[side][0].pages,
      html: runs[side][0].html,
    });
    return {
      version: hugo.version,
      rssBy: gnuTime ? 'measured by GNU time' : "docsgen's own (no /usr/bin/time, so Hugo's is not measured)",
      sides: Object.fromEntries(names.map((n) => [n, summary(n)])),
      corpusRatio: { rounds: ratios('corpus'), median: median(ratios('corpus')) },
      markdownRatio: { rounds: ratios('markdown'), median: median(ratios('markdown')) },
    };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

#!/usr/bin/env node
// npm run bench:ab -- BASE [--site corpus|markdown|portal|DIR] [--rounds N] [--check | --warm] [--install]
// Before/after: cold builds (or with --check, `docsgen check` runs; with --warm, warm builds, each side
// with its own persistent cache and output) of BASE (a commit) and of this working tree, alternating in one
// sitting, each in a fresh process with no cache and a fresh output folder. BASE is checked out
// in a temporary git worktree whose `@docsgen/*` packages are its own: a worktree that simply
// links this checkout's node_modules would resolve `@docsgen/engine` to this checkout's engine,
// and measure the working tree against itself. When package-lock.json differs, the worktree needs
// its own `npm ci` (--install). Prints medians, ranges and the per-round ratio, ready for
// bench/RESULTS.md; measures only, writes nothing to the repository.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { docsgenCold, docsgenWarm, ensureGnuTime, makeCorpora, median } from './hugo.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const base = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
const rounds = Number(opt('--rounds', '5'));
const check = args.includes('--check');
const warm = args.includes('--warm');
const site = opt('--site', 'corpus');
const corpusGen = path.resolve(opt('--corpus-gen', path.join(repo, '../shared/bench/gen-corpus.mjs')));
// DOCSGEN_MEMORY resets the peak-RSS mark after each stage (see bench.mjs).
delete process.env.DOCSGEN_MEMORY;

const git = (...argv) => execFileSync('git', argv, { cwd: repo, encoding: 'utf8' }).trim();

if (!base || !Number.isInteger(rounds) || rounds < 1) {
  console.error('usage: npm run bench:ab -- BASE [--site corpus|markdown|portal|DIR] [--rounds N] [--check | --warm] [--install]');
  process.exit(2);
}

/**
 * node_modules for the worktree: a link to each of this checkout's packages, except the workspace's
 * own (`@docsgen/*`, linked to the worktree's packages as npm links them here) and the caches.
 */
function linkDependencies(tree) {
  const from = path.join(repo, 'node_modules');
  const to = path.join(tree, 'node_modules');
  fs.mkdirSync(path.join(to, '@docsgen'), { recursive: true });
  for (const name of fs.readdirSync(from)) {
    if (name === '@docsgen' || name === '.cache' || name.startsWith('.vite')) continue;
    fs.symlinkSync(path.join(from, name), path.join(to, name));
  }
  for (const name of fs.readdirSync(path.join(from, '@docsgen'))) {
    // The same relative target (../../packages/NAME), which now resolves inside the worktree.
    fs.symlinkSync(fs.readlinkSync(path.join(from, '@docsgen', name)), path.join(to, '@docsgen', name));
  }
}

/** Fails unless the worktree's `@docsgen/engine` is its own. */
function assertIsolated(tree) {
  const engine = fs.realpathSync(path.join(tree, 'node_modules/@docsgen/engine'));
  if (!engine.startsWith(fs.realpathSync(tree) + path.sep)) throw new Error(`the worktree's @docsgen/engine resolves to ${engine}`);
}

function checkout(commit) {
  const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-ab-'));
  git('worktree', 'add', '--detach', tree, commit);
  const sameLock = spawnSync('git', ['diff', '--quiet', commit, '--', 'package-lock.json'], { cwd: repo }).status === 0;
  if (sameLock) linkDependencies(tree);
  else if (args.includes('--install')) execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: tree, stdio: 'inherit' });
  else {
    remove(tree);
    throw new Error(`package-lock.json differs between ${commit} and the working tree: pass --install to give the base its own npm ci`);
  }
  assertIsolated(tree);
  return tree;
}

function remove(tree) {
  // The links go first: rm does not follow them, and the worktree's own files go with git.
  fs.rmSync(path.join(tree, 'node_modules'), { recursive: true, force: true });
  spawnSync('git', ['worktree', 'remove', '--force', tree], { cwd: repo });
  spawnSync('git', ['worktree', 'prune'], { cwd: repo });
  fs.rmSync(tree, { recursive: true, force: true });
}

/** The site both sides build: the corpus (or its Markdown alone) generated once, this checkout's portal, or a folder. */
function siteFolder(work) {
  if (site === 'corpus' || site === 'markdown') {
    if (!fs.existsSync(corpusGen)) throw new Error(`the corpus generator ${corpusGen} is not there (--corpus-gen PATH)`);
    const corpora = makeCorpora(corpusGen, work);
    return site === 'corpus' ? corpora.full : corpora.markdown;
  }
  return site === 'portal' ? repo : path.resolve(site);
}

/** One `docsgen check` in a fresh process with no cache: wall time, CPU time and peak RSS (GNU time). */
function checkCold(bin, folder, work) {
  fs.rmSync(path.join(folder, '.docsgen'), { recursive: true, force: true });
  const times = path.join(work, 'check-time.txt');
  const start = performance.now();
  const res = spawnSync('/usr/bin/time', ['-f', '%U %S %M', '-o', times, process.execPath, bin, 'check', '--root', folder], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const wall = performance.now() - start;
  if (res.status !== 0) throw new Error(`docsgen check of ${folder} failed:\n${res.stdout}\n${res.stderr}`);
  const [user, system, rss] = fs.readFileSync(times, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
  return { wall, cpu: (user + system) * 1000, rss: rss / 1024, pages: Number(/(\d+) routes/.exec(res.stdout)?.[1] ?? NaN) };
}

const fmt = (ms) => (ms / 1000).toFixed(2);
const range = (xs) => `${fmt(Math.min(...xs))}-${fmt(Math.max(...xs))}`;

const commit = git('rev-parse', '--verify', `${base}^{commit}`);
const head = `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? ' + uncommitted changes' : ''}`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-ab-work-'));
let tree;
let folder;
let restoreCache = () => {};
const cleanUp = () => {
  if (tree) remove(tree);
  tree = undefined;
  if (folder) for (const side of ['base', 'head']) fs.rmSync(path.join(folder, `.docsgen-ab-${process.pid}-${side}`), { recursive: true, force: true });
  restoreCache();
  fs.rmSync(work, { recursive: true, force: true });
};
// Interrupted: the worktree goes all the same. The builds run synchronously, so the loop below
// gives the event loop a turn after each one, where these handlers run.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });
}
try {
  tree = checkout(commit);
  const gnuTime = ensureGnuTime();
  if (check && !gnuTime) throw new Error('--check measures through GNU time (/usr/bin/time), which is not installed');
  folder = siteFolder(work);
  const sides = { base: path.join(tree, 'bin/docsgen'), head: path.join(repo, 'bin/docsgen') };
  const names = Object.keys(sides);
  // A warm build's cache is moved in and out of the site (docsgenWarm): the site's own goes aside meanwhile.
  const siteCache = path.join(folder, '.docsgen');
  const asideCache = path.join(folder, `.docsgen-ab-${process.pid}`);
  if (warm && fs.existsSync(siteCache)) fs.renameSync(siteCache, asideCache);
  restoreCache = () => {
    if (!warm || !fs.existsSync(asideCache)) return;
    fs.rmSync(siteCache, { recursive: true, force: true });
    fs.renameSync(asideCache, siteCache);
  };
  const warmPaths = (bin) => {
    const side = names.find((n) => sides[n] === bin);
    return [path.join(work, `out-${side}`, 'build'), path.join(folder, `.docsgen-ab-${process.pid}-${side}`)];
  };
  const cold = (bin) => (check ? checkCold(bin, folder, work) : warm ? docsgenWarm(bin, folder, ...warmPaths(bin), gnuTime) : docsgenCold(bin, folder, work, gnuTime));
  // Untimed: each side compiles its bundle, and the site goes into the page cache (warm: twice,
  // filling the side's cache, then its output).
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  for (const name of names) {
    for (let i = warm ? 2 : 1; i > 0; i--) cold(sides[name]);
    await turn();
  }
  const runs = { base: [], head: [] };
  for (let r = 0; r < rounds; r++) {
    // Alternate who goes first, so drift within a round weighs on both alike.
    const order = r % 2 ? [...names].reverse() : names;
    for (const name of order) {
      runs[name].push(cold(sides[name]));
      await turn();
    }
    console.log(`  round ${r + 1}/${rounds}: ${names.map((n) => `${n} ${fmt(runs[n][r].wall)} s`).join(', ')}`);
  }
  const ratios = runs.head.map((run, i) => run.wall / runs.base[i].wall);
  const row = (label, cells) => `| ${label} | ${cells.join(' | ')} |`;
  const column = (n) => {
    const xs = runs[n];
    const walls = xs.map((x) => x.wall);
    const rss = xs.map((x) => x.rss);
    return [`${fmt(median(walls))} s (${range(walls)})`, `${fmt(median(xs.map((x) => x.cpu)))} s`, `${Math.min(...rss).toFixed(0)}-${Math.max(...rss).toFixed(0)} MiB`];
  };
  const [b, h] = [column('base'), column('head')];
  const what = check ? 'runs of `docsgen check` (.docsgen/ removed)' : warm ? 'warm builds (each side its own .docsgen/ and output folder)' : 'cold builds (--no-cache, .docsgen/ removed, a fresh output folder)';
  console.log(`\n${site}: ${runs.base[0].pages} pages, ${rounds} alternating ${what}\n`);
  console.log(row('', [`${commit.slice(0, 7)} (base)`, head]));
  console.log(row('---', ['---', '---']));
  console.log(row('wall, median (range)', [b[0], h[0]]));
  if (warm) console.log(row('in-process, median', names.map((n) => `${fmt(median(runs[n].map((x) => x.inner)))} s`)));
  console.log(row('CPU, median', [b[1], h[1]]));
  console.log(row('peak RSS', [b[2], h[2]]));
  console.log(`\nhead ÷ base, per round: ${ratios.map((x) => x.toFixed(3)).join(', ')}; median ${median(ratios).toFixed(3)}`);
} finally {
  cleanUp();
}

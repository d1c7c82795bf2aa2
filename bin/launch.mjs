// Loads the docsgen CLI. The engine is TypeScript with no build step after `npm ci`: on first
// use (and after any change to packages/*/src or to the installed dependencies) esbuild bundles
// the CLI, the engine and the plain ES module npm packages they use (bin/bundle-dependencies.mjs)
// into one ES module graph under node_modules/.cache/docsgen/, keyed by what it was built from.
// Node then runs plain JavaScript: a TypeScript loader hook on every import cost about half a
// second of each run, and loading some 600 small dependency files another 0.2 s.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { REQUIRE_BANNER, bundleDependencies, bundledImportMetaUsers } from './bundle-dependencies.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const packages = path.join(repo, 'packages');
const entry = path.join(packages, 'cli/src/index.ts');
/** The worker threads' programs (more entries: a worker thread loads its own from the bundle). */
const workers = ['highlight-worker', 'font-worker', 'search-worker', 'regex-tables-worker', 'theme-worker'].map((name) => [name, path.join(packages, `engine/src/node/workers/${name}.ts`)]);
/** Bump when the bundling changes in a way the launcher files' text does not show. */
const LAUNCHER_VERSION = '2';
const LAUNCHER_FILES = ['bin/launch.mjs', 'bin/bundle-dependencies.mjs'];

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    return d.isDirectory() ? sourceFiles(full) : [full];
  });
}

/**
 * Everything the bundle is made of: the sources and where they are (the bundle names their
 * folders), the installed dependencies it bundles (npm rewrites node_modules/.package-lock.json
 * whenever it changes node_modules; without it, the lockfile), esbuild's and Node's versions, and
 * this launcher.
 */
function bundleKey(esbuildVersion) {
  const hash = createHash('sha256').update(`${LAUNCHER_VERSION}\0${esbuildVersion}\0${process.version}\0${repo}\0`);
  for (const file of LAUNCHER_FILES) hash.update(fs.readFileSync(path.join(repo, file))).update('\0');
  const lockfile = ['node_modules/.package-lock.json', 'package-lock.json'].map((file) => path.join(repo, file)).find((file) => fs.existsSync(file));
  hash.update(lockfile ? fs.readFileSync(lockfile) : '').update('\0');
  for (const file of sourceFiles(packages).sort()) hash.update(`${path.relative(packages, file)}\0`).update(fs.readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** The bundle's folder must be inside the checkout, so its imports resolve from node_modules. */
function cacheRoot() {
  const root = path.join(repo, 'node_modules/.cache/docsgen');
  try {
    fs.mkdirSync(root, { recursive: true });
    fs.accessSync(root, fs.constants.W_OK);
    return root;
  } catch {
    return null;
  }
}

/*
 * A bundled module lives in the cache folder, so `import.meta.url` and `import.meta.dirname` are
 * replaced by the source file's own location: the engine finds its templates, client code and
 * sources exactly as when it runs from source (tests, tsx).
 */
const sourceLocations = {
  name: 'docsgen-source-locations',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      const contents = text.replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path))).replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
    });
  },
};

/**
 * Runs one of the bundle's one-off worker programs (`name`.js) with `workerData` and waits for it
 * to end, however it ends: a worker still at it after a minute is stopped. Whatever it writes into
 * the bundle is optional, so a failure only leaves it out (a table or a file cut short is not read).
 */
function runBundleWorker(bundle, name, workerData) {
  return new Promise((resolve) => {
    const worker = new Worker(pathToFileURL(path.join(bundle, `${name}.js`)), { workerData });
    const timer = setTimeout(() => void worker.terminate(), 60_000);
    worker.on('error', () => {}); // then 'exit'
    worker.on('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * The grammars' regular expressions, translated once into the bundle being made (see
 * packages/engine/src/node/markdown/code-block/regex-tables.ts), about 3 s: on a worker thread, so
 * this process loads none of what it takes. If it fails, the bundle has no tables and each pattern
 * is translated when a build meets it, as without them: the same regular expressions either way.
 */
const writeRegexTables = (bundle) => runBundleWorker(bundle, 'regex-tables-worker', { docsgenRegexTables: path.join(bundle, 'grammars') });

/**
 * The default theme's bundles (templates, browser scripts, CSS), made once into the bundle being
 * made (see packages/engine/src/node/client-build/prebuilt-theme.ts), on a worker thread while the
 * regular expressions are translated. If it fails, builds bundle the theme themselves, as without
 * it: the same files either way.
 */
const writePrebuiltTheme = (bundle) => runBundleWorker(bundle, 'theme-worker', { docsgenTheme: bundle });

async function bundledCli() {
  const root = cacheRoot();
  if (!root) {
    // A read-only install: run the sources through tsx instead.
    const { register } = await import('tsx/esm/api');
    register();
    return import(pathToFileURL(entry).href);
  }
  const esbuildVersion = JSON.parse(fs.readFileSync(createRequire(import.meta.url).resolve('esbuild/package.json'), 'utf8')).version;
  const dir = path.join(root, `cli-${bundleKey(esbuildVersion)}`);
  const main = path.join(dir, 'index.js');
  if (!fs.existsSync(main)) {
    const esbuild = await import('esbuild');
    // Built aside and renamed into place, so a concurrent run never imports a half-written bundle.
    const tmp = fs.mkdtempSync(path.join(root, 'tmp-'));
    try {
      const { metafile } = await esbuild.build({
        entryPoints: { index: entry, ...Object.fromEntries(workers) },
        outdir: tmp,
        bundle: true,
        splitting: true, // the engine's lazily imported stages stay lazy
        format: 'esm',
        platform: 'node',
        target: `node${process.versions.node.split('.')[0]}`,
        jsx: 'automatic',
        sourcemap: 'linked', // for `node --enable-source-maps`
        logLevel: 'silent',
        metafile: true,
        banner: { js: REQUIRE_BANNER },
        plugins: [bundleDependencies(repo), sourceLocations],
      });
      const misplaced = bundledImportMetaUsers(metafile);
      if (misplaced.length) throw new Error(`these files use import.meta, so their packages must stay external (KEEP_EXTERNAL in bin/bundle-dependencies.mjs):\n${misplaced.join('\n')}`);
      // The chunks are ES modules whatever a package.json further up says; `source` names the checkout.
      fs.writeFileSync(path.join(tmp, 'package.json'), `${JSON.stringify({ type: 'module', source: repo }, null, 2)}\n`);
      await Promise.all([writeRegexTables(tmp), writePrebuiltTheme(tmp)]);
      try {
        fs.renameSync(tmp, dir);
      } catch (error) {
        if (!fs.existsSync(main)) throw error; // another run put the same bundle in place first
      }
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
    // Bundles unused for a day are dropped (a running `serve --watch` may still load chunks of
    // the one it started from, so recent ones stay).
    const dayAgo = Date.now() - 24 * 3600 * 1000;
    for (const old of fs.readdirSync(root)) {
      const folder = path.join(root, old);
      if (old.startsWith('cli-') && folder !== dir && fs.statSync(folder).mtimeMs < dayAgo) fs.rmSync(folder, { recursive: true, force: true });
    }
  }
  fs.utimesSync(dir, new Date(), new Date()); // marks it as in use
  // Where the engine finds the bundle's other entries (the highlight worker).
  process.env.DOCSGEN_BUNDLE_DIR = dir;
  return import(pathToFileURL(main).href);
}

export async function launch(argv) {
  // React (imported while the CLI loads) picks its production build from NODE_ENV at import time.
  process.env.NODE_ENV ??= 'production';
  let cli;
  try {
    cli = await bundledCli();
  } catch (error) {
    const messages = error?.errors?.map((e) => `${e.location ? `${e.location.file}:${e.location.line}:${e.location.column + 1} ` : ''}${e.text}`);
    process.stderr.write(`docsgen: could not compile its own sources:\n${messages?.join('\n') ?? error?.stack ?? error}\n`);
    return 1;
  }
  return cli.main(argv);
}

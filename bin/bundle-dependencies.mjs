// Which npm packages bin/launch.mjs bundles into the compiled CLI, and which stay imports loaded
// from node_modules. Node resolves, reads and compiles every ES module file on its own (the
// unified/micromark family and zod are several hundred small files), so plain ES module packages
// are bundled: the CLI then loads a few dozen files instead of about 600.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Packages that stay imports even when they are plain ES modules: React (the templates, bundled
 * apart, must share its single copy), shiki (it imports its languages and themes on demand and
 * loads the oniguruma WASM), esbuild and tsx, and what a worker thread or only one command loads
 * by name (social cards, the OpenAPI validator, the search client), and harfbuzzjs (its WASM is found through import.meta). The MCP SDK is bundled: it
 * must share zod with the engine's tool schemas.
 */
const KEEP_EXTERNAL = /^(react|react-dom|shiki|@shikijs\/.*|esbuild|tsx|satori|@resvg\/.*|algoliasearch|@algolia\/.*|@readme\/openapi-parser|harfbuzzjs)$/;

/**
 * CommonJS packages the engine loads with `require`: an ES module import of CommonJS makes Node
 * scan the file's source for its export names first (react-dom/server is 300 KB, esbuild's API
 * 100 KB: about 40 ms together). `require` shares Node's module cache with those imports, so the
 * templates' React is still the same object.
 */
const REQUIRED = /^(react|react-dom|esbuild)(\/|$)/;

/** Put at the top of every chunk: what the modules standing for REQUIRED packages call. */
export const REQUIRE_BANNER = "import { createRequire as __docsgenCreateRequire } from 'node:module';\nconst __docsgenRequire = __docsgenCreateRequire(import.meta.url);";

/** The packages installed at the top of node_modules that are not plain ES modules, or are kept external. */
function externalPackages(repo) {
  const modules = path.join(repo, 'node_modules');
  const names = fs.readdirSync(modules).flatMap((d) => (d.startsWith('@') ? fs.readdirSync(path.join(modules, d)).map((s) => `${d}/${s}`) : [d]));
  return names.filter((name) => {
    if (name.startsWith('.') || name.startsWith('@docsgen/')) return false;
    if (KEEP_EXTERNAL.test(name)) return true;
    try {
      // CommonJS code's `require` calls cannot live in an ES module bundle.
      return JSON.parse(fs.readFileSync(path.join(modules, name, 'package.json'), 'utf8')).type !== 'module';
    } catch {
      return false;
    }
  });
}

/** A module of zod 4 (classic, mini and core all re-export its locales). */
const ZOD_V4 = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]/;

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The workspace packages and plain ES module npm packages are bundled (esbuild resolves them
 * itself: only imports of external packages call back into JavaScript); everything else stays an
 * import. An import left external inside a bundled package must find the same file from the
 * bundle's folder as from the package; when it would not (a nested, non-hoisted copy), it names
 * the file itself.
 */
export function bundleDependencies(repo) {
  return {
    name: 'docsgen-bundle-dependencies',
    setup(build) {
      const external = new RegExp(`^(${externalPackages(repo).map(escapeRegExp).join('|')})(/|$)`);
      const resolving = Symbol('docsgen-resolving');
      build.onResolve({ filter: external }, async (args) => {
        if (args.pluginData === resolving) return undefined; // the look-ups below: where the file really is
        if (!args.importer.includes(`${path.sep}node_modules${path.sep}`)) return REQUIRED.test(args.path) ? { path: args.path, namespace: 'docsgen-require' } : { path: args.path, external: true };
        const [here, fromRepo] = await Promise.all([args.resolveDir, repo].map((resolveDir) => build.resolve(args.path, { kind: args.kind, resolveDir, pluginData: resolving })));
        if (here.errors.length) return { errors: here.errors };
        return { path: here.path === fromRepo.path ? args.path : pathToFileURL(here.path).href, external: true };
      });
      build.onLoad({ filter: /.*/, namespace: 'docsgen-require' }, (args) => ({ contents: `module.exports = __docsgenRequire(${JSON.stringify(args.path)});`, loader: 'js' }));
      // zod's index re-exports its 40-odd locales (error messages in other languages: 368 KB of
      // the 755 KB zod chunk), which every command compiled and ran at start-up, 10-20 ms. docsgen
      // writes its own messages or zod's English ones, which zod sets itself: in the bundle,
      // `z.locales` holds `en` only.
      build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => (ZOD_V4.test(args.importer) ? { path: 'en-only', namespace: 'docsgen-zod-locales', pluginData: path.join(args.resolveDir, '../locales') } : undefined));
      build.onLoad({ filter: /.*/, namespace: 'docsgen-zod-locales' }, (args) => ({ contents: "export { default as en } from './en.js';", loader: 'js', resolveDir: args.pluginData }));
    },
  };
}

/** A bundled module would see the bundle's location as its own: a package that uses import.meta must stay external. */
export function bundledImportMetaUsers(metafile) {
  return Object.keys(metafile.inputs).filter((file) => /(^|[\\/])node_modules[\\/]/.test(file) && /\.m?js$/.test(file) && fs.readFileSync(file, 'utf8').includes('import.meta'));
}

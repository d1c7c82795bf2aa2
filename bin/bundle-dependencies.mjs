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
 * by name (social cards, the OpenAPI validator, the search client). The MCP SDK is bundled: it
 * must share zod with the engine's tool schemas.
 */
const KEEP_EXTERNAL = /^(react|react-dom|shiki|@shikijs\/.*|esbuild|tsx|satori|@resvg\/.*|algoliasearch|@algolia\/.*|@readme\/openapi-parser)$/;

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
const packageName = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/** Only packages that declare themselves ES modules: CommonJS code's `require` calls cannot live in an ES module bundle. */
function isEsmPackage(resolved, name) {
  const marker = `${path.sep}node_modules${path.sep}${name.split('/').join(path.sep)}${path.sep}`;
  const at = resolved.lastIndexOf(marker);
  if (at < 0) return false;
  try {
    return JSON.parse(fs.readFileSync(path.join(resolved.slice(0, at + marker.length), 'package.json'), 'utf8')).type === 'module';
  } catch {
    return false;
  }
}

const SKIP = Symbol('docsgen-resolving');

/**
 * The workspace packages and plain ES module npm packages are bundled; everything else stays an
 * import. An import left external inside a bundled package must find the same file from the
 * bundle's folder as from the package; when it would not (a nested, non-hoisted copy), it names
 * the file itself.
 */
export function bundleDependencies(repo) {
  return {
    name: 'docsgen-bundle-dependencies',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === SKIP || args.path.startsWith('@docsgen/') || args.path.startsWith('node:')) return undefined;
        const name = packageName(args.path);
        const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: SKIP });
        if (resolved.errors.length) return { errors: resolved.errors };
        if (resolved.external) return { path: args.path, external: true }; // a Node built-in
        if (!KEEP_EXTERNAL.test(name) && isEsmPackage(resolved.path, name)) return { path: resolved.path, sideEffects: resolved.sideEffects };
        if (args.importer.includes(`${path.sep}node_modules${path.sep}`)) {
          const fromRepo = await build.resolve(args.path, { kind: args.kind, resolveDir: repo, pluginData: SKIP });
          if (fromRepo.path !== resolved.path) return { path: pathToFileURL(resolved.path).href, external: true };
        }
        return { path: args.path, external: true };
      });
      // A bundled module would see the bundle's location as its own: such a package must stay external.
      build.onLoad({ filter: /[\\/]node_modules[\\/].*\.m?js$/ }, async (args) => {
        const text = await fs.promises.readFile(args.path, 'utf8');
        if (!text.includes('import.meta')) return { contents: text, loader: 'js' };
        return { errors: [{ text: `${args.path} uses import.meta, so it cannot be bundled: add its package to KEEP_EXTERNAL in bin/bundle-dependencies.mjs` }] };
      });
    },
  };
}

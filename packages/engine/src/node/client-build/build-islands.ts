import fs from 'node:fs';
import path from 'node:path';
import type * as esbuildApi from 'esbuild';
import { ESBUILD_WORKING_DIR, esbuild, inputFiles } from './esbuild-dir';

export interface IslandAssets {
  /** Output path → contents (island entries and the chunks they share, e.g. React). */
  files: Map<string, string>;
  /** Island name → public URL of its entry bundle. */
  urls: Map<string, string>;
  /** The files they were made from (absolute paths; none when the theme has no islands). */
  inputs: string[];
}

/**
 * The theme's islands (`islands/*.tsx`, by name) and its error boundary
 * (`components/ErrorBoundary.tsx`, which wraps every island), when it has one.
 */
export function islandEntries(templatesDir: string): { dir: string; names: string[]; boundary: string | null } {
  const dir = path.join(templatesDir, 'islands');
  const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /\.tsx$/.test(f)).map((f) => f.replace(/\.tsx$/, '')).sort() : [];
  const boundaryFile = path.join(templatesDir, 'components/ErrorBoundary.tsx');
  return { dir, names, boundary: fs.existsSync(boundaryFile) ? boundaryFile : null };
}

/**
 * Bundles every `templates/islands/*.tsx` of the theme into its own browser entry that hydrates
 * the component, with React in a shared chunk, all with hashed names. Pages load none of this
 * until an island asks for it.
 */
export async function buildIslands(templatesDir: string): Promise<IslandAssets> {
  const { dir, names, boundary } = islandEntries(templatesDir);
  const files = new Map<string, string>();
  const urls = new Map<string, string>();
  if (!names.length) return { files, urls, inputs: [] };
  const result = await esbuild().build({
    entryPoints: names.map((name) => ({ in: `island:${name}`, out: `island-${name}` })),
    absWorkingDir: ESBUILD_WORKING_DIR,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    write: false,
    outdir: '/assets',
    entryNames: '[name].[hash]',
    chunkNames: 'chunk.[hash]',
    jsx: 'automatic',
    logLevel: 'silent',
    metafile: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [
      {
        name: 'docsgen-island-entries',
        setup(build) {
          build.onResolve({ filter: /^island:/ }, (args) => ({ path: args.path.slice('island:'.length), namespace: 'island' }));
          build.onLoad({ filter: /.*/, namespace: 'island' }, (args) => ({
            resolveDir: dir,
            loader: 'tsx',
            contents: [
              `import Component from ${JSON.stringify(path.join(dir, `${args.path}.tsx`))};`,
              `import { createElement, useLayoutEffect } from 'react';`,
              `import { hydrateRoot } from 'react-dom/client';`,
              ...(boundary ? [`import { ErrorBoundary } from ${JSON.stringify(boundary)};`] : []),
              // mount resolves once React has committed the hydrated tree (a layout effect runs only
              // then, with its event handlers attached), so the loader can replay an early click
              // without peeking at React's private per-element properties. Hydrated renders no DOM.
              `function Hydrated({ done, children }) { useLayoutEffect(done, []); return children; }`,
              `export default function mount(element, props) {`,
              `  const island = createElement(Component, props);`,
              `  return new Promise((done) => { hydrateRoot(element, createElement(Hydrated, { done }, ${boundary ? `createElement(ErrorBoundary, { island: ${JSON.stringify(args.path)} }, island)` : 'island'})); });`,
              `}`,
            ].join('\n'),
          }));
        },
      },
    ],
  });
  for (const file of result.outputFiles) files.set(path.relative('/', file.path), file.text);
  for (const [out, meta] of Object.entries(result.metafile.outputs)) {
    const name = meta.entryPoint?.replace(/^island:/, '');
    if (name) urls.set(name, `/${path.relative('/', path.resolve(ESBUILD_WORKING_DIR, out))}`);
  }
  return { files, urls, inputs: inputFiles(result.metafile, ESBUILD_WORKING_DIR) };
}

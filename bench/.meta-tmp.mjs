import * as esbuild from 'esbuild';
import path from 'node:path';
import { bundleDependencies, REQUIRE_BANNER } from '/work/main/bin/bundle-dependencies.mjs';
const repo = '/work/main';
const r = await esbuild.build({ entryPoints: { index: `${repo}/packages/cli/src/index.ts` }, outdir: '/tmp/s23/metaout', write: false, bundle: true, splitting: true, format: 'esm', platform: 'node', target: 'node20', jsx: 'automatic', metafile: true, logLevel: 'silent', banner: { js: REQUIRE_BANNER }, plugins: [bundleDependencies(repo)] });
const inputs = r.metafile.inputs;
// static import graph from the build command module
const start = Object.keys(inputs).find((k) => k.endsWith('packages/cli/src/build.ts')) ?? Object.keys(inputs).find((k) => /cli\/src\/.*build/.test(k));
console.log('start', start);
const parent = new Map([[start, null]]);
const queue = [start];
while (queue.length) {
  const f = queue.shift();
  for (const imp of inputs[f]?.imports ?? []) {
    if (imp.kind !== 'import-statement' || imp.external) continue;
    if (!parent.has(imp.path)) { parent.set(imp.path, f); queue.push(imp.path); }
  }
}
const targets = process.argv.slice(2);
for (const t of targets) {
  const hit = [...parent.keys()].find((k) => k.includes(t));
  if (!hit) { console.log(t, 'NOT in static graph'); continue; }
  const chain = []; for (let c = hit; c; c = parent.get(c)) chain.push(c.replace(/.*node_modules\//, 'nm:').replace(/.*packages\//, ''));
  console.log(t, '\n   ', chain.join('\n    <- '));
}
let bytes = 0; for (const k of parent.keys()) bytes += inputs[k]?.bytes ?? 0; console.log('static graph bytes', bytes, 'files', parent.size);

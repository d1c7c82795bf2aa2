#!/usr/bin/env node
// npm run docs:codes
// Rewrites the table of diagnostic codes in README.md (between the diagnostic-codes markers) from
// the registry in packages/engine/src/shared/diagnostic-codes.ts. esbuild turns the TypeScript
// into one module in memory, as bin/launch.mjs does for the CLI; nothing is written but README.md.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readmePath = path.join(repo, 'README.md');

const bundle = await esbuild.build({
  entryPoints: [path.join(repo, 'scripts/diagnostic-codes-table.ts')],
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  write: false,
  logLevel: 'silent',
});
const { withCodesTable } = await import(`data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString('base64')}`);

const before = fs.readFileSync(readmePath, 'utf8');
const after = withCodesTable(before);
if (after === before) {
  process.stdout.write('README.md: the table of diagnostic codes is up to date\n');
} else {
  fs.writeFileSync(readmePath, after);
  process.stdout.write('README.md: rewrote the table of diagnostic codes\n');
}

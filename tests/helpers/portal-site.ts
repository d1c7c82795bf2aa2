import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SiteBuilder } from '../../packages/engine/src/node/index';
import { serve, type RunningServer } from '../../packages/engine/src/node/dev/serve';
import { silentLogger } from '../../packages/engine/src/node/task';

/** The repository's own site: the portal. */
export const PORTAL_ROOT = path.resolve(import.meta.dirname, '../..');

export interface BuiltPortal {
  /** The output folder (a temp folder, removed at exit). */
  out: string;
  server: RunningServer;
  /** Every page route of the output (`/x` for `x/index.html`), redirect pages left out, sorted; `/404` stands for the not-found page. */
  routes: string[];
  /** Every HTML file of the output, relative to `out`. */
  htmlFiles: string[];
}

function htmlFilesBelow(dir: string, rel = ''): string[] {
  return fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((entry) => {
    const name = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return htmlFilesBelow(dir, name);
    return entry.name.endsWith('.html') ? [name] : [];
  });
}

/** Builds the portal (no cache) into a temp folder and serves it on a free port of 127.0.0.1. */
export async function buildPortal(): Promise<BuiltPortal> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-portal-'));
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const out = path.join(dir, 'site');
  const result = await new SiteBuilder({ root: PORTAL_ROOT, outDir: out, noCache: true }).full();
  if (!result.ok) throw new Error(`the portal does not build: ${result.diagnostics.map((d) => `${d.code} ${d.message}`).join('; ')}`);
  const server = await serve({ root: PORTAL_ROOT, out, port: 0, host: '127.0.0.1', watch: false, logger: silentLogger });
  const htmlFiles = htmlFilesBelow(out).sort();
  const routes = htmlFiles
    .filter((file) => file.endsWith('index.html') && !fs.readFileSync(path.join(out, file), 'utf8').includes('http-equiv="refresh"'))
    .map((file) => (file === 'index.html' ? '/' : `/${file.slice(0, -'/index.html'.length)}`))
    .concat(htmlFiles.includes('404.html') ? ['/404'] : []);
  return { out, server, routes, htmlFiles };
}

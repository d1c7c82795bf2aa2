import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { SiteBuilder } from '../../packages/engine/src/node/index';
import { serve, type RunningServer } from '../../packages/engine/src/node/dev/serve';
import { silentLogger } from '../../packages/engine/src/node/task';
import { launchChromium } from './browser';

/** The repository's own site: the portal. */
export const PORTAL_ROOT = path.resolve(import.meta.dirname, '../..');

export interface BuiltPortal {
  /** The output folder (shared by the suites of one test run: read it, never write into it). */
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

async function build(out: string): Promise<void> {
  const result = await new SiteBuilder({ root: PORTAL_ROOT, outDir: out, noCache: true }).full();
  if (!result.ok) throw new Error(`the portal does not build: ${result.diagnostics.map((d) => `${d.code} ${d.message}`).join('; ')}`);
}

/**
 * The portal built once per test run (`tests/global-setup.ts` gives the run its folder): the first
 * suite that asks builds it under a lock (a folder made with mkdir, which only one process can
 * make), the others wait for its `done` file. A build that fails leaves `failed` with the reason,
 * which every suite that asks reports. Outside such a run (one file run by hand with another
 * config), each call builds its own copy.
 */
async function sharedOutput(): Promise<string> {
  const run = inject('portalRunDir') as string | undefined;
  if (!run) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-portal-'));
    process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    await build(path.join(dir, 'site'));
    return path.join(dir, 'site');
  }
  const out = path.join(run, 'site');
  const done = path.join(run, 'done');
  const failed = path.join(run, 'failed');
  let mine = false;
  try {
    fs.mkdirSync(path.join(run, 'lock'));
    mine = true;
  } catch {
    // another suite builds it
  }
  if (mine) {
    try {
      await build(out);
      fs.writeFileSync(done, '');
    } catch (error) {
      fs.writeFileSync(failed, (error as Error).message);
      throw error;
    }
    return out;
  }
  for (const started = Date.now(); Date.now() - started < 300_000; await new Promise((r) => setTimeout(r, 200))) {
    if (fs.existsSync(done)) return out;
    if (fs.existsSync(failed)) throw new Error(fs.readFileSync(failed, 'utf8'));
  }
  throw new Error('the portal build of another suite did not finish in 5 minutes');
}

/** The portal (built without the cache, once per test run) served on a free port of 127.0.0.1. */
export async function buildPortal(): Promise<BuiltPortal> {
  const out = await sharedOutput();
  const server = await serve({ root: PORTAL_ROOT, out, port: 0, host: '127.0.0.1', watch: false, logger: silentLogger });
  const htmlFiles = htmlFilesBelow(out).sort();
  const routes = htmlFiles
    .filter((file) => file.endsWith('index.html') && !fs.readFileSync(path.join(out, file), 'utf8').includes('http-equiv="refresh"'))
    .map((file) => (file === 'index.html' ? '/' : `/${file.slice(0, -'/index.html'.length)}`))
    .concat(htmlFiles.includes('404.html') ? ['/404'] : []);
  return { out, server, routes, htmlFiles };
}

/** What a suite that opens the portal in Chromium works with (`portalInChromium`). */
export interface PortalInChromium {
  readonly portal: BuiltPortal;
  readonly browser: Browser;
  /** A browser context the suite's end closes. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
}

/**
 * The set-up of the suites that open the built portal in Chromium (call it inside the suite's
 * `describe`): the portal and a browser before the suite; after it, every context opened through
 * `newContext`, the browser and the portal's server are closed.
 */
export function portalInChromium(): PortalInChromium {
  let portal: BuiltPortal | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    portal = await buildPortal();
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await portal?.server.close();
  });
  return {
    get portal() {
      return portal!;
    },
    get browser() {
      return browser!;
    },
    async newContext(options) {
      const context = await browser!.newContext(options);
      contexts.push(context);
      return context;
    },
  };
}

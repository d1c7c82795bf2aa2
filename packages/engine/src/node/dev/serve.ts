import fs from 'node:fs';
import path from 'node:path';
import type http from 'node:http';
import chokidar, { type FSWatcher } from 'chokidar';
import { SiteBuilder, type BuildResult } from './site-builder';
import { createStaticServer } from './static-server';
import { storeFor } from '../emit/output-dir';
import { DEV_CLIENT_SCRIPT } from './dev-client';
import { formatDiagnostic, sortDiagnostics } from '../diagnostics/format-diagnostic';
import { formatMs, type Logger } from '../task';

export interface ServeOptions {
  root: string;
  port: number;
  host: string;
  watch: boolean;
  out?: string;
  logger: Logger;
  /** Called with each rebuild's outcome (tests). */
  onRebuild?: (result: BuildResult) => void;
}

export interface RunningServer {
  url: string;
  server: http.Server;
  close(): Promise<void>;
}

const errorText = (result: BuildResult, cwd: string) =>
  sortDiagnostics(result.diagnostics.filter((d) => d.severity === 'error')).map((d) => formatDiagnostic(d, cwd)).join('\n\n');

/**
 * Serves the emitted site. With `watch`, builds first, then rebuilds on every change (only what it
 * touches) and tells open pages to reload over server-sent events. Long-running; side effects.
 */
export async function serve(options: ServeOptions): Promise<RunningServer> {
  const root = path.resolve(options.root);
  const log = options.logger;
  const clients = new Set<http.ServerResponse>();
  const send = (event: string, data: unknown) => {
    for (const res of clients) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const builder = new SiteBuilder({ root, outDir: options.out, devScript: options.watch ? DEV_CLIENT_SCRIPT : undefined });
  let outPath: string;
  let lastError: string | null = null;
  if (options.watch || !fs.existsSync(path.resolve(options.out ?? path.join(root, 'build'), 'index.html'))) {
    const first = await builder.full();
    if (!first.ok) {
      lastError = errorText(first, process.cwd());
      log.warn(lastError);
      if (!options.watch) throw new Error('the site does not build; fix the errors above');
    }
    outPath = options.out ? path.resolve(options.out) : (first.config?.outPath ?? path.join(root, 'build'));
  } else {
    outPath = path.resolve(options.out ?? path.join(root, 'build'));
  }
  const server = createStaticServer({
    root: outPath,
    intercept(req, res) {
      if (!options.watch || req.url !== '/__docsgen/events') return false;
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
      res.write(': connected\n\n');
      if (lastError) res.write(`event: build-error\ndata: ${JSON.stringify({ text: lastError })}\n\n`);
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return true;
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;

  let watcher: FSWatcher | null = null;
  if (options.watch) {
    // The output and its version store (`.build.docsgen/`) are written by the build itself.
    const store = storeFor(outPath);
    const ignored = (file: string) => /(^|[/\\])(node_modules|\.git|\.docsgen)([/\\]|$)/.test(file) || file === outPath || file.startsWith(outPath + path.sep) || file.startsWith(store) || /\.tmp-\d+/.test(file);
    watcher = chokidar.watch(root, { ignored, ignoreInitial: true, awaitWriteFinish: { stabilityThreshold: 30, pollInterval: 10 } });
    const extra = builder.fullRebuildFiles.filter((f) => !f.startsWith(root + path.sep));
    if (extra.length) watcher.add(extra);
    let pending = new Set<string>();
    let running: Promise<void> | null = null;
    let timer: NodeJS.Timeout | null = null;
    const run = async () => {
      const changed = [...pending];
      pending = new Set();
      const start = performance.now();
      const result = await builder.update(changed);
      const names = changed.map((f) => path.relative(root, f)).join(', ');
      if (result.ok) {
        lastError = null;
        const assetsChanged = result.changedRoutes.length === result.graph?.routes.length;
        log.info(`rebuilt in ${formatMs(performance.now() - start)} (${names}): ${result.changedRoutes.length} page${result.changedRoutes.length === 1 ? '' : 's'} changed`);
        send('reload', { routes: result.changedRoutes, all: assetsChanged });
      } else {
        lastError = errorText(result, process.cwd());
        log.warn(`build failed after a change to ${names}:\n${lastError}`);
        send('build-error', { text: lastError });
      }
      options.onRebuild?.(result);
    };
    const schedule = (file: string) => {
      pending.add(path.resolve(file));
      if (timer) clearTimeout(timer);
      timer = setTimeout(async () => {
        if (running) await running;
        running = run().finally(() => (running = null));
      }, 40);
    };
    watcher.on('add', schedule).on('change', schedule).on('unlink', schedule);
    await new Promise<void>((resolve) => watcher!.once('ready', () => resolve()));
  }
  return {
    url,
    server,
    async close() {
      for (const res of clients) res.end();
      await watcher?.close();
      await builder.settled();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

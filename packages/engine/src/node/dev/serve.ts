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

/** Open pages listening for reloads and build errors (server-sent events). */
class LiveReload {
  private readonly clients = new Set<http.ServerResponse>();
  lastError: string | null = null;

  send(event: string, data: unknown): void {
    for (const res of this.clients) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** Answers the events endpoint; false for any other request. */
  intercept(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    if (req.url !== '/__docsgen/events') return false;
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
    res.write(': connected\n\n');
    if (this.lastError) res.write(`event: build-error\ndata: ${JSON.stringify({ text: this.lastError })}\n\n`);
    this.clients.add(res);
    req.on('close', () => this.clients.delete(res));
    return true;
  }

  close(): void {
    for (const res of this.clients) res.end();
  }
}

/**
 * Serves the emitted site. With `watch`, builds first, then rebuilds on every change (only what it
 * touches) and tells open pages to reload over server-sent events. Long-running; side effects.
 */
export async function serve(options: ServeOptions): Promise<RunningServer> {
  const root = path.resolve(options.root);
  const live = new LiveReload();
  const builder = new SiteBuilder({ root, outDir: options.out, devScript: options.watch ? DEV_CLIENT_SCRIPT : undefined });
  let outPath = path.resolve(options.out ?? path.join(root, 'build'));
  if (options.watch || !fs.existsSync(path.join(outPath, 'index.html'))) {
    const first = await builder.full();
    if (!first.ok) {
      live.lastError = errorText(first, process.cwd());
      options.logger.warn(live.lastError);
      if (!options.watch) throw new Error('the site does not build; fix the errors above');
    }
    if (!options.out && first.config) outPath = first.config.outPath;
  }
  const server = createStaticServer({ root: outPath, intercept: (req, res) => options.watch && live.intercept(req, res) });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;
  const watcher = options.watch
    ? await watchSite(root, outPath, builder, (result, changed, ms) => {
        // The server remembers what it looked at for a moment: a rebuild wrote new files, look again before pages reload.
        server.invalidate();
        report(options, live, result, changed.map((f) => path.relative(root, f)).join(', '), ms);
      })
    : null;
  return {
    url,
    server,
    async close() {
      live.close();
      await watcher?.close();
      await builder.settled();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Logs a rebuild and tells open pages: reload the changed routes, or show the errors. */
function report(options: ServeOptions, live: LiveReload, result: BuildResult, names: string, ms: number): void {
  if (result.ok) {
    live.lastError = null;
    const assetsChanged = result.changedRoutes.length === result.graph?.routes.length;
    options.logger.info(`rebuilt in ${formatMs(ms)} (${names}): ${result.changedRoutes.length} page${result.changedRoutes.length === 1 ? '' : 's'} changed`);
    live.send('reload', { routes: result.changedRoutes, all: assetsChanged });
  } else {
    live.lastError = errorText(result, process.cwd());
    options.logger.warn(`build failed after a change to ${names}:\n${live.lastError}`);
    live.send('build-error', { text: live.lastError });
  }
  options.onRebuild?.(result);
}

/**
 * Watches the site folder (and config or theme files outside it) and rebuilds after each burst of
 * changes, one rebuild at a time; the output and its version store are the build's own writes.
 */
async function watchSite(root: string, outPath: string, builder: SiteBuilder, done: (result: BuildResult, changed: string[], ms: number) => void): Promise<FSWatcher> {
  const store = storeFor(outPath);
  const ignored = (file: string) => /(^|[/\\])(node_modules|\.git|\.docsgen)([/\\]|$)/.test(file) || file === outPath || file.startsWith(outPath + path.sep) || file.startsWith(store) || /\.tmp-\d+/.test(file);
  const watcher = chokidar.watch(root, { ignored, ignoreInitial: true, awaitWriteFinish: { stabilityThreshold: 30, pollInterval: 10 } });
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
    done(result, changed, performance.now() - start);
  };
  const schedule = (file: string) => {
    pending.add(path.resolve(file));
    if (timer) clearTimeout(timer);
    timer = setTimeout(async () => {
      if (running) await running;
      running = run().finally(() => (running = null));
    }, 40);
  };
  watcher.on('add', schedule).on('change', schedule).on('unlink', schedule).on('unlinkDir', schedule);
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return watcher;
}

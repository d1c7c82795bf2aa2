import path from 'node:path';
import { spawn } from 'node:child_process';
import { consoleLogger } from '@docsgen/engine';
import { serve } from '@docsgen/engine/serve';
import { rejectBadRoot } from './site-root';

export async function runServe(opts: { root: string; port: number; host: string; watch: boolean; open: boolean; out?: string }): Promise<number> {
  const root = path.resolve(opts.root);
  const bad = rejectBadRoot(root, 'serve');
  if (bad !== null) return bad;
  try {
    const running = await serve({ root, port: opts.port, host: opts.host, watch: opts.watch, out: opts.out, logger: consoleLogger });
    process.stdout.write(`Serving ${running.url}${opts.watch ? ' (watching for changes)' : ''}. Press Ctrl+C to stop.\n`);
    if (opts.open) spawn(process.platform === 'darwin' ? 'open' : 'xdg-open', [running.url], { stdio: 'ignore', detached: true }).on('error', () => {}).unref();
    await new Promise<void>((resolve) => {
      const stop = () => resolve();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    await running.close();
    return 0;
  } catch (error) {
    process.stderr.write(`docsgen serve: ${(error as Error).message}\n`);
    return 1;
  }
}

import path from 'node:path';
import { SiteBuilder, consoleLogger } from '@docsgen/engine';
import { printDiagnostics, summary } from './report';

export async function runBuild(opts: { root: string; out?: string; cache: boolean }): Promise<number> {
  const root = path.resolve(opts.root);
  process.stdout.write(`docsgen build ${path.relative(process.cwd(), root) || '.'}\n`);
  const result = await new SiteBuilder({ root, outDir: opts.out, noCache: !opts.cache, logger: consoleLogger }).full();
  printDiagnostics(result.diagnostics);
  process.stdout.write(`${summary(result)}\n`);
  return result.ok ? 0 : 1;
}

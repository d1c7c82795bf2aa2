import fs from 'node:fs';
import path from 'node:path';
import { SiteBuilder, consoleLogger } from '@docsgen/engine';
import { printDiagnostics, summary } from './report';
import { rejectBadRoot } from './site-root';

export async function runBuild(opts: { root: string; out?: string; cache: boolean }): Promise<number> {
  const root = path.resolve(opts.root);
  const bad = rejectBadRoot(root, 'build');
  if (bad !== null) return bad;
  process.stdout.write(`docsgen build ${path.relative(process.cwd(), root) || '.'}\n`);
  const result = await new SiteBuilder({ root, outDir: opts.out, noCache: !opts.cache, logger: consoleLogger }).full();
  printDiagnostics(result.diagnostics);
  if (process.env.DOCSGEN_STATS_FILE) {
    // Read by `npm run bench`: this process's own measurements.
    const usage = process.resourceUsage();
    const stats = { ms: result.stats.ms, pages: result.stats.pages, maxRssMiB: usage.maxRSS / 1024, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000, ok: result.ok };
    fs.writeFileSync(process.env.DOCSGEN_STATS_FILE, JSON.stringify(stats));
  }
  process.stdout.write(`${summary(result)}\n`);
  return result.ok ? 0 : 1;
}

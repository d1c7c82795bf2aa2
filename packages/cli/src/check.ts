import fs from 'node:fs';
import path from 'node:path';
import { SiteBuilder } from '@docsgen/engine';
import { causedNote, printDiagnostics } from './report';
import { rejectBadRoot } from './site-root';

/** Builds in memory (nothing written) and reports every problem; exit 1 on any error. */
export async function runCheck(opts: { root: string; out?: string }): Promise<number> {
  const root = path.resolve(opts.root);
  const bad = rejectBadRoot(root, 'check');
  if (bad !== null) return bad;
  const result = await new SiteBuilder({ root, output: 'memory' }).full();
  const diagnostics = [...result.diagnostics];
  if (opts.out && result.manifest) {
    const out = path.resolve(opts.out);
    for (const file of result.manifest.keys()) {
      if (!fs.existsSync(path.join(out, file))) {
        diagnostics.push({ code: 'StaleOutput', severity: 'error', message: `${file} is missing from ${opts.out}: rebuild the site`, file: out });
      }
    }
  }
  printDiagnostics(diagnostics);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  process.stdout.write(`docsgen check: ${result.graph?.routes.length ?? 0} routes, ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}${causedNote(diagnostics)}\n`);
  return errors ? 1 : 0;
}

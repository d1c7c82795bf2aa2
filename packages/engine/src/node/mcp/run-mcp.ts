import path from 'node:path';
import { DiagnosticError } from '../../shared/diagnostic';
import { formatDiagnostic } from '../diagnostics/format-diagnostic';
import { loadConfig } from '../config/load-config';
import type { DocsServerOptions } from './docs-server';

/**
 * `docsgen mcp`: serves the built site to an AI agent over stdio until the agent closes stdin.
 * stdout carries the protocol only; a site that cannot be opened (a broken config) still starts,
 * and every tool answers with the problem, which is also written to stderr. Side effects: reads
 * the config and the output folder, writes to stdout/stderr.
 */
export async function runMcpServer({ root, out }: { root: string; out?: string }): Promise<void> {
  let options: DocsServerOptions;
  try {
    const config = await loadConfig(root);
    options = { outPath: out ? path.resolve(out) : config.outPath, title: config.title, url: config.url };
  } catch (error) {
    const problem = error instanceof DiagnosticError ? error.diagnostics.map((d) => formatDiagnostic(d, root)).join('\n') : String((error as Error).stack ?? error);
    process.stderr.write(`docsgen mcp: the site could not be opened:\n${problem}\n`);
    options = { outPath: out ? path.resolve(out) : path.join(root, 'build'), title: path.basename(root), url: '', problem: `The site's config could not be loaded, so docsgen serves nothing until it is fixed:\n${problem}` };
  }
  // Loaded here only: no other command pays for the SDK.
  const [{ createDocsServer }, { StdioServerTransport }] = await Promise.all([import('./docs-server'), import('@modelcontextprotocol/sdk/server/stdio.js')]);
  const server = createDocsServer(options);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
    process.stdin.once('end', resolve);
  });
  await server.connect(transport);
  process.stderr.write(`docsgen mcp: serving ${options.outPath} over stdio\n`);
  await closed;
  await server.close();
}

import path from 'node:path';
import { runMcpServer } from '@docsgen/engine';
import { rejectBadRoot } from './site-root';

/** `docsgen mcp`: the docs MCP server over stdio; exit code 1 only for a root that is not a site folder. */
export async function runMcp(opts: { root: string; out?: string }): Promise<number> {
  const root = path.resolve(opts.root);
  // stdout is the protocol channel: a bad root is reported on stderr.
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
  const bad = rejectBadRoot(root, 'mcp');
  process.stdout.write = write;
  if (bad !== null) return bad;
  await runMcpServer({ root, out: opts.out });
  return 0;
}

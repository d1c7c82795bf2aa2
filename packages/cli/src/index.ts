import { Command, Option } from 'commander';
import { setEngineFlags } from './engine-flags';

/*
 * Each command loads its own modules when it runs: `--help` loads only commander, `serve` and
 * `check` never load what only another command uses (the MCP SDK, the search client).
 */

/** Parses argv and runs one command; resolves to the process exit code. */
export async function main(argv: string[]): Promise<number> {
  process.env.NODE_ENV ??= 'production';
  setEngineFlags();
  let code = 0;
  const program = new Command('docsgen')
    .description('Static-site generator for API documentation: MDX + OpenAPI → a fast, clean-URL site')
    .option('--root <dir>', 'site folder (its docs-build.config.ts, content/ and specs/)', process.cwd())
    .showHelpAfterError()
    .exitOverride();
  program
    .command('build')
    .description('build the site into the output folder (written atomically)')
    .option('--out <dir>', 'output folder (default: outDir from the config, "build")')
    .option('--no-cache', 'ignore and do not write the persistent build cache (.docsgen/)')
    .action(async (opts: { out?: string; cache: boolean }) => {
      const { runBuild } = await import('./build');
      code = await runBuild({ root: program.opts<{ root: string }>().root, out: opts.out, cache: opts.cache });
    });
  program
    .command('serve')
    .description('serve the built site; with --watch, rebuild on change and reload the browser')
    .option('--watch', 'rebuild what a change touches and live-reload open pages', false)
    .addOption(new Option('--port <port>', 'port').default(3000).argParser((v) => Number.parseInt(v, 10)))
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--open', 'open the browser', false)
    .option('--out <dir>', 'folder to serve (default: the config outDir)')
    .action(async (opts: { watch: boolean; port: number; host: string; open: boolean; out?: string }) => {
      const { runServe } = await import('./serve');
      code = await runServe({ root: program.opts<{ root: string }>().root, ...opts });
    });
  program
    .command('check')
    .description('build in memory and validate links, anchors, routes, redirects and frontmatter')
    .option('--out <dir>', 'also check that this emitted folder matches (default: in-memory build only)')
    .action(async (opts: { out?: string }) => {
      const { runCheck } = await import('./check');
      code = await runCheck({ root: program.opts<{ root: string }>().root, out: opts.out });
    });
  program
    .command('mcp')
    .description('serve the built site to AI coding agents: a Model Context Protocol server over stdio (search, pages as Markdown, API operations, request validation)')
    .option('--out <dir>', 'the built output folder to serve (default: the config outDir)')
    .action(async (opts: { out?: string }) => {
      const { runMcp } = await import('./mcp');
      code = await runMcp({ root: program.opts<{ root: string }>().root, out: opts.out });
    });
  const search = program.command('search').description('work with the hosted search index');
  search
    .command('push')
    .description('push the built search records to the hosted index (credentials from DOCSGEN_SEARCH_APP_ID and DOCSGEN_SEARCH_ADMIN_KEY)')
    .option('--incremental', 'send only new and changed records and delete removed ones (default: replace the whole index atomically)', false)
    .option('--dry-run', 'print what would change and send no write', false)
    .option('--out <dir>', 'the built output folder to read search-records.json from (default: the config outDir)')
    .option('--index <name>', 'index name (default: search.indexName from the config)')
    .option('--host <url>', 'service host(s) instead of the default ones, comma-separated (or DOCSGEN_SEARCH_HOST)')
    .action(async (opts: { incremental: boolean; dryRun: boolean; out?: string; index?: string; host?: string }) => {
      const { runSearchPush } = await import('./search-push');
      code = await runSearchPush({ root: program.opts<{ root: string }>().root, ...opts });
    });
  try {
    await program.parseAsync(argv);
  } catch (error) {
    const e = error as { code?: string; exitCode?: number };
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') return 0;
    return e.exitCode ?? 1;
  }
  return code;
}

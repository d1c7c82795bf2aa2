import path from 'node:path';
import { DiagnosticError, diagnostic, hasErrors, type Diagnostic } from '../../shared/diagnostic';
import { htmlFileForRoute } from '../../shared/routes';
import type { ResolvedConfig } from '../config/load-config';
import type { PageGraph } from '../graph/page-graph';
import { runPipeline } from '../build/pipeline';
import { configKeyAt, newSession, type SiteSession } from '../build/site';
import { staged, type Staged } from '../build/stage';
import { LiveSink, MemorySink, type Sink } from '../emit/sinks';
import { DiskSink } from '../emit/disk-sink';
import type { OutputRecords } from '../emit/output-record';
import { checkOutputPath, currentVersion } from '../emit/output-dir';
import { fileSystemDiagnostic, isFileSystemError } from '../fs/fs-errors';
import { silentLogger, type Logger } from '../task';

export interface BuildOptions {
  root: string;
  /** Output folder (absolute or relative to the cwd); default from config (`build`). */
  outDir?: string;
  /** Turn off the persistent cache. */
  noCache?: boolean;
  logger?: Logger;
  /** `memory` keeps the site in memory (tests, `check` without writing). Default `disk`. */
  output?: 'disk' | 'memory';
  /** Inline script added to every page (serve --watch: live reload). */
  devScript?: string;
}

export interface BuildResult {
  ok: boolean;
  diagnostics: Diagnostic[];
  graph: PageGraph | null;
  config: ResolvedConfig | null;
  /** The emitted files of a memory build; null for disk builds (they are on disk) and failed builds. */
  output: { files: ReadonlyMap<string, string | Buffer> } | null;
  /** Every emitted output path → hash of its contents (null when the build failed). */
  manifest: ReadonlyMap<string, string> | null;
  /** Routes whose HTML changed in this run. */
  changedRoutes: string[];
  /** The folder the site was written to (absent for memory builds and failed builds). */
  outPath?: string;
  stats: { pages: number; bytes: number; ms: number };
}

/**
 * Builds one site, again and again for `serve --watch`. Every run is the whole pipeline; what the
 * builder remembers between runs (the session) only spares work whose inputs are unchanged, and a
 * rebuild writes into the served folder through the same sink interface as a build.
 */
export class SiteBuilder {
  private readonly session: SiteSession;
  /** The last committed output, for a watch rebuild's LiveSink. */
  private last: { out: string; manifest: ReadonlyMap<string, string> } | null = null;
  private readonly logger: Logger;

  constructor(private readonly options: BuildOptions) {
    this.logger = options.logger ?? silentLogger;
    this.session = newSession(Boolean(options.devScript));
  }

  /** Files that, when changed, need everything reloaded (config and theme). */
  get fullRebuildFiles(): string[] {
    return [...(this.session.config?.value.configSources ?? []), ...(this.session.templates?.value.inputs ?? [])];
  }

  get resolvedConfig(): ResolvedConfig | null {
    return this.session.config?.value ?? null;
  }

  /** Writes the last watch rebuild left until after the reload (the search files). */
  private pending: Promise<void> = Promise.resolve();

  /** Resolves once every write of the last run is done, the deferred search files included. */
  settled(): Promise<void> {
    return this.pending;
  }

  /** Builds everything, writing a new version of the output. */
  full(): Promise<BuildResult> {
    this.last = null;
    return this.run();
  }

  /** Rebuilds after file changes; writes only what changed into the served folder. */
  update(_changed: string[]): Promise<BuildResult> {
    return this.run();
  }

  private async run(): Promise<BuildResult> {
    const start = performance.now();
    await this.pending;
    const previous = this.last;
    try {
      const result = await runPipeline({ root: path.resolve(this.options.root), outDir: this.options.outDir, noCache: this.options.noCache ?? false, logger: this.logger, devScript: this.options.devScript, openSink: (config, out, records) => this.openSink(config, out, records) }, this.session);
      this.pending = result.settled.catch((error: unknown) => {
        const d = isFileSystemError(error) ? fileSystemDiagnostic(error, this.options.root) : null;
        this.logger.warn(`the search files were not written: ${d ? d.message : String(error)}`);
      });
      const ok = !hasErrors(result.diagnostics) && result.sink !== null;
      const sink = result.sink;
      const manifest = ok && sink ? sink.manifest : null;
      const memory = this.options.output === 'memory';
      if (manifest && !memory && result.outPath) this.last = { out: result.outPath, manifest };
      const routes = result.graph?.routes ?? [];
      const changedRoutes = manifest ? routes.filter((r) => manifest.get(htmlFileForRoute(r)) !== previous?.manifest.get(htmlFileForRoute(r))) : [];
      return {
        ok,
        diagnostics: result.diagnostics,
        graph: result.graph,
        config: result.config,
        output: ok && sink instanceof MemorySink ? { files: sink.files } : null,
        manifest,
        changedRoutes,
        outPath: ok && !memory ? result.outPath ?? undefined : undefined,
        stats: { pages: routes.length, bytes: sink?.bytes ?? 0, ms: performance.now() - start },
      };
    } catch (error) {
      return this.failed(error, start);
    }
  }

  /** Memory for `check`; a new version folder for a build; the served folder for a watch rebuild. */
  private openSink(config: ResolvedConfig, out: string, records: OutputRecords): Staged<Sink | null> {
    if (this.options.output === 'memory') return staged(new MemorySink());
    const live = this.last?.out === out ? currentVersion(out) : null;
    if (live && this.last) return staged(new LiveSink(live, this.last.manifest));
    const problem = checkOutputPath(out, siteFolders(config));
    if (!problem) return staged(new DiskSink(out, records));
    // An output folder that came from the config is blamed on its key there.
    const fromConfig = this.options.outDir ? null : configKeyAt(config, 'outDir');
    return staged(null, [fromConfig?.line ? { ...problem, ...fromConfig } : problem]);
  }

  private failed(error: unknown, start: number): BuildResult {
    const diagnostics = error instanceof DiagnosticError
      ? error.diagnostics
      : isFileSystemError(error)
        ? [fileSystemDiagnostic(error, this.options.root)]
        : [diagnostic('InternalError', (error as Error).stack ?? String(error), { file: this.options.root }, { hint: 'this is a bug in docsgen: please report it with the message above' })];
    return { ok: false, diagnostics, graph: null, config: this.resolvedConfig, output: null, manifest: null, changedRoutes: [], stats: { pages: 0, bytes: 0, ms: performance.now() - start } };
  }
}


/** The site's sources and the folders docsgen reads, which no output folder may be or hold. */
function siteFolders(config: ResolvedConfig) {
  const staticDir = path.join(config.root, 'static');
  const sources = [config.contentPath, staticDir, config.openapiPath, config.configFile, config.templatesDir.startsWith(config.root + path.sep) ? config.templatesDir : null, path.join(config.root, 'package.json'), path.join(config.root, '.git')].filter((p): p is string => Boolean(p));
  return { root: config.root, sources, inputs: [config.contentPath, staticDir, config.cacheDir, path.join(config.root, '.git'), path.join(config.root, 'node_modules')] };
}

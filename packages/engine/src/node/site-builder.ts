import fs from 'node:fs';
import path from 'node:path';
import type { Root } from 'hast';
import { DiagnosticError, diagnostic, hasErrors, type Diagnostic } from '../shared/diagnostic';
import { loadConfig, type ResolvedConfig } from './config/load-config';
import { clearConfigSources } from './graph/config-position';
import { listContentFiles, type CategoryMeta } from './crawl/crawl-content';
import type { CompileContext, CompiledPage } from './markdown/compile-page';
import { CodeHighlighter, HighlightCache } from './markdown/highlight';
import { buildPageGraph, type PageGraph } from './graph/page-graph';
import { gitLastUpdated } from './graph/git-dates';
import { loadTemplates, type LoadedTemplates } from './render/load-templates';
import { contentToHtml, renderPages } from './render/render-pages';
import { siteData } from './render/site-data';
import { buildClientAssets, assetUrlFor, type ClientAssets } from './client-build/build-client';
import { siteFiles, emitSite, type SiteFiles } from './emit/emit-site';
import { DiskSink, MemorySink, type Sink } from './emit/sinks';
import { checkSite } from './check/check-site';
import { checkCodeSamples } from './check/check-samples';
import { searchRecords, buildSearchIndex } from './search/build-search-index';
import { atomFeed, feedFileFor } from './emit/atom-feed';
import { routeForFile, htmlFileForRoute } from '../shared/routes';
import { searchVersionTag } from '../shared/site';
import { task, silentLogger, type Logger } from './task';
import { JsonCache, hashOf, ENGINE_CACHE_VERSION } from './cache/json-cache';
import { engineFingerprint } from './cache/engine-fingerprint';
import type { ApiPages } from './openapi/api-pages';
import type { LoadedSpec } from './openapi/load-openapi';

export interface BuildOptions {
  root: string;
  /** Output folder (absolute or relative to the cwd); default from config (`build`). */
  outDir?: string;
  /** Turn off the persistent highlight cache. */
  noCache?: boolean;
  logger?: Logger;
  /** `memory` keeps the site in memory (tests, `check` without writing). Default `disk`. */
  output?: 'disk' | 'memory';
  /** Inline script added to every page (serve --watch: live reload). */
  devScript?: string;
}

/*
 * The Markdown compiler (unified, micromark, MDX) and the OpenAPI loader and page builder
 * (@readme/openapi-parser, ajv, shiki through the samples) load on first use: a warm build served
 * from the caches, or --help, never loads them.
 */
/** The render cache's entry for the search files (not a route). */
const SEARCH_ENTRY = '\0search';

let compiler: Promise<typeof import('./markdown/compile-page')> | null = null;
const loadCompiler = () => (compiler ??= import('./markdown/compile-page'));
let openapi: Promise<[typeof import('./openapi/load-openapi'), typeof import('./openapi/api-pages')]> | null = null;
const loadOpenApiModules = () => (openapi ??= Promise.all([import('./openapi/load-openapi'), import('./openapi/api-pages')]));

export interface BuildResult {
  ok: boolean;
  diagnostics: Diagnostic[];
  graph: PageGraph | null;
  config: ResolvedConfig | null;
  /** The emitted site (also kept for disk builds, for serve and the bench). */
  output: SiteFiles | null;
  /** Routes whose HTML changed in this run. */
  changedRoutes: string[];
  /** The folder the site was written to (absent for memory builds and failed builds). */
  outPath?: string;
  stats: { pages: number; bytes: number; ms: number };
}

/**
 * Holds one site in memory so `serve --watch` can rebuild only what a change touches. `build` is a
 * single `full()`. Stages: config → templates → content → graph → render → client → check → emit.
 */
export class SiteBuilder {
  private config: ResolvedConfig | null = null;
  private templates: LoadedTemplates | null = null;
  private client: ClientAssets | null = null;
  private compiled = new Map<string, CompiledPage>();
  private categories = new Map<string, CategoryMeta>();
  private html = new Map<string, string>();
  private highlighter: CodeHighlighter | null = null;
  private pageCache: JsonCache<{ hash: string; deps: string[]; page: CompiledPage }> | null = null;
  /** Pages reused from the page cache in this run (an entry found but stale is not reuse). */
  private pagesReused = 0;
  private apiCache: JsonCache<{ pages: ApiPages; diagnostics: Diagnostic[] }> | null = null;
  /** Finished HTML by route, with the key of everything it was rendered from. */
  private renderCache: JsonCache<{ key: string; html: string }> | null = null;
  /** Fingerprint of each content page's sources (as in the page cache), by route. */
  private readonly sourceHashes = new Map<string, string>();
  private lastUpdated = new Map<string, string>();
  private output: SiteFiles | null = null;
  /** Work a watch rebuild leaves until after the reload: the search index and the cache files. */
  private background: Promise<void> = Promise.resolve();
  /** Element ids of each route's emitted HTML, kept while its HTML is unchanged (for check). */
  private readonly anchorIds = new Map<string, { html: string; ids: Set<string> }>();
  private api: { pages: ApiPages | null; diagnostics: Diagnostic[] } = { pages: null, diagnostics: [] };
  private readonly logger: Logger;

  constructor(private readonly options: BuildOptions) {
    this.logger = options.logger ?? silentLogger;
  }

  /** Files that, when changed, need a full rebuild (config and theme). */
  get fullRebuildFiles(): string[] {
    return [this.config?.configFile, ...(this.templates?.inputs ?? [])].filter((f): f is string => Boolean(f));
  }

  get resolvedConfig(): ResolvedConfig | null {
    return this.config;
  }

  /** Resolves once the work deferred by watch rebuilds (search index, cache files) is written. */
  settled(): Promise<void> {
    return this.background;
  }

  /** Runs `work` after the current turn (after the caller has reloaded browsers), in order. */
  private defer(work: () => void): void {
    this.background = this.background.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(work);
  }

  private compileContext(): CompileContext {
    const config = this.config!;
    return {
      contentPath: config.contentPath,
      variables: config.variables,
      components: new Set(this.templates!.module.contentComponents),
      codeLanguages: config.codeLanguages,
      highlighter: this.highlighter!,
      assetUrl: assetUrlFor,
      partials: new Map(),
    };
  }

  /** Everything from scratch (config and theme reloaded). */
  async full(): Promise<BuildResult> {
    const start = performance.now();
    const log = this.logger;
    try {
      clearConfigSources();
      this.config = await task(log, 'config', () => loadConfig(this.options.root));
      const config = this.config;
      const cacheFile = (name: string) => (this.options.noCache ? null : path.join(config.cacheDir, name));
      const cache = new HighlightCache(cacheFile('highlight-cache.json'));
      this.pageCache = new JsonCache(cacheFile('page-cache.json'));
      this.apiCache = new JsonCache(cacheFile('api-cache.json'));
      this.renderCache = new JsonCache(cacheFile('render-cache.json'));
      const clientCache = new JsonCache<{ files: Array<[string, string]>; css: string; js: string; islands: Array<[string, string]> }>(cacheFile('client-cache.json'));
      this.templates = await task(log, 'templates', () => loadTemplates(config));
      this.highlighter = new CodeHighlighter(cache);
      const ctx = this.compileContext();
      this.compiled.clear();
      this.pagesReused = 0;
      // The spec is read, and validated on a worker thread, while the content compiles.
      const spec = this.startSpecLoad();
      await task(log, 'content', async () => {
        const files = listContentFiles(config.contentPath);
        this.categories = files.categories;
        for (const rel of files.pages) {
          const file = path.join(config.contentPath, rel);
          this.compiled.set(file, await this.compileCached(file, routeForFile(rel), ctx));
        }
        this.pageCache!.retain(new Set(this.compiled.keys()));
        return files;
      }, (files) => `${files.pages.length} pages (${this.pagesReused} from cache), ${cache.hits} cached / ${cache.misses} new code blocks`);
      await this.loadApi(spec);
      this.lastUpdated = gitLastUpdated(config.root);
      // The browser bundles depend on the engine's client code, the theme and its one CSS file.
      const stylesFile = path.join(config.templatesDir, 'styles.css');
      const clientKey = hashOf(engineFingerprint(), this.templates.hash, config.templatesDir, fs.existsSync(stylesFile) ? fs.readFileSync(stylesFile, 'utf8') : '');
      this.client = await task(log, 'client', async () => {
        const cached = clientCache.get(clientKey);
        if (cached) return { files: new Map(cached.files), css: cached.css, js: cached.js, islands: new Map(cached.islands) };
        const built = await buildClientAssets(config.templatesDir);
        clientCache.retain(new Set());
        clientCache.set(clientKey, { files: [...built.files], css: built.css, js: built.js, islands: [...built.islands] });
        clientCache.save();
        return built;
      });
      return await this.finish(start, null);
    } catch (error) {
      return this.failed(error, start);
    }
  }

  /**
   * Rebuilds after file changes. Config or theme changes rebuild everything; a content change
   * recompiles the pages that depend on it and re-renders only pages whose HTML changed.
   */
  async update(changed: string[]): Promise<BuildResult> {
    const start = performance.now();
    if (!this.config || !this.templates || changed.some((f) => this.fullRebuildFiles.includes(path.resolve(f)) || path.basename(f) === 'styles.css')) {
      return this.full();
    }
    try {
      const config = this.config;
      const ctx = this.compileContext();
      const files = listContentFiles(config.contentPath);
      this.categories = files.categories;
      const wanted = new Set(files.pages.map((rel) => path.join(config.contentPath, rel)));
      for (const file of [...this.compiled.keys()]) if (!wanted.has(file)) this.compiled.delete(file);
      const touched = new Set(changed.map((f) => path.resolve(f)));
      const navBefore = this.navigationSignature();
      const recompiled: string[] = [];
      for (const file of wanted) {
        const known = this.compiled.get(file);
        if (!known || known.dependencies.some((d) => touched.has(d))) {
          const page = await this.compileCached(file, routeForFile(path.relative(config.contentPath, file)), ctx);
          this.compiled.set(file, page);
          recompiled.push(page.route);
        }
      }
      // Only the edited pages need new HTML unless something every page shows (sidebar, navbar) changed.
      const onlyRoutes = this.navigationSignature() === navBefore && !(config.openapiPath && touched.has(config.openapiPath)) ? recompiled : null;
      if (config.openapiPath && touched.has(config.openapiPath)) await this.loadApi();
      return await this.finish(start, touched, onlyRoutes);
    } catch (error) {
      return this.failed(error, start);
    }
  }

  /** Fingerprint of everything besides the files that shapes a compiled page. */
  private contextHash(ctx: CompileContext): string {
    return hashOf(ENGINE_CACHE_VERSION, engineFingerprint(), JSON.stringify(ctx.variables), [...ctx.components].join(), ctx.codeLanguages.join(), ctx.contentPath);
  }

  /** compilePage through the persistent page cache: reused while the page and everything it includes are unchanged. */
  private async compileCached(file: string, route: string, ctx: CompileContext): Promise<CompiledPage> {
    const context = this.contextHash(ctx);
    const fingerprint = (deps: string[]) => {
      try {
        return hashOf(context, route, ...deps.map((d) => fs.readFileSync(d, 'latin1')));
      } catch {
        return '';
      }
    };
    const cached = this.pageCache!.get(file);
    if (cached && cached.hash && cached.hash === fingerprint(cached.deps)) {
      this.pagesReused++;
      this.sourceHashes.set(route, cached.hash);
      return cached.page;
    }
    this.sourceHashes.delete(route);
    const { compilePage } = await loadCompiler();
    const page = await compilePage(file, route, ctx);
    if (!page.diagnostics.length) {
      const deps = [...page.dependencies, ...page.assets.map((a) => a.source)];
      const hash = fingerprint(deps);
      this.pageCache!.set(file, { hash, deps, page });
      if (hash) this.sourceHashes.set(route, hash);
    }
    return page;
  }

  /** Key of the API cache: the spec and everything besides it that shapes the API pages. */
  private apiKey(specText: string): string {
    const config = this.config!;
    return hashOf(ENGINE_CACHE_VERSION, engineFingerprint(), this.templates!.hash, specText, config.codeLanguages.join(), this.envPrefix());
  }

  /** Prefix of the secret-key environment variable in samples (`epic` → `EPIC_API_KEY`). */
  private envPrefix(): string {
    return (this.config!.provider?.slug ?? 'api').toUpperCase().replace(/[^A-Z0-9]+/g, '_');
  }

  /**
   * Starts reading and validating the spec, unless there is none or the API cache holds its
   * pages. Validation runs on a worker thread, so it overlaps what the caller does next.
   */
  private startSpecLoad(): Promise<LoadedSpec> | null {
    const file = this.config!.openapiPath;
    if (!file || !fs.existsSync(file) || this.apiCache!.get(this.apiKey(fs.readFileSync(file, 'utf8')))) return null;
    const loading = loadOpenApiModules().then(([{ loadOpenApi }]) => loadOpenApi(file));
    loading.catch(() => {}); // awaited, and its failure reported, by loadApi
    return loading;
  }

  /**
   * Loads, validates and turns the OpenAPI document into pages (when the site has one). `early`
   * is the load `startSpecLoad` began for this build, if any.
   */
  private async loadApi(early: Promise<LoadedSpec> | null = null): Promise<void> {
    const config = this.config!;
    this.api = { pages: null, diagnostics: [] };
    if (!config.openapiPath) return;
    const pathOf = config.openapiPath;
    await task(this.logger, 'openapi', async () => {
      if (!fs.existsSync(pathOf)) {
        this.api.diagnostics.push(diagnostic('SpecMissing', `the OpenAPI document ${path.relative(config.root, pathOf)} does not exist`, { file: config.configFile ?? pathOf }));
        return;
      }
      const key = this.apiKey(fs.readFileSync(pathOf, 'utf8'));
      const cached = this.apiCache!.get(key);
      if (cached) {
        this.api = { pages: cached.pages, diagnostics: [...cached.diagnostics] };
        return;
      }
      const [{ loadOpenApi }, { buildApiPages }] = await loadOpenApiModules();
      const spec = await (early ?? loadOpenApi(pathOf));
      this.api.diagnostics.push(...spec.diagnostics);
      if (!spec.document || hasErrors(spec.diagnostics)) return;
      const components = this.templates!.module.components;
      this.api.pages = await buildApiPages({ spec, languages: config.codeLanguages, highlighter: this.highlighter!, envPrefix: this.envPrefix(), renderTree: (tree) => contentToHtml(tree, components) });
      this.api.diagnostics.push(...this.api.pages.diagnostics);
      if (!hasErrors(this.api.diagnostics)) {
        this.apiCache!.retain(new Set());
        this.apiCache!.set(key, { pages: this.api.pages, diagnostics: this.api.diagnostics });
      }
    }, () => (this.api.pages ? `${this.api.pages.pages.length} pages` : 'failed'));
  }

  /** What every page's navigation shows: routes, titles, sidebar labels and positions, categories. */
  private navigationSignature(): string {
    const pages = [...this.compiled.values()].map((p) => [p.route, p.frontmatter.title ?? p.firstH1, p.frontmatter.sidebar_label, p.frontmatter.sidebar_position, p.frontmatter.template].join('\u0000'));
    return JSON.stringify([pages, [...this.categories.values()]]);
  }

  private async finish(start: number, touched: Set<string> | null, onlyRoutes: string[] | null = null): Promise<BuildResult> {
    const config = this.config!;
    const log = this.logger;
    const pages = [...this.compiled.values()];
    const diagnostics: Diagnostic[] = [...pages.flatMap((p) => p.diagnostics), ...this.api.diagnostics];
    const graph = await task(log, 'graph', () =>
      buildPageGraph({
        config,
        pages,
        categories: this.categories,
        lastUpdated: this.lastUpdated,
        staticFiles: config.openapiPath ? ['/specs/payments.yaml'] : [],
        extraPages: this.api.pages?.pages,
        extraSidebars: this.api.pages ? { api: this.api.pages.sidebar } : undefined,
      }),
      (g) => `${g.routes.length} routes`,
    );
    diagnostics.push(...graph.diagnostics);
    const contents = new Map<string, Root>();
    for (const page of pages) if (page.hast) contents.set(page.route, page.hast);
    const site = siteData(config, graph, Boolean(this.options.devScript));
    const assets = { css: this.client!.css, js: this.client!.js, devScript: this.options.devScript, islands: this.client!.islands };
    // A full build reuses a page's HTML when nothing it is rendered from changed: the engine and
    // the theme, what every page shows (site data, sidebars, assets), the page's node in the graph
    // and, for content pages, its sources.
    const renderKeys = new Map<string, string>();
    if (!onlyRoutes) {
      const shared = hashOf(engineFingerprint(), this.templates!.hash, JSON.stringify(site), JSON.stringify(graph.sidebars), JSON.stringify({ ...assets, islands: [...(assets.islands ?? [])] }));
      for (const route of graph.routes) {
        const page = graph.pages[route]!;
        const source = page.contentFile ? this.sourceHashes.get(route) : '';
        if (source !== undefined) renderKeys.set(route, hashOf(shared, JSON.stringify(page), source));
      }
    }
    const html = new Map<string, string>(onlyRoutes ? this.html : []);
    const toRender = onlyRoutes ?? graph.routes.filter((route) => {
      const cached = this.renderCache!.get(route);
      if (!cached || cached.key !== renderKeys.get(route)) return true;
      html.set(route, cached.html);
      return false;
    });
    const rendered = await task(log, 'render', () => renderPages({ graph, site, templates: this.templates!.module, contents, routes: toRender, assets }), () => `${toRender.length} pages (${graph.routes.length - toRender.length} from cache)`);
    for (const result of rendered) {
      if (!result.ok) {
        diagnostics.push(result.diagnostic);
        continue;
      }
      html.set(result.route, result.html);
      const key = renderKeys.get(result.route);
      if (key) this.renderCache!.set(result.route, { key, html: result.html });
    }
    if (!onlyRoutes) this.renderCache!.retain(new Set([...graph.routes, SEARCH_ENTRY]));
    const changedRoutes = [...html].filter(([route, text]) => this.html.get(route) !== text).map(([route]) => route);
    const files = siteFiles(graph, config, html);
    for (const [file, text] of this.client!.files) files.set(file, text);
    for (const route of graph.routes) {
      const page = graph.pages[route]!;
      const tree = contents.get(route);
      if (!page.feed || !tree) continue;
      const feed = atomFeed({ page, tree, siteUrl: config.url, siteTitle: config.title });
      if (feed) files.set(feedFileFor(route), feed);
      else diagnostics.push(diagnostic('FeedEmpty', 'the page asks for a feed but has no "## YYYY-MM-DD: Title" sections', { file: page.sourceFile ?? route, line: 1, column: 1 }, { severity: 'warning' }));
    }
    const outPath = this.options.outDir ? path.resolve(this.options.outDir) : config.outPath;
    // A watch rebuild writes its pages first and the search files right after the reload (they
    // change by one page's records; readers get them a moment later).
    const deferred = touched !== null && this.output !== null && (this.options.output ?? 'disk') === 'disk';
    const searchFiles = (): Map<string, string> => {
      const records = searchRecords(graph, contents);
      const out = new Map<string, string>();
      if (config.search.local) out.set('search-index.json', buildSearchIndex(records));
      // The export carries the facets the hosted search filters on (language, docs version).
      const facets = { language: config.locale, docusaurus_tag: searchVersionTag(config.versionLabel) };
      out.set('search-records.json', JSON.stringify(records.map((r) => ({ ...r, ...facets }))));
      return out;
    };
    if (deferred) {
      for (const name of ['search-index.json', 'search-records.json']) {
        const previous = this.output!.files.get(name);
        if (previous !== undefined) files.set(name, previous);
      }
    } else {
      // Search records come from the same inputs as the pages: when every page was reused, so are they.
      const searchKey = hashOf(String(config.search.local), ...graph.routes.map((r) => renderKeys.get(r) ?? '-'));
      await task(log, 'search', () => {
        const cached = !onlyRoutes && toRender.length === 0 ? this.renderCache!.get(SEARCH_ENTRY) : undefined;
        const reused = cached !== undefined && cached.key === searchKey;
        const fresh = reused ? new Map(JSON.parse(cached.html) as Array<[string, string]>) : searchFiles();
        for (const [name, text] of fresh) files.set(name, text);
        if (!onlyRoutes && !reused) this.renderCache!.set(SEARCH_ENTRY, { key: searchKey, html: JSON.stringify([...fresh]) });
        return reused;
      }, (reused) => (reused ? 'from cache' : ''));
    }
    const copies = new Map<string, string>();
    for (const page of pages) for (const asset of page.assets) copies.set(asset.url.slice(1), asset.source);
    if (config.openapiPath && fs.existsSync(config.openapiPath)) copies.set('specs/payments.yaml', config.openapiPath);
    for (const [file, source] of staticFiles(path.join(config.root, 'static'))) copies.set(file, source);
    const outputFiles = new Set([...files.keys(), ...copies.keys()]);
    const checked = await task(log, 'check', async () => [...checkSite({ graph, config, html, outputFiles, knownIds: this.anchorIds }), ...withSeverity(await checkCodeSamples(graph, this.api.pages?.samples ?? null), config.checks.codeSamples)], (d) => `${d.length} problems`);
    diagnostics.push(...(config.openapiPath && hasErrors(this.api.diagnostics) ? checked.map((d) => blameSpec(d, path.relative(config.root, config.openapiPath!))) : checked));
    const saveCaches = () => {
      this.highlighter!.cache.save();
      this.pageCache!.save();
      this.apiCache!.save();
      this.renderCache!.save();
    };
    if (deferred) this.defer(saveCaches);
    else saveCaches();
    const output: SiteFiles = { files, copies };
    const bytes = [...files.values()].reduce((n, f) => n + Buffer.byteLength(f), 0);
    if (hasErrors(diagnostics)) {
      return { ok: false, diagnostics, graph, config, output: null, changedRoutes: [], stats: { pages: graph.routes.length, bytes, ms: performance.now() - start } };
    }
    await task(log, 'emit', () => {
      if (touched && this.output && (this.options.output ?? 'disk') === 'disk' && fs.existsSync(outPath)) {
        writeChanged(outPath, this.output, output);
      } else {
        const sink: Sink = this.options.output === 'memory' ? new MemorySink() : new DiskSink(outPath);
        emitSite(sink, output);
      }
    }, () => `${outputFiles.size} files`);
    this.html = html;
    this.output = output;
    if (deferred) {
      this.defer(() => {
        for (const [name, text] of searchFiles()) {
          output.files.set(name, text);
          writeFileAtomically(path.join(outPath, name), text);
        }
      });
    }
    return { ok: true, diagnostics, graph, config, output, changedRoutes, outPath: this.options.output === 'memory' ? undefined : outPath, stats: { pages: graph.routes.length, bytes, ms: performance.now() - start } };
  }

  private failed(error: unknown, start: number): BuildResult {
    const diagnostics = error instanceof DiagnosticError ? error.diagnostics : [diagnostic('InternalError', (error as Error).stack ?? String(error), { file: this.options.root })];
    return { ok: false, diagnostics, graph: null, config: this.config, output: null, changedRoutes: [], stats: { pages: 0, bytes: 0, ms: performance.now() - start } };
  }
}

/** Watch mode: writes only files whose contents changed (each through a rename) and removes stale ones. */
function writeChanged(outPath: string, before: SiteFiles, after: SiteFiles): void {
  for (const [file, text] of after.files) {
    if (before.files.get(file) === text) continue;
    writeFileAtomically(path.join(outPath, file), text);
  }
  for (const [file, from] of after.copies) if (before.copies.get(file) !== from) fs.copyFileSync(from, path.join(outPath, file));
  for (const file of [...before.files.keys(), ...before.copies.keys()]) {
    if (!after.files.has(file) && !after.copies.has(file)) fs.rmSync(path.join(outPath, file), { force: true });
  }
}

/** Writes a file through a rename, so a reader never sees half of it. */
function writeFileAtomically(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(`${file}.tmp`, text);
  fs.renameSync(`${file}.tmp`, file);
}

export { htmlFileForRoute };

/** Files under the site's `static/` folder, copied to the output as they are (logos, favicons). */
function staticFiles(dir: string): Array<[string, string]> {
  if (!fs.existsSync(dir)) return [];
  const out: Array<[string, string]> = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push([path.relative(dir, full).split(path.sep).join('/'), full]);
    }
  };
  walk(dir);
  return out;
}

/** When the spec failed, links and samples that point into the API reference fail with it: say so. */
function blameSpec(d: Diagnostic, spec: string): Diagnostic {
  const intoApi = d.code === 'SampleUnknownOperation' || ((d.code === 'DeadLink' || d.code === 'DeadAnchor') && / \/api(?=[/#\s]|$)/.test(d.message));
  return intoApi && !d.hint ? { ...d, hint: `the API reference was not built: fix the errors in ${spec} first`, causedBy: spec } : d;
}

/** Applies a configured severity to a check's findings. */
function withSeverity(list: Diagnostic[], level: 'ignore' | 'warn' | 'error'): Diagnostic[] {
  if (level === 'ignore') return [];
  return level === 'warn' ? list.map((d) => ({ ...d, severity: 'warning' as const })) : list;
}

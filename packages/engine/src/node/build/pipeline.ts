import path from 'node:path';
import type { Diagnostic } from '../../shared/diagnostic';
import type { ResolvedConfig } from '../config/load-config';
import type { PageGraph } from '../graph/page-graph';
import { buildPageGraph } from '../graph/page-graph';
import { siteData } from '../render/site-data';
import { headScript } from '../render/html-document';
import { formatHeaders, headerRules } from '../emit/headers';
import { svgFileProblems } from '../emit/svg-safety';
import { assetUrlFor } from '../client-build/build-client';
import { agentFiles } from '../agents/agent-files';
import { socialCards } from '../meta/social-cards';
import { siteFiles, feedFiles, staticFiles } from '../emit/emit-site';
import { DiscardSink, LiveSink, MemorySink, type FileContents, type Sink } from '../emit/sinks';
import { DiskSink } from '../emit/disk-sink';
import type { OutputRecords } from '../emit/output-record';
import { SEARCH_FILES } from './search';
import { task, type Logger } from '../task';
import type { CompileContext } from '../markdown/compile-page';
import { storedContent, storedMarkdown } from '../markdown/content-page';
import { PayloadStore } from './payloads';
import type { UserPlugins } from '../markdown/user-plugins';
import { openSite, type SiteSession } from './site';
import { compileContent } from './content';
import { PageCodeBlocks } from './code-blocks';
import { startSpec, buildApi, storedApiData } from './api';
import { clientAssets } from './client';
import { buildWebFont } from '../font/web-font';
import { renderKeys, renderSite } from './render';
import { searchFiles, startSearchIndex } from './search';
import type { SearchIndexWorker } from '../workers/search-pool';
import { checkStage } from './check';
import { Report, staged, type Staged } from './stage';
import { ENGINE_IDS } from '../../shared/site';
import { htmlFileForRoute } from '../../shared/routes';
import { markdownUrlFor } from '../../shared/agent-files';

export interface PipelineOptions {
  root: string;
  /** Output folder (absolute or relative to the cwd); default from the config. */
  outDir?: string;
  noCache: boolean;
  logger: Logger;
  /** Inline script added to every page (serve --watch: live reload). */
  devScript?: string;
  /** Where the files go, once the config says where the output is (`records`: what earlier builds published, in the site's cache). */
  openSink(config: ResolvedConfig, outPath: string, records: OutputRecords): Staged<Sink | null>;
}

export interface PipelineResult {
  diagnostics: Diagnostic[];
  graph: PageGraph | null;
  config: ResolvedConfig | null;
  sink: Sink | null;
  outPath: string | null;
  /** Routes rendered in this run (not served from the cache). */
  rendered: number;
  /** Writes a watch rebuild leaves until after the reload (the search files); resolved otherwise. */
  settled: Promise<void>;
}

/**
 * config → content ∥ openapi → graph → client → render (streamed to the sink) → search, feeds,
 * files → check → commit. Every stage hands its diagnostics to the report with its value; the sink
 * is committed only when there is no error, so a failed build leaves the previous site whole.
 * `session` carries what an earlier run in this process made (a watch session), used only as a
 * cache: each run reads the files anew, so a watch rebuild gives what a cold build gives.
 */
export async function runPipeline(options: PipelineOptions, session: SiteSession): Promise<PipelineResult> {
  const log = options.logger;
  const report = new Report();
  const result: PipelineResult = { diagnostics: report.diagnostics, graph: null, config: null, sink: null, outPath: null, rendered: 0, settled: Promise.resolve() };
  const site = report.take(await task(log, 'config', () => openSite(options.root, options.noCache, session)));
  if (!site || report.failed) return result;
  const { config, templates, boundary, caches } = site;
  result.config = config;
  const ctx: CompileContext = { contentPath: config.contentPath, variables: config.variables, components: new Set(templates.module.contentComponents), codeLanguages: config.codeLanguages, highlighter: site.highlighter, assetUrl: assetUrlFor, partials: new Map(), boundary, plugins: userPlugins(config), reservedIds: [...ENGINE_IDS, ...(templates.module.reservedIds ?? [])] };
  const apiInput = { config, boundary, templates: templates.module, templatesHash: templates.hash, highlighter: site.highlighter, cache: caches.api, verdicts: caches.specVerdicts, plugins: ctx.plugins, reservedIds: ctx.reservedIds };
  // The spec is read, and validated on a worker thread, while the content compiles.
  const spec = report.take(startSpec(apiInput));
  // The web font is subset (or read from the cache) while the content compiles too.
  const fontWork = buildWebFont(config, caches);
  // The browser bundles and the CSS (esbuild, in its own process) as soon as the font's rules are
  // known: they depend on nothing the content makes. Awaited in the client stage, settled before
  // the build returns.
  const clientWork = fontWork.then((font) => clientAssets(config, templates, caches.client, font.value?.css));
  clientWork.catch(() => {}); // a failure is thrown where the client stage awaits it
  // Each page's content and Markdown, and API pages' data, wait in the page store, out of the heap, until the page renders.
  const store = new PayloadStore(!session.watch);
  // The content pages' code blocks: rendered while the pages compile, filled in as each page renders.
  const codeBlocks = new PageCodeBlocks(site.highlighter, store);
  let indexing: SearchIndexWorker | null = null;
  const outPath = options.outDir ? path.resolve(options.outDir) : config.outPath;
  // The output opens before the content compiles, so that its writer thread makes room for every
  // page's files meanwhile (emit/write-behind.ts). What opening it says (a refused output path, an
  // unwritable folder) is still reported after the graph, as it always was, and only when nothing
  // failed before; a build that fails before then drops what was opened.
  const opened = openEarly(() => options.openSink(config, outPath, caches.outputs));
  const early = 'staged' in opened ? opened.staged.value : null;
  const reserve = (routes: readonly string[]) => early?.reserve?.(routes.flatMap((route) => [htmlFileForRoute(route), markdownUrlFor(route).slice(1)]));
  try {
    const renderedBefore = session.highlightPool?.rendered ?? 0;
    const onWorker = () => (session.highlightPool ? `, ${session.highlightPool.rendered - renderedBefore} rendered on a second thread` : '');
    const content = report.take(await task(log, 'content', () => compileContent({ ctx, cache: caches.pages, memo: session.watch ? session.pages : null, store, blocks: codeBlocks, routesKnown: reserve }), (c) => `${c.value.pages.length} pages (${c.value.reused} from cache), code blocks: ${site.highlighter.cache.hits} cached, ${site.highlighter.cache.misses} new${onWorker()}`));
    const api = await task(log, 'openapi', () => buildApi(apiInput, spec, store), (a) => (a.value ? `${a.value.pages.length} pages` : 'none'));
    const apiPages = report.take(api);
    if (apiPages) reserve(apiPages.pages.map((page) => page.route));
    // No code block renders after this. A watch session keeps its highlight worker (and the grammars
    // it compiled) for the next rebuild; any other run stops it now, so no idle thread is left behind
    // (a later run of the same session renders on the main thread, with the same output).
    if (!options.devScript) void session.highlightPool?.close();
    const lastUpdated = await site.lastUpdated;
    const graph = report.take(await task(log, 'graph', () => ownDiagnostics(buildPageGraph({ config, pages: content.pages, categories: content.categories, lastUpdated, staticFiles: spec ? [spec.url] : [], extraPages: apiPages?.pages, extraSidebars: apiPages ? { api: apiPages.sidebar } : undefined })), (g) => `${g.value.routes.length} routes`));
    result.graph = graph;
    const font = report.take(await task(log, 'font', () => fontWork, (f) => (f.value ? `${f.value.files.size} faces, ${(sum(f.value.files) / 1024).toFixed(1)} KB` : 'none')));
    const client = await task(log, 'client', () => clientWork);
    result.outPath = outPath;
    // With errors already, the rest still runs (every problem is reported at once) but writes nowhere.
    if (report.failed) early?.abort();
    else if ('error' in opened) throw opened.error;
    const sink: Sink | null = report.failed || !('staged' in opened) ? new DiscardSink() : report.take(opened.staged);
    if (!sink) return result;
    result.sink = sink;
    try {
      // Each page's tree is made again from its JSON only while it renders (and for its feed).
      const contents = {
        get: (route: string) => {
          const tree = storedContent(store, route);
          return tree && codeBlocks.fill(tree);
        },
      };
      const sections = new Map(content.pages.map((page) => [page.route, page.sections]));
      const assets = { css: client.css, js: client.js, devScript: options.devScript, islands: client.islands, fonts: font?.preload };
      const site = siteData(config, graph, { dev: Boolean(options.devScript), webFont: font?.family });
      // Images are for the published site: an in-memory build (`check`, tests) makes none. New cards
      // are made on a worker thread while this one renders the pages.
      const cardsMade = sink instanceof MemorySink || sink instanceof DiscardSink ? null : socialCards({ graph, site, cache: caches.cards });
      cardsMade?.catch(() => {}); // awaited below
      const keyInput = { graph, site, templates, assets, dataKeys: apiPages?.dataKeys, sourceHashes: content.sourceHashes };
      const keys = renderKeys(keyInput);
      const later = sink instanceof LiveSink ? sink : null;
      // The local search index is made on a worker thread while the pages render (not for a watch
      // rebuild, which writes the search files after reloading browsers).
      indexing = later ? null : startSearchIndex(graph, sections, config, keys, caches.search, apiPages?.records);
      const rendered = report.take(await task(log, 'render', () => renderSite({ ...keyInput, keys, contents, data: { get: (route) => storedApiData(store, route) }, cache: caches.render, facts: caches.facts, sink, emitted: session.emitted }), (r) => `${r.value.rendered} pages (${graph.routes.length - r.value.rendered} from cache)`));
      result.rendered = rendered.rendered;
      // A watch rebuild reloads browsers first and writes the search files right after (they change
      // by one page's records; rebuilding them is the slowest part of a rebuild).
      const search = (emit: (file: string, contents: FileContents) => void) => searchFiles(graph, sections, config, rendered.keys, caches.search, emit, apiPages?.records, indexing);
      // The search files, then the twins, are written as soon as they are made (each twin's
      // Markdown read back from the page store), so none of them waits in memory for the others.
      const written = new Set<string>();
      if (later) for (const name of SEARCH_FILES) later.keep(name);
      else {
        const emit = (file: string, contents: FileContents) => {
          sink.write(file, contents);
          written.add(file);
        };
        report.take(await task(log, 'search', () => search(emit), (r) => (r.value.reused ? 'from cache' : indexing?.served ? 'index made on a second thread' : '')));
      }
      const keep = (file: string, madeFrom: string) => {
        const kept = sink.reuse?.(file, madeFrom, () => true) === true;
        if (kept) written.add(file);
        return kept;
      };
      for (const [file, text, madeFrom] of agentFiles(graph, { get: (route) => storedMarkdown(store, route) }, config, apiPages?.samples ?? null, apiPages?.operations, { keys: rendered.keys, keep })) {
        sink.write(file, text, madeFrom);
        written.add(file);
      }
      const files = new Map<string, FileContents>([...siteFiles(graph, config), ...client.files, ...report.take(feedFiles(graph, contents, config))]);
      const copies = new Map<string, string>();
      for (const page of content.pages) for (const asset of page.assets) copies.set(asset.url.slice(1), asset.source);
      if (spec) copies.set(spec.url.slice(1), spec.file);
      for (const [file, source] of report.take(staticFiles(path.join(config.root, 'static'), boundary))) copies.set(file, source);
      // The spec's examples are checked now that the highlight worker has stopped (its memory and
      // ajv's no longer add up), while the cards' workers run.
      const exampleProblems = apiPages ? await task(log, 'examples', () => apiPages.exampleProblems(), (e) => `${e.length} not matching their schemas`) : [];
      if (cardsMade) {
        const cards = await task(log, 'cards', () => cardsMade, (c) => `${c.files.size} social cards (${c.made} new)`);
        for (const [file, png] of cards.files) files.set(file, png);
      }
      // An SVG is a document that can script on the site's origin when opened: only drawings are published.
      report.take(staged(null, svgFileProblems(copies, caches.svg)));
      // One source of truth for the response headers: written as _headers, sent by `docsgen serve`.
      files.set('_headers', formatHeaders(headerRules({
        inlineScripts: [headScript(site), ...(options.devScript ? [options.devScript] : [])],
        connectOrigins: [...(site.search.hosted?.hosts ?? []), ...(apiPages?.servers ?? [])],
        scriptOrigins: site.tagManager ? [site.tagManager] : [],
        svgFiles: [...files.keys(), ...copies.keys(), ...written].filter((f) => /\.svg$/i.test(f)),
      })));
      for (const [file, text] of files) sink.write(file, text);
      for (const [file, from] of copies) sink.copy(from, file);
      for (const [file, bytes] of font?.files ?? []) sink.write(file, bytes);
      const outputFiles = new Set([...written, ...files.keys(), ...copies.keys(), ...(font?.files.keys() ?? [])]);
      report.take(await task(log, 'check', () => checkStage({ graph, config, facts: rendered.facts, outputFiles, api: apiPages, exampleProblems, specDiagnostics: api.diagnostics, verdicts: caches.samples }), (c) => `${c.diagnostics.length} problems`));
      if (report.failed) sink.abort();
      else await task(log, 'emit', () => sink.commit(), () => `${sink.manifest.size} files`);
      // Only a committed build may tell the next rebuild what is on disk.
      if (!report.failed) session.emitted = sink instanceof LiveSink || sink instanceof DiskSink ? rendered.emitted : undefined;
      if (later && !report.failed) result.settled = writeLater(later, search);
    } catch (error) {
      sink.abort();
      throw error;
    }
  } catch (error) {
    // Thrown before the stages below took the output over (they abort it themselves).
    if (!result.sink) early?.abort();
    throw error;
  } finally {
    indexing?.close();
    store.close();
    await clientWork.catch(() => {}); // nothing of this build keeps writing its cache after it
  }
  return result;
}

const sum = (files: Map<string, Buffer>): number => [...files.values()].reduce((n, b) => n + b.length, 0);

/** The config's plugin lists as the compilers take them (the same arrays: processors are made once per list). */
const userPlugins = (config: ResolvedConfig): UserPlugins => ({ remark: config.remarkPlugins, rehype: config.rehypePlugins, key: config.pluginsKey });

/** The output, opened: what `open` gave, or what it threw (reported later, as if thrown then). */
function openEarly(open: () => Staged<Sink | null>): { staged: Staged<Sink | null> } | { error: unknown } {
  try {
    return { staged: open() };
  } catch (error) {
    return { error };
  }
}

/** A value that carries its own diagnostics (the graph), as a stage result. */
const ownDiagnostics = <T extends { diagnostics: Diagnostic[] }>(value: T): Staged<T> => ({ value, diagnostics: value.diagnostics });

/** The search files of a watch rebuild, written on the next turn, after browsers were told to reload. */
async function writeLater(sink: LiveSink, search: (emit: (file: string, contents: FileContents) => void) => Staged<{ reused: boolean }>): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  search((file, contents) => sink.write(file, contents));
  sink.commit();
}

import fs from 'node:fs';
import path from 'node:path';
import { diagnostic, hasErrors, type Diagnostic } from '../../shared/diagnostic';
import type { ResolvedConfig } from '../config/load-config';
import type { ApiPages } from '../openapi/api-pages';
import type { LoadedSpec } from '../openapi/load-openapi';
import type { SpecValidation } from '../openapi/validate-spec';
import type { CodeHighlighter } from '../markdown/highlight';
import type { UserPlugins } from '../markdown/user-plugins';
import type { TemplateModule } from '../render/load-templates';
import { contentToHtml } from '../render/render-pages';
import { hashOf, ENGINE_CACHE_VERSION } from '../cache/cache-key';
import { engineFingerprint } from '../cache/engine-fingerprint';
import type { DirCache } from '../cache/dir-cache';
import type { SiteBoundary } from '../fs/boundary';
import { staged, type Staged } from './stage';
import { aliasExpansionProblem, MAX_EXPANDED_VALUES } from '../openapi/alias-budget';
import { configKeyAt } from './site';
import type { ExtraPage } from '../graph/page-graph';
import type { PayloadStore } from './payloads';
import { apiRecord, type SearchRecord } from '../search/build-search-index';
import { agentOperation, type AgentOperation } from '../agents/agent-files';
import { apiMarkdownBody } from '../agents/api-markdown';
import { markdownKey } from '../markdown/content-page';
import type { ApiOperationData, ApiPageData } from '../../shared/api-model';

/*
 * The OpenAPI loader and page builder (@readme/openapi-parser, ajv, shiki through the samples) load
 * on first use: a build whose API pages come from the cache never loads them.
 */
let modules: Promise<[typeof import('../openapi/load-openapi'), typeof import('../openapi/api-pages')]> | null = null;
const loadModules = () => (modules ??= Promise.all([import('../openapi/load-openapi'), import('../openapi/api-pages')]));

/**
 * The API cache holds, under the spec's key, everything but the pages (sidebar, diagnostics, the
 * schemas samples are checked against) and the pages' routes; each page is its own entry under
 * the key and its route, with what the build derives from its data (`Derived`). Many small
 * entries: at 3,000 operations the pages as one JSON string were 250 MB, near V8's limit on a
 * string's length, and were read whole just to see whether they exist.
 */
export type ApiEntry = { index: { api: Omit<ApiPages, 'pages'>; routes: string[]; diagnostics: Diagnostic[]; exampleProblems: Diagnostic[] } } | PageEntry;

/**
 * A page's entry. A page whose data goes to the page store (`STORED_KINDS`) is kept without it,
 * and its data as the JSON text the store takes (`stored`): a warm build moves that text to the
 * store as it is. Parsed with the entry and serialized again, the data (samples, responses: about
 * 55 KB an operation) was most of a warm build's API stage.
 */
interface PageEntry {
  page: ApiPages['pages'][number];
  derived: Derived;
  stored?: string;
}

const pageKey = (key: string, route: string) => `${key}\0${route}`;

/** The pages made from the spec whose key is `key`, from the cache (each through `keep`); null when any entry is missing. */
function cachedApi(cache: DirCache<ApiEntry>, key: string, keep: Keep): { pages: ApiPages; diagnostics: Diagnostic[]; exampleProblems: Diagnostic[] } | null {
  const entry = cache.get(key);
  if (!entry || !('index' in entry)) return null;
  const { api, routes, diagnostics, exampleProblems } = entry.index;
  const pages: ApiPages['pages'] = [];
  for (const route of routes) {
    const page = cache.get(pageKey(key, route));
    if (!page || !('page' in page)) return null;
    pages.push(keep(page.page, page.derived, page.stored));
  }
  return { pages: { ...api, pages }, diagnostics, exampleProblems };
}

/**
 * The API pages as the build holds them: operation, webhook and schema pages without their data,
 * which waits in the page store until the page renders (with the samples highlighted, about 40 KB
 * an operation: 120 MB at 3,000 operations). What else is made of that data (`Derived`) is taken
 * as each page is kept: its Markdown twin's body goes to the store too.
 */
export interface BuiltApi extends ApiPages {
  /** What the stored data is made from (the spec's cache key), by route of each page whose data is stored. */
  dataKeys: Map<string, string>;
  records: Map<string, SearchRecord>;
  operations: Map<string, AgentOperation>;
  /**
   * The spec's examples that do not match their schemas (reported by check, with
   * `checks.codeSamples`), checked when first asked for. No API page needs them, and ajv compiling
   * the schemas (most of a second on the portal) at the end of the API stage added its memory to
   * the highlight worker's at the build's peak: the build asks once the pages are rendered and
   * that worker has stopped. The answer completes the API cache: its index is written with it.
   */
  exampleProblems(): Promise<Diagnostic[]>;
}

const STORED_KINDS = new Set(['operation', 'webhook', 'schema']);
const dataKey = (route: string) => `api\0${route}`;

/** A page's API data as the build stored it; undefined for a page whose data stays in the graph. */
export function storedApiData(store: PayloadStore, route: string): ApiPageData | undefined {
  const json = store.get(dataKey(route));
  return json === undefined ? undefined : (JSON.parse(json) as ApiPageData);
}

/**
 * What the build makes of a page's API data besides its HTML: its Markdown twin's body (for every
 * page made from API data) and, for a page whose data is stored, its search record and, for an
 * operation, its entry of `api/operations.json`. Kept with the page in the cache: made again from
 * the data (descriptions turned back into Markdown), it was most of a warm build's API stage.
 */
interface Derived {
  markdown?: string;
  record?: SearchRecord;
  operation?: AgentOperation;
}

function derive(page: ExtraPage): Derived {
  const data = page.data as ApiPageData | undefined;
  if (!data) return {};
  const markdown = apiMarkdownBody(data);
  if (!STORED_KINDS.has(data.type)) return { markdown };
  return { markdown, record: apiRecord(page.route, page.title, data) ?? undefined, operation: data.type === 'operation' ? agentOperation(page, data as ApiOperationData) : undefined };
}

/**
 * Keeps a page as the build holds it, with what was derived from it (see `Derived`) and, for a page
 * whose data goes to the store, that data as JSON when it is made already (`stored`: the cache's
 * page has no data of its own then).
 */
type Keep = (page: ExtraPage, derived: Derived, stored?: string) => ExtraPage;

/** The JSON the page store keeps of a page's data; undefined for a page whose data stays in the graph. */
function storedData(page: ExtraPage): string | undefined {
  const data = page.data as ApiPageData | undefined;
  return data && STORED_KINDS.has(data.type) ? JSON.stringify(data) : undefined;
}

/** Moves each page's data to `store` as the page comes, and notes what the build needs of it (see `BuiltApi`). */
function apiKeeper(store: PayloadStore, key: string): { keep: Keep; made: Pick<BuiltApi, 'dataKeys' | 'records' | 'operations'> } {
  const made = { dataKeys: new Map<string, string>(), records: new Map<string, SearchRecord>(), operations: new Map<string, AgentOperation>() };
  const keep = (page: ExtraPage, derived: Derived, stored = storedData(page)): ExtraPage => {
    if (derived.markdown !== undefined) store.put(markdownKey(page.route), derived.markdown);
    if (stored === undefined) return page;
    if (derived.record) made.records.set(page.route, derived.record);
    if (derived.operation) made.operations.set(page.route, derived.operation);
    store.put(dataKey(page.route), stored);
    made.dataKeys.set(page.route, key);
    return { ...page, data: undefined };
  };
  return { keep, made };
}

export interface ApiInput {
  config: ResolvedConfig;
  boundary: SiteBoundary;
  templates: TemplateModule;
  templatesHash: string;
  highlighter: CodeHighlighter;
  cache: DirCache<ApiEntry>;
  /** @readme/openapi-parser's verdict on the spec, by the spec's text (see `validateSpecCached`). */
  verdicts: DirCache<SpecValidation>;
  /** The site's remark and rehype plugins, run on the spec's descriptions. */
  plugins?: UserPlugins;
  /** Ids the client and the theme's layout use on every page: description headings never get them. */
  reservedIds?: readonly string[];
}

/** The spec, read once: its text and the cache key of the pages made from it. */
export interface SpecSource {
  file: string;
  text: string;
  key: string;
  /** The URL the site publishes it at: its path in the site (`/specs/payments.yaml`). */
  url: string;
  /** Reading and validating, begun by `startSpec` (on a worker thread) unless the cache has the pages. */
  loading: Promise<LoadedSpec> | null;
}

/** Prefix of the secret-key environment variable in samples (`epic` → `EPIC_API_KEY`). */
const envPrefix = (config: ResolvedConfig): string => (config.provider?.slug ?? 'api').toUpperCase().replace(/[^A-Z0-9]+/g, '_');

/**
 * Reads the spec (inside the site only) and starts validating it, so validation overlaps the
 * content compile. Null when the site has no spec.
 */
export function startSpec(input: ApiInput): Staged<SpecSource | null> {
  const { config, boundary } = input;
  const file = config.openapiPath;
  if (!file) return staged(null);
  // Blamed on the config's `openapi` key when it names the file, else on the config (or the spec);
  // the config is parsed for the key's position only when there is a problem.
  const at = config.openapi ? () => configKeyAt(config, 'openapi') : { file: config.configFile ?? file };
  const outside = boundary.check(file, `the OpenAPI document ${config.openapi ?? file}`, at);
  if (outside) return staged(null, [outside]);
  if (!fs.existsSync(file)) return staged(null, [diagnostic('SpecMissing', `the OpenAPI document ${path.relative(config.root, file)} does not exist`, at)]);
  const text = boundary.readText(file);
  if (aliasExpansionProblem(text) !== null) {
    return staged(null, [diagnostic('SpecSyntax', `the OpenAPI document expands to more than ${MAX_EXPANDED_VALUES.toLocaleString('en')} values through YAML aliases (*name) nested in each other`, { file, line: 1, column: 1 }, { hint: 'write the repeated parts out, or use $ref: an alias bomb would stall every tool that reads the spec' })]);
  }
  const url = `/${path.relative(config.root, file).split(path.sep).join('/')}`;
  // The plugins' key joins only when the site has plugins: without them the key is as it was.
  const plugins = input.plugins?.key ? [input.plugins.key] : [];
  const key = hashOf(ENGINE_CACHE_VERSION, engineFingerprint(), input.templatesHash, text, config.codeLanguages.join(), envPrefix(config), url, file, ...plugins);
  let loading: Promise<LoadedSpec> | null = null;
  if (!input.cache.get(key)) {
    loading = loadModules().then(([{ loadOpenApi }]) => loadOpenApi(file, input.verdicts));
    loading.catch(() => {}); // awaited, and its failure reported, by buildApi
  }
  return staged({ file, text, key, url, loading });
}

/**
 * Turns the spec into API pages (from the cache when the spec and everything else are unchanged),
 * each page's data moved to `store` as soon as the page is made.
 */
export async function buildApi(input: ApiInput, spec: SpecSource | null, store: PayloadStore): Promise<Staged<BuiltApi | null>> {
  if (!spec) return staged(null);
  const { keep, made } = apiKeeper(store, spec.key);
  const cached = cachedApi(input.cache, spec.key, keep);
  if (cached) return staged({ ...cached.pages, ...made, exampleProblems: () => Promise.resolve(cached.exampleProblems) }, [...cached.diagnostics]);
  const [{ loadOpenApi }, { buildApiPages }] = await loadModules();
  const loaded = await (spec.loading ?? loadOpenApi(spec.file, input.verdicts));
  if (!loaded.document || hasErrors(loaded.diagnostics)) return staged(null, loaded.diagnostics);
  const components = input.templates.components;
  // Each page goes to the cache whole as it is made, then is kept without its data. The entries
  // count only once the index is written, after the last page and only without errors.
  input.cache.retain([]);
  const cacheAndKeep = (page: ExtraPage) => {
    const derived = derive(page);
    const stored = storedData(page);
    input.cache.set(pageKey(spec.key, page.route), stored === undefined ? { page, derived } : { page: { ...page, data: undefined }, derived, stored });
    return keep(page, derived, stored);
  };
  const pages = await buildApiPages({ spec: loaded, languages: input.config.codeLanguages, highlighter: input.highlighter, envPrefix: envPrefix(input.config), specUrl: spec.url, renderTree: (tree) => contentToHtml(tree, components), plugins: input.plugins, reservedIds: input.reservedIds, keep: cacheAndKeep });
  const diagnostics = [...loaded.diagnostics, ...pages.diagnostics];
  if (hasErrors(diagnostics)) input.cache.retain([]);
  let examples: Promise<Diagnostic[]> | null = null;
  const exampleProblems = () =>
    (examples ??= checkExamples(loaded).then((problems) => {
      if (!hasErrors(diagnostics)) {
        const { pages: list, ...rest } = pages;
        input.cache.set(spec.key, { index: { api: rest, routes: list.map((p) => p.route), diagnostics, exampleProblems: problems } });
      }
      return problems;
    }));
  return staged({ ...pages, ...made, exampleProblems }, diagnostics);
}

/** The spec's examples checked against their schemas (ajv loads only here), each problem placed in the spec. */
async function checkExamples(spec: LoadedSpec): Promise<Diagnostic[]> {
  const { checkSpecExamples } = await import('../openapi/check-examples');
  return checkSpecExamples(spec.document!, (pointer) => ({ file: spec.file, ...spec.locate(pointer) }));
}

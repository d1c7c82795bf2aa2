import type { PageGraph, PageNode } from '../graph/page-graph';
import type { ResolvedConfig } from '../config/resolve-config';
import type { ApiPageData } from '../../shared/api-model';
import { hasTwin, markdownUrlFor } from '../../shared/agent-files';
import { twinDocument } from '../markdown/markdown-twin';
import { apiMarkdownBody, htmlToMarkdown } from './api-markdown';
import type { ApiOperationData } from '../../shared/api-model';
import type { SampleSchemas } from '../check/check-samples';
import type { JsonObject } from '../openapi/load-openapi';
import { hashOf } from '../cache/cache-key';

/** Where the build publishes the API operations as data (read by `docsgen mcp`). */
export const OPERATIONS_FILE = 'api/operations.json';

/** One API operation as `docsgen mcp` serves it: what an agent needs to call it, and the raw request schema. */
export interface AgentOperation {
  slug: string;
  operationId: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  tag: string | null;
  draft: boolean;
  deprecated: boolean;
  url: string;
  markdownUrl: string;
  servers: string[];
  security: string[];
  parameters: Array<{ name: string; in: string; required: boolean; type: string; description: string; example?: string }>;
  requestBody: { mediaType: string; required: boolean; schema: JsonObject | null; example: unknown } | null;
  responses: Array<{ status: string; description: string; type: string | null; schema: string | null }>;
}

/** The data file of the API reference: operations, and the component schemas their request schemas refer to. */
export interface AgentOperationsFile {
  openapiVersion: string;
  operations: AgentOperation[];
  components: Record<string, JsonObject>;
}

function parseJson(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * One operation's entry of `api/operations.json`; its request schema (`requestBody.schema`) is the
 * spec's own object, filled in by `withRequestSchema` when the file is written.
 */
export function agentOperation(page: Pick<PageNode, 'route'>, data: ApiOperationData): AgentOperation {
  return {
    slug: data.slug, operationId: data.operationId, method: data.method, path: data.path, summary: data.summary, description: htmlToMarkdown(data.description),
    tag: data.tag ?? null, draft: data.draft, deprecated: data.deprecated, url: page.route, markdownUrl: markdownUrlFor(page.route),
    servers: data.servers.map((s) => s.url), security: data.auth.none ? [] : data.auth.schemes.map((s) => s.name),
    parameters: data.parameters.map((p) => ({ name: p.name, in: p.in, required: p.required, type: p.schema.type, description: htmlToMarkdown(p.description), ...(p.example !== undefined ? { example: p.example } : {}) })),
    requestBody: data.requestBody ? { mediaType: data.requestBody.mediaType, required: data.requestBody.required, schema: null, example: parseJson(data.requestBody.exampleJson) ?? null } : null,
    responses: data.responses.map((r) => ({ status: r.status, description: htmlToMarkdown(r.description), type: r.schema?.type ?? null, schema: r.schema?.refName ?? null })),
  };
}

const withRequestSchema = (op: AgentOperation, schemas: SampleSchemas): AgentOperation => (op.requestBody ? { ...op, requestBody: { ...op.requestBody, schema: schemas.requestSchemas[op.slug] ?? null } } : op);

const isApiData = (data: unknown): data is ApiPageData => typeof data === 'object' && data !== null && ['operation', 'schema', 'overview', 'index', 'webhook'].includes((data as { type?: unknown }).type as string);

/** Pages' Markdown bodies by route (the build reads them from its page store). */
export interface MarkdownBodies {
  get(route: string): string | undefined;
}

/**
 * One page's Markdown twin: from its Markdown body as the build stored it (content pages, and API
 * pages whose data the build moved to its page store), else made from the page's API data.
 */
export function pageMarkdown(page: PageNode, bodies: MarkdownBodies): string {
  const body = bodies.get(page.route) ?? (isApiData(page.data) ? apiMarkdownBody(page.data) : '');
  return twinDocument({ title: page.title, description: page.description }, body);
}

/**
 * What a build already published that a twin (or `llms-full.txt`) may stay as: each page's render
 * key (what its twin is made from, like its HTML: its node in the graph and its sources or data,
 * with the engine), and `keep`, which keeps the published file when it was written from the key
 * given (see `Sink.reuse`).
 */
export interface PublishedTwins {
  keys: ReadonlyMap<string, string>;
  keep(file: string, madeFrom: string): boolean;
}

/** What `llms-full.txt` is made from: the site's title, description and URL, and each twin's route and key; null when a twin has no key. */
function llmsFullKey(routes: readonly string[], keys: ReadonlyMap<string, string>, config: ResolvedConfig): string | null {
  const parts = [config.title, config.description, config.tagline, config.url];
  for (const route of routes) {
    const key = keys.get(route);
    if (!key) return null;
    parts.push(route, key);
  }
  return hashOf(...parts);
}

/**
 * The files written for AI agents and other Markdown readers, one at a time as they are made (the
 * caller writes each before the next is made), each with what it was made from when that is known:
 * every page's twin at `{route}.md`, `llms-full.txt` (all twins in route order, each headed by its
 * URL; in pieces) and, with an API reference, its operations as data (`api/operations.json`).
 * With `published`, a build whose twins are all as the last one published them keeps them, and
 * `llms-full.txt`, without making any (their Markdown is not even read back). Pure but for `keep`.
 */
export function* agentFiles(graph: PageGraph, contentBodies: MarkdownBodies, config: ResolvedConfig, api: SampleSchemas | null = null, made?: ReadonlyMap<string, AgentOperation>, published?: PublishedTwins): Generator<[string, string | readonly string[], string?]> {
  if (api) {
    // Each operation's entry as the build made it with the page (`made`, by route), else from the page's data.
    const operations = graph.routes.filter((r) => graph.pages[r]!.kind === 'api-operation').map((r) => withRequestSchema(made?.get(r) ?? agentOperation(graph.pages[r]!, graph.pages[r]!.data as ApiOperationData), api));
    const data: AgentOperationsFile = { openapiVersion: api.openapiVersion, operations, components: api.components };
    yield [OPERATIONS_FILE, `${JSON.stringify(data)}\n`];
  }
  const routes = graph.routes.filter((route) => hasTwin(graph.pages[route]!.kind));
  const fullKey = published ? llmsFullKey(routes, published.keys, config) : null;
  // llms-full.txt as published: then each twin published from the same key stays as it is too.
  const full = fullKey && published!.keep('llms-full.txt', fullKey) ? null : [[`# ${config.title}`, '', `> ${config.description || config.tagline}`, '', `Every page of ${config.url}/ as Markdown; the index of pages is ${config.url}/llms.txt.`, ''].join('\n')];
  for (const route of routes) {
    const page = graph.pages[route]!;
    const file = markdownUrlFor(route).slice(1);
    const key = published?.keys.get(route);
    if (!full && key && published!.keep(file, key)) continue;
    const markdown = pageMarkdown(page, contentBodies);
    yield [file, markdown, key];
    full?.push(`\n${['---', '', `Source: ${config.url}${route === '/' ? '/' : route}`, '', markdown.trim(), ''].join('\n')}`);
  }
  if (!full) return;
  full.push('\n');
  yield ['llms-full.txt', full, fullKey ?? undefined];
}

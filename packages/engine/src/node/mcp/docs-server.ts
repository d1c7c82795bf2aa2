import fs from 'node:fs';
import path from 'node:path';
import MiniSearch, { type SearchResult } from 'minisearch';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { INDEX_OPTIONS, QUERY_OPTIONS } from '../../shared/search-query';
import { markdownUrlFor } from '../../shared/agent-files';
import { routeProblem } from '../../shared/routes';
import { OPERATIONS_FILE, type AgentOperation, type AgentOperationsFile } from '../agents/agent-files';
import { createBodyValidator, type BodyCheck } from '../check/check-samples';

/** What the server serves: a built output folder, and the site's name and URL for its answers. */
export interface DocsServerOptions {
  /** The built site (`outDir`; followed through its link to the current version on every call). */
  outPath: string;
  title: string;
  url: string;
  /** Why the site could not be opened (a broken config): every tool answers with it. */
  problem?: string;
  version?: string;
}

/** A tool's answer for a problem the agent can act on: an MCP tool error (`isError`), never a crash. */
class ToolProblem extends Error {}

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });

/** A stored hit of the local index (see node/search/build-search-index.ts). */
interface StoredHit extends SearchResult {
  url: string;
  lvl0: string;
  lvl1: string;
  heading: string;
  snippet: string;
  type: string;
}

/**
 * Reads the built site, each file again only when it changed on disk (a rebuild swaps the output
 * link, so the next call sees the new site). Side effects: reads files.
 */
class BuiltSite {
  private cache = new Map<string, { stamp: string; value: unknown }>();

  constructor(private readonly options: DocsServerOptions) {}

  private file(rel: string): string {
    if (this.options.problem) throw new ToolProblem(this.options.problem);
    const root = this.options.outPath;
    if (!fs.existsSync(root)) throw new ToolProblem(`There is no built site at ${root}. Run \`docsgen build\` in the site folder, then call this tool again.`);
    const full = path.resolve(root, rel);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new ToolProblem(`${rel} is not a file of the site.`);
    return full;
  }

  /** A file of the build, parsed once per version of it; null when the build has no such file. */
  private read<T>(rel: string, parse: (text: string) => T): T | null {
    const full = this.file(rel);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(full);
    } catch {
      return null;
    }
    if (!stat.isFile()) return null;
    const stamp = `${fs.realpathSync(full)}:${stat.mtimeMs}:${stat.size}`;
    const known = this.cache.get(rel);
    if (known?.stamp === stamp) return known.value as T;
    const value = parse(fs.readFileSync(full, 'utf8'));
    this.cache.set(rel, { stamp, value });
    return value;
  }

  index(): MiniSearch {
    const index = this.read('search-index.json', (json) => MiniSearch.loadJSON(json, INDEX_OPTIONS));
    if (!index) throw new ToolProblem(`The build at ${this.options.outPath} has no search-index.json (the local search index). Rebuild the site with \`docsgen build\`.`);
    return index;
  }

  markdown(route: string): string | null {
    return this.read(markdownUrlFor(route).slice(1), (t) => t);
  }

  operations(): AgentOperationsFile {
    const data = this.read(OPERATIONS_FILE, (json) => JSON.parse(json) as AgentOperationsFile);
    if (!data) throw new ToolProblem(`The build at ${this.options.outPath} has no API reference (${OPERATIONS_FILE}): the site has no OpenAPI document, or it was built by an older docsgen. Rebuild it with \`docsgen build\`.`);
    return data;
  }

  private validators = new WeakMap<AgentOperationsFile, Promise<(operation: string, value: unknown) => BodyCheck>>();

  /** The same check as `docsgen check` gives ```json operation=slug blocks, over the built spec's request schemas. */
  validator(data: AgentOperationsFile): Promise<(operation: string, value: unknown) => BodyCheck> {
    let made = this.validators.get(data);
    if (!made) {
      const requestSchemas = Object.fromEntries(data.operations.flatMap((o) => (o.requestBody?.schema ? [[o.slug, o.requestBody.schema]] : [])));
      made = createBodyValidator({ requestSchemas, components: data.components, openapiVersion: data.openapiVersion });
      this.validators.set(data, made);
    }
    return made;
  }
}

/** A page path as agents write it: a route, a full URL of the site, with or without `.md`, `/index`, a trailing slash or `#anchor`. */
export function routeFromInput(input: string, siteUrl: string): string {
  let value = input.trim();
  if (value.startsWith(siteUrl)) value = value.slice(siteUrl.length);
  else if (/^[a-z]+:\/\//i.test(value)) value = new URL(value).pathname;
  value = value.replace(/[?#].*$/, '');
  if (!value.startsWith('/')) value = `/${value}`;
  value = value.replace(/\.(md|html)$/, '').replace(/\/index$/, '/').replace(/(.)\/+$/, '$1');
  return value || '/';
}

function findOperation(data: AgentOperationsFile, name: string): AgentOperation {
  const wanted = name.trim().replace(/^\/?api\//, '');
  const op = data.operations.find((o) => o.slug === wanted || o.operationId === wanted) ?? data.operations.find((o) => o.slug.toLowerCase() === wanted.toLowerCase() || o.operationId.toLowerCase() === wanted.toLowerCase());
  if (!op) throw new ToolProblem(`There is no API operation "${name}". Call list_operations for the slugs (e.g. ${data.operations.slice(0, 3).map((o) => o.slug).join(', ')}).`);
  return op;
}

/** Runs a tool body; a ToolProblem becomes an MCP tool error with its message, anything else one that says docsgen failed. */
async function answer(run: () => Promise<CallToolResult> | CallToolResult): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    const message = error instanceof ToolProblem ? error.message : `docsgen failed while answering (a bug, not your request): ${(error as Error).stack ?? String(error)}`;
    return { isError: true, content: [{ type: 'text', text: message }] };
  }
}

/**
 * The docs MCP server: tools over a built site for AI coding agents. Search ranks exactly as the
 * site's local search; pages come back as their Markdown twins; operations and request validation
 * read the build's `api/operations.json`. Every failure is a tool error with a plain message.
 */
export function createDocsServer(options: DocsServerOptions): McpServer {
  const site = new BuiltSite(options);
  const server = new McpServer(
    { name: 'docsgen', title: `${options.title} docs`, version: options.version ?? '1.0.0' },
    { instructions: `Documentation of ${options.title} (${options.url}). Search with search_docs, read a page with get_page, look up API operations with list_operations and get_operation, and check a JSON request body with validate_request before sending it.` },
  );
  const readOnly = { readOnlyHint: true, openWorldHint: false } as const;

  server.registerTool('search_docs', {
    title: 'Search the docs',
    description: `Full-text search over every page of the ${options.title} documentation, ranked like the site's own search. Returns titles, URLs and snippets; read a hit with get_page.`,
    inputSchema: { query: z.string().min(1).max(200).describe('words to search for'), limit: z.number().int().min(1).max(50).optional().describe('most hits to return (default 10)') },
    annotations: readOnly,
  }, ({ query, limit }) => answer(() => {
    const hits = site.index().search(query, QUERY_OPTIONS) as StoredHit[];
    if (!hits.length) return text(`No results for "${query}". Try fewer or other words.`);
    const shown = hits.slice(0, limit ?? 10);
    const lines = shown.map((h, i) => {
      const where = [h.lvl1, h.heading].filter(Boolean).join(' › ');
      const page = h.url.replace(/#.*$/, '');
      return `${i + 1}. ${where} (${h.lvl0})\n   URL: ${options.url}${h.url}\n   page: ${page}${h.snippet ? `\n   ${h.snippet.replace(/\s+/g, ' ').slice(0, 240)}` : ''}`;
    });
    return text(`${hits.length} results for "${query}"${hits.length > shown.length ? `, the first ${shown.length}` : ''}:\n\n${lines.join('\n')}`);
  }));

  server.registerTool('get_page', {
    title: 'Get a page as Markdown',
    description: 'One page of the documentation as Markdown (the same text as the page, with code samples). Give its path (e.g. /get-started/core-concepts) or its full URL.',
    inputSchema: { path: z.string().min(1).max(500).describe('the page path or URL, as search_docs returns it') },
    annotations: readOnly,
  }, ({ path: input }) => answer(() => {
    const route = routeFromInput(input, options.url);
    const problem = route === '/' ? null : routeProblem(route);
    const markdown = problem ? null : site.markdown(route);
    if (markdown === null) throw new ToolProblem(`There is no page at ${route}. Find pages with search_docs (page paths look like /get-started/core-concepts).`);
    return text(markdown);
  }));

  server.registerTool('list_operations', {
    title: 'List the API operations',
    description: 'Every operation of the API reference: method, path, slug and summary, grouped by tag. Get one with get_operation.',
    inputSchema: { tag: z.string().optional().describe('only operations with this tag (case-insensitive)') },
    annotations: readOnly,
  }, ({ tag }) => answer(() => {
    const data = site.operations();
    const ops = tag ? data.operations.filter((o) => (o.tag ?? '').toLowerCase() === tag.toLowerCase()) : data.operations;
    if (!ops.length) throw new ToolProblem(`No operation has the tag "${tag}". Tags: ${[...new Set(data.operations.map((o) => o.tag).filter(Boolean))].join(', ')}.`);
    const byTag = new Map<string, AgentOperation[]>();
    for (const o of ops) byTag.set(o.tag ?? 'Other', [...(byTag.get(o.tag ?? 'Other') ?? []), o]);
    const out = [...byTag].map(([name, list]) => `## ${name}\n\n${list.map((o) => `- ${o.method} ${o.path}: ${o.summary} (slug: ${o.slug}${o.draft ? ', draft' : ''}${o.deprecated ? ', deprecated' : ''})`).join('\n')}`);
    return text(`${ops.length} operations:\n\n${out.join('\n\n')}`);
  }));

  server.registerTool('get_operation', {
    title: 'Get an API operation',
    description: 'One API operation: method, path, servers, parameters, request body schema and example, responses with their schemas, and code samples, as Markdown, followed by the request schema as JSON Schema.',
    inputSchema: { operation: z.string().min(1).max(200).describe('the operation slug (from list_operations, e.g. capture-payment) or its operationId') },
    annotations: readOnly,
  }, ({ operation }) => answer(() => {
    const data = site.operations();
    const op = findOperation(data, operation);
    const markdown = site.markdown(op.url) ?? '';
    const machine = { slug: op.slug, operationId: op.operationId, method: op.method, path: op.path, servers: op.servers, parameters: op.parameters, requestBody: op.requestBody, responses: op.responses };
    return { content: [{ type: 'text', text: markdown }, { type: 'text', text: `Operation as JSON (request schema refs point at #/components/schemas/ of ${options.url}/specs):\n\n${JSON.stringify(machine, null, 2)}` }] };
  }));

  server.registerTool('validate_request', {
    title: 'Validate a JSON request body',
    description: 'Checks a JSON request body against an operation\'s request schema, with the same check `docsgen check` runs on the docs\' examples. Answers "valid" or each mismatch with its JSON pointer.',
    inputSchema: { operation: z.string().min(1).max(200).describe('the operation slug or operationId'), body: z.string().max(1_000_000).describe('the request body as JSON text') },
    annotations: readOnly,
  }, ({ operation, body }) => answer(async () => {
    const data = site.operations();
    const op = findOperation(data, operation);
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch (error) {
      throw new ToolProblem(`The body is not valid JSON: ${(error as Error).message}`);
    }
    const check = (await site.validator(data))(op.slug, value);
    if (check.kind === 'no-body') throw new ToolProblem(`${op.method} ${op.path} (${op.slug}) takes no JSON request body.`);
    if (check.kind === 'ok') return { content: [{ type: 'text', text: `Valid: the body matches the request schema of ${op.slug} (${op.method} ${op.path}).` }], structuredContent: { valid: true, errors: [] } };
    return {
      content: [{ type: 'text', text: `Invalid: the body does not match the request schema of ${op.slug} (${op.method} ${op.path}):\n${check.errors.map((e) => `- ${e.message}`).join('\n')}` }],
      structuredContent: { valid: false, errors: check.errors },
    };
  }));

  return server;
}

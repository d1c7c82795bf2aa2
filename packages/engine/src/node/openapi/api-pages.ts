import path from 'node:path';
import { diagnostic, type Diagnostic } from '../../shared/diagnostic';
import type { Heading, Sidebar, SidebarNode } from '../../shared/page';
import { routeProblem } from '../../shared/routes';
import type { ExtraPage } from '../graph/page-graph';
import type { LinkRef } from '../markdown/plugins/remark-links';
import type { Root as HastRoot } from 'hast';
import { MarkdownRenderer } from '../markdown/markdown-to-html';
import type { UserPlugins } from '../markdown/user-plugins';
import type { CodeHighlighter } from '../markdown/highlight';
import { CODE_LANGUAGE_LABELS } from '../markdown/plugins/remark-code-tabs';
import type { Json, JsonObject, LoadedSpec } from './load-openapi';
import { resolvePointer } from './load-openapi';
import { exampleFor, schemaTree, type SchemaContext } from './schema-tree';
import { codeSamples } from './code-samples';
import type { SampleSchemas } from '../check/check-samples';
import type { ApiOperationData, ApiOverviewData, ApiParameter, ApiResponse, ApiSchemaData } from '../../shared/api-model';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export const kebab = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase();
const asObject = (value: Json | undefined): JsonObject => (value && typeof value === 'object' && !Array.isArray(value) ? value : {});
const str = (value: Json | undefined) => (typeof value === 'string' ? value : undefined);
const escapeSegment = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export interface ApiPagesInput {
  spec: LoadedSpec;
  languages: readonly string[];
  highlighter: CodeHighlighter;
  /** Finished hast → HTML through the theme's components (descriptions look like content). */
  renderTree: (tree: HastRoot) => string;
  /** Prefix of the secret-key environment variable in samples (`EPIC` → `EPIC_API_KEY`). */
  envPrefix: string;
  /** Where the site publishes the OpenAPI document (`/specs/payments.yaml`). */
  specUrl: string;
  /** The site's remark and rehype plugins: descriptions render like content, through them too. */
  plugins?: UserPlugins;
}

export interface ApiPages {
  pages: ExtraPage[];
  sidebar: Sidebar;
  diagnostics: Diagnostic[];
  /** For validating JSON examples in content: request schemas by slug, the components, the version. */
  samples: SampleSchemas;
}

interface OperationRef {
  pointer: string;
  method: string;
  path: string;
  op: JsonObject;
  pathItem: JsonObject;
  slug: string;
}

/** Collects internal links written in description HTML, for `check` (located only when there are some). */
function linksIn(html: string | undefined, at: () => { file: string; line?: number; column?: number }): LinkRef[] {
  const found = html ? [...html.matchAll(/href="(\/[^"#]*)(?:#([^"]*))?"/g)] : [];
  if (!found.length) return [];
  const where = at();
  return found.map((m) => ({ href: m[0].slice(6, -1), route: m[1]!, hash: m[2] ?? '', ...where }));
}

const heading = (id: string, text: string, depth = 2): Heading => ({ id, text, depth });

/** Anchor of a tag's section on `/api`. */
export const tagAnchor = (name: string) => `tag-${kebab(name)}`;

/** Section ids the API templates use; headings inside descriptions are numbered around them. */
const PAGE_SECTION_IDS = ['authentication', 'parameters', 'request-body', 'responses', 'code-samples', 'servers', 'how-to-read-this-reference', 'operations', 'download', 'fields', 'example', 'used-by'];

/**
 * Every `description` string of the document (the only Markdown fields of OpenAPI), each with the
 * pointer of its first occurrence (where a plugin that fails on it is reported).
 */
function descriptionsIn(value: Json | undefined, pointer = '#', out = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(value)) value.forEach((v, i) => descriptionsIn(v, `${pointer}/${i}`, out));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      const here = `${pointer}/${escapeSegment(key)}`;
      if (key === 'description' && typeof v === 'string') {
        if (!out.has(v)) out.set(v, here);
      } else descriptionsIn(v, here, out);
    }
  }
  return out;
}

/**
 * Turns a loaded OpenAPI document into graph pages: `/api` (index), `/api/{title}` (overview),
 * one page per operation (`x-slug` or the kebab-cased operationId) and per component schema,
 * plus the API sidebar grouped by tag. Highlights samples through the shared cache.
 */
export async function buildApiPages(input: ApiPagesInput): Promise<ApiPages> {
  const { spec } = input;
  const doc = spec.document!;
  const file = spec.file;
  const diagnostics: Diagnostic[] = [];
  const at = (pointer: string) => ({ file, ...spec.locate(pointer) });
  // Every description is rendered once, up front (highlighting is asynchronous); schemas are
  // expanded once per operation that uses them and then only look their descriptions up.
  const shared = { highlighter: input.highlighter, renderTree: input.renderTree, plugins: input.plugins, file };
  const renderer = new MarkdownRenderer({ ...shared, reservedIds: PAGE_SECTION_IDS });
  // The info description is the body of the overview page, whose only own section is #download.
  const infoRenderer = new MarkdownRenderer({ ...shared, reservedIds: ['download'] });
  const info = asObject(doc.info);
  const infoText = str(info.description);
  const descriptions = descriptionsIn(doc);
  await Promise.all([renderer.prepare(descriptions.keys(), (text) => at(descriptions.get(text) ?? '#')), infoRenderer.prepare(infoText ? [infoText] : [], () => at('#/info/description'))]);
  // The info description goes through both renderers: a plugin failing on it is reported once.
  const seen = new Set(renderer.diagnostics.map((d) => `${d.line}:${d.column}:${d.message}`));
  diagnostics.push(...renderer.diagnostics, ...infoRenderer.diagnostics.filter((d) => !seen.has(`${d.line}:${d.column}:${d.message}`)));
  const markdown = (text: string, inline = false) => renderer.html(text, inline);
  const components = asObject(asObject(doc.components).schemas) as Record<string, JsonObject>;
  const ctx: SchemaContext = { components, markdown };
  const servers = (Array.isArray(doc.servers) ? doc.servers : []).map((s) => {
    const description = str(asObject(s).description);
    return { url: str(asObject(s).url) ?? '', description, descriptionHtml: description ? markdown(description, true) : undefined };
  });
  const testServer = servers.find((s) => /test|sandbox/i.test(`${s.description} ${s.url}`)) ?? servers[0] ?? { url: 'https://api.example.com' };
  const securitySchemes = asObject(asObject(doc.components).securitySchemes);
  const security = Object.entries(securitySchemes).map(([name, value]) => {
    const scheme = asObject(value);
    const kind = scheme.type === 'http' ? `HTTP ${str(scheme.scheme) ?? ''} authentication` : scheme.type === 'apiKey' ? `API key in the ${str(scheme.in)} ${str(scheme.name)}` : String(scheme.type);
    return { name, description: str(scheme.description) ? markdown(str(scheme.description)!) : kind };
  });

  // Operations, with unique slugs.
  const operations: OperationRef[] = [];
  const slugs = new Map<string, string>();
  for (const [p, item] of Object.entries(asObject(doc.paths))) {
    for (const method of METHODS) {
      const op = asObject(item)[method];
      if (!op) continue;
      const opObject = asObject(op);
      const pointer = `#/paths/${escapeSegment(p)}/${method}`;
      const slug = str(opObject['x-slug']) ?? kebab(str(opObject.operationId) ?? `${method}-${p}`);
      const badSlug = slug.includes('/') ? 'contains "/"' : routeProblem(`/api/${slug}`);
      if (badSlug) {
        diagnostics.push(diagnostic('InvalidRoute', `the page slug "${slug}" of ${pointer} ${badSlug}`, at(`${pointer}${opObject['x-slug'] === undefined ? '/operationId' : '/x-slug'}`), { hint: 'a slug is one URL segment: letters, digits, "-", "_" and "."' }));
        continue;
      }
      const previous = slugs.get(slug);
      if (previous) {
        diagnostics.push(diagnostic('SpecDuplicateSlug', `operations ${previous} and ${pointer} both have the page slug "${slug}"`, at(pointer), { hint: 'give one of them a different x-slug or operationId' }));
        continue;
      }
      slugs.set(slug, pointer);
      operations.push({ pointer, method: method.toUpperCase(), path: p, op: opObject, pathItem: asObject(item), slug });
    }
  }

  const tagOrder = (Array.isArray(doc.tags) ? doc.tags : []).map((t) => ({ name: str(asObject(t).name) ?? '', description: str(asObject(t).description) }));
  for (const o of operations) for (const t of (o.op.tags as Json[] | undefined) ?? []) if (typeof t === 'string' && !tagOrder.some((x) => x.name === t)) tagOrder.push({ name: t, description: undefined });

  const pages: ExtraPage[] = [];
  const requestSchemas: Record<string, JsonObject> = {};
  const usedBy = new Map<string, Array<{ href: string; label: string; method?: string }>>();
  const noteUse = (schema: Json | undefined, use: { href: string; label: string; method?: string }) => {
    const seen = new Set<string>();
    const walk = (value: Json | undefined) => {
      if (!value || typeof value !== 'object') return;
      if (Array.isArray(value)) return value.forEach(walk);
      const ref = str(value.$ref);
      if (ref?.startsWith('#/components/schemas/')) {
        const name = ref.slice('#/components/schemas/'.length);
        if (seen.has(name)) return;
        seen.add(name);
        const list = usedBy.get(name) ?? [];
        if (!list.some((u) => u.href === use.href)) list.push(use);
        usedBy.set(name, list);
        walk(components[name]);
      }
      Object.values(value).forEach(walk);
    };
    walk(schema);
  };
  const highlight = (code: string, lang: string) => input.highlighter.highlight({ lang, meta: '', code });
  const page = (route: string, title: string, description: string, headings: Heading[], data: unknown, kind: ExtraPage['kind'], links: LinkRef[], sidebarLabel = title): ExtraPage => ({
    route, kind, title, description, sourceFile: file, contentFile: null, headings, toc: headings.filter((h) => h.depth <= 3), anchors: headings.map((h) => h.id), links,
    sidebarLabel, hideToc: false, codeSamples: [], dependencies: [file], data,
  });

  // Operations are built concurrently so their code samples highlight in parallel.
  const operationPage = async (o: OperationRef): Promise<ExtraPage> => {
    const { op, pointer } = o;
    const href = `/api/${o.slug}`;
    const title = str(op.summary) ?? `${o.method} ${o.path}`;
    const description = str(op.description) ? markdown(str(op.description)!) : undefined;
    const links: LinkRef[] = linksIn(description, () => at(`${pointer}/description`));
    const rawParams = [...((o.pathItem.parameters as Json[] | undefined) ?? []), ...((op.parameters as Json[] | undefined) ?? [])];
    const parameters: ApiParameter[] = [];
    for (const raw of rawParams) {
      let param = asObject(raw);
      if (str(param.$ref)) param = asObject(resolvePointer(doc, str(param.$ref)!));
      const name = str(param.name) ?? '';
      const i = parameters.findIndex((x) => x.name === name && x.in === param.in);
      const model: ApiParameter = {
        name,
        in: (str(param.in) ?? 'query') as ApiParameter['in'],
        required: param.required === true || param.in === 'path',
        description: str(param.description) ? markdown(str(param.description)!) : undefined,
        schema: schemaTree(param.schema, ctx, 'request'),
        example: param.example !== undefined ? (typeof param.example === 'string' ? param.example : JSON.stringify(param.example)) : undefined,
      };
      if (i >= 0) parameters[i] = model;
      else parameters.push(model);
      noteUse(param.schema, { href, label: title, method: o.method });
    }
    const body = asObject(op.requestBody);
    const bodyObject = str(body.$ref) ? asObject(resolvePointer(doc, str(body.$ref)!)) : body;
    const bodyContent = asObject(bodyObject.content);
    const bodyType = Object.keys(bodyContent).find((t) => t.includes('json')) ?? Object.keys(bodyContent)[0];
    let requestBody: ApiOperationData['requestBody'];
    let bodyExample: Json | undefined;
    if (bodyType) {
      const media = asObject(bodyContent[bodyType]);
      const examples = asObject(media.examples);
      const firstExample = Object.values(examples)[0];
      bodyExample = media.example ?? (firstExample !== undefined ? asObject(firstExample).value : undefined) ?? exampleFor(media.schema, ctx, 'request');
      const exampleJson = JSON.stringify(bodyExample, null, 2);
      requestBody = {
        required: bodyObject.required === true,
        description: str(bodyObject.description) ? markdown(str(bodyObject.description)!) : undefined,
        mediaType: bodyType,
        schema: schemaTree(media.schema, ctx, 'request'),
        example: await highlight(exampleJson, 'json'),
        exampleJson,
      };
      noteUse(media.schema, { href, label: title, method: o.method });
      if (media.schema) requestSchemas[o.slug] = asObject(media.schema);
    }
    const responses: ApiResponse[] = [];
    for (const [status, value] of Object.entries(asObject(op.responses))) {
      let response = asObject(value);
      if (str(response.$ref)) response = asObject(resolvePointer(doc, str(response.$ref)!));
      const content = asObject(response.content);
      const type = Object.keys(content).find((t) => t.includes('json')) ?? Object.keys(content)[0];
      const media = type ? asObject(content[type]) : {};
      const examples = asObject(media.examples);
      const firstExample = Object.values(examples)[0];
      const example = type ? media.example ?? (firstExample !== undefined ? asObject(firstExample).value : undefined) ?? exampleFor(media.schema, ctx, 'response') : undefined;
      const headers = Object.entries(asObject(response.headers)).map(([name, h]) => {
        let header = asObject(h);
        if (str(header.$ref)) header = asObject(resolvePointer(doc, str(header.$ref)!));
        return { name, description: str(header.description) ? markdown(str(header.description)!, true) : undefined, type: schemaTree(header.schema, ctx, 'response').type };
      });
      responses.push({
        status,
        description: markdown(str(response.description) ?? '', true),
        headers,
        schema: type && media.schema ? schemaTree(media.schema, ctx, 'response') : undefined,
        example: example !== undefined ? await highlight(JSON.stringify(example, null, 2), 'json') : undefined,
      });
      if (media.schema) noteUse(media.schema, { href, label: title, method: o.method });
    }
    const query = parameters.filter((p) => p.in === 'query' && (p.required || p.example !== undefined)).map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(p.example ?? '')}`);
    const filledPath = o.path.replace(/\{([^}]+)\}/g, (_, name: string) => parameters.find((p) => p.in === 'path' && p.name === name)?.example ?? `{${name}}`);
    const samples = await Promise.all(
      codeSamples({ method: o.method, url: `${testServer.url}${filledPath}${query.length ? `?${query.join('&')}` : ''}`, body: bodyType ? bodyExample : undefined, idempotent: o.method === 'POST', envVar: `${input.envPrefix}_API_KEY` }, input.languages).map(async (s) => ({
        lang: s.lang,
        label: CODE_LANGUAGE_LABELS[s.lang] ?? s.lang,
        html: await highlight(s.code, s.lang),
      })),
    );
    const opSecurity = (Array.isArray(op.security) ? op.security : Array.isArray(doc.security) ? doc.security : []).flatMap((s) => Object.keys(asObject(s)));
    const headings: Heading[] = [
      ...(opSecurity.length ? [heading('authentication', 'Authentication')] : []),
      ...(parameters.length ? [heading('parameters', 'Parameters')] : []),
      ...(requestBody ? [heading('request-body', 'Request body')] : []),
      heading('responses', 'Responses'),
      ...responses.map((r) => heading(`response-${r.status}`, `${r.status} response`, 3)),
      heading('code-samples', 'Code samples'),
    ];
    const data: ApiOperationData = {
      type: 'operation', slug: o.slug, operationId: str(op.operationId) ?? o.slug, method: o.method, path: o.path, servers, summary: title, description,
      draft: op['x-draft'] === true, deprecated: op.deprecated === true, tag: str((op.tags as Json[] | undefined)?.[0]), security: opSecurity,
      parameters, requestBody, responses, samples,
    };
    const plain = (str(op.description) ?? '').split(/\n\s*\n/)[0]!.replace(/[`*_[\]]/g, '').replace(/\(([^)]*)\)/g, '').trim();
    return page(href, title, plain.length > 160 ? `${plain.slice(0, 157)}…` : plain || title, headings, data, 'api-operation', links);
  };
  pages.push(...(await Promise.all(operations.map(operationPage))));
  const operationOrder = new Map(operations.map((o, i) => [`/api/${o.slug}`, i]));
  for (const list of usedBy.values()) list.sort((a, b) => (operationOrder.get(a.href) ?? 0) - (operationOrder.get(b.href) ?? 0));

  // Webhooks (OpenAPI 3.1) have no page of their own: their payloads are used by the overview's
  // webhook section when it has one.
  const title = str(info.title) ?? 'API reference';
  const overviewHref = `/api/${kebab(title)}`;
  const webhookHref = infoText && infoRenderer.headings(infoText).some((h) => h.id === 'webhooks') ? `${overviewHref}#webhooks` : overviewHref;
  for (const [name, item] of Object.entries(asObject(doc.webhooks))) {
    for (const method of METHODS) {
      const op = asObject(asObject(item)[method]);
      const content = asObject(asObject(op.requestBody).content);
      for (const media of Object.values(content)) noteUse(asObject(media).schema, { href: webhookHref, label: `Webhook: ${str(op.summary) ?? name}` });
    }
  }

  const schemaPage = async ([name, schema]: [string, JsonObject]): Promise<ExtraPage> => {
    const href = `/api/schemas/${name.toLowerCase()}`;
    const description = str(schema.description) ? markdown(str(schema.description)!) : undefined;
    const example = exampleFor({ $ref: `#/components/schemas/${name}` }, ctx, 'schema');
    const data: ApiSchemaData = {
      type: 'schema', name, description, tree: schemaTree({ $ref: `#/components/schemas/${name}` }, ctx, 'schema'),
      example: await highlight(JSON.stringify(example, null, 2), 'json'), usedBy: usedBy.get(name) ?? [],
    };
    const headings = [heading('fields', 'Fields'), heading('example', 'Example'), ...(data.usedBy.length ? [heading('used-by', 'Used by')] : [])];
    return page(href, name, (str(schema.description) ?? `The ${name} schema of the API.`).split('\n')[0]!.slice(0, 160), headings, data, 'api-schema', linksIn(description, () => at(`#/components/schemas/${name}`)));
  };
  pages.push(...(await Promise.all(Object.entries(components).map(schemaPage))));

  const tags = tagOrder.map((t) => ({
    name: t.name,
    anchor: tagAnchor(t.name),
    description: t.description ? markdown(t.description) : undefined,
    operations: operations.filter((o) => ((o.op.tags as Json[] | undefined) ?? [])[0] === t.name).map((o) => ({ href: `/api/${o.slug}`, label: str(o.op.summary) ?? o.slug, method: o.method, draft: o.op['x-draft'] === true })),
  }));
  const untagged = operations.filter((o) => !((o.op.tags as Json[] | undefined) ?? []).length);
  if (untagged.length) tags.push({ name: 'Other', anchor: tagAnchor('Other'), description: undefined, operations: untagged.map((o) => ({ href: `/api/${o.slug}`, label: str(o.op.summary) ?? o.slug, method: o.method, draft: o.op['x-draft'] === true })) });
  const infoDescription = infoText ? infoRenderer.html(infoText) : undefined;
  const overview = (type: 'overview' | 'index'): ApiOverviewData => ({ type, title, version: String(info.version ?? ''), description: type === 'overview' ? infoDescription : undefined, servers, security, specUrl: input.specUrl, overviewHref, tags, schemaCount: Object.keys(components).length });
  const overviewHeadings = infoText ? infoRenderer.headings(infoText).filter((h) => h.depth >= 2 && h.depth <= 3) : [];
  const indexHeadings = [
    heading('servers', 'Servers'),
    heading('authentication', 'Authentication'),
    heading('how-to-read-this-reference', 'How to read this reference'),
    heading('operations', 'Operations'),
    ...tags.filter((t) => t.operations.length).map((t) => heading(t.anchor, t.name, 3)),
  ];
  pages.push(page('/api', 'API reference', `Reference for the ${title}: every operation and schema, with code samples.`, indexHeadings, overview('index'), 'api-overview', [], 'Introduction'));
  pages.push(page(overviewHref, title, `Overview of the ${title}, version ${String(info.version ?? '')}.`, [...overviewHeadings, heading('download', 'Download the specification')], overview('overview'), 'api-overview', linksIn(infoDescription, () => at('#/info/description')), 'Overview'));

  const sidebarItems: SidebarNode[] = [
    { type: 'link', label: 'Introduction', href: '/api' },
    { type: 'link', label: 'Overview', href: overviewHref },
    ...tags.filter((t) => t.operations.length).map((t): SidebarNode => ({ type: 'category', label: t.name, collapsed: false, items: t.operations.map((o) => ({ type: 'link', label: o.label, href: o.href, badge: o.method })) })),
    { type: 'category', label: 'Schemas', collapsed: true, items: Object.keys(components).sort((a, b) => a.localeCompare(b)).map((n) => ({ type: 'link', label: n, href: `/api/schemas/${n.toLowerCase()}` })) },
  ];
  return { pages, sidebar: { id: 'api', items: sidebarItems }, diagnostics, samples: { requestSchemas, components, openapiVersion: String(doc.openapi) } };
}

export const specFileName = (file: string) => path.basename(file);

import { describeMarkdown, summarize } from '../meta/describe';
import type { ApiExample, ApiOperationData, ApiParameter, ApiResponse } from '../../shared/api-model';
import type { Heading } from '../../shared/page';
import type { ExtraPage } from '../graph/page-graph';
import { CODE_LANGUAGE_LABELS } from '../markdown/plugins/remark-code-tabs';
import type { ApiContext } from './api-context';
import { apiPage, heading, linksIn } from './api-page';
import { codeSamples } from './code-samples';
import { operationAuth } from './operation-security';
import { mediaExamples, type ExampleTarget, type MediaExample } from './media-examples';
import type { OperationRef } from './collect-operations';
import { asArray, asObject, str } from './json-values';
import type { Json, JsonObject } from './load-openapi';
import { resolvePointer } from './json-pointer';
import { exampleFor, schemaTree, type SchemaMode } from './schema-tree';
import type { SchemaUses } from './schema-uses';

/** What building the operation pages shares: the context, and two records the pages add to. */
export interface OperationPageDeps {
  ctx: ApiContext;
  uses: SchemaUses;
  /** Request body schemas by slug, for validating JSON examples in content. */
  requestSchemas: Record<string, JsonObject>;
}

/** One operation being built, with the "used by" entry its schemas get. */
export interface Build extends OperationPageDeps {
  o: OperationRef;
  use: { href: string; label: string; method?: string };
  /** What decides which shared named examples the page shows (none on a webhook page: all of them). */
  target?: ExampleTarget;
}

type RequestBody = ApiOperationData['requestBody'];

/** The object a `$ref` names, or the object itself when it has none. */
function resolved(doc: JsonObject, value: JsonObject): JsonObject {
  return str(value.$ref) ? asObject(resolvePointer(doc, str(value.$ref)!)) : value;
}

/** The media type a page shows of a `content` map: the first JSON one, else the first. */
const shownMediaType = (content: JsonObject) => Object.keys(content).find((t) => t.includes('json')) ?? Object.keys(content)[0];

/**
 * The examples of a media type the page shows: its own, else its named ones that apply to this
 * operation (on a page of their own: `target` unset), else one made from its schema.
 */
function examplesOf(media: JsonObject, b: Build, mode: SchemaMode): MediaExample[] {
  const declared = mediaExamples(b.ctx.doc, media, b.target);
  if (declared) return declared;
  const made = exampleFor(media.schema, b.ctx.schemas, mode);
  return made !== undefined ? [{ value: made }] : [];
}

/** Highlights each example as pretty JSON, keeping its name and summary. */
function highlightExamples(b: Build, examples: MediaExample[]): Promise<ApiExample[]> {
  return Promise.all(
    examples.map(async (e) => {
      const code = JSON.stringify(e.value, null, 2);
      return { name: e.name, summary: e.summary, html: await b.ctx.highlight(code, 'json'), code };
    }),
  );
}

/** Path-level parameters, then the operation's own; an operation parameter replaces a path one of the same name and place. */
export function operationParameters(b: Build): ApiParameter[] {
  const { ctx, o } = b;
  const rawParams = [...((o.pathItem.parameters as Json[] | undefined) ?? []), ...((o.op.parameters as Json[] | undefined) ?? [])];
  const parameters: ApiParameter[] = [];
  for (const raw of rawParams) {
    const param = resolved(ctx.doc, asObject(raw));
    const name = str(param.name) ?? '';
    const i = parameters.findIndex((x) => x.name === name && x.in === param.in);
    const model: ApiParameter = {
      name,
      in: (str(param.in) ?? 'query') as ApiParameter['in'],
      required: param.required === true || param.in === 'path',
      description: str(param.description) ? ctx.markdown(str(param.description)!) : undefined,
      schema: schemaTree(param.schema, ctx.schemas, 'request'),
      example: param.example !== undefined ? (typeof param.example === 'string' ? param.example : JSON.stringify(param.example)) : undefined,
    };
    if (i >= 0) parameters[i] = model;
    else parameters.push(model);
    b.uses.note(param.schema, { ...b.use });
  }
  return parameters;
}

/** The request body as the page shows it, and the media type and example the code samples send (none without a body). */
export async function operationRequestBody(b: Build): Promise<{ requestBody: RequestBody; bodyType: string | undefined; bodyExample: Json | undefined }> {
  const { ctx, o } = b;
  const bodyObject = resolved(ctx.doc, asObject(o.op.requestBody));
  const bodyContent = asObject(bodyObject.content);
  const bodyType = shownMediaType(bodyContent);
  if (!bodyType) return { requestBody: undefined, bodyType, bodyExample: undefined };
  const media = asObject(bodyContent[bodyType]);
  const examples = examplesOf(media, b, 'request');
  const bodyExample = examples[0]?.value;
  const exampleJson = bodyExample !== undefined ? JSON.stringify(bodyExample, null, 2) : undefined;
  const requestBody: RequestBody = {
    required: bodyObject.required === true,
    description: str(bodyObject.description) ? ctx.markdown(str(bodyObject.description)!) : undefined,
    mediaType: bodyType,
    schema: schemaTree(media.schema, ctx.schemas, 'request'),
    examples: await highlightExamples(b, examples),
    exampleJson,
  };
  b.uses.note(media.schema, { ...b.use });
  if (media.schema) b.requestSchemas[o.slug] = asObject(media.schema);
  return { requestBody, bodyType, bodyExample };
}

/** One response: its description, headers, schema and highlighted example. */
async function operationResponse(b: Build, status: string, value: Json): Promise<ApiResponse> {
  const { ctx } = b;
  const response = resolved(ctx.doc, asObject(value));
  const content = asObject(response.content);
  const type = shownMediaType(content);
  const media = type ? asObject(content[type]) : {};
  const examples = type ? examplesOf(media, b, 'response') : [];
  const headers = Object.entries(asObject(response.headers)).map(([name, h]) => {
    const header = resolved(ctx.doc, asObject(h));
    return { name, description: str(header.description) ? ctx.markdown(str(header.description)!, true) : undefined, type: schemaTree(header.schema, ctx.schemas, 'response').type };
  });
  const model: ApiResponse = {
    status,
    description: ctx.markdown(str(response.description) ?? '', true),
    headers,
    schema: type && media.schema ? schemaTree(media.schema, ctx.schemas, 'response') : undefined,
    examples: await highlightExamples(b, examples),
  };
  if (media.schema) b.uses.note(media.schema, { ...b.use });
  return model;
}

/** The responses in the order the spec lists them (one after the other: each highlights its example). */
export async function operationResponses(b: Build): Promise<ApiResponse[]> {
  const responses: ApiResponse[] = [];
  for (const [status, value] of Object.entries(asObject(b.o.op.responses))) responses.push(await operationResponse(b, status, value));
  return responses;
}

/** Tab labels of the API samples where they say more than the language: the JavaScript one is server code. */
const SAMPLE_LABELS: Record<string, string> = { javascript: 'JavaScript (server)' };

/**
 * The highlighted code samples: a call to the test server with the example values of the path
 * and the required (or exemplified) query parameters, and the request body's example.
 */
async function operationSamples(b: Build, parameters: ApiParameter[], body: { bodyType: string | undefined; bodyExample: Json | undefined }, auth: ApiOperationData['auth']): Promise<ApiOperationData['samples']> {
  const { ctx, o } = b;
  const query = parameters.filter((p) => p.in === 'query' && (p.required || p.example !== undefined)).map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(p.example ?? '')}`);
  const filledPath = o.path.replace(/\{([^}]+)\}/g, (_, name: string) => parameters.find((p) => p.in === 'path' && p.name === name)?.example ?? `{${name}}`);
  const bearer = auth.schemes.find((s) => s.bearer);
  const idempotent = parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
  const request = { method: o.method, url: `${ctx.testServer.url}${filledPath}${query.length ? `?${query.join('&')}` : ''}`, body: body.bodyType ? body.bodyExample : undefined, idempotent, auth: bearer ? { envVar: bearer.envVar } : undefined };
  return Promise.all(
    codeSamples(request, ctx.languages).map(async (s) => ({
      lang: s.lang,
      label: SAMPLE_LABELS[s.lang] ?? CODE_LANGUAGE_LABELS[s.lang] ?? s.lang,
      html: await ctx.highlight(s.code, s.lang),
      code: s.code,
    })),
  );
}

/** The page's sections, each only when it has something to show (responses and samples always). */
function operationHeadings(data: Pick<ApiOperationData, 'parameters' | 'requestBody' | 'responses'>): Heading[] {
  return [
    heading('authentication', 'Authentication'),
    ...(data.parameters.length ? [heading('parameters', 'Parameters')] : []),
    ...(data.requestBody ? [heading('request-body', 'Request body')] : []),
    heading('responses', 'Responses'),
    ...data.responses.map((r) => heading(`response-${r.status}`, `${r.status} response`, 3)),
    heading('code-samples', 'Code samples'),
  ];
}

/** The page's meta description: the description's first paragraph as plain text (`describeMarkdown`), else the title. */
export function metaDescription(op: JsonObject, title: string): string {
  return describeMarkdown(str(op.description)) || summarize(title);
}

/** The page of one operation at `/api/{slug}`. Notes the schemas it uses in `uses`. */
export async function buildOperationPage(deps: OperationPageDeps, o: OperationRef): Promise<ExtraPage> {
  const { ctx } = deps;
  const { op, pointer } = o;
  const href = `/api/${o.slug}`;
  const title = str(op.summary) ?? `${o.method} ${o.path}`;
  const auth = operationAuth(ctx, op);
  const b: Build = { ...deps, o, use: { href, label: title, method: o.method }, target: { operationId: str(op.operationId) ?? o.slug, slug: o.slug, hasRequestBody: op.requestBody !== undefined, security: auth.schemes.map((s) => s.name), parameters: [] } };
  const description = str(op.description) ? ctx.markdown(str(op.description)!) : undefined;
  const links = linksIn(description, ctx.file, `${pointer}/description`);
  const parameters = operationParameters(b);
  b.target = { ...b.target!, parameters: parameters.map((p) => p.name) };
  const { requestBody, ...body } = await operationRequestBody(b);
  const responses = await operationResponses(b);
  const samples = await operationSamples(b, parameters, body, auth);
  const data: ApiOperationData = {
    type: 'operation', slug: o.slug, operationId: str(op.operationId) ?? o.slug, method: o.method, path: o.path, servers: ctx.servers, summary: title, description,
    draft: op['x-draft'] === true, deprecated: op.deprecated === true, tag: str((op.tags as Json[] | undefined)?.[0]), auth,
    parameters, requestBody, responses, samples,
  };
  return apiPage(ctx.file, { route: href, title, description: metaDescription(op, title), headings: operationHeadings(data), data, kind: 'api-operation', links });
}

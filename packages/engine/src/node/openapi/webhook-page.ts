import type { ApiWebhookData, WebhookSignature } from '../../shared/api-model';
import type { ExtraPage } from '../graph/page-graph';
import type { ApiContext } from './api-context';
import { apiPage, heading, kebab, linksIn } from './api-page';
import { METHODS } from './collect-operations';
import { escapePointer, resolvePointer } from './json-pointer';
import { asArray, asObject, str } from './json-values';
import type { JsonObject } from './load-openapi';
import { metaDescription, operationParameters, operationRequestBody, operationResponses } from './operation-page';
import type { SchemaUses } from './schema-uses';

/** One webhook of the spec's `webhooks` (its first method), with the route of its page. */
export interface WebhookRef {
  name: string;
  method: string;
  op: JsonObject;
  pathItem: JsonObject;
  pointer: string;
  href: string;
}

/** Every webhook, in document order, at `/api/webhooks/{x-slug or kebab-cased name}`. */
export function collectWebhooks(doc: JsonObject): WebhookRef[] {
  return Object.entries(asObject(doc.webhooks)).flatMap(([name, value]) => {
    const ref = str(asObject(value).$ref);
    const pathItem = ref ? asObject(resolvePointer(doc, ref)) : asObject(value);
    const method = METHODS.find((m) => pathItem[m] !== undefined);
    if (!method) return [];
    const op = asObject(pathItem[method]);
    const slug = str(op['x-slug']) ?? kebab(name);
    return [{ name, method: method.toUpperCase(), op, pathItem, pointer: `#/webhooks/${escapePointer(name)}/${method}`, href: `/api/webhooks/${slug}` }];
  });
}

const positive = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** The signature scheme: the webhook's `x-signature`, else the document's `x-webhook-signature`; HMAC-SHA256 only. */
export function webhookSignature(doc: JsonObject, op: JsonObject): WebhookSignature | undefined {
  const raw = asObject(op['x-signature'] ?? doc['x-webhook-signature']);
  const header = str(raw.header);
  if (!header || (str(raw.algorithm) ?? 'HMAC-SHA256').toUpperCase() !== 'HMAC-SHA256') return undefined;
  return {
    header,
    algorithm: 'HMAC-SHA256',
    timestampKey: str(raw.timestampKey) ?? 't',
    signatureKey: str(raw.signatureKey) ?? 'v1',
    signedPayload: str(raw.signedPayload) ?? '{timestamp}.{body}',
    toleranceSeconds: positive(raw.toleranceSeconds) ? raw.toleranceSeconds : 300,
    secretName: str(raw.secretName),
  };
}

function webhookRetry(op: JsonObject): ApiWebhookData['retry'] {
  if (op['x-retry'] === undefined) return undefined;
  const raw = asObject(op['x-retry']);
  return { timeoutSeconds: positive(raw.timeoutSeconds) ? raw.timeoutSeconds : undefined, delaysSeconds: asArray(raw.delaysSeconds).filter(positive) };
}

/** The page of one webhook: what it sends (headers, signature, payload and examples), what to answer, and its retries. */
export async function buildWebhookPage(deps: { ctx: ApiContext; uses: SchemaUses }, w: WebhookRef): Promise<ExtraPage> {
  const { ctx } = deps;
  const title = str(w.op.summary) ?? w.name;
  // Webhook pages show every example (there is no operation to filter them for) and no samples.
  const b = { ...deps, requestSchemas: {}, o: { pointer: w.pointer, method: w.method, path: w.name, op: w.op, pathItem: w.pathItem, slug: w.href.slice(5) }, use: { href: w.href, label: `Webhook: ${title}` } };
  const description = str(w.op.description) ? ctx.markdown(str(w.op.description)!) : undefined;
  const headers = operationParameters(b).filter((p) => p.in === 'header');
  const { requestBody } = await operationRequestBody(b);
  const responses = await operationResponses(b);
  const data: ApiWebhookData = {
    type: 'webhook', name: w.name, method: w.method, summary: title, description, headers,
    payload: requestBody ? { mediaType: requestBody.mediaType, schema: requestBody.schema, examples: requestBody.examples, exampleJson: requestBody.exampleJson } : undefined,
    responses, signature: webhookSignature(ctx.doc, w.op), retry: webhookRetry(w.op),
  };
  const headings = [
    ...(headers.length ? [heading('headers', 'Headers')] : []),
    ...(data.signature ? [heading('signature', 'Signature'), heading('check-a-signature', 'Check a signature', 3)] : []),
    ...(data.payload ? [heading('payload', 'Payload')] : []),
    heading('responses', 'Your answer'),
    ...(data.retry ? [heading('retries', 'Retries')] : []),
  ];
  return apiPage(ctx.file, { route: w.href, title, description: metaDescription(w.op, title), headings, data, kind: 'api-webhook', links: linksIn(description, ctx.file, `${w.pointer}/description`) });
}

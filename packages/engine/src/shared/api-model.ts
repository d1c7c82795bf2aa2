// Page data of the API reference, built by node/openapi and read by the API templates. Plain data.

/** A schema as the templates draw it: a tree of fields with their facts, ready to render. */
export interface SchemaNode {
  name?: string;
  /** Display type: `string<uuid>`, `integer<int64>`, `array<Transaction>`, `object`. */
  type: string;
  required?: boolean;
  /** HTML (CommonMark rendered). */
  description?: string;
  enum?: string[];
  default?: string;
  example?: string;
  constraints?: string[];
  /** Named component this node comes from (links to `/api/schemas/{lower-case name}`). */
  refName?: string;
  /** A reference back to a schema already being expanded: shown as a link, never expanded again. */
  circular?: boolean;
  deprecated?: boolean;
  nullable?: boolean;
  children?: SchemaNode[];
  /** `oneOf` / `anyOf` alternatives, shown as tabs. */
  variants?: { kind: 'oneOf' | 'anyOf'; options: Array<{ label: string; node: SchemaNode }> };
}

export interface ApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  description?: string;
  schema: SchemaNode;
  example?: string;
}

export interface ApiResponse {
  status: string;
  description: string;
  headers: Array<{ name: string; description?: string; type: string }>;
  schema?: SchemaNode;
  /** The examples this operation can return, highlighted: one unnamed, or named ones with their summaries. */
  examples: ApiExample[];
}

/** One highlighted example; `name` and `summary` come from a named example of `examples`. */
export interface ApiExample {
  name?: string;
  summary?: string;
  html: string;
  /** The example as text (what `html` highlights), for the page's Markdown twin. */
  code?: string;
}

export interface ApiSample {
  lang: string;
  label: string;
  html: string;
  /** The sample's code as text (what `html` highlights), for the page's Markdown twin. */
  code: string;
}

/** A server of the spec; `descriptionHtml` is its description rendered inline. */
export interface ApiServer {
  url: string;
  description?: string;
  descriptionHtml?: string;
}

export interface ApiOperationData {
  type: 'operation';
  slug: string;
  operationId: string;
  method: string;
  path: string;
  servers: ApiServer[];
  summary: string;
  description?: string;
  draft: boolean;
  deprecated: boolean;
  tag?: string;
  /**
   * The operation's own security requirement: `none` for `security: []`, else the schemes of its
   * first alternative (description HTML, and the environment variable the samples read).
   */
  auth: { none: boolean; schemes: Array<{ name: string; kind: string; description?: string; envVar: string; bearer: boolean }> };
  parameters: ApiParameter[];
  requestBody?: { required: boolean; description?: string; mediaType: string; schema: SchemaNode; examples: ApiExample[]; exampleJson?: string };
  responses: ApiResponse[];
  samples: ApiSample[];
}

export interface ApiSchemaData {
  type: 'schema';
  name: string;
  description?: string;
  tree: SchemaNode;
  example?: string;
  /** The example as text (what `example` highlights), for the page's Markdown twin. */
  exampleCode?: string;
  usedBy: Array<{ href: string; label: string; method?: string }>;
}

export interface ApiOverviewData {
  type: 'overview' | 'index';
  title: string;
  version: string;
  description?: string;
  servers: ApiServer[];
  security: Array<{ name: string; description: string }>;
  specUrl: string;
  overviewHref: string;
  tags: Array<{ name: string; anchor: string; description?: string; operations: Array<{ href: string; label: string; method: string; draft: boolean }> }>;
  /** The webhook pages, in spec order. */
  webhooks: Array<{ href: string; label: string; method: string }>;
  schemaCount: number;
  /** Every schema page, by name (on the index page only; empty on the overview). */
  schemas: Array<{ name: string; href: string }>;
}

/**
 * How webhook requests are signed (`x-webhook-signature` of the document, or `x-signature` of a
 * webhook): the header `{timestampKey}=<unix seconds>,{signatureKey}=<hex HMAC>` over
 * `signedPayload` with `{timestamp}` and `{body}` (the raw body) filled in.
 */
export interface WebhookSignature {
  header: string;
  algorithm: 'HMAC-SHA256';
  timestampKey: string;
  signatureKey: string;
  signedPayload: string;
  toleranceSeconds: number;
  /** What the secret is called, in words ("the point of sale's webhook secret"). */
  secretName?: string;
}

export interface ApiWebhookData {
  type: 'webhook';
  name: string;
  method: string;
  summary: string;
  description?: string;
  headers: ApiParameter[];
  payload?: { mediaType: string; schema: SchemaNode; examples: ApiExample[]; exampleJson?: string };
  responses: ApiResponse[];
  signature?: WebhookSignature;
  /** `x-retry` of the webhook: the answer timeout and the delays before each retry (none: not retried). */
  retry?: { timeoutSeconds?: number; delaysSeconds: number[] };
}

export type ApiPageData = ApiOperationData | ApiSchemaData | ApiOverviewData | ApiWebhookData;

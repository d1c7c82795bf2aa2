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
  /** Highlighted example HTML. */
  example?: string;
}

export interface ApiSample {
  lang: string;
  label: string;
  html: string;
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
  security: string[];
  parameters: ApiParameter[];
  requestBody?: { required: boolean; description?: string; mediaType: string; schema: SchemaNode; example?: string; exampleJson?: string };
  responses: ApiResponse[];
  samples: ApiSample[];
}

export interface ApiSchemaData {
  type: 'schema';
  name: string;
  description?: string;
  tree: SchemaNode;
  example?: string;
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
  schemaCount: number;
  /** Every schema page, by name (on the index page only; empty on the overview). */
  schemas: Array<{ name: string; href: string }>;
}

export type ApiPageData = ApiOperationData | ApiSchemaData | ApiOverviewData;

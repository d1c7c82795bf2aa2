import path from 'node:path';
import type { Diagnostic } from '../../shared/diagnostic';
import type { Sidebar } from '../../shared/page';
import type { ExtraPage } from '../graph/page-graph';
import type { Root as HastRoot } from 'hast';
import type { CodeHighlighter } from '../markdown/highlight';
import type { UserPlugins } from '../markdown/user-plugins';
import type { JsonObject, LoadedSpec } from './load-openapi';
import type { SampleSchemas } from '../check/check-samples';
import { createApiContext } from './api-context';
import { collectOperations, collectTags } from './collect-operations';
import { SchemaUses } from './schema-uses';
import { buildOperationPage } from './operation-page';
import { buildSchemaPage } from './schema-page';
import { apiTags, overviewPages, overviewRoute, webhookHref } from './api-overview';
import { apiSidebar } from './api-sidebar';

export { kebab, tagAnchor } from './api-page';

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
  /** The spec's server URLs (the API console sends requests there: the pages' CSP allows them). */
  servers: string[];
}

/**
 * Turns a loaded OpenAPI document into graph pages: `/api` (index), `/api/{title}` (overview),
 * one page per operation (`x-slug` or the kebab-cased operationId) and per component schema,
 * plus the API sidebar grouped by tag. Highlights samples through the shared cache.
 */
export async function buildApiPages(input: ApiPagesInput): Promise<ApiPages> {
  const ctx = await createApiContext(input);
  const { doc, components } = ctx;
  const collected = collectOperations(doc, ctx.at);
  const { operations } = collected;
  const diagnostics = [...ctx.diagnostics, ...collected.diagnostics];
  const uses = new SchemaUses(components);
  const requestSchemas: Record<string, JsonObject> = {};
  // Operations are built concurrently so their code samples highlight in parallel.
  const pages = await Promise.all(operations.map((o) => buildOperationPage({ ctx, uses, requestSchemas }, o)));
  uses.sortByOperations(operations);
  const { title, overviewHref } = overviewRoute(ctx);
  uses.noteWebhooks(doc, webhookHref(ctx, overviewHref));
  // Schema pages come after every operation and webhook has noted the schemas it uses.
  pages.push(...(await Promise.all(Object.entries(components).map((entry) => buildSchemaPage(ctx, uses, entry)))));
  const tags = apiTags(ctx, collectTags(doc, operations), operations);
  pages.push(...overviewPages(ctx, { title, overviewHref, tags }));
  return { pages, sidebar: apiSidebar(overviewHref, tags, components), diagnostics, samples: { requestSchemas, components, openapiVersion: String(doc.openapi) }, servers: ctx.servers.map((s) => s.url) };
}

export const specFileName = (file: string) => path.basename(file);

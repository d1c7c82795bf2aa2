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
import { apiTags, overviewPages, overviewRoute } from './api-overview';
import { buildWebhookPage, collectWebhooks } from './webhook-page';
import { str } from './json-values';
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
  /** Ids the theme's layout uses on every page: description headings never get them. */
  reservedIds?: readonly string[];
  /**
   * Called with each page as soon as it is complete; what it returns is what the pages list holds
   * (the build moves each page's data out of the heap here). The page as it was by default.
   */
  keep?: (page: ExtraPage) => ExtraPage;
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
 * one page per operation (`x-slug` or the kebab-cased operationId), per webhook and per component schema,
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
  const keep = input.keep ?? ((page: ExtraPage) => page);
  // Pages are built a few at a time, so their code samples highlight in parallel while only those
  // pages' data is alive (each is handed to `keep` as soon as it is done).
  const pages = await mapInOrder(operations, PAGES_AT_ONCE, async (o) => keep(await buildOperationPage({ ctx, uses, requestSchemas }, o)));
  uses.sortByOperations(operations);
  const { title, overviewHref } = overviewRoute(ctx);
  // Each webhook gets its page, which notes the schemas it uses.
  const webhooks = collectWebhooks(doc);
  pages.push(...(await mapInOrder(webhooks, PAGES_AT_ONCE, async (w) => keep(await buildWebhookPage({ ctx, uses }, w)))));
  // Schema pages come after every operation and webhook has noted the schemas it uses.
  pages.push(...(await mapInOrder(Object.entries(components), PAGES_AT_ONCE, async (entry) => keep(await buildSchemaPage(ctx, uses, entry)))));
  const tags = apiTags(ctx, collectTags(doc, operations), operations);
  const webhookLinks = webhooks.map((w) => ({ label: str(w.op.summary) ?? w.name, href: w.href, method: w.method }));
  pages.push(...overviewPages(ctx, { title, overviewHref, tags, webhooks: webhookLinks }).map(keep));
  return { pages, sidebar: apiSidebar(overviewHref, tags, components, webhookLinks), diagnostics, samples: { requestSchemas, components, openapiVersion: String(doc.openapi) }, servers: ctx.servers.map((s) => s.url) };
}

/** How many pages of the reference are built at once: enough to keep the highlight worker busy. */
const PAGES_AT_ONCE = 16;

/** `work` applied to every item, at most `limit` at once; the results in the items' order. */
async function mapInOrder<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

export const specFileName = (file: string) => path.basename(file);

import type { ApiOverviewData } from '../../shared/api-model';
import type { ExtraPage } from '../graph/page-graph';
import { securitySchemes, type ApiContext } from './api-context';
import { apiPage, heading, kebab, linksIn, tagAnchor } from './api-page';
import { tagsOf, type OperationRef } from './collect-operations';
import { str } from './json-values';
import { schemaHref } from './schema-page';

type ApiTag = ApiOverviewData['tags'][number];

/** The two pages about the whole API: `/api` (the index) and `/api/{title}` (the overview). */
export interface ApiOverview {
  title: string;
  overviewHref: string;
  tags: ApiTag[];
  webhooks: ApiOverviewData['webhooks'];
}

/** The API's title and the route of its overview page. */
export function overviewRoute(ctx: ApiContext): Pick<ApiOverview, 'title' | 'overviewHref'> {
  const title = str(ctx.info.object.title) ?? 'API reference';
  return { title, overviewHref: `/api/${kebab(title)}` };
}

const operationLink = (o: OperationRef): ApiTag['operations'][number] => ({ href: `/api/${o.slug}`, label: str(o.op.summary) ?? o.slug, method: o.method, draft: o.op['x-draft'] === true });

/** Each tag with the operations whose first tag it is; operations without tags go under "Other", last. */
export function apiTags(ctx: ApiContext, tagOrder: ReadonlyArray<{ name: string; description: string | undefined }>, operations: readonly OperationRef[]): ApiTag[] {
  const tags = tagOrder.map((t) => ({
    name: t.name,
    anchor: tagAnchor(t.name),
    description: t.description ? ctx.markdown(t.description) : undefined,
    operations: operations.filter((o) => tagsOf(o.op)[0] === t.name).map(operationLink),
  }));
  const untagged = operations.filter((o) => !tagsOf(o.op).length);
  if (untagged.length) tags.push({ name: 'Other', anchor: tagAnchor('Other'), description: undefined, operations: untagged.map(operationLink) });
  return tags;
}

/** The index (`/api`) and overview pages, in that order; they share their data but the overview's description. */
export function overviewPages(ctx: ApiContext, { title, overviewHref, tags, webhooks }: ApiOverview): ExtraPage[] {
  const info = ctx.info.object;
  const { text: infoText, renderer: infoRenderer } = ctx.info;
  const security = securitySchemes(ctx);
  const infoDescription = infoText ? infoRenderer.html(infoText) : undefined;
  const version = String(info.version ?? '');
  const schemaLinks = Object.keys(ctx.components).sort((a, b) => a.localeCompare(b)).map((name) => ({ name, href: schemaHref(name) }));
  const data = (type: 'overview' | 'index'): ApiOverviewData => ({ type, title, version, description: type === 'overview' ? infoDescription : undefined, servers: ctx.servers, security, specUrl: ctx.specUrl, overviewHref, tags, webhooks, schemaCount: Object.keys(ctx.components).length, schemas: type === 'index' ? schemaLinks : [] });
  const overviewHeadings = infoText ? infoRenderer.headings(infoText).filter((h) => h.depth >= 2 && h.depth <= 3) : [];
  const indexHeadings = [
    heading('servers', 'Servers'),
    heading('authentication', 'Authentication'),
    heading('how-to-read-this-reference', 'How to read this reference'),
    heading('operations', 'Operations'),
    ...tags.filter((t) => t.operations.length).map((t) => heading(t.anchor, t.name, 3)),
    ...(webhooks.length ? [heading('webhooks', 'Webhooks')] : []),
    ...(schemaLinks.length ? [heading('schemas', 'Schemas')] : []),
  ];
  return [
    apiPage(ctx.file, { route: '/api', title: 'API reference', description: `Reference for the ${title}: every operation and schema, with code samples.`, headings: indexHeadings, data: data('index'), kind: 'api-overview', links: [], sidebarLabel: 'Introduction' }),
    apiPage(ctx.file, {
      route: overviewHref,
      title,
      description: `Overview of the ${title}, version ${version}.`,
      headings: [...overviewHeadings, heading('download', 'Download the specification')],
      data: data('overview'),
      kind: 'api-overview',
      links: linksIn(infoDescription, ctx.file, '#/info/description'),
      sidebarLabel: 'Overview',
    }),
  ];
}

import type { Sidebar, SidebarNode } from '../../shared/page';
import type { ApiOverviewData } from '../../shared/api-model';
import type { JsonObject } from './load-openapi';
import { schemaHref } from './schema-page';

/**
 * The API sidebar: introduction, overview, one open category per tag that has operations, the
 * webhooks, then the schemas (closed, by name). Each category's index is its section of `/api`,
 * which lists them all.
 */
export function apiSidebar(overviewHref: string, tags: ApiOverviewData['tags'], components: Record<string, JsonObject>, webhooks: ReadonlyArray<{ label: string; href: string; method: string }> = []): Sidebar {
  const items: SidebarNode[] = [
    { type: 'link', label: 'Introduction', href: '/api' },
    { type: 'link', label: 'Overview', href: overviewHref },
    ...tags.filter((t) => t.operations.length).map((t): SidebarNode => ({ type: 'category', label: t.name, collapsed: false, index: `/api#${t.anchor}`, items: t.operations.map((o) => ({ type: 'link', label: o.label, href: o.href, badge: o.method })) })),
    ...(webhooks.length ? [{ type: 'category', label: 'Webhooks', collapsed: false, index: '/api#webhooks', items: webhooks.map((w) => ({ type: 'link', label: w.label, href: w.href, badge: w.method })) } satisfies SidebarNode] : []),
    { type: 'category', label: 'Schemas', collapsed: true, index: '/api#schemas', items: Object.keys(components).sort((a, b) => a.localeCompare(b)).map((n) => ({ type: 'link', label: n, href: schemaHref(n) })) },
  ];
  return { id: 'api', items };
}

import type { PageGraph, PageNode } from '../graph/page-graph';
import type { ResolvedConfig } from '../config/resolve-config';
import type { ApiPageData } from '../../shared/api-model';
import { hasTwin, markdownUrlFor } from '../../shared/agent-files';
import { twinDocument } from '../markdown/markdown-twin';
import { apiMarkdownBody } from './api-markdown';

const isApiData = (data: unknown): data is ApiPageData => typeof data === 'object' && data !== null && ['operation', 'schema', 'overview', 'index'].includes((data as { type?: unknown }).type as string);

/** One page's Markdown twin: content pages from their compiled Markdown, API pages from the spec. */
export function pageMarkdown(page: PageNode, contentBodies: ReadonlyMap<string, string>): string {
  const body = isApiData(page.data) ? apiMarkdownBody(page.data) : contentBodies.get(page.route) ?? '';
  return twinDocument({ title: page.title, description: page.description }, body);
}

/**
 * The files written for AI agents and other Markdown readers: every page's twin at `{route}.md`
 * and `llms-full.txt`, all twins in route order, each headed by its URL. Pure.
 */
export function agentFiles(graph: PageGraph, contentBodies: ReadonlyMap<string, string>, config: ResolvedConfig): Map<string, string> {
  const files = new Map<string, string>();
  const full: string[] = [`# ${config.title}`, '', `> ${config.description || config.tagline}`, '', `Every page of ${config.url}/ as Markdown; the index of pages is ${config.url}/llms.txt.`, ''];
  for (const route of graph.routes) {
    const page = graph.pages[route]!;
    if (!hasTwin(page.kind)) continue;
    const markdown = pageMarkdown(page, contentBodies);
    files.set(markdownUrlFor(route).slice(1), markdown);
    full.push('---', '', `Source: ${config.url}${route === '/' ? '/' : route}`, '', markdown.trim(), '');
  }
  files.set('llms-full.txt', `${full.join('\n')}\n`);
  return files;
}

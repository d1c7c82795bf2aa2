import { createElement, Fragment, type ComponentType, type ReactNode } from 'react';
import { jsx, jsxs } from 'react/jsx-runtime';
import { renderToString, renderToStaticMarkup } from 'react-dom/server';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { Root } from 'hast';
import { diagnostic, type Diagnostic } from '../../shared/diagnostic';
import type { SiteData } from '../../shared/site';
import type { IslandUrls, PageRenderData } from '../../shared/render-data';
import type { PageGraph } from '../graph/page-graph';
import type { TemplateModule } from './load-templates';
import { htmlDocument, redirectDocument, type DocumentAssets } from './html-document';

export interface RenderInput {
  graph: PageGraph;
  site: SiteData;
  templates: TemplateModule;
  /** Content trees by route (pages without content render their template alone): a Map, or made on demand. */
  contents: { get(route: string): Root | undefined };
  /** Page data kept out of the graph (API pages' data, in the build's page store), by route. */
  data?: { get(route: string): unknown };
  assets: DocumentAssets;
  /** Only these routes (watch mode); all when omitted. */
  routes?: readonly string[];
}

export type RenderResult = { route: string; ok: true; html: string } | { route: string; ok: false; diagnostic: Diagnostic };

export function contentToReact(tree: Root, components: TemplateModule['components']): ReactNode {
  return toJsxRuntime(tree, { Fragment, jsx, jsxs, components: components as Record<string, ComponentType<object>>, elementAttributeNameCase: 'react', stylePropertyNameCase: 'dom' });
}

/** Finished content hast → static HTML through the theme's components (for generated pages' Markdown). */
export function contentToHtml(tree: Root, components: TemplateModule['components']): string {
  return renderToStaticMarkup(createElement(Fragment, null, contentToReact(tree, components)));
}

/** Renders pages to HTML strings, one at a time as the caller takes them. One page's failure never stops the others. */
export function* renderPages(input: RenderInput): Generator<RenderResult> {
  const { graph, site, templates } = input;
  const islands: IslandUrls = Object.fromEntries(input.assets.islands ?? []);
  for (const route of input.routes ?? graph.routes) {
    const node = graph.pages[route];
    if (!node) continue;
    const stored = input.data?.get(route);
    const page = stored === undefined ? node : { ...node, data: stored };
    try {
      if (page.kind === 'redirect') {
        yield { route, ok: true, html: redirectDocument(site, page.redirectTo!) };
        continue;
      }
      const Template = templates.templates[page.kind] ?? templates.templates.doc;
      if (!Template) throw new Error(`the theme has no template for page kind "${page.kind}"`);
      const tree = input.contents.get(route);
      const content = tree ? contentToReact(tree, templates.components) : null;
      const sidebar = page.sidebarId ? graph.sidebars[page.sidebarId] ?? null : null;
      const data: PageRenderData = { site, page, sidebar, islands };
      const body = renderToString(createElement(Template, { ...data, content }));
      yield { route, ok: true, html: htmlDocument({ site, page, body, assets: input.assets, paintAfter: templates.paintAfter?.(data) ?? null }) };
    } catch (error) {
      const message = (error as Error).message;
      const hint = /window|document|localStorage/.test(message) ? 'browser-only code ran during server rendering: move it into an island or an effect' : undefined;
      yield { route, ok: false, diagnostic: diagnostic('RenderError', `rendering ${route} failed: ${message}`, { file: page.sourceFile ?? route }, { hint }) };
    }
  }
}

import { createElement, Fragment, type ComponentType, type ReactNode } from 'react';
import { jsx, jsxs } from 'react/jsx-runtime';
import { renderToString, renderToStaticMarkup } from 'react-dom/server';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { Root } from 'hast';
import { diagnostic, type Diagnostic } from '../../shared/diagnostic';
import type { Sidebar, SidebarNode } from '../../shared/page';
import type { SiteData } from '../../shared/site';
import type { PageGraph, PageNode } from '../graph/page-graph';
import type { TemplateModule } from './load-templates';
import { htmlDocument, redirectDocument, type DocumentAssets } from './html-document';
import { escapeAsReact } from './escape-html';

export interface RenderInput {
  graph: PageGraph;
  site: SiteData;
  templates: TemplateModule;
  /** Content trees by route (pages without content render their template alone). */
  contents: ReadonlyMap<string, Root>;
  assets: DocumentAssets;
  /** Only these routes (watch mode); all when omitted. */
  routes?: readonly string[];
}

export type RenderResult = { route: string; ok: true; html: string } | { route: string; ok: false; diagnostic: Diagnostic };

/** Sidebar HTML rendered once per build, plus the category ids that lead to each route. */
interface PreparedSidebar {
  html: string;
  ancestors: Map<string, number[]>;
}

function prepareSidebar(sidebar: Sidebar, SidebarTemplate: TemplateModule['Sidebar']): PreparedSidebar {
  const html = renderToStaticMarkup(createElement(SidebarTemplate, { sidebar }));
  const ancestors = new Map<string, number[]>();
  let nextId = 0;
  const walk = (items: SidebarNode[], path: number[]) => {
    for (const item of items) {
      if (item.type === 'link') {
        if (!ancestors.has(item.href)) ancestors.set(item.href, path);
      } else {
        const id = nextId++;
        if (item.href && !ancestors.has(item.href)) ancestors.set(item.href, [...path, id]);
        walk(item.items, [...path, id]);
      }
    }
  };
  walk(sidebar.items, []);
  return { html, ancestors };
}

/** Marks the current page in a pre-rendered sidebar: its link and the categories that hold it. */
function sidebarFor(prepared: PreparedSidebar, route: string): string {
  let html = prepared.html;
  for (const id of prepared.ancestors.get(route) ?? []) {
    html = html.replace(`<details data-cat="${id}">`, `<details data-cat="${id}" open="">`);
  }
  // The sidebar was written by React, so the route is looked for in React's escaping.
  const href = `href="${escapeAsReact(route)}"`;
  return html.replace(new RegExp(`class="(sidebar-link[^"]*)" ${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), `class="$1 active" aria-current="page" ${href}`);
}

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
  const sidebars = new Map<string, PreparedSidebar>();
  const sidebarHtml = (page: PageNode) => {
    if (!page.sidebarId) return '';
    let prepared = sidebars.get(page.sidebarId);
    if (!prepared) {
      prepared = prepareSidebar(graph.sidebars[page.sidebarId]!, templates.Sidebar);
      sidebars.set(page.sidebarId, prepared);
    }
    return sidebarFor(prepared, page.route);
  };
  for (const route of input.routes ?? graph.routes) {
    const page = graph.pages[route];
    if (!page) continue;
    try {
      if (page.kind === 'redirect') {
        yield { route, ok: true, html: redirectDocument(site, page.redirectTo!) };
        continue;
      }
      const Template = (templates.templates[page.kind] ?? templates.templates.doc) as ComponentType<Record<string, unknown>> | undefined;
      if (!Template) throw new Error(`the theme has no template for page kind "${page.kind}"`);
      const tree = input.contents.get(route);
      const content = tree ? contentToReact(tree, templates.components) : null;
      const body = renderToString(createElement(Template, { site, page, content, sidebarHtml: sidebarHtml(page) }));
      yield { route, ok: true, html: htmlDocument({ site, page, body, assets: input.assets }) };
    } catch (error) {
      const message = (error as Error).message;
      const hint = /window|document|localStorage/.test(message) ? 'browser-only code ran during server rendering: move it into an island or an effect' : undefined;
      yield { route, ok: false, diagnostic: diagnostic('RenderError', `rendering ${route} failed: ${message}`, { file: page.sourceFile ?? route }, { hint }) };
    }
  }
}

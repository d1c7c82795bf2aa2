import type { Diagnostic } from '../../shared/diagnostic';
import { htmlFileForRoute } from '../../shared/routes';
import type { SiteData } from '../../shared/site';
import type { PageGraph } from '../graph/page-graph';
import type { LoadedTemplates } from '../render/load-templates';
import { renderPages, type RenderInput } from '../render/render-pages';
import type { DocumentAssets } from '../render/html-document';
import { pageFacts, type PageFacts } from '../check/page-facts';
import { hashOf } from '../cache/cache-key';
import { engineFingerprint } from '../cache/engine-fingerprint';
import type { DirCache } from '../cache/dir-cache';
import type { Sink } from '../emit/sinks';
import { staged, type Staged } from './stage';

export interface RenderStageInput {
  graph: PageGraph;
  site: SiteData;
  templates: LoadedTemplates;
  assets: DocumentAssets;
  contents: RenderInput['contents'];
  /** Fingerprint of each content page's sources, by route (pages with errors have none). */
  sourceHashes: ReadonlyMap<string, string>;
  /** Page data kept out of the graph, by route (API pages), and what each is made from (the spec's key), by route. */
  data?: RenderInput['data'];
  dataKeys?: ReadonlyMap<string, string>;
  /** Finished HTML by render key. */
  cache: DirCache<string>;
  /** Each page's facts by render key: a page taken from `cache` is written out as bytes, never decoded. */
  facts: DirCache<PageFacts>;
  sink: Sink;
  /**
   * What a watch session's last committed build emitted for each route (its render key and facts):
   * a page whose key is unchanged stays as it is on disk, neither read nor written again.
   */
  emitted?: ReadonlyMap<string, EmittedPage>;
  /** The routes' render keys (`renderKeys`), when the caller made them already. */
  keys?: Map<string, string>;
}

export interface EmittedPage {
  key: string;
  facts: PageFacts;
}

export interface RenderedSite {
  /** What `check` needs of each page's HTML (ids, links written by templates); the HTML itself is not kept. */
  facts: Map<string, PageFacts>;
  /** Render key of each route (the search stage reuses its records while all keys are unchanged). */
  keys: Map<string, string>;
  rendered: number;
  /** Each route's key and facts, for the session once this build is committed. */
  emitted: Map<string, EmittedPage>;
}

/** What a page's render key is made from: the render stage's input, without the pages' contents. */
export type RenderKeyInput = Pick<RenderStageInput, 'graph' | 'site' | 'templates' | 'assets' | 'sourceHashes' | 'dataKeys'>;

/**
 * The render key of each route: the engine and theme, what every page shows (site data, sidebars,
 * assets), the page's node in the graph, and what its content or data is made from. A content page
 * with errors has no source hash, and no key: it is rendered, never cached. Known before any page
 * renders (the search stage starts from them).
 */
export function renderKeys(input: RenderKeyInput): Map<string, string> {
  const { graph } = input;
  const shared = hashOf(engineFingerprint(), input.templates.hash, JSON.stringify(input.site), JSON.stringify(graph.sidebars), JSON.stringify({ ...input.assets, islands: [...(input.assets.islands ?? [])] }));
  const keys = new Map<string, string>();
  for (const route of graph.routes) {
    const page = graph.pages[route]!;
    // A page whose data waits outside the graph is keyed by what that data is made from.
    const source = page.contentFile ? input.sourceHashes.get(route) : input.dataKeys?.get(route) ?? '';
    if (source !== undefined) keys.set(route, hashOf(shared, JSON.stringify(page), source));
  }
  return keys;
}

/**
 * Renders every route and streams its HTML into the sink, reusing a page's HTML while nothing it is
 * rendered from changed: the engine and theme, what every page shows (site data, sidebars, assets),
 * the page's node in the graph and, for content pages, its sources.
 */
export function renderSite(input: RenderStageInput): Staged<RenderedSite> {
  const { graph, sink } = input;
  const out: RenderedSite = { facts: new Map(), keys: input.keys ?? renderKeys(input), rendered: 0, emitted: new Map() };
  const diagnostics: Diagnostic[] = [];
  const emit = (route: string, html: string | Buffer, known?: PageFacts) => {
    const key = out.keys.get(route);
    sink.write(htmlFileForRoute(route), html, key);
    let facts = known;
    if (!facts) {
      facts = pageFacts(typeof html === 'string' ? html : html.toString('utf8'));
      if (key) input.facts.set(key, facts);
    }
    out.facts.set(route, facts);
    if (key) out.emitted.set(route, { key, facts });
  };
  const toRender: string[] = [];
  const kept = (route: string, page: EmittedPage) => {
    out.facts.set(route, page.facts);
    out.emitted.set(route, page);
  };
  for (const route of graph.routes) {
    const key = out.keys.get(route);
    if (!key) {
      toRender.push(route);
      continue;
    }
    const file = htmlFileForRoute(route);
    const known = input.emitted?.get(route);
    if (known?.key === key && sink.keep?.(file)) {
      kept(route, known);
      continue;
    }
    // The page as an earlier build published it, unread (while it is the file that build wrote),
    // else its HTML from the cache, as bytes.
    const reused = sink.reuse?.(file, key, () => input.facts.get(key));
    if (reused) {
      kept(route, { key, facts: reused });
      continue;
    }
    const cached = input.cache.getRaw(key);
    if (cached !== undefined) emit(route, cached, input.facts.get(key));
    else toRender.push(route);
  }
  for (const result of renderPages({ graph, site: input.site, templates: input.templates.module, contents: input.contents, data: input.data, routes: toRender, assets: input.assets })) {
    if (!result.ok) {
      diagnostics.push(result.diagnostic);
      continue;
    }
    out.rendered++;
    emit(result.route, result.html);
    const key = out.keys.get(result.route);
    if (key) input.cache.set(key, result.html);
  }
  input.cache.retain(out.keys.values());
  input.facts.retain(out.keys.values());
  for (const { file, text } of input.templates.module.siteFiles?.({ sidebars: graph.sidebars }) ?? []) sink.write(file, text);
  return staged(out, diagnostics);
}

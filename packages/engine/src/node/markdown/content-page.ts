import type { Root as HastRoot } from 'hast';
import type { CompiledPage } from './compile-page';
import { describeHast } from '../meta/describe';
import { pageSections, type PageSection } from '../search/page-sections';
import type { PayloadStore } from '../build/payloads';

/**
 * What the build keeps of a compiled page from the content stage to the end: the facts the graph,
 * search and the twins need, and the content as one JSON string. A page's tree (thousands of
 * objects with source positions) lives only while the page compiles and again while it renders,
 * so a build holds strings for the whole site, never every page's tree (issue 16: at 10,000 pages
 * the trees alone took about a gigabyte). A plain value: it goes to the persistent cache as JSON.
 */
export interface ContentPage extends Omit<CompiledPage, 'hast'> {
  /** The content tree as JSON, without source positions; null when the page has no content. */
  content: string | null;
  /** Its first paragraph's text, summarised: the description when the frontmatter has none. */
  summary: string;
  /** The content split at its h2 and h3 headings, as search records are made of. */
  sections: PageSection[];
}

/** Drops every node's source position (nothing after the compiler reads it). Changes the tree. */
function stripPositions(node: { position?: unknown; children?: unknown[] }): void {
  delete node.position;
  if (node.children) for (const child of node.children) stripPositions(child as typeof node);
}

/** The page as the build keeps it. Takes the tree over: the caller must not use `page.hast` again. */
export function keepPage(page: CompiledPage): ContentPage {
  const { hast, ...facts } = page;
  if (!hast) return { ...facts, content: null, summary: '', sections: [] };
  stripPositions(hast);
  return { ...facts, content: JSON.stringify(hast), summary: describeHast(hast), sections: pageSections(hast) };
}

/**
 * A compiled page as the rest of the build holds it: its facts, with its content JSON and its
 * Markdown body moved to the build's page store (read back by `storedContent` and `storedMarkdown`
 * while the page renders and its twin is written).
 */
export type KeptPage = Omit<ContentPage, 'content' | 'markdown'>;

const contentKey = (route: string) => `content\0${route}`;
/** Where a page's Markdown body waits in the page store (content pages, and API pages whose data is stored). */
export const markdownKey = (route: string) => `markdown\0${route}`;

/** Moves the page's payloads to `store`. The page itself is not changed (a watch session's memo keeps it whole). */
export function storePage(page: ContentPage, store: PayloadStore): KeptPage {
  const { content, markdown, ...kept } = page;
  if (content !== null) store.put(contentKey(page.route), content);
  store.put(markdownKey(page.route), markdown);
  return kept;
}

/** A stored page's content tree, made anew from its JSON; undefined when the page has none. */
export function storedContent(store: PayloadStore, route: string): HastRoot | undefined {
  const json = store.get(contentKey(route));
  return json === undefined ? undefined : (JSON.parse(json) as HastRoot);
}

/** A stored page's Markdown body (its twin's text); undefined for a route that is not a content page. */
export const storedMarkdown = (store: PayloadStore, route: string): string | undefined => store.get(markdownKey(route));

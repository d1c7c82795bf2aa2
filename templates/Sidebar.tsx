import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Sidebar as SidebarData, SidebarNode } from '../packages/engine/src/shared/page';
import { isExternal } from '../packages/engine/src/shared/site';
import { breakable } from './components/Breakable';

type Category = Extract<SidebarNode, { type: 'category' }>;

/** Where the current page sits in a sidebar. */
export interface CurrentPlace {
  /** The item that links to the page: the first in document order when several do. */
  item: SidebarNode;
  /** Categories shown open for it: those holding the item, and the item itself when it is a category. */
  open: ReadonlySet<Category>;
}

/**
 * A sidebar with more links than this is too large to send whole with every page: a page gets the
 * lists on the way to its own item, and every other category that has an `index` page as a link to
 * that page (the client loads its list from `/_sidebar/` when the reader opens it). Page size then
 * stays the same whatever the size of the site.
 */
export const SIDEBAR_INLINE_LINKS = 150;
/** In a large sidebar, a list on the current page's path shows this many items either side of it. */
const WINDOW = 25;

/** What one sidebar render needs besides the items. */
interface RenderState {
  sidebar: SidebarData;
  /**
   * Of each category: its `data-cat` id (its pre-order number, the same on every page), the links
   * under it (for the "All N pages" link of a category sent as a link) and the depth of its list.
   */
  categories: ReadonlyMap<Category, { id: number; links: number; depth: number }>;
  /** Whether the sidebar has more than `SIDEBAR_INLINE_LINKS` links. */
  large: boolean;
  current: CurrentPlace | null;
  /** Each list's HTML on a page that is in none of its items, by list (`listHtml`). */
  lists: Map<readonly SidebarNode[], ListHtml>;
  /** Each item's list and its index in it. */
  positions: ReadonlyMap<SidebarNode, { list: readonly SidebarNode[]; index: number }>;
  /**
   * Where each route sits: its first item in document order (depth first, a category before its
   * items) and the categories on the way to it. Found by the walk that numbers the categories, so
   * a page's place is a lookup, not a walk of the whole sidebar (0.8 s of a 3,000-page build).
   */
  places: ReadonlyMap<string, CurrentPlace>;
}

type Memo = Omit<RenderState, 'current'>;

/** A list's items as they look on a page in none of them: their HTML one after another, and where each starts (one more entry: the end). */
interface ListHtml {
  html: string;
  starts: number[];
}

/**
 * Per-build memory, keyed by the sidebar object the renderer passes (the graph's own, unchanged
 * for the whole build; a new build brings new objects, so nothing stale is ever found).
 */
const built = new WeakMap<SidebarData, Memo>();

function memoFor(sidebar: SidebarData): Memo {
  let memo = built.get(sidebar);
  if (!memo) {
    const categories = new Map<Category, { id: number; links: number; depth: number }>();
    const positions = new Map<SidebarNode, { list: readonly SidebarNode[]; index: number }>();
    const places = new Map<string, CurrentPlace>();
    const number = (items: readonly SidebarNode[], depth: number, open: ReadonlySet<Category>): number => {
      let links = 0;
      for (const [index, item] of items.entries()) {
        positions.set(item, { list: items, index });
        if (item.type !== 'category') {
          if (!places.has(item.href)) places.set(item.href, { item, open });
          links++;
          continue;
        }
        const inside = new Set([...open, item]);
        if (item.href && !places.has(item.href)) places.set(item.href, { item, open: inside });
        const facts = { id: categories.size, links: 0, depth };
        categories.set(item, facts);
        facts.links = number(item.items, depth + 1, inside) + (item.href ? 1 : 0);
        links += facts.links;
      }
      return links;
    };
    const links = number(sidebar.items, 1, new Set());
    memo = { sidebar, categories, large: links > SIDEBAR_INLINE_LINKS, lists: new Map(), positions, places };
    built.set(sidebar, memo);
  }
  return memo;
}

/** Where the client loads the list of a category sent as a link (see `sidebarParts`). */
export function sidebarPartHref(sidebar: SidebarData, id: number): string {
  return `/_sidebar/${sidebar.id.replace(/[^A-Za-z0-9_-]/g, (c) => `~${c.charCodeAt(0).toString(16)}`)}/${id}.json`;
}

/**
 * The files a large sidebar's categories are loaded from: each holds, as `{"html": …}`, the `<li>`
 * items of one category that some page sends as a link, as they look on a page not inside it.
 * JSON, not HTML: static hosts serve it as it is, where an `.html` file is taken for a page (and
 * redirected to a clean URL).
 */
export function sidebarParts(sidebar: SidebarData): Array<{ file: string; text: string }> {
  const memo = memoFor(sidebar);
  if (!memo.large) return [];
  const state: RenderState = { ...memo, current: null };
  const parts: Array<{ file: string; text: string }> = [];
  for (const [category, { id, depth }] of memo.categories) {
    if (!category.index) continue;
    parts.push({ file: sidebarPartHref(sidebar, id).slice(1), text: JSON.stringify({ html: listHtml(category.items, depth, state).html }) });
  }
  return parts;
}

function linkProps(item: SidebarNode, className: string, state: RenderState) {
  const current = state.current?.item === item;
  return { className: current ? `${className} active` : className, 'aria-current': current ? ('page' as const) : undefined };
}

/**
 * A list of items. Any list looks the same on every page except for the one item of it that is on
 * the path to the current page (the current item, or a category holding it), so a list's HTML is
 * made once per build (`listHtml`) and a page renders only its own item of each list on its path,
 * between slices of that HTML: a page of a sidebar of 150 categories renders the few items on its
 * path, not 150. In a large sidebar a long list on the path shows a window around the current
 * item, and links to its category's index for the rest.
 */
function itemList(items: readonly SidebarNode[], depth: number, state: RenderState, onPath: boolean, parent?: Category): ReactElement {
  const className = `sidebar-list sidebar-depth-${depth}`;
  const list = listHtml(items, depth, state);
  if (!onPath) return <ul className={className} dangerouslySetInnerHTML={{ __html: list.html }} />;
  const { current } = state;
  const here = [current?.item, ...(current?.open ?? [])].map((item) => item && state.positions.get(item)).find((p) => p?.list === items)?.index ?? -1;
  const hereHtml = here < 0 ? '' : renderToStaticMarkup(sidebarItem(items[here]!, here, depth, state));
  /** Items from..to (exclusive) as this page shows them. */
  const slice = (from: number, to: number) => (here < from || here >= to ? list.html.slice(list.starts[from], list.starts[to]) : list.html.slice(list.starts[from], list.starts[here]) + hereHtml + list.html.slice(list.starts[here + 1], list.starts[to]));
  if (!state.large || !parent?.index || items.length <= 2 * WINDOW + 1) return <ul className={className} dangerouslySetInnerHTML={{ __html: slice(0, items.length) }} />;
  const start = Math.min(Math.max(0, here - WINDOW), items.length - (2 * WINDOW + 1));
  const end = start + 2 * WINDOW + 1;
  const more = (count: number) =>
    count
      ? renderToStaticMarkup(
          <li className="sidebar-item sidebar-more">
            <a className="sidebar-link" href={parent.index}>{`${count.toLocaleString('en')} more in ${parent.label}`}</a>
          </li>,
        )
      : '';
  return <ul className={className} dangerouslySetInnerHTML={{ __html: more(start) + slice(start, end) + more(items.length - end) }} />;
}

/**
 * A list's HTML on a page that is in none of its items, made once per build. Flattened: React
 * returns a string made of many pieces, and V8 would otherwise walk those pieces again on every
 * page that copies a slice of it.
 */
function listHtml(items: readonly SidebarNode[], depth: number, state: RenderState): ListHtml {
  let list = state.lists.get(items);
  if (list === undefined) {
    // Runs while the page renders: React's synchronous server renderer supports being re-entered
    // (it saves and restores its own state), and nothing here uses hooks or context.
    const plain: RenderState = { ...state, current: null };
    const starts = [0];
    let html = '';
    for (const [i, item] of items.entries()) {
      html += renderToStaticMarkup(sidebarItem(item, i, depth, plain));
      starts.push(html.length);
    }
    list = { html: flatten(html), starts };
    state.lists.set(items, list);
  }
  return list;
}

/** The same string, stored as one piece (converting a string to a number makes V8 flatten it). */
function flatten(text: string): string {
  void Number(text);
  return text;
}

function sidebarItem(item: SidebarNode, key: number, depth: number, state: RenderState): ReactElement {
  if (item.type === 'link') {
    const external = isExternal(item.href);
    return (
      <li key={key} className="sidebar-item">
        <a {...linkProps(item, 'sidebar-link', state)} href={item.href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {item.badge ? <span className={`method-badge method-${item.badge.toLowerCase()}`}>{item.badge}</span> : null}
          <span>{breakable(item.label)}</span>
        </a>
      </li>
    );
  }
  const onPath = state.current?.open.has(item) ?? false;
  const { id, links } = state.categories.get(item)!;
  // Away from the current page, a category of a large sidebar is sent as a link to its index.
  const asLink = state.large && !onPath && item.index !== undefined;
  return (
    <li key={key} className={`sidebar-item sidebar-category${item.href ? ' sidebar-category-linked' : ''}`}>
      {/* A link may not sit inside <summary> (a button): it is laid over the row instead, and the
          summary keeps an invisible copy of the label so the row has the link's size. */}
      {item.href ? <a {...linkProps(item, 'sidebar-link sidebar-category-link', state)} href={item.href}>{item.label}</a> : null}
      <details data-cat={id} {...(asLink ? { 'data-sidebar-part': sidebarPartHref(state.sidebar, id) } : {})} {...((item.collapsed || asLink) && !onPath ? {} : { open: true })}>
        <summary className="sidebar-category-label" {...(item.href ? { 'aria-label': `${item.label}: show or hide its pages` } : {})}>
          {item.href ? <span className="sidebar-category-spacer" aria-hidden="true">{item.label}</span> : <span>{item.label}</span>}
        </summary>
        {asLink ? (
          <ul className={`sidebar-list sidebar-depth-${depth + 1}`}>
            <li className="sidebar-item sidebar-more">
              <a className="sidebar-link" href={item.index}>{`All ${links.toLocaleString('en')} pages in ${item.label}`}</a>
            </li>
          </ul>
        ) : (
          itemList(item.items, depth + 1, state, onPath, item)
        )}
      </details>
    </li>
  );
}

/**
 * A sidebar with the current page marked: its link gets `active` and `aria-current="page"`, and the
 * categories on the way to it are open. Categories are `<details>` (they work without JS) with
 * `data-cat` ids.
 */
export function Sidebar({ sidebar, currentRoute }: { sidebar: SidebarData; currentRoute: string | null }) {
  const memo = memoFor(sidebar);
  const current = currentRoute === null ? null : (memo.places.get(currentRoute) ?? null);
  const state: RenderState = { ...memo, current };
  return (
    <nav className="sidebar" aria-label="Docs sidebar" data-sidebar={sidebar.id}>
      {itemList(sidebar.items, 0, state, current !== null)}
    </nav>
  );
}

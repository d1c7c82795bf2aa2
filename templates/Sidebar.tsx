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
 * Where each route sits in a sidebar: its first item in document order (depth first, a category
 * before its items) and the categories on the way to it. One walk per sidebar and build, so
 * finding a page's place costs a lookup, not a walk of the whole sidebar (at 3,000 pages that walk
 * was 0.8 s of a build).
 */
function placesOf(sidebar: SidebarData): Map<string, CurrentPlace> {
  const places = new Map<string, CurrentPlace>();
  const walk = (items: readonly SidebarNode[], open: ReadonlySet<Category>) => {
    for (const item of items) {
      if (item.type === 'link') {
        if (!places.has(item.href)) places.set(item.href, { item, open });
        continue;
      }
      const inside = new Set([...open, item]);
      if (item.href && !places.has(item.href)) places.set(item.href, { item, open: inside });
      walk(item.items, inside);
    }
  };
  walk(sidebar.items, new Set());
  return places;
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
  /** HTML of item lists that hold nothing current, by list. */
  lists: Map<readonly SidebarNode[], string>;
  /** HTML of single items that hold nothing current, in a list on the current page's path. */
  items: Map<SidebarNode, string>;
  /** Each route's place (`placesOf`), made on the first page that needs it. */
  places: Map<string, CurrentPlace> | null;
}

type Memo = Omit<RenderState, 'current'>;

/**
 * Per-build memory, keyed by the sidebar object the renderer passes (the graph's own, unchanged
 * for the whole build; a new build brings new objects, so nothing stale is ever found).
 */
const built = new WeakMap<SidebarData, Memo>();

function memoFor(sidebar: SidebarData): Memo {
  let memo = built.get(sidebar);
  if (!memo) {
    const categories = new Map<Category, { id: number; links: number; depth: number }>();
    const number = (items: readonly SidebarNode[], depth: number): number => {
      let links = 0;
      for (const item of items) {
        if (item.type !== 'category') {
          links++;
          continue;
        }
        const facts = { id: categories.size, links: 0, depth };
        categories.set(item, facts);
        facts.links = number(item.items, depth + 1) + (item.href ? 1 : 0);
        links += facts.links;
      }
      return links;
    };
    const links = number(sidebar.items, 1);
    memo = { sidebar, categories, large: links > SIDEBAR_INLINE_LINKS, lists: new Map(), items: new Map(), places: null };
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
    parts.push({ file: sidebarPartHref(sidebar, id).slice(1), text: JSON.stringify({ html: listHtml(category.items, depth, state) }) });
  }
  return parts;
}

function linkProps(item: SidebarNode, className: string, state: RenderState) {
  const current = state.current?.item === item;
  return { className: current ? `${className} active` : className, 'aria-current': current ? ('page' as const) : undefined };
}

/**
 * A list of items. A list on the path to the current item (`onPath`: the top list, those of the
 * open categories) is rendered for this page; any other list
 * looks the same on every page, so its HTML is rendered once per build and reused: a page costs
 * the lists on the way to its own item, not the whole sidebar. In a large sidebar a long list on
 * the path shows a window around the current item, and links to its category's index for the rest.
 */
function itemList(items: readonly SidebarNode[], depth: number, state: RenderState, onPath: boolean, parent?: Category): ReactElement {
  const className = `sidebar-list sidebar-depth-${depth}`;
  if (!onPath) return <ul className={className} dangerouslySetInnerHTML={{ __html: listHtml(items, depth, state) }} />;
  if (!state.large || !parent?.index || items.length <= 2 * WINDOW + 1) return <ul className={className} dangerouslySetInnerHTML={{ __html: items.map((item) => itemHtml(item, depth, state)).join('') }} />;
  const at = Math.max(0, items.findIndex((item) => item === state.current?.item || (item.type === 'category' && state.current?.open.has(item))));
  const start = Math.min(Math.max(0, at - WINDOW), items.length - (2 * WINDOW + 1));
  const end = start + 2 * WINDOW + 1;
  const more = (count: number) =>
    count
      ? renderToStaticMarkup(
          <li className="sidebar-item sidebar-more">
            <a className="sidebar-link" href={parent.index}>{`${count.toLocaleString('en')} more in ${parent.label}`}</a>
          </li>,
        )
      : '';
  const html = more(start) + items.slice(start, end).map((item) => itemHtml(item, depth, state)).join('') + more(items.length - end);
  return <ul className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * One item of a list on the current page's path. An item that is neither the current one nor a
 * category on the way to it looks the same on every page of the sidebar, so its HTML is made once
 * per build: a page of a sidebar with 150 categories renders the few items on its path, not 150.
 */
function itemHtml(item: SidebarNode, depth: number, state: RenderState): string {
  const here = state.current !== null && (state.current.item === item || (item.type === 'category' && state.current.open.has(item)));
  if (here) return renderToStaticMarkup(sidebarItem(item, 0, depth, state));
  let html = state.items.get(item);
  if (html === undefined) {
    html = renderToStaticMarkup(sidebarItem(item, 0, depth, { ...state, current: null }));
    state.items.set(item, html);
  }
  return html;
}

function listHtml(items: readonly SidebarNode[], depth: number, state: RenderState): string {
  let html = state.lists.get(items);
  if (html === undefined) {
    // Runs while the page renders: React's synchronous server renderer supports being re-entered
    // (it saves and restores its own state), and nothing here uses hooks or context.
    const plain: RenderState = { ...state, current: null };
    html = renderToStaticMarkup(<>{items.map((item, i) => sidebarItem(item, i, depth, plain))}</>);
    state.lists.set(items, html);
  }
  return html;
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
  const current = currentRoute === null ? null : ((memo.places ??= placesOf(sidebar)).get(currentRoute) ?? null);
  const state: RenderState = { ...memo, current };
  return (
    <nav className="sidebar" aria-label="Docs sidebar" data-sidebar={sidebar.id}>
      {itemList(sidebar.items, 0, state, current !== null)}
    </nav>
  );
}

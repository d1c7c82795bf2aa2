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

/** Finds the page's item (depth first, in document order) and the categories on the way to it. */
export function currentPlace(sidebar: SidebarData, route: string): CurrentPlace | null {
  const trail: Category[] = [];
  const find = (items: readonly SidebarNode[]): CurrentPlace | null => {
    for (const item of items) {
      if (item.type === 'link') {
        if (item.href === route) return { item, open: new Set(trail) };
        continue;
      }
      if (item.href === route) return { item, open: new Set([...trail, item]) };
      trail.push(item);
      const found = find(item.items);
      trail.pop();
      if (found) return found;
    }
    return null;
  };
  return find(sidebar.items);
}

/** What one sidebar render needs besides the items. */
interface RenderState {
  /** `data-cat` id of each category: its pre-order number, the same on every page. */
  ids: ReadonlyMap<Category, number>;
  current: CurrentPlace | null;
  /** HTML of item lists that hold nothing current, by list. */
  lists: Map<readonly SidebarNode[], string>;
}

/**
 * Per-build memory, keyed by the sidebar object the renderer passes (the graph's own, unchanged
 * for the whole build; a new build brings new objects, so nothing stale is ever found).
 */
const built = new WeakMap<SidebarData, Pick<RenderState, 'ids' | 'lists'>>();

function memoFor(sidebar: SidebarData): Pick<RenderState, 'ids' | 'lists'> {
  let memo = built.get(sidebar);
  if (!memo) {
    const ids = new Map<Category, number>();
    const number = (items: readonly SidebarNode[]) => {
      for (const item of items) {
        if (item.type !== 'category') continue;
        ids.set(item, ids.size);
        number(item.items);
      }
    };
    number(sidebar.items);
    memo = { ids, lists: new Map() };
    built.set(sidebar, memo);
  }
  return memo;
}

function linkProps(item: SidebarNode, className: string, state: RenderState) {
  const current = state.current?.item === item;
  return { className: current ? `${className} active` : className, 'aria-current': current ? ('page' as const) : undefined };
}

/**
 * A list of items. A list on the path to the current item (`onPath`: the top list, those of the
 * open categories) is rendered for this page; any other list
 * looks the same on every page, so its HTML is rendered once per build and reused: a page costs
 * the lists on the way to its own item, not the whole sidebar.
 */
function itemList(items: readonly SidebarNode[], depth: number, state: RenderState, onPath: boolean): ReactElement {
  const className = `sidebar-list sidebar-depth-${depth}`;
  if (onPath) return <ul className={className}>{items.map((item, i) => sidebarItem(item, i, depth, state))}</ul>;
  return <ul className={className} dangerouslySetInnerHTML={{ __html: listHtml(items, depth, state) }} />;
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
  return (
    <li key={key} className={`sidebar-item sidebar-category${item.href ? ' sidebar-category-linked' : ''}`}>
      {/* A link may not sit inside <summary> (a button): it is laid over the row instead, and the
          summary keeps an invisible copy of the label so the row has the link's size. */}
      {item.href ? <a {...linkProps(item, 'sidebar-link sidebar-category-link', state)} href={item.href}>{item.label}</a> : null}
      <details data-cat={state.ids.get(item)} {...(item.collapsed && !onPath ? {} : { open: true })}>
        <summary className="sidebar-category-label" {...(item.href ? { 'aria-label': `${item.label}: show or hide its pages` } : {})}>
          {item.href ? <span className="sidebar-category-spacer" aria-hidden="true">{item.label}</span> : <span>{item.label}</span>}
        </summary>
        {itemList(item.items, depth + 1, state, onPath)}
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
  const current = currentRoute === null ? null : currentPlace(sidebar, currentRoute);
  const state: RenderState = { ...memoFor(sidebar), current };
  return (
    <nav className="sidebar" aria-label="Docs sidebar" data-sidebar={sidebar.id}>
      {itemList(sidebar.items, 0, state, current !== null)}
    </nav>
  );
}

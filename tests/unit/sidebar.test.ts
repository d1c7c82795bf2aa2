import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { fromHtml } from 'hast-util-from-html';
import { select, selectAll } from 'hast-util-select';
import { toString } from 'hast-util-to-string';
import type { Sidebar as SidebarData, SidebarNode } from '../../packages/engine/src/shared/page';
import { Sidebar, SIDEBAR_INLINE_LINKS, sidebarParts } from '../../templates/Sidebar';

const links = (prefix: string, n: number): SidebarNode[] => Array.from({ length: n }, (_, i) => ({ type: 'link', label: `${prefix} ${i}`, href: `/${prefix}/${i}` }));
const render = (sidebar: SidebarData, route: string) => fromHtml(renderToStaticMarkup(createElement(Sidebar, { sidebar, currentRoute: route })), { fragment: true });

describe('the sidebar of a large site', () => {
  it('sends a sidebar under the limit whole, with no parts', () => {
    const sidebar: SidebarData = { id: 'docs', items: [{ type: 'category', label: 'A', collapsed: true, index: '/a', items: links('a', 50) }, { type: 'category', label: 'B', collapsed: true, index: '/b', items: links('b', 50) }] };
    const tree = render(sidebar, '/a/3');
    expect(selectAll('a.sidebar-link', tree)).toHaveLength(100);
    expect(sidebarParts(sidebar)).toEqual([]);
  });

  it('shows a window of 51 items around the current one in a long list, the rest behind its index', () => {
    const sidebar: SidebarData = { id: 'api', items: [{ type: 'category', label: 'Payments', collapsed: false, index: '/api#payments', items: links('p', SIDEBAR_INLINE_LINKS + 150) }] };
    const tree = render(sidebar, '/p/150');
    const shown = selectAll('a.sidebar-link', tree).map((a) => String(a.properties.href));
    expect(shown[0]).toBe('/api#payments');
    expect(shown.slice(1, -1)).toEqual(Array.from({ length: 51 }, (_, i) => `/p/${125 + i}`));
    expect(shown.at(-1)).toBe('/api#payments');
    expect(selectAll('.sidebar-more', tree).map((li) => toString(li))).toEqual(['125 more in Payments', '124 more in Payments']);
    expect(String(select('[aria-current="page"]', tree)!.properties.href)).toBe('/p/150');
    // At the start of the list the window does not shrink: the first 51 items, then the rest.
    const first = selectAll('a.sidebar-link', render(sidebar, '/p/0')).map((a) => String(a.properties.href));
    expect(first.slice(0, 51)).toEqual(Array.from({ length: 51 }, (_, i) => `/p/${i}`));
  });

  it('sends a category without an index whole, and loads the others from parts that hold their items', () => {
    const sidebar: SidebarData = { id: 'big one', items: [{ type: 'category', label: 'Kept', collapsed: true, items: links('k', 100) }, { type: 'category', label: 'Far', collapsed: true, index: '/far', items: links('f', 100) }, { type: 'link', label: 'Here', href: '/here' }] };
    const tree = render(sidebar, '/here');
    expect(selectAll('a[href^="/k/"]', tree)).toHaveLength(100);
    expect(selectAll('a[href^="/f/"]', tree)).toHaveLength(0);
    const far = select('details[data-sidebar-part]', tree)!;
    expect(toString(select('a', far)!)).toBe('All 100 pages in Far');
    const parts = sidebarParts(sidebar);
    expect(parts.map((p) => p.file)).toEqual([String(far.properties.dataSidebarPart).slice(1)]);
    // The id is made safe for a path (`big one` → `big~20one`).
    expect(parts[0]!.file).toBe('_sidebar/big~20one/1.json');
    expect(selectAll('a', fromHtml((JSON.parse(parts[0]!.text) as { html: string }).html, { fragment: true })).map((a) => String(a.properties.href))).toEqual(Array.from({ length: 100 }, (_, i) => `/f/${i}`));
  });
});

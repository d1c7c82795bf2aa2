import path from 'node:path';
import { diagnostic, type Diagnostic } from '../../shared/diagnostic';
import type { Breadcrumb, PageLink, Sidebar, SidebarNode } from '../../shared/page';
import type { SidebarItemInput } from '../config/config-schema';
import type { ResolvedConfig } from '../config/resolve-config';
import type { CategoryMeta } from '../crawl/crawl-content';
import type { PageNode } from './page-graph';
import { locateInConfig } from './config-position';
import type { KeyPath } from '../config/config-ast';

interface Entry {
  position: number | undefined;
  name: string;
  node: SidebarNode;
}

const byPosition = (a: Entry, b: Entry) =>
  (a.position ?? Number.POSITIVE_INFINITY) - (b.position ?? Number.POSITIVE_INFINITY) || a.name.localeCompare(b.name);

const humanize = (name: string) => name.replace(/[-_]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

/**
 * Items of a content folder, ordered by `sidebar_position` (then name). Sub-folders become
 * categories whose link is their `index` page and whose label comes from `_category_.yml`.
 * Each page is looked at once per folder level above it: the pages of a sub-folder are handed
 * down, not searched for among the whole site's again.
 */
export function autogenerate(dir: string, docs: readonly PageNode[], categories: Map<string, CategoryMeta>): SidebarNode[] {
  const prefix = dir ? `${dir.replace(/\/$/, '')}/` : '';
  const entries: Entry[] = [];
  const subdirs = new Map<string, PageNode[]>();
  for (const page of docs) {
    const rel = page.contentFile!;
    if (!rel.startsWith(prefix)) continue;
    const rest = rel.slice(prefix.length);
    const slash = rest.indexOf('/');
    if (slash >= 0) {
      const sub = rest.slice(0, slash);
      const list = subdirs.get(sub);
      if (list) list.push(page);
      else subdirs.set(sub, [page]);
      continue;
    }
    entries.push({ position: page.sidebarPosition, name: rest, node: { type: 'link', label: page.sidebarLabel, href: page.route } });
  }
  for (const [sub, inside] of subdirs) {
    const full = prefix + sub;
    const index = inside.find((p) => p.contentFile === `${full}/index.mdx` || p.contentFile === `${full}/index.md`);
    const meta = categories.get(full);
    const items = autogenerate(full, index ? inside.filter((p) => p !== index) : inside, categories);
    entries.push({
      position: meta?.position ?? index?.sidebarPosition,
      name: sub,
      node: { type: 'category', label: meta?.label ?? index?.sidebarLabel ?? humanize(sub), href: index?.route, collapsed: meta?.collapsed ?? true, items },
    });
  }
  return entries.sort(byPosition).map((e) => e.node);
}

/** Resolves the configured sidebars (or one per top-level content folder) into link trees. Pure. */
export function buildSidebars(config: ResolvedConfig, pages: Record<string, PageNode>, categories: Map<string, CategoryMeta>): { sidebars: Record<string, Sidebar>; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const docs = Object.values(pages).filter((p) => p.contentFile && (p.kind === 'doc' || p.kind === 'home' || p.kind === 'changelog'));
  // Sorted by file, the pages of a folder are one run: found by binary search, so a site with a
  // sidebar per folder costs n log n, not a scan of every page per sidebar.
  const byFile = [...docs].sort((a, b) => (a.contentFile! < b.contentFile! ? -1 : a.contentFile! > b.contentFile! ? 1 : 0));
  const docsUnder = (dir: string): PageNode[] => {
    const prefix = dir ? `${dir.replace(/\/$/, '')}/` : '';
    let lo = 0;
    for (let hi = byFile.length; lo < hi; ) {
      const mid = (lo + hi) >> 1;
      if (byFile[mid]!.contentFile! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const found: PageNode[] = [];
    for (let i = lo; i < byFile.length && byFile[i]!.contentFile!.startsWith(prefix); i++) found.push(byFile[i]!);
    return found;
  };
  const configFile = config.configFile ?? path.join(config.root, 'docs-build.config.ts');
  const definitions: Record<string, SidebarItemInput[]> = config.sidebars ?? defaultSidebars(docs, categories);

  // `at` is the item's key path in the config (`['sidebars', 'guide', 2]`), so a problem points at
  // the item itself, not at the first text in the file that happens to spell the same route.
  const where = (at: KeyPath) => ({ file: configFile, ...(config.sidebars ? locateInConfig(config, at) : {}) });
  const resolveItem = (item: SidebarItemInput, sidebarId: string, at: KeyPath): SidebarNode[] => {
    if (typeof item === 'string' || item.type === 'doc') {
      const route = typeof item === 'string' ? item : item.id;
      const page = pages[route];
      if (!page) {
        diagnostics.push(diagnostic('SidebarUnknownPage', `sidebar "${sidebarId}" lists ${route}, which is not a page`, where(typeof item === 'string' ? at : [...at, 'id'])));
        return [];
      }
      return [{ type: 'link', label: (typeof item === 'string' ? undefined : item.label) ?? page.sidebarLabel, href: route }];
    }
    if (item.type === 'link') return [{ type: 'link', label: item.label, href: item.href }];
    if (item.type === 'autogenerated') {
      const nodes = autogenerate(item.dirName, docsUnder(item.dirName), categories);
      if (!nodes.length) diagnostics.push(diagnostic('SidebarEmptyFolder', `sidebar "${sidebarId}": no pages in content folder "${item.dirName}"`, where([...at, 'dirName']), { severity: 'warning' }));
      return nodes;
    }
    if (item.link && !pages[item.link]) {
      diagnostics.push(diagnostic('SidebarUnknownPage', `sidebar "${sidebarId}" category "${item.label}" links to ${item.link}, which is not a page`, where([...at, 'link'])));
    }
    const items = item.items.flatMap((child, i) => resolveItem(child, sidebarId, [...at, 'items', i]));
    return [{ type: 'category', label: item.label, href: item.link, collapsed: item.collapsed ?? true, items }];
  };

  const sidebars: Record<string, Sidebar> = {};
  for (const [id, items] of Object.entries(definitions)) sidebars[id] = { id, items: items.flatMap((item, i) => resolveItem(item, id, ['sidebars', id, i])) };
  return { sidebars, diagnostics };
}

/** One autogenerated sidebar per top-level content folder, for sites without a `sidebars` config. */
function defaultSidebars(docs: PageNode[], categories: Map<string, CategoryMeta>): Record<string, SidebarItemInput[]> {
  const folders = new Map<string, number | undefined>();
  for (const page of docs) {
    const slash = page.contentFile!.indexOf('/');
    if (slash > 0) {
      const dir = page.contentFile!.slice(0, slash);
      folders.set(dir, categories.get(dir)?.position);
    }
  }
  const ordered = [...folders].sort((a, b) => (a[1] ?? Infinity) - (b[1] ?? Infinity) || a[0].localeCompare(b[0]));
  return Object.fromEntries(ordered.map(([dir]) => [dir, [{ type: 'autogenerated' as const, dirName: dir }]]));
}

export interface SidebarMembership {
  route: string;
  sidebarId: string;
  breadcrumbs: Breadcrumb[];
  prev: PageLink | null;
  next: PageLink | null;
}

/** For every internal route of every sidebar: its breadcrumbs and previous/next links, in sidebar order. */
export function sidebarMembership(sidebars: Record<string, Sidebar>): SidebarMembership[] {
  const result: SidebarMembership[] = [];
  for (const sidebar of Object.values(sidebars)) {
    const flat: Array<{ label: string; href: string; crumbs: Breadcrumb[] }> = [];
    const walk = (items: SidebarNode[], crumbs: Breadcrumb[]) => {
      for (const item of items) {
        if (item.type === 'link') {
          if (item.href.startsWith('/')) flat.push({ label: item.label, href: item.href, crumbs });
        } else {
          if (item.href) flat.push({ label: item.label, href: item.href, crumbs });
          walk(item.items, [...crumbs, { label: item.label, href: item.href }]);
        }
      }
    };
    walk(sidebar.items, []);
    // A route listed twice (a category's own page repeated as its first item) counts once, so it
    // is never its own neighbour.
    const seen = new Set<string>();
    const unique = flat.filter((entry) => !seen.has(entry.href) && seen.add(entry.href));
    unique.forEach((entry, i) => {
      const prev = unique[i - 1];
      const next = unique[i + 1];
      result.push({
        route: entry.href,
        sidebarId: sidebar.id,
        breadcrumbs: entry.crumbs,
        prev: prev ? { label: prev.label, href: prev.href } : null,
        next: next ? { label: next.label, href: next.href } : null,
      });
    });
  }
  return result;
}

/** First internal link of a sidebar: where a navbar "sidebar" item points. */
export function firstLink(sidebar: Sidebar | undefined): string | undefined {
  const walk = (items: SidebarNode[]): string | undefined => {
    for (const item of items) {
      if (item.type === 'link' && item.href.startsWith('/')) return item.href;
      if (item.type === 'category') {
        const found = item.href ?? walk(item.items);
        if (found) return found;
      }
    }
    return undefined;
  };
  return sidebar ? walk(sidebar.items) : undefined;
}

import type { Sidebar as SidebarData, SidebarNode } from '../packages/engine/src/shared/page';
import { isExternal } from '../packages/engine/src/shared/site';
import { breakable } from './components/Breakable';

/**
 * The whole sidebar, rendered once per build. Categories are `<details>` (work without JS) carrying
 * `data-cat` ids; the renderer opens the current page's categories and marks its link per page.
 */
export function Sidebar({ sidebar }: { sidebar: SidebarData }) {
  let nextId = 0;
  const renderItems = (items: SidebarNode[], depth: number) => (
    <ul className={`sidebar-list sidebar-depth-${depth}`}>
      {items.map((item, i) => {
        if (item.type === 'link') {
          const external = isExternal(item.href);
          return (
            <li key={i} className="sidebar-item">
              <a className="sidebar-link" href={item.href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                {item.badge ? <span className={`method-badge method-${item.badge.toLowerCase()}`}>{item.badge}</span> : null}
                <span>{breakable(item.label)}</span>
              </a>
            </li>
          );
        }
        const id = nextId++;
        return (
          <li key={i} className={`sidebar-item sidebar-category${item.href ? ' sidebar-category-linked' : ''}`}>
            {/* A link may not sit inside <summary> (a button): it is laid over the row instead, and the
                summary keeps an invisible copy of the label so the row has the link's size. */}
            {item.href ? <a className="sidebar-link sidebar-category-link" href={item.href}>{item.label}</a> : null}
            <details data-cat={id} {...(item.collapsed ? {} : { open: true })}>
              <summary className="sidebar-category-label" {...(item.href ? { 'aria-label': `${item.label}: show or hide its pages` } : {})}>
                {item.href ? <span className="sidebar-category-spacer" aria-hidden="true">{item.label}</span> : <span>{item.label}</span>}
              </summary>
              {renderItems(item.items, depth + 1)}
            </details>
          </li>
        );
      })}
    </ul>
  );
  return (
    <nav className="sidebar" aria-label="Docs sidebar" data-sidebar={sidebar.id}>
      {renderItems(sidebar.items, 0)}
    </nav>
  );
}

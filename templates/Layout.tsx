import type { ReactNode } from 'react';
import type { PageProps } from './types';
import { Navbar, NavbarItem } from './Navbar';
import { Footer } from './Footer';
import { Icon } from './components/Icon';
import { Island, IslandUrlsContext } from './components/Island';
import { Sidebar } from './Sidebar';
import { DRAWER_ID, MAIN_ID, SIDEBAR_ID } from './layout-ids';
import TestCard from './islands/TestCard';

/** Announcement bar, navbar, mobile drawer, main area and footer shared by every page. */
export function Layout({ site, page, sidebar, islands, children }: Omit<PageProps, 'content'> & { children: ReactNode }) {
  const { announcement } = site;
  return (
    <IslandUrlsContext value={islands}>
      <a className="skip-link" href={`#${MAIN_ID}`}>Skip to main content</a>
      {announcement ? (
        <div className="announcement" role="region" aria-label="Announcement">
          <div className="announcement-content" dangerouslySetInnerHTML={{ __html: announcement.content }} />
          {announcement.isCloseable ? (
            <button type="button" className="announcement-close" data-announcement-close="" aria-label="Close announcement">
              <Icon name="close" size={16} />
            </button>
          ) : null}
        </div>
      ) : null}
      <Navbar site={site} page={page} />
      <div className={`main-wrapper${sidebar ? ' has-sidebar' : ''}`}>
        {/*
          The mobile menu and the desktop sidebar are one element: on a desktop the drawer and its
          panel generate no box (`display: contents`), so the sidebar is the wrapper's first column;
          below 997 px the drawer is the menu (a dialog when the client opens it, the target of the
          menu link without JavaScript), the site's main links first, then the same sidebar.
        */}
        <div className="drawer" id={DRAWER_ID}>
          <div className="drawer-backdrop" data-drawer-close="" />
          <div className="drawer-panel">
            <div className="drawer-header">
              <a className="navbar-brand" href="/">{site.title}</a>
              <button type="button" className="navbar-icon-button drawer-close" data-drawer-close="" aria-label="Close navigation">
                <Icon name="close" size={22} />
              </button>
              <a className="navbar-icon-button drawer-close-nojs" href={`#${MAIN_ID}`} aria-label="Close navigation">
                <Icon name="close" size={22} />
              </a>
            </div>
            {/* the site's main links first, then the section's (an API sidebar has about 80 links) */}
            <div className="drawer-items">
              {site.navbar.items.map((item, i) => (
                <NavbarItem key={i} item={item} site={site} page={page} inDrawer />
              ))}
            </div>
            {sidebar ? (
              <aside className="sidebar-container" id={SIDEBAR_ID} aria-label="Section navigation">
                <div className="sidebar-scroll">
                  <Sidebar sidebar={sidebar} currentRoute={page.route} />
                </div>
                <button type="button" className="sidebar-hide" data-sidebar-hide="" aria-label="Hide sidebar" title="Hide sidebar">
                  <Icon name="sidebar" size={16} />
                </button>
              </aside>
            ) : null}
          </div>
        </div>
        {sidebar ? (
          <button type="button" className="sidebar-show" data-sidebar-show="" aria-label="Show sidebar" title="Show sidebar">
            <Icon name="sidebar" size={16} />
          </button>
        ) : null}
        <main id={MAIN_ID} className="main" tabIndex={-1}>{children}</main>
      </div>
      <Footer site={site} />
      {site.testCard && page.kind !== 'not-found' ? <Island name="TestCard" component={TestCard} props={site.testCard} hydrate="interaction" /> : null}
    </IslandUrlsContext>
  );
}

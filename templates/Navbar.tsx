import type { NavItem, SiteData } from '../packages/engine/src/shared/site';
import { fitKey, isExternal, localeLabel } from '../packages/engine/src/shared/site';
import { DRAWER_ID, NAVBAR_ID } from './layout-ids';
import type { PageNode } from './types';
import { Icon } from './components/Icon';

/** True when `route` is `base` or a page below it. */
function isUnder(route: string, base: string): boolean {
  return route === base || route.startsWith(base === '/' ? '/' : `${base}/`);
}

/**
 * A link is active on its sidebar's pages and below its prefix; a dropdown also on the pages of its
 * entries and below them ('API & SDK' on `/api/*` and `/js/*`).
 */
function isActive(item: NavItem, page: PageNode): boolean {
  if (item.sidebarId && page.sidebarId === item.sidebarId) return true;
  if (item.activePrefix && isUnder(page.route, item.activePrefix)) return true;
  if (item.type === 'dropdown' && item.items?.some((entry) => !isExternal(entry.href) && entry.href !== '/' && isUnder(page.route, entry.href))) return true;
  return Boolean(item.href && item.href === page.route);
}

/**
 * A navbar text in a box as wide as the text in the web font (`data-fit`: the web font's stylesheet
 * sizes it; `navbarTexts` lists the texts): the font swapping in moves nothing beside it.
 */
function Fit({ weight, text, className }: { weight: number; text: string; className?: string }) {
  return <span className={className ? `navbar-fit ${className}` : 'navbar-fit'} data-fit={fitKey(weight, text)}>{text}</span>;
}

function NavLink({ label, href, className, version, fit }: { label: string; href: string; className: string; version?: boolean; fit?: boolean }) {
  const external = isExternal(href);
  return (
    <a className={className} href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...(version ? { 'data-version': label } : {})}>
      {fit ? <Fit weight={500} text={label} /> : label}
      {external ? <Icon name="external" size={12} /> : null}
    </a>
  );
}

function Dropdown({ label, items, active, icon, version }: { label: string; items: Array<{ label: string; href: string }>; active?: boolean; icon?: 'globe'; version?: boolean }) {
  return (
    <div className={`navbar-dropdown${active ? ' active' : ''}`}>
      <button type="button" className="navbar-link navbar-dropdown-toggle" aria-haspopup="true" aria-expanded="false">
        {icon ? <Icon name={icon} size={16} /> : null}
        {/* an icon dropdown (the locale) shows its icon only where the navbar is narrow */}
        <Fit weight={500} text={label} className={icon ? 'navbar-locale-label' : undefined} />
      </button>
      <ul className="navbar-dropdown-menu">
        {items.map((item) => (
          <li key={item.href + item.label}>
            <NavLink label={item.label} href={item.href} className="navbar-dropdown-link" version={version} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * One navbar item; also used in the mobile drawer (`inDrawer`), where the one-choice locale and
 * version dropdowns are a single link each (a dropdown there would show its label twice).
 */
export function NavbarItem({ item, site, page, inDrawer }: { item: NavItem; site: SiteData; page: PageNode; inDrawer?: boolean }) {
  const here = page.kind === 'not-found' ? '/' : page.route;
  const locale = localeLabel(site.locale);
  switch (item.type) {
    case 'link':
      return <NavLink label={item.label!} href={item.href!} className={`navbar-link${isActive(item, page) ? ' active' : ''}`} fit />;
    case 'dropdown':
      return <Dropdown label={item.label!} items={item.items ?? []} active={isActive(item, page)} />;
    case 'search':
      return (
        <a className="navbar-search" href="/search" data-search-button="" aria-keyshortcuts="Control+K Meta+K /">
          <Icon name="search" size={16} />
          <Fit weight={400} text="Search" className="navbar-search-label" />
          {/* the head script marks a Mac before the first paint (data-platform), so the right hint shows without a shift */}
          <kbd className="navbar-search-key" aria-hidden="true"><Fit weight={400} text="Ctrl K" className="key-other" /><Fit weight={400} text="⌘K" className="key-mac" /></kbd>
        </a>
      );
    case 'colorMode':
      return site.colorMode.switch ? (
        <button type="button" className="navbar-icon-button color-mode-toggle" data-color-mode-toggle="" aria-label="Switch between dark and light mode" title="Switch between dark and light mode">
          <Icon name="sun" />
          <Icon name="moon" />
        </button>
      ) : null;
    case 'localeDropdown':
      return inDrawer ? (
        <a className="navbar-link" href={here} aria-label={`Language: ${locale}`}>
          <Icon name="globe" size={16} />
          {locale}
        </a>
      ) : (
        <Dropdown label={locale} items={[{ label: locale, href: here }]} icon="globe" />
      );
    case 'versionDropdown':
      return inDrawer ? (
        <a className="navbar-link" href={here} data-version={site.versionLabel} aria-label={`Docs version: ${site.versionLabel}`}>
          {site.versionLabel}
        </a>
      ) : (
        <Dropdown label={site.versionLabel} items={[{ label: site.versionLabel, href: here }]} version />
      );
    default:
      return null;
  }
}

export function Navbar({ site, page }: { site: SiteData; page: PageNode }) {
  const { logo } = site.navbar;
  return (
    <nav className="navbar" id={NAVBAR_ID} aria-label="Main">
      <div className="navbar-inner">
        <button type="button" className="navbar-icon-button navbar-toggle" data-drawer-toggle="" aria-label="Open navigation" aria-expanded="false" aria-controls={DRAWER_ID}>
          <Icon name="menu" size={22} />
        </button>
        {/* without JavaScript the menu opens as the link's target (CSS `:target`); with it, the button above */}
        <a className="navbar-icon-button navbar-toggle navbar-toggle-nojs" href={`#${DRAWER_ID}`} aria-label="Open navigation">
          <Icon name="menu" size={22} />
        </a>
        <a className="navbar-brand" href="/">
          {logo ? <img className="navbar-logo" src={logo.src} alt={logo.alt} width={32} height={32} /> : null}
          <span className="navbar-title">{site.title}</span>
        </a>
        <div className="navbar-items">
          {site.navbar.items.map((item, i) => (
            <NavbarItem key={i} item={item} site={site} page={page} />
          ))}
        </div>
      </div>
    </nav>
  );
}

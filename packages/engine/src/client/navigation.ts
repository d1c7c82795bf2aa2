import { storage } from './storage';
import { trapFocus } from './focus-trap';

const DESKTOP = '(min-width: 997px)';
/** The docs version the reader chose last (spec §4), under Docusaurus' key. */
const VERSION_KEY = 'docs-preferred-version-default';

/** Escape on an open, focused or hovered navbar dropdown: closes it and puts focus back on its toggle. */
function closeDropdown(): void {
  const dropdown = document.querySelector<HTMLElement>('.navbar-items .navbar-dropdown:is(.open, :focus-within, :hover)');
  const toggle = dropdown?.querySelector<HTMLElement>('.navbar-dropdown-toggle');
  if (!dropdown || !toggle) return;
  dropdown.classList.remove('open');
  dropdown.dataset.dismissed = ''; // hidden even while hovered or focused (CSS), until both have left it
  toggle.setAttribute('aria-expanded', 'false');
  toggle.focus();
}

/** A dismissed dropdown opens on hover and focus again once the pointer and focus have both left it. */
function undismiss(event: FocusEvent | PointerEvent): void {
  const dropdown = (event.target as Element).closest?.<HTMLElement>('.navbar-dropdown[data-dismissed]');
  if (!dropdown || dropdown.contains(event.relatedTarget as Node | null)) return;
  if (event.type === 'focusout' ? !dropdown.matches(':hover') : !dropdown.contains(document.activeElement)) delete dropdown.dataset.dismissed;
}

/** Mobile drawer, desktop sidebar hiding, dropdowns (touch, Escape), preferred version, navbar hide-on-scroll. */
export function setupNavigation(): void {
  const root = document.documentElement;
  const drawerOpen = () => root.classList.contains('drawer-open');
  // Looked up at each use: client-side navigation replaces the navbar and the drawer. The drawer
  // holds the page's one sidebar (on a desktop it generates no box); while open it is a modal dialog.
  const setDrawer = (open: boolean) => {
    const panel = document.querySelector<HTMLElement>('#drawer .drawer-panel');
    const toggle = document.querySelector<HTMLButtonElement>('[data-drawer-toggle]');
    if (!panel) return;
    root.classList.toggle('drawer-open', open);
    if (open) {
      panel.setAttribute('role', 'dialog');
      panel.setAttribute('aria-modal', 'true');
      panel.setAttribute('aria-label', 'Navigation');
    } else for (const name of ['role', 'aria-modal', 'aria-label']) panel.removeAttribute(name);
    toggle?.setAttribute('aria-expanded', String(open));
    if (open) panel.querySelector<HTMLElement>('[data-drawer-close]')?.focus();
    else toggle?.focus({ preventScroll: true });
  };
  // a link followed from the menu: the new page's drawer comes closed
  document.addEventListener('docsgen:navigated', () => root.classList.remove('drawer-open'));
  document.addEventListener('click', (event) => {
    const target = event.target as Element;
    if (target.closest('[data-drawer-toggle]')) setDrawer(true);
    else if (target.closest('[data-drawer-close]')) setDrawer(false);
    else if (target.closest('[data-sidebar-hide]')) {
      root.dataset.sidebarHidden = '';
      storage.set('docsgen.sidebar.hidden', '1');
    } else if (target.closest('[data-sidebar-show]')) {
      delete root.dataset.sidebarHidden;
      storage.set('docsgen.sidebar.hidden', null);
    }
    const version = target.closest<HTMLElement>('[data-version]');
    if (version) storage.set(VERSION_KEY, version.dataset.version!);
    const dropdownToggle = target.closest<HTMLButtonElement>('.navbar-dropdown-toggle');
    for (const open of document.querySelectorAll('.navbar-dropdown.open')) {
      if (!dropdownToggle || open !== dropdownToggle.parentElement) {
        open.classList.remove('open');
        open.querySelector('.navbar-dropdown-toggle')?.setAttribute('aria-expanded', 'false');
      }
    }
    if (dropdownToggle) {
      delete dropdownToggle.parentElement!.dataset.dismissed;
      const open = dropdownToggle.parentElement!.classList.toggle('open');
      dropdownToggle.setAttribute('aria-expanded', String(open));
    }
  });
  document.addEventListener('keydown', (event) => {
    // the search modal (over the drawer or not) handles its own keys
    if (event.defaultPrevented || root.classList.contains('search-open')) return;
    const panel = drawerOpen() ? document.querySelector('#drawer .drawer-panel') : null;
    if (event.key === 'Tab' && panel) trapFocus(event, panel); // the drawer is a modal dialog
    else if (event.key === 'Escape') {
      if (panel) setDrawer(false);
      else closeDropdown();
    }
  });
  document.addEventListener('focusout', undismiss);
  document.addEventListener('pointerout', undismiss);
  // the drawer closes when the layout becomes desktop
  matchMedia(DESKTOP).addEventListener('change', (e) => {
    if (e.matches && drawerOpen()) setDrawer(false);
  });
  // the navbar hides on scroll down and comes back on scroll up
  let last = window.scrollY;
  let ticking = false;
  window.addEventListener(
    'scroll',
    () => {
      if (ticking) return;
      ticking = true;
      requestAnimationFrame(() => {
        const y = window.scrollY;
        root.classList.toggle('navbar-hidden', y > last && y > 200);
        last = y;
        ticking = false;
      });
    },
    { passive: true },
  );
}

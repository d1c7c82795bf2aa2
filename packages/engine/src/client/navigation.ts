import { storage } from './storage';

const DESKTOP = '(min-width: 997px)';

/** Mobile drawer, desktop sidebar hiding, dropdowns on touch, navbar hide-on-scroll. */
export function setupNavigation(): void {
  document.addEventListener('docsgen:navigated', () => root.classList.remove('drawer-open'));
  const root = document.documentElement;
  // Looked up at each use: client-side navigation replaces the navbar and the drawer.
  const setDrawer = (open: boolean) => {
    const drawer = document.getElementById('drawer');
    const toggle = document.querySelector<HTMLButtonElement>('[data-drawer-toggle]');
    if (!drawer) return;
    const slot = drawer.querySelector('.drawer-sidebar');
    const sidebar = document.querySelector('.sidebar-scroll .sidebar');
    if (open && slot && sidebar && !slot.firstChild) slot.append(sidebar.cloneNode(true));
    drawer.hidden = !open;
    root.classList.toggle('drawer-open', open);
    toggle?.setAttribute('aria-expanded', String(open));
    if (open) drawer.querySelector<HTMLElement>('[data-drawer-close]:not(.drawer-backdrop)')?.focus();
    else toggle?.focus({ preventScroll: true });
  };
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
    const dropdownToggle = target.closest<HTMLButtonElement>('.navbar-dropdown-toggle');
    for (const open of document.querySelectorAll('.navbar-dropdown.open')) {
      if (!dropdownToggle || open !== dropdownToggle.parentElement) {
        open.classList.remove('open');
        open.querySelector('.navbar-dropdown-toggle')?.setAttribute('aria-expanded', 'false');
      }
    }
    if (dropdownToggle) {
      const open = dropdownToggle.parentElement!.classList.toggle('open');
      dropdownToggle.setAttribute('aria-expanded', String(open));
    }
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && document.getElementById('drawer')?.hidden === false) setDrawer(false);
  });
  // the drawer closes when the layout becomes desktop
  matchMedia(DESKTOP).addEventListener('change', (e) => {
    if (e.matches && document.getElementById('drawer')?.hidden === false) setDrawer(false);
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

/** Ids of the navbar and of the page's sidebar. */
export const NAVBAR_ID = 'site-navbar';
export const SIDEBAR_ID = 'site-sidebar';
/** The main content (the skip link's target) and the mobile menu (its no-JavaScript link's target). */
export const MAIN_ID = 'main';
export const DRAWER_ID = 'drawer';

/**
 * Every id the layout and its islands give elements of a page: a heading is never given one of
 * them (a heading "Main" becomes `main-1`), or the skip link, the menu or a widget would find the
 * heading instead. The engine reserves its client's own ids (the progress bar's) beside these.
 */
export const LAYOUT_IDS = [
  NAVBAR_ID,
  SIDEBAR_ID,
  MAIN_ID,
  DRAWER_ID,
  // the Test Card's panel
  'test-card-panel',
  // the API console's and the signature checker's fields (operation and webhook pages)
  'console-server',
  'console-key',
  'console-idempotency',
  'console-body',
  'console-response',
  'sig-endpoint',
  'sig-secret',
  'sig-header',
  'sig-body',
  'signed-curl',
];

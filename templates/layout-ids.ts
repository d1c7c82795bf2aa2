/** Ids of the navbar and the page's sidebar: `paintAfter` (index.tsx) holds the first paint until one is parsed. */
export const NAVBAR_ID = 'site-navbar';
export const SIDEBAR_ID = 'site-sidebar';

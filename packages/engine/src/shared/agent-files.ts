/**
 * Where the machine-readable companions of a page are published. Shared: the engine writes them,
 * templates link to them (the "Copy page" button fetches the Markdown twin).
 */

/** The page's Markdown twin: `{route}.md` (`/index.md` for the home page). */
export const markdownUrlFor = (route: string): string => (route === '/' ? '/index.md' : `${route}.md`);

/** The page's social card (og:image): a 1200×630 PNG under `/og/`, named after the route. */
export const socialCardUrlFor = (route: string): string => `/og${route === '/' ? '/index' : route}.png`;

/** Page kinds that have a social card: every page a reader can land on and share. */
export const hasCard = (kind: string): boolean => kind !== 'redirect' && kind !== 'not-found';

/** Page kinds that have a Markdown twin: every page with content (not search, 404 or redirects). */
export const hasTwin = (kind: string): boolean => hasCard(kind) && kind !== 'search';

/** Constants and small helpers shared by the search UI and its providers (all in the lazily loaded search code; search-local.ts and search-hosted.ts keep their own copies). */

/** Search input limit (spec §5). */
export const MAX_QUERY = 64;
/** Hits per page, hosted and local (spec §9). */
export const HITS_PER_PAGE = 20;

export const escapeHtml = (s: string): string => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * Display HTML of a highlighted value (a hosted hit's `<mark>…</mark>` tags): everything is
 * escaped, then only the exact highlight tags are turned back into `<mark>` elements.
 */
export const markedHtml = (s: string): string => escapeHtml(s).replace(/&lt;(\/?)mark&gt;/g, '<$1mark>');

/** Snippet length in words: 10, or 5 on screens up to 768 px (spec §9). */
export const snippetWords = (): number => (matchMedia('(max-width: 768px)').matches ? 5 : 10);

export const abortError = (): DOMException => new DOMException('The search was replaced by a newer one', 'AbortError');

/** The content of `<meta name="…">`, or undefined when the page has none (or it is empty). */
export const meta = (name: string): string | undefined => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined;

/**
 * The page turns to the web font, once it has loaded, only where that moves nothing the reader
 * is looking at: the head script (html-document.ts) keeps a page that painted before the font
 * arrived in the fallback face (`data-font` on <html>) and marks it `ready` when the face has
 * loaded; a client-side navigation's content swap drops the mark (shifts within 500 ms of the
 * click are not layout shifts). Never on a timer.
 */
export function showWebFont(): void {
  const root = document.documentElement;
  if (root.dataset.font === 'ready') delete root.dataset.font;
}

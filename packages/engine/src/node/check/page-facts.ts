/** What `check` needs of a page's emitted HTML, so the HTML itself need not be kept. */
export interface PageFacts {
  /** Every element id in the page. */
  ids: Set<string>;
  /** Internal links (`/x`, `#y`), each once, with the line and column of its first `href`. */
  links: Array<{ href: string; line: number; column: number }>;
}

const unescapeAttr = (s: string) => s.replace(/&amp;/g, '&');

/** Ids and internal links of emitted HTML, with positions in that HTML. Pure. */
export function pageFacts(html: string): PageFacts {
  const ids = new Set<string>();
  for (const m of html.matchAll(/\sid="([^"]+)"/g)) ids.add(unescapeAttr(m[1]!));
  const links: PageFacts['links'] = [];
  const seen = new Set<string>();
  let line = 1;
  let lineStart = 0;
  let scanned = 0;
  for (const m of html.matchAll(/\shref="((?:\/(?!\/)|#)[^"]*)"/g)) {
    const href = unescapeAttr(m[1]!);
    if (href === '#' || seen.has(href)) continue;
    seen.add(href);
    const index = m.index! + 1;
    for (let i = html.indexOf('\n', scanned); i !== -1 && i < index; i = html.indexOf('\n', i + 1)) {
      line++;
      lineStart = i + 1;
    }
    scanned = index;
    links.push({ href, line, column: index - lineStart + 1 });
  }
  return { ids, links };
}

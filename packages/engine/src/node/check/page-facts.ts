import { location } from 'vfile-location';

/**
 * What `check` needs of a page's emitted HTML, so the HTML itself need not be kept: its element ids
 * and its internal links, each as one string (a Set of every id of every page took about 30 KB
 * an API page, 100 MB at 3,000 operations). Read them with `hasId` and `linksIn`.
 */
export interface PageFacts {
  /** Every element id in the page, each between NULs: `\0a\0b\0` (`\0` when there is none). */
  ids: string;
  /** Internal links (`/x`, `#y`), each once, as `href\0line\0column\0` in page order. */
  links: string;
}

export interface FactLink {
  href: string;
  line: number;
  column: number;
}

const unescapeAttr = (s: string) => s.replace(/&amp;/g, '&');

/** Whether the page has an element with this id. */
export const hasId = (facts: PageFacts, id: string): boolean => facts.ids.includes(`\0${id}\0`);

/** The page's internal links, with the line and column of each one's first `href`. */
export function linksIn(facts: PageFacts): FactLink[] {
  const parts = facts.links.split('\0');
  const links: FactLink[] = [];
  for (let i = 0; i + 2 < parts.length; i += 3) links.push({ href: parts[i]!, line: Number(parts[i + 1]), column: Number(parts[i + 2]) });
  return links;
}

/** Ids and internal links of emitted HTML, with positions in that HTML. Pure. */
export function pageFacts(html: string): PageFacts {
  const ids = new Set<string>();
  for (const m of html.matchAll(/\sid="([^"]+)"/g)) ids.add(unescapeAttr(m[1]!));
  let links = '';
  const seen = new Set<string>();
  let place: ReturnType<typeof location> | null = null;
  for (const m of html.matchAll(/\shref="((?:\/(?!\/)|#)[^"]*)"/g)) {
    const href = unescapeAttr(m[1]!);
    if (href === '#' || seen.has(href)) continue;
    seen.add(href);
    place ??= location(html);
    const point = place.toPoint(m.index! + 1);
    links += `${href}\0${point?.line ?? 1}\0${point?.column ?? 1}\0`;
  }
  // A match is a slice of the page's HTML, which V8 keeps alive as long as the slice lives: the
  // joined strings are flattened copies (\`flat\`), holding their own few bytes, not a page of HTML
  // each (at 3,000 pages the slices kept 700 MB of HTML that was already on disk).
  return { ids: flat(['', ...ids, ''].join('\0')), links: flat(links) };
}

/** A copy of the string that shares no memory with the strings it was made from. */
const flat = (s: string): string => (s.length ? (JSON.parse(JSON.stringify(s)) as string) : '');

import type { Element, ElementContent, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { toString } from 'hast-util-to-string';
import { escapeHtml } from '../render/escape-html';
import { sanitizeContent } from '../render/content-allowlist';
import type { PageNode } from '../graph/page-graph';

/** Text and attribute values of the feed: the same four named references as the HTML shell. */
const xml = escapeHtml;
/** A changelog section heading: `2025-06-01: Title`. */
export const DATED = /^(\d{4}-\d{2}-\d{2})\s*[:–-]\s*(.+)$/;


/** The page's feed file: `/changelog` → `changelog.xml`. */
export const feedFileFor = (route: string): string => `${route === '/' ? 'index' : route.slice(1)}.xml`;

/**
 * An Atom feed of a page whose `## YYYY-MM-DD: Title` sections are entries (a changelog). Each
 * entry links to its heading and carries the section's HTML (allowlisted, links absolute); the
 * feed's author is the site. Pure.
 */
export function atomFeed({ page, tree, siteUrl, siteTitle }: { page: PageNode; tree: Root; siteUrl: string; siteTitle: string }): string | null {
  const entries: Array<{ date: string; title: string; id: string; html: string }> = [];
  let current: (typeof entries)[number] | null = null;
  let body: ElementContent[] = [];
  const pageUrl = siteUrl + page.route;
  // The same allowlist as the pages' content, with every link absolute: feed readers show this HTML on their own origin.
  const close = () => {
    if (current) current.html = toHtml(sanitizeContent({ type: 'root', children: body }, pageUrl));
    body = [];
  };
  for (const node of tree.children as ElementContent[]) {
    if (node.type === 'element' && node.tagName === 'h2') {
      close();
      const heading = toString(node).replace(/#$/, '').trim();
      const match = DATED.exec(heading);
      current = match ? { date: match[1]!, title: match[2]!, id: String((node as Element).properties.id ?? ''), html: '' } : null;
      if (current) entries.push(current);
      continue;
    }
    if (current && !(node.type === 'element' && node.tagName === 'docsgen-code')) body.push(node);
  }
  close();
  if (!entries.length) return null;
  // Newest first, whatever order the page is written in (stable for entries of one day).
  entries.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  const updated = entries[0]!.date;
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<title>${xml(`${page.title} | ${siteTitle}`)}</title>
<id>${xml(pageUrl)}</id>
<link href="${xml(pageUrl)}"/>
<link rel="self" href="${xml(`${siteUrl}/${feedFileFor(page.route)}`)}"/>
<updated>${updated}T00:00:00Z</updated>
<author><name>${xml(siteTitle)}</name><uri>${xml(`${siteUrl}/`)}</uri></author>
${entries
  .map(
    (e) => `<entry>
<title>${xml(e.title)}</title>
<id>${xml(`${pageUrl}#${e.id}`)}</id>
<link href="${xml(`${pageUrl}#${e.id}`)}"/>
<updated>${e.date}T00:00:00Z</updated>
<content type="html">${xml(e.html)}</content>
</entry>`,
  )
  .join('\n')}
</feed>
`;
}

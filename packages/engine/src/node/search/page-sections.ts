import type { Element, ElementContent, Root } from 'hast';

/** One part of a page between headings: the h2 and h3 above it, the anchor to link to, its text. */
export interface PageSection {
  /** The id of the heading that starts it ('' for the text before the first heading). */
  anchor: string;
  lvl2: string | null;
  lvl3: string | null;
  /** Plain text, clipped to 400 characters; '' for a heading with no text of its own. */
  text: string;
}

function textOf(node: ElementContent | Root, out: string[]): void {
  if (node.type === 'text') out.push(node.value);
  else if (node.type === 'element') {
    if (node.tagName === 'docsgen-code' || node.tagName === 'pre' || node.tagName === 'svg') return;
    for (const child of node.children) textOf(child, out);
    if (/^(p|li|h\d|td|th|div|tr|blockquote|br|dd|dt|figure|table)$/.test(node.tagName)) out.push(' ');
  } else if ('children' in node) {
    for (const child of node.children as ElementContent[]) textOf(child, out);
  }
}

export const clean = (s: string) => s.replace(/\s+/g, ' ').trim();
export const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n).replace(/\s+\S*$/, '')}…` : s);

/**
 * A page's content split at its h2/h3 headings, as its search records are made: the text before
 * the first heading only when there is some, every heading even when no text follows it. Pure.
 */
export function pageSections(tree: Root): PageSection[] {
  const sections: PageSection[] = [];
  let lvl2: string | null = null;
  let lvl3: string | null = null;
  let anchor = '';
  let buffer: string[] = [];
  const flush = () => {
    // Block elements end with a space of their own; inline markup must not split words.
    const text = clean(buffer.join(''));
    buffer = [];
    if (text || lvl2 || lvl3) sections.push({ anchor, lvl2, lvl3, text: text ? clip(text, 400) : '' });
  };
  for (const node of tree.children) {
    if (node.type === 'element' && (node.tagName === 'h2' || node.tagName === 'h3')) {
      flush();
      const out: string[] = [];
      textOf(node, out);
      const title = clean(out.join(''));
      if (node.tagName === 'h2') {
        lvl2 = title;
        lvl3 = null;
      } else lvl3 = title;
      anchor = String((node as Element).properties.id ?? '');
      continue;
    }
    textOf(node as ElementContent, buffer);
  }
  flush();
  return sections;
}

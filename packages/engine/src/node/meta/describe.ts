import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import type { Root as MdastRoot, RootContent as MdastContent } from 'mdast';
import type { Root as HastRoot, Element } from 'hast';
import { toString as mdastToString } from 'mdast-util-to-string';
import { toString as hastToString } from 'hast-util-to-string';
import { plainParagraph } from '../markdown/plain-paragraph';

/** About what search engines show of a description; longer ones are cut at a sentence or word. */
export const DESCRIPTION_MAX = 160;

const commonMark = unified().use(remarkParse).use(remarkGfm).freeze();

/** A full stop that ends an abbreviation, not a sentence. */
const ABBREVIATION = /\b(?:e\.g|i\.e|etc|vs|approx|incl|no)\.$/i;

/**
 * A meta description from plain text: whitespace (newlines included) collapsed, then as many whole
 * sentences as fit in `max` characters; a first sentence longer than that is cut at the last word
 * boundary before it with "…". A text that ends by introducing something (":" or ",") ends with a
 * full stop instead, so a description never stops mid-thought. Pure.
 */
export function summarize(text: string, max = DESCRIPTION_MAX): string {
  const plain = text.replace(/\s+/g, ' ').replace(/\s+([.,;:!?])/g, '$1').trim();
  const finish = (s: string) => s.replace(/[\s,;:—–-]+$/u, '').replace(/([^.!?…])$/u, '$1.');
  if (plain.length <= max) return plain ? (/[,:;]$/.test(plain) ? finish(plain) : plain) : '';
  // The longest run of whole sentences that fits: a sentence ends with ".", "!" or "?" before a space.
  let out = '';
  for (const end of plain.matchAll(/[.!?]+(?=\s)/g)) {
    const upTo = end.index + end[0].length;
    if (upTo > max) break;
    if (ABBREVIATION.test(plain.slice(0, upTo))) continue;
    out = plain.slice(0, upTo);
  }
  if (out && /[.!?]$/.test(out)) return out;
  const cut = plain.slice(0, max - 1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).replace(/[\s,;:(—–-]+$/u, '');
  return `${atWord}…`;
}

/** Block nodes whose text reads as prose in a description (headings, code and tables do not). */
const PROSE = new Set(['paragraph', 'list', 'blockquote']);

/** The first block of prose of an mdast tree, as plain text (no markup, link text kept). */
function firstProse(children: readonly MdastContent[]): string {
  for (const node of children) {
    if (node.type === 'paragraph') return mdastToString(node);
    if (node.type === 'blockquote') return firstProse(node.children);
    if (node.type === 'list') return node.children.map((item) => mdastToString(item).replace(/\s+/g, ' ').trim().replace(/([^.!?])$/, '$1;')).join(' ').replace(/;$/, '.');
  }
  return '';
}

/**
 * The meta description of a Markdown text (an OpenAPI description): its first paragraph read from
 * the Markdown tree, so code spans keep their words and nothing in parentheses is lost; a paragraph
 * that introduces a list (ends with ":") is followed by the list's items. Empty when it has none.
 */
export function describeMarkdown(markdown: string | undefined, max = DESCRIPTION_MAX): string {
  if (!markdown?.trim()) return '';
  // One paragraph of words, code spans and plain links (most descriptions): its text without the parser.
  const plain = plainParagraph(markdown);
  if (plain) return summarize(hastToString(plain), max);
  const tree = commonMark.parse(markdown) as MdastRoot;
  const blocks = tree.children.filter((n) => PROSE.has(n.type));
  const first = blocks[0];
  if (!first) return '';
  let text = firstProse([first]);
  const next = blocks[1];
  if (first.type === 'paragraph' && /:\s*$/.test(text) && next?.type === 'list' && text.length < max) text = `${text} ${firstProse([next])}`;
  return summarize(text, max);
}

/** The meta description of a page's hast: its first paragraph's text, summarized. */
export function describeHast(tree: HastRoot | null | undefined, max = DESCRIPTION_MAX): string {
  const first = tree?.children.find((n): n is Element => n.type === 'element' && n.tagName === 'p');
  return first ? summarize(hastToString(first), max) : '';
}

import type { InlineCode, Link, Paragraph, Root as MdastRoot, Text } from 'mdast';
import { fromHtml } from 'hast-util-from-html';
import { toMdast } from 'hast-util-to-mdast';
import { toMarkdown } from 'mdast-util-to-markdown';
import { TWIN_MARKDOWN } from '../markdown/markdown-twin';

/** What React's renderToString escapes, and nothing else: another entity takes the full path. */
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" };
const decode = (s: string): string | null => {
  let ok = true;
  const out = s.replace(/&[^;&\s]*;?/g, (m) => ENTITIES[m] ?? ((ok = false), m));
  return ok ? out : null;
};

/** HTML whitespace, collapsed to one space as hast-util-to-mdast does (rehype-minify-whitespace). */
const collapse = (s: string) => s.replace(/[ \t\n\f\r]+/g, ' ');
const EDGE_SPACE = /^[ \t\n\f\r]|[ \t\n\f\r]$/;

/** Text, `<code>` spans and links with a text: what words, code spans and plain links render to. */
const PLAIN = /^(<p>)?((?:[^<]|<code(?: class="[\w -]*")?>[^<]+<\/code>|<a href="[^"<>]+">[^<]+<\/a>)*)(<\/p>)?$/;
/** The pieces of PLAIN's middle: a code span (1), a link's address and text (2, 3), or text (4). */
const PIECE = /<code(?: class="[\w -]*")?>([^<]+)<\/code>|<a href="([^"<>]+)">([^<]+)<\/a>|([^<]+)/g;

/**
 * The mdast of description HTML that is one paragraph of text, code spans and links with a text
 * (most of an OpenAPI document's descriptions), read without an HTML parser; null for anything
 * else. The same tree hast-util-to-mdast makes of it: whitespace collapsed, entities decoded.
 * Conservative: no whitespace at the paragraph's, a code span's or a link text's edges, where
 * minifying whitespace looks across nodes. A unit test holds it to the full conversion.
 */
export function plainParagraphMdast(html: string): MdastRoot | null {
  const match = PLAIN.exec(html);
  if (!match || !match[1] !== !match[3] || EDGE_SPACE.test(match[2]!)) return null;
  const children: Array<Text | InlineCode | Link> = [];
  for (const [, code, href, label, text] of match[2]!.matchAll(PIECE)) {
    const value = decode((code ?? label ?? text)!);
    if (value === null) return null;
    if (text !== undefined) {
      children.push({ type: 'text', value: collapse(value) });
      continue;
    }
    if (EDGE_SPACE.test(value)) return null;
    if (code !== undefined) {
      children.push({ type: 'inlineCode', value: collapse(value) });
      continue;
    }
    const url = decode(href!);
    if (!url) return null;
    children.push({ type: 'link', url, title: null, children: [{ type: 'text', value: collapse(value) }] });
  }
  if (!match[1]) return { type: 'root', children };
  const paragraph: Paragraph = { type: 'paragraph', children };
  return { type: 'root', children: [paragraph] };
}

/** The full conversion: parse the HTML (parse5), hast to mdast, mdast to Markdown. */
export function htmlToMarkdownSlow(html: string): string {
  return toMarkdown(toMdast(fromHtml(html, { fragment: true })), TWIN_MARKDOWN).trim();
}

/*
 * Descriptions repeat: a schema's field descriptions are written on every page that uses the
 * schema, so each distinct HTML is converted once. Bounded: a spec with more distinct texts starts
 * the memo over rather than growing it (and a watch session's old spec texts go with it).
 */
const MEMO_LIMIT = 20_000;
const memo = new Map<string, string>();

/** Rendered description HTML back to Markdown (the spec's own words, links kept). */
export function htmlToMarkdown(html: string | undefined): string {
  if (!html?.trim()) return '';
  let markdown = memo.get(html);
  if (markdown === undefined) {
    const plain = plainParagraphMdast(html);
    markdown = plain ? toMarkdown(plain, TWIN_MARKDOWN).trim() : htmlToMarkdownSlow(html);
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(html, markdown);
  }
  return markdown;
}

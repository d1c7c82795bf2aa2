import type { Element, Root as HastRoot, Text } from 'hast';

/** Characters with a meaning somewhere in CommonMark + GFM inline or block syntax. */
const MARKUP = /[\\*_[\]<>!#|~&]|:\/\/|www\.|@/;

/**
 * An inline link whose text is words and whose destination has only characters that the parser
 * keeps as they are (no escapes, entities, spaces or parentheses) and that `normalizeUri` leaves
 * alone: `see [the schema](/api/schemas/payment)`.
 */
const PLAIN_LINK = /\[([^[\]\n`]+)\]\(([A-Za-z0-9/#._:?=-]+)\)/g;

/** A run of text between code spans as hast: words, and plain links; null when it holds other markup. */
function plainRun(run: string): Array<Text | Element> | null {
  const out: Array<Text | Element> = [];
  let at = 0;
  for (const link of run.matchAll(PLAIN_LINK)) {
    const before = run.slice(at, link.index);
    const [, label, href] = link as unknown as [string, string, string];
    if (MARKUP.test(before) || MARKUP.test(label) || /^\s|\s$/.test(label)) return null;
    if (before) out.push({ type: 'text', value: before });
    out.push({ type: 'element', tagName: 'a', properties: { href }, children: [{ type: 'text', value: label }] });
    at = link.index + link[0].length;
  }
  const rest = run.slice(at);
  if (MARKUP.test(rest)) return null;
  if (rest) out.push({ type: 'text', value: rest });
  return out;
}

/**
 * The hast of a text that is one paragraph of words, `code` spans and plain links and nothing else
 * (most of an OpenAPI document's descriptions), without running the Markdown parser; null for anything
 * else. Conservative: every line starts with a letter, a quote, `(` or a code span; no blank line,
 * no edge whitespace, no character that could start markup outside code spans. A unit test holds
 * it to the parser's output on every description of the portal's spec.
 */
export function plainParagraph(text: string): HastRoot | null {
  const lines = text.replace(/\n+$/, '').split('\n');
  if (!lines[0] || lines.some((l) => !/^[A-Za-z"'(`]/.test(l) || /\s$/.test(l))) return null;
  const children: Array<Text | Element> = [];
  // Alternating text and `code`: the split's odd entries are code span contents.
  const joined = lines.join('\n');
  // A run of two or more backticks opens or closes a code span of its own length (`a``b` is one span).
  if (joined.includes('``')) return null;
  const parts = joined.split('`');
  if (parts.length % 2 === 0) return null;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (i % 2) {
      if (!part || part.includes('\n') || part.startsWith(' ') || part.endsWith(' ')) return null;
      children.push({ type: 'element', tagName: 'code', properties: {}, children: [{ type: 'text', value: part }] });
    } else {
      const run = plainRun(part);
      if (!run) return null;
      children.push(...run);
    }
  }
  return { type: 'root', children: [{ type: 'element', tagName: 'p', properties: {}, children }] };
}

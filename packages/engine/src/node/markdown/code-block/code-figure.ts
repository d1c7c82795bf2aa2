import type { Element, ElementContent } from 'hast';
import type { ShikiTransformer, ThemedToken } from 'shiki';
import { getTokenStyleObject, stringifyTokenStyle } from 'shiki/core';
import { stringifyEntities } from 'stringify-entities';
import { THEME_NAME, TOKEN_CLASS } from './shiki-highlighter';

/** One token: its class (undefined: the foreground colour), text, and a style the classes cannot express. */
export type Token = [className: string | undefined, text: string, style?: string];

// What hast-util-to-html escapes in double-quoted attribute values by default, and in text what
// render-code-block.ts escapes (hast-util-to-html's `<` and `&`, and `>`); module constants so
// stringify-entities reuses its regular expressions.
const TEXT_SUBSET = ['<', '&', '>'];
const ATTRIBUTE_SUBSET = ['\0', '"', '&', "'", '`'];
const escapeText = (s: string) => stringifyEntities(s, { subset: TEXT_SUBSET });
const escapeAttribute = (s: string) => stringifyEntities(s, { subset: ATTRIBUTE_SUBSET });

/** A line's HTML: its `data-line` span around the merged tokens (an empty line holds a space). */
export function lineHtml(tokens: Token[]): string {
  if (!tokens.length) return '<span data-line=""> </span>';
  const html = mergedTokens(tokens).map(([className, text, style]) => (className || style ? `<span${className ? ` class="${className}"` : ''}${style ? ` style="${escapeAttribute(style)}"` : ''}>${escapeText(text)}</span>` : escapeText(text)));
  return `<span data-line="">${html.join('')}</span>`;
}

/** The figure around lines already written by `lineHtml`, with the block's title as rehype-pretty-code writes it. */
export function figureHtml(grammar: string, lines: readonly string[], title?: string): string {
  const attributes = `data-language="${escapeAttribute(grammar)}" data-theme="${THEME_NAME}"`;
  const caption = title === undefined ? '' : `<figcaption data-rehype-pretty-code-title="" ${attributes}>${escapeText(title)}</figcaption>`;
  return `<figure data-rehype-pretty-code-figure="">${caption}<pre tabindex="0" ${attributes}><code ${attributes}>${lines.join('\n')}</code></pre></figure>`;
}

/**
 * The figure `renderCodeBlock` makes, written as a string from token lines (what shiki's hast,
 * the transformers of render-code-block.ts and hast-util-to-html would write, without building the tree).
 */
export function figureOf(grammar: string, lines: Token[][], title?: string): string {
  return figureHtml(grammar, lines.map(lineHtml), title);
}

/**
 * A line's tokens as the page writes them: neighbours of one class and style joined into one
 * token. With the foreground's tokens written as bare text (figureOf, `tokenClasses`), a highlighted
 * line has about a third fewer elements, which is most of a code-heavy page's style and layout work.
 */
export function mergedTokens(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (const token of tokens) {
    const last = out[out.length - 1];
    if (last && last[0] === token[0] && last[2] === token[2]) out[out.length - 1] = [last[0], last[1] + token[1], last[2]];
    else out.push(token);
  }
  return out;
}

/** A span shiki made for one token (its text, class and style only) as a token; null for anything else. */
function tokenOf(node: ElementContent): Token | null {
  if (node.type !== 'element' || node.tagName !== 'span' || node.children.length !== 1 || node.children[0]!.type !== 'text') return null;
  const { class: className, style, ...rest } = node.properties;
  if (Object.keys(rest).length || (className !== undefined && typeof className !== 'string') || (style !== undefined && typeof style !== 'string')) return null;
  return [className || undefined, node.children[0]!.value, style || undefined];
}

/**
 * Token colours as classes (`style="color:var(--shiki-token-keyword)"` → `class="t-keyword"`),
 * and each line's tokens merged as figureOf merges them, for the paths that go through shiki's hast.
 */
export const tokenClasses: ShikiTransformer = {
  name: 'docsgen-token-classes',
  // A third of the bytes, and the light/dark colours stay in the one CSS file.
  span(node) {
    const style = node.properties.style;
    if (typeof style !== 'string') return;
    const match = TOKEN_CLASS.exec(style);
    if (!match) return;
    delete node.properties.style;
    node.properties.class = match[1] === 'foreground' ? undefined : `t-${match[1]}${match[2] ? ' t-italic' : ''}`;
  },
  line(node) {
    const tokens: Token[] = [];
    for (const child of node.children) {
      const token = tokenOf(child);
      if (!token) return; // a shape figureOf does not write: left as shiki made it
      tokens.push(token);
    }
    node.children = mergedTokens(tokens).map(([className, text, style]): ElementContent => {
      if (!className && !style) return { type: 'text', value: text };
      const span: Element = { type: 'element', tagName: 'span', properties: {}, children: [{ type: 'text', value: text }] };
      if (className) span.properties.class = className;
      if (style) span.properties.style = style;
      return span;
    });
  },
  pre(node) {
    delete node.properties.style;
  },
  code(node) {
    delete node.properties.style;
  },
};

/** TextMate's font style bits (vscode-textmate's FontStyle). */
const UNDERLINE = 4;
const STRIKETHROUGH = 8;

/**
 * A line of shiki's tokens as HTML (`lineHtml` of its class/style tokens); null when a token has
 * attributes this writer does not know. The line tokenizer hands out one array per distinct line
 * and grammar state (generated samples repeat most of their lines), so each is converted once.
 */
const writtenLines = new WeakMap<ThemedToken[], string | null>();
export function themedLineHtml(line: ThemedToken[]): string | null {
  let html = writtenLines.get(line);
  if (html === undefined) {
    const tokens = themedLine(line);
    html = tokens && lineHtml(tokens);
    writtenLines.set(line, html);
  }
  return html;
}

/** shiki's tokens of one line as class/style tokens, whitespace joined to the token after it (as `codeToHast` does by default). */
function themedLine(line: ThemedToken[]): Token[] | null {
  const tokens: Token[] = [];
  let carry = '';
  for (let i = 0; i < line.length; i++) {
    const token = line[i]!;
    if (token.htmlAttrs) return null; // not produced by this theme; left to the hast path
    const decorated = Boolean(token.fontStyle && token.fontStyle & (UNDERLINE | STRIKETHROUGH));
    if (!decorated && /^\s+$/.test(token.content) && line[i + 1]) {
      carry += token.content;
      continue;
    }
    if (carry && decorated) tokens.push([undefined, carry]);
    const style = stringifyTokenStyle(token.htmlStyle ?? getTokenStyleObject(token));
    const match = TOKEN_CLASS.exec(style);
    const text = carry && !decorated ? carry + token.content : token.content;
    carry = '';
    if (match) tokens.push([match[1] === 'foreground' ? undefined : `t-${match[1]}${match[2] ? ' t-italic' : ''}`, text]);
    else tokens.push([undefined, text, style || undefined]);
  }
  return tokens;
}

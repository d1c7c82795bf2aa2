import type { ThemedToken } from 'shiki';
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

/**
 * The figure `renderCodeBlock` makes, written as a string from token lines (what shiki's hast,
 * the transformers of render-code-block.ts and hast-util-to-html would write, without building the tree).
 */
export function figureOf(grammar: string, lines: Token[][]): string {
  const attributes = `data-language="${escapeAttribute(grammar)}" data-theme="${THEME_NAME}"`;
  const body = lines.map((tokens) => {
    if (!tokens.length) return '<span data-line=""> </span>';
    return `<span data-line="">${tokens.map(([className, text, style]) => `<span${className ? ` class="${className}"` : ''}${style ? ` style="${escapeAttribute(style)}"` : ''}>${escapeText(text)}</span>`).join('')}</span>`;
  });
  return `<figure data-rehype-pretty-code-figure=""><pre tabindex="0" ${attributes}><code ${attributes}>${body.join('\n')}</code></pre></figure>`;
}

/** TextMate's font style bits (vscode-textmate's FontStyle). */
const UNDERLINE = 4;
const STRIKETHROUGH = 8;

/** shiki's tokens as class/style tokens, whitespace joined to the token after it (as `codeToHast` does by default). */
export function themedLines(lines: ThemedToken[][]): Token[][] | null {
  const out: Token[][] = [];
  for (const line of lines) {
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
    out.push(tokens);
  }
  return out;
}

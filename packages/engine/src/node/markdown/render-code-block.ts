import { unified } from 'unified';
import rehypePrettyCode, { type Options as PrettyCodeOptions } from 'rehype-pretty-code';
import { bundledLanguages, createHighlighter, createCssVariablesTheme, type Highlighter, type ShikiTransformer, type ThemedToken, type GrammarState } from 'shiki';
import { getTokenStyleObject, stringifyTokenStyle } from 'shiki/core';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { toHtml } from 'hast-util-to-html';
import { stringifyEntities } from 'stringify-entities';
import type { Element, Root } from 'hast';
import { CODE_LANGUAGE_GRAMMARS } from './plugins/remark-code-tabs';

/*
 * Everything that needs shiki. Loaded by CodeHighlighter on its first cache miss only: a build
 * whose code blocks all come from the cache never loads shiki or rehype-pretty-code.
 */

/** One theme whose colours are CSS variables: a single tokenisation serves light and dark. */
const THEME_NAME = 'docsgen-css-variables';
const theme = createCssVariablesTheme({ name: THEME_NAME, variablePrefix: '--shiki-', fontStyle: true });

/** A token style the classes express: its colour variable and italics. */
const TOKEN_CLASS = /^color:var\(--shiki-(?:token-)?([a-z-]+)\)(;font-style:italic)?;?$/;

/**
 * shiki stops tokenising a line after 500 ms by default and emits the rest as one plain token. The
 * first line of a grammar pays for compiling its regular expressions, so on a loaded machine that
 * limit made the same page highlight differently from build to build. Output must not depend on
 * the machine's load: no limit (the size limits on content bound the work instead).
 */
const NO_TIME_LIMIT = 0;

/** Token colours as classes: `style="color:var(--shiki-token-keyword)"` → `class="t-keyword"`. */
const tokenClasses: ShikiTransformer = {
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
  pre(node) {
    delete node.properties.style;
  },
  code(node) {
    delete node.properties.style;
  },
};

/**
 * The one highlighter of the process (shared with rehype-pretty-code), on shiki's Oniguruma (WASM)
 * engine: grammars compile about a third faster than through the JavaScript regex engine.
 */
let sharedHighlighter: Promise<Highlighter> | null = null;
export function getHighlighter(options: { langs?: unknown[] } = {}): Promise<Highlighter> {
  sharedHighlighter ??= createHighlighter({ themes: [theme], langs: (options.langs ?? ['plaintext']) as Parameters<typeof createHighlighter>[0]['langs'], engine: createOnigurumaEngine(import('shiki/wasm')) });
  return sharedHighlighter;
}

/** rehype-pretty-code has no option for the time limit: set it on the options shiki tokenises with. */
const noTimeLimit: ShikiTransformer = {
  name: 'docsgen:no-time-limit',
  preprocess(_code, options) {
    (options as { tokenizeTimeLimit?: number }).tokenizeTimeLimit = NO_TIME_LIMIT;
  },
};

const prettyCodeOptions: PrettyCodeOptions = {
  theme: theme as PrettyCodeOptions['theme'],
  keepBackground: false,
  defaultLang: { block: 'plaintext' },
  transformers: [noTimeLimit, tokenClasses],
  getHighlighter: getHighlighter as PrettyCodeOptions['getHighlighter'],
};
const highlightProcessor = unified().use(rehypePrettyCode, prettyCodeOptions).freeze();

/**
 * Languages whose grammar is another's under a second name: shiki's `jsx` grammar is its
 * `javascript` one (which highlights JSX) with another scope name, so `jsx` blocks use that grammar
 * and a build does not compile the same ~1,900 patterns twice (~0.2 s).
 */
const SAME_GRAMMAR: Record<string, string> = { jsx: 'javascript' };

/** Grammar used for a fence language: sample aliases (`curl`, `nodejs`) map to real grammars; unknown → plaintext. */
export function grammarFor(lang: string): string {
  const mapped = SAME_GRAMMAR[lang] ?? CODE_LANGUAGE_GRAMMARS[lang] ?? lang;
  return mapped in bundledLanguages ? mapped : 'plaintext';
}

/** Gives shiki's output the attributes rehype-pretty-code puts on its pre, code and lines. */
function prettyCodeShape(grammar: string): ShikiTransformer {
  const attributes = { dataLanguage: grammar, dataTheme: THEME_NAME };
  return {
    name: 'docsgen-pretty-code-shape',
    pre(node) {
      node.properties = { tabIndex: 0, ...attributes };
    },
    code(node) {
      node.properties = { ...attributes, style: 'display: grid;' };
    },
    line(node) {
      node.properties = { dataLine: '' };
      // As rehype-pretty-code does: an empty line is a grid row of zero height unless it has a character.
      if (!node.children.length) node.children.push({ type: 'text', value: ' ' });
    },
  };
}

type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
/** One token: its class (undefined: the foreground colour), text, and a style the classes cannot express. */
type Token = [className: string | undefined, text: string, style?: string];

/**
 * The lines of `JSON.stringify(value, null, 2)`, tokenised as shiki's JSON grammar and the CSS
 * variables theme do: keys `t-keyword`, strings `t-string-expression` (escapes included),
 * numbers and literals `t-constant`, `:` and `,` `t-punctuation`, brackets in the foreground,
 * and whitespace joined to the token after it. Exact for that canonical form only, which the
 * caller checks; a unit test compares it with shiki on every example of the portal's spec.
 */
function canonicalJsonLines(root: JsonValue): Token[][] {
  const lines: Token[][] = [];
  const write = (value: JsonValue, depth: number, key: string | null, comma: boolean) => {
    const pad = '  '.repeat(depth);
    const lead: Token[] = key === null ? [] : [['t-keyword', `${pad}${JSON.stringify(key)}`], ['t-punctuation', ':']];
    const before = key === null ? pad : ' ';
    const tail: Token[] = comma ? [['t-punctuation', ',']] : [];
    if (value !== null && typeof value === 'object') {
      const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
      const entries: Array<[string | null, JsonValue]> = Array.isArray(value) ? value.map((v) => [null, v]) : Object.entries(value);
      if (!entries.length) {
        lines.push([...lead, [undefined, `${before}${open}${close}`], ...tail]);
        return;
      }
      lines.push([...lead, [undefined, `${before}${open}`]]);
      entries.forEach(([k, v], i) => write(v, depth + 1, k, i < entries.length - 1));
      lines.push([[undefined, `${pad}${close}`], ...tail]);
      return;
    }
    const className = typeof value === 'string' ? 't-string-expression' : 't-constant';
    lines.push([...lead, [className, `${before}${JSON.stringify(value)}`], ...tail]);
  };
  write(root, 0, null, false);
  return lines;
}

/** `code` when it is exactly what `JSON.stringify(value, null, 2)` writes (API examples are), else null. */
function canonicalJson(code: string): JsonValue | undefined {
  if (!/^[[{"\-\dtfn]/.test(code)) return undefined;
  try {
    const value = JSON.parse(code) as JsonValue;
    return JSON.stringify(value, null, 2) === code ? value : undefined;
  } catch {
    return undefined;
  }
}

// What hast-util-to-html escapes in text and in double-quoted attribute values by default (its own
// subsets, as module constants so stringify-entities reuses its regular expressions).
const TEXT_SUBSET = ['<', '&'];
const ATTRIBUTE_SUBSET = ['\0', '"', '&', "'", '`'];
const escapeText = (s: string) => stringifyEntities(s, { subset: TEXT_SUBSET });
const escapeAttribute = (s: string) => stringifyEntities(s, { subset: ATTRIBUTE_SUBSET });

/**
 * The figure `renderCodeBlock` makes, written as a string from token lines (what shiki's hast,
 * the transformers above and hast-util-to-html would write, without building the tree).
 */
function figureOf(grammar: string, lines: Token[][]): string {
  const attributes = `data-language="${escapeAttribute(grammar)}" data-theme="${THEME_NAME}"`;
  const body = lines.map((tokens) => {
    if (!tokens.length) return '<span data-line=""> </span>';
    return `<span data-line="">${tokens.map(([className, text, style]) => `<span${className ? ` class="${className}"` : ''}${style ? ` style="${escapeAttribute(style)}"` : ''}>${escapeText(text)}</span>`).join('')}</span>`;
  });
  return `<figure data-rehype-pretty-code-figure=""><pre tabindex="0" ${attributes}><code ${attributes} style="display: grid;">${body.join('\n')}</code></pre></figure>`;
}

type Lang = Parameters<Highlighter['codeToTokens']>[1]['lang'];


/** What the tokenizer remembers of a line: its tokens, and the grammar state after it (with its key). */
interface MemoLine {
  tokens: ThemedToken[];
  state: GrammarState;
  key: string;
}
const lineMemo = new Map<string, MemoLine>();
/** A long `serve --watch` session starts over past this many distinct lines. */
const LINE_MEMO_LIMIT = 100_000;

/** The parts of vscode-textmate's state stack that decide how the next line is tokenised. */
interface StackFrame {
  parent: StackFrame | null;
  ruleId: unknown;
  endRule: unknown;
  beginRuleCapturedEOL: unknown;
  nameScopesList: unknown;
  contentNameScopesList: unknown;
}

/**
 * A key that two grammar states share only when they tokenise the next line alike: per stack
 * frame the rule, its end pattern (back-references included) and its scopes, a superset of what
 * vscode-textmate compares in `StateStack.equals`. This reads vscode-textmate's private frame
 * fields through shiki's `@internal` getInternalStack, because the public API only compares two
 * states and cannot key a memo. Null when the state is not shaped as expected (another shiki or
 * vscode-textmate version): the caller then takes the public path and tokenises the whole block.
 * tests/unit/highlight.test.ts fails when the installed version no longer has these fields.
 */
export function stateKey(state: GrammarState | undefined): string | null {
  let frame = state?.getInternalStack(THEME_NAME) as StackFrame | undefined | null;
  if (!frame || typeof frame.ruleId !== 'number') return null;
  const parts: string[] = [];
  for (; frame; frame = frame.parent) parts.push(`${String(frame.ruleId)}|${String(frame.endRule)}|${String(frame.beginRuleCapturedEOL)}|${String(frame.nameScopesList)}|${String(frame.contentNameScopesList)}`);
  return parts.join('/');
}

/**
 * shiki's tokens for a block, line by line through a memo of (grammar, state before the line,
 * line) → (tokens, state after). TextMate tokenises a line from the state the previous one left,
 * so a line seen before in the same state is not tokenised again: generated samples and guides
 * repeat most of their lines (68-87 % of the sample lines per language), which made tokenising
 * them 3-4× faster. A unit test holds the result to shiki's whole-block tokens.
 */
export function tokenize(highlighter: Highlighter, grammar: string, source: string, keyOf: (state: GrammarState | undefined) => string | null = stateKey): ThemedToken[][] {
  const whole = () => highlighter.codeToTokens(source, { lang: grammar as Lang, theme: THEME_NAME, tokenizeTimeLimit: NO_TIME_LIMIT }).tokens;
  if (lineMemo.size > LINE_MEMO_LIMIT) lineMemo.clear();
  const out: ThemedToken[][] = [];
  let state: GrammarState | undefined;
  let key = 'initial';
  for (const line of source.split(/\r?\n/)) {
    // shiki leaves the state as it is over an empty line.
    if (line === '') {
      out.push([]);
      continue;
    }
    const memoKey = `${grammar}\0${key}\0${line}`;
    let known = lineMemo.get(memoKey);
    if (!known) {
      const result = highlighter.codeToTokens(line, { lang: grammar as Lang, theme: THEME_NAME, tokenizeTimeLimit: NO_TIME_LIMIT, ...(state ? { grammarState: state } : {}) });
      const next = result.grammarState;
      const nextKey = keyOf(next);
      if (!next || nextKey === null) return whole(); // plain text, or a state this code cannot key
      known = { tokens: result.tokens[0] ?? [], state: next, key: nextKey };
      lineMemo.set(memoKey, known);
    }
    out.push(known.tokens);
    state = known.state;
    key = known.key;
  }
  return out;
}

/** TextMate's font style bits (vscode-textmate's FontStyle). */
const UNDERLINE = 4;
const STRIKETHROUGH = 8;

/** shiki's tokens as class/style tokens, whitespace joined to the token after it (as `codeToHast` does by default). */
function themedLines(lines: ThemedToken[][]): Token[][] | null {
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

/**
 * A block without meta (no title, no highlighted lines) goes straight through shiki's `codeToHast`
 * and gets the same figure rehype-pretty-code makes, skipping its HTML round trip (the costliest
 * part of highlighting). Canonical JSON (every example the API reference generates) is tokenised
 * directly, in a tenth of the time. Blocks with meta go through rehype-pretty-code.
 */
export async function renderCodeBlock(grammar: string, meta: string, code: string): Promise<string> {
  if (meta) return renderWithShiki(grammar, meta, code);
  const source = code.replace(/\n$/, '');
  if (grammar === 'json') {
    const value = canonicalJson(source);
    if (value !== undefined) return figureOf(grammar, canonicalJsonLines(value));
  }
  const highlighter = await getHighlighter();
  if (!highlighter.getLoadedLanguages().includes(grammar)) await highlighter.loadLanguage(grammar as Parameters<Highlighter['loadLanguage']>[0]);
  const lines = themedLines(tokenize(highlighter, grammar, source));
  return lines ? figureOf(grammar, lines) : renderWithShiki(grammar, meta, code);
}

/**
 * Highlighting through shiki's hast and rehype-pretty-code: the reference the direct paths above
 * are tested against, and the path for blocks with meta.
 */
export async function renderWithShiki(grammar: string, meta: string, code: string): Promise<string> {
  if (!meta) {
    const highlighter = await getHighlighter();
    if (!highlighter.getLoadedLanguages().includes(grammar)) await highlighter.loadLanguage(grammar as Parameters<Highlighter['loadLanguage']>[0]);
    const hast = highlighter.codeToHast(code.replace(/\n$/, ''), { lang: grammar, theme: THEME_NAME, tokenizeTimeLimit: NO_TIME_LIMIT, transformers: [tokenClasses, prettyCodeShape(grammar)] });
    return toHtml({ type: 'root', children: [{ type: 'element', tagName: 'figure', properties: { dataRehypePrettyCodeFigure: '' }, children: hast.children as Element[] }] });
  }
  const element: Element = { type: 'element', tagName: 'code', properties: { className: [`language-${grammar}`] }, data: { meta } as Element['data'], children: [{ type: 'text', value: code }] };
  const tree: Root = { type: 'root', children: [{ type: 'element', tagName: 'pre', properties: {}, children: [element] }] };
  return toHtml(await highlightProcessor.run(tree));
}

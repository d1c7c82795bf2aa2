import { unified } from 'unified';
import type { Options as PrettyCodeOptions } from 'rehype-pretty-code';
import type { ShikiTransformer } from 'shiki';
import { toHtml } from 'hast-util-to-html';
import { stringifyEntities } from 'stringify-entities';
import type { Element, Root } from 'hast';
import { getHighlighter, highlighterWith, NO_TIME_LIMIT, theme, THEME_NAME } from './code-block/shiki-highlighter';
import { canonicalJson, canonicalJsonLines } from './code-block/canonical-json';
import { figureHtml, figureOf, themedLineHtml, tokenClasses } from './code-block/code-figure';
import { tokenize } from './code-block/line-tokenizer';

export { getHighlighter, grammarFor } from './code-block/shiki-highlighter';
export { stateKey, tokenize } from './code-block/line-tokenizer';

/*
 * Everything that needs shiki. Loaded by CodeHighlighter on its first cache miss only: a build
 * whose code blocks all come from the cache never loads shiki or rehype-pretty-code. The pieces
 * live in code-block/: the shared highlighter and its theme, the memoised line tokenizer, the
 * figure written straight from tokens, and the tokens of canonical JSON.
 */

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
/**
 * rehype-pretty-code, for blocks with meta only: loaded on the first (it brings parse5, about 0.5 MB
 * of modules the highlight worker otherwise never runs).
 */
let highlightProcessor: Promise<ReturnType<typeof prettyCodeProcessor>> | null = null;
const prettyCodeProcessor = (plugin: typeof import('rehype-pretty-code').default) => unified().use(plugin, prettyCodeOptions).use(rehypeDropCodeStyle).freeze();
const loadProcessor = () => (highlightProcessor ??= import('rehype-pretty-code').then((module) => prettyCodeProcessor(module.default)));

/**
 * rehype-pretty-code writes `style="display: grid;"` on each `<code>`; the stylesheet says that
 * (pages carry no style attributes: their Content-Security-Policy allows none).
 */
function rehypeDropCodeStyle() {
  const visit = (node: Root | Element): void => {
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      if (child.tagName === 'code') delete child.properties.style;
      visit(child);
    }
  };
  return (tree: Root) => visit(tree);
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
      node.properties = { ...attributes };
    },
    line(node) {
      node.properties = { dataLine: '' };
      // As rehype-pretty-code does: an empty line is a grid row of zero height unless it has a character.
      if (!node.children.length) node.children.push({ type: 'text', value: ' ' });
    },
  };
}

/**
 * The figure's HTML. Text is written with `>` escaped as well as `<` and `&` (hast-util-to-html
 * leaves `>` raw: valid HTML, but strict validators, html-validate's standard preset among them,
 * reject it, and code is full of `=>` and `->`); figureOf writes the same.
 */
const TEXT_SUBSET = ['<', '&', '>'];
function codeHtml(tree: Root): string {
  const escapeGt = (node: Root | Element) => {
    for (const child of node.children) {
      if (child.type === 'element') escapeGt(child);
      else if (child.type === 'text' && child.value.includes('>')) {
        Object.assign(child, { type: 'raw', value: stringifyEntities(child.value, { subset: TEXT_SUBSET }) });
      }
    }
  };
  escapeGt(tree);
  return toHtml(tree, { allowDangerousHtml: true });
}

/** Meta that is only a title (`title="server.js"`): the figure rehype-pretty-code makes, with its caption, is written directly. */
const TITLE_ONLY = /^title="([^"]+)"$/;

/**
 * A block without meta, or with only a title, is written from the line tokenizer's tokens as the
 * same figure rehype-pretty-code makes, skipping its HTML round trip (the costliest part of
 * highlighting). Canonical JSON (every example the API reference generates) is tokenised
 * directly, in a tenth of the time. Blocks with other meta (highlighted lines, line numbers) go
 * through rehype-pretty-code. A unit test holds both direct paths to rehype-pretty-code's output.
 */
export async function renderCodeBlock(grammar: string, meta: string, code: string): Promise<string> {
  // Plain text is tokenised whole, and rehype-pretty-code writes its empty lines differently (a space).
  const title = meta && grammar !== 'plaintext' ? TITLE_ONLY.exec(meta)?.[1] : undefined;
  if (meta && title === undefined) return renderWithShiki(grammar, meta, code);
  const source = code.replace(/\n$/, '');
  if (grammar === 'json') {
    const value = canonicalJson(source);
    if (value !== undefined) return figureOf(grammar, canonicalJsonLines(value), title);
  }
  const highlighter = await highlighterWith(grammar);
  const lines: string[] = [];
  for (const line of tokenize(highlighter, grammar, source)) {
    const html = themedLineHtml(line);
    if (html === null) return renderWithShiki(grammar, meta, code);
    lines.push(html);
  }
  return figureHtml(grammar, lines, title);
}

/**
 * Highlighting through shiki's hast and rehype-pretty-code: the reference the direct paths above
 * are tested against, and the path for blocks with meta.
 */
export async function renderWithShiki(grammar: string, meta: string, code: string): Promise<string> {
  const highlighter = await highlighterWith(grammar); // rehype-pretty-code finds the grammar loaded
  if (!meta) {
    const hast = highlighter.codeToHast(code.replace(/\n$/, ''), { lang: grammar, theme: THEME_NAME, tokenizeTimeLimit: NO_TIME_LIMIT, transformers: [tokenClasses, prettyCodeShape(grammar)] });
    return codeHtml({ type: 'root', children: [{ type: 'element', tagName: 'figure', properties: { dataRehypePrettyCodeFigure: '' }, children: hast.children as Element[] }] });
  }
  const element: Element = { type: 'element', tagName: 'code', properties: { className: [`language-${grammar}`] }, data: { meta } as Element['data'], children: [{ type: 'text', value: code }] };
  const tree: Root = { type: 'root', children: [{ type: 'element', tagName: 'pre', properties: {}, children: [element] }] };
  return codeHtml(await (await loadProcessor()).run(tree));
}

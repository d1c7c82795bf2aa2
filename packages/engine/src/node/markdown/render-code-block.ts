import { unified } from 'unified';
import rehypePrettyCode, { type Options as PrettyCodeOptions } from 'rehype-pretty-code';
import { bundledLanguages, createHighlighter, createCssVariablesTheme, type Highlighter, type ShikiTransformer } from 'shiki';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { toHtml } from 'hast-util-to-html';
import type { Element, Root } from 'hast';
import { CODE_LANGUAGE_GRAMMARS } from './plugins/remark-code-tabs';

/*
 * Everything that needs shiki. Loaded by CodeHighlighter on its first cache miss only: a build
 * whose code blocks all come from the cache never loads shiki or rehype-pretty-code.
 */

/** One theme whose colours are CSS variables: a single tokenisation serves light and dark. */
const THEME_NAME = 'docsgen-css-variables';
const theme = createCssVariablesTheme({ name: THEME_NAME, variablePrefix: '--shiki-', fontStyle: true });

/** Token colours as classes: `style="color:var(--shiki-token-keyword)"` → `class="t-keyword"`. */
const tokenClasses: ShikiTransformer = {
  name: 'docsgen-token-classes',
  // A third of the bytes, and the light/dark colours stay in the one CSS file.
  span(node) {
    const style = node.properties.style;
    if (typeof style !== 'string') return;
    const match = /^color:var\(--shiki-(?:token-)?([a-z-]+)\)(;font-style:italic)?;?$/.exec(style);
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
function getHighlighter(options: { langs?: unknown[] } = {}): Promise<Highlighter> {
  sharedHighlighter ??= createHighlighter({ themes: [theme], langs: (options.langs ?? ['plaintext']) as Parameters<typeof createHighlighter>[0]['langs'], engine: createOnigurumaEngine(import('shiki/wasm')) });
  return sharedHighlighter;
}

const prettyCodeOptions: PrettyCodeOptions = {
  theme: theme as PrettyCodeOptions['theme'],
  keepBackground: false,
  defaultLang: { block: 'plaintext' },
  transformers: [tokenClasses],
  getHighlighter: getHighlighter as PrettyCodeOptions['getHighlighter'],
};
const highlightProcessor = unified().use(rehypePrettyCode, prettyCodeOptions).freeze();

/** Grammar used for a fence language: sample aliases (`curl`, `nodejs`) map to real grammars; unknown → plaintext. */
export function grammarFor(lang: string): string {
  const mapped = CODE_LANGUAGE_GRAMMARS[lang] ?? lang;
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

/**
 * A block without meta (no title, no highlighted lines) goes straight through shiki's `codeToHast`
 * and gets the same figure rehype-pretty-code makes, skipping its HTML round trip (the costliest
 * part of highlighting). Blocks with meta go through rehype-pretty-code.
 */
export async function renderCodeBlock(grammar: string, meta: string, code: string): Promise<string> {
  if (!meta) {
    const highlighter = await getHighlighter();
    if (!highlighter.getLoadedLanguages().includes(grammar)) await highlighter.loadLanguage(grammar as Parameters<Highlighter['loadLanguage']>[0]);
    const hast = highlighter.codeToHast(code.replace(/\n$/, ''), { lang: grammar, theme: THEME_NAME, transformers: [tokenClasses, prettyCodeShape(grammar)] });
    return toHtml({ type: 'root', children: [{ type: 'element', tagName: 'figure', properties: { dataRehypePrettyCodeFigure: '' }, children: hast.children as Element[] }] });
  }
  const element: Element = { type: 'element', tagName: 'code', properties: { className: [`language-${grammar}`] }, data: { meta } as Element['data'], children: [{ type: 'text', value: code }] };
  const tree: Root = { type: 'root', children: [{ type: 'element', tagName: 'pre', properties: {}, children: [element] }] };
  return toHtml(await highlightProcessor.run(tree));
}

import { createHash } from 'node:crypto';
import { unified } from 'unified';
import rehypePrettyCode, { type Options as PrettyCodeOptions } from 'rehype-pretty-code';
import { bundledLanguages, createHighlighter, createCssVariablesTheme } from 'shiki';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { toHtml } from 'hast-util-to-html';
import { JsonCache } from '../cache/json-cache';
import type { Element, Root } from 'hast';
import { CODE_LANGUAGE_GRAMMARS } from './plugins/remark-code-tabs';

/** Bump when the HTML produced for a code block changes, so persistent caches are invalidated. */
const RENDER_VERSION = '4';

/** One theme whose colours are CSS variables: a single tokenisation serves light and dark. */
const theme = createCssVariablesTheme({ name: 'docsgen-css-variables', variablePrefix: '--shiki-', fontStyle: true });

const prettyCodeOptions: PrettyCodeOptions = {
  theme: theme as PrettyCodeOptions['theme'],
  keepBackground: false,
  defaultLang: { block: 'plaintext' },
  transformers: [
    {
      name: 'docsgen-token-classes',
      // `style="color:var(--shiki-token-keyword)"` → `class="t-keyword"`: a third of the bytes,
      // and light/dark colours stay in the one CSS file.
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
    },
  ],
  // One highlighter for the whole process, on shiki's JavaScript regex engine (no WASM start-up).
  getHighlighter: (options) => createHighlighter({ ...options, engine: createJavaScriptRegexEngine({ forgiving: true }) }),
};
const highlightProcessor = unified().use(rehypePrettyCode, prettyCodeOptions).freeze();

/** Persistent cache of finished code-block HTML, keyed by (grammar, meta, code, renderer version). */
export class HighlightCache extends JsonCache<string> {}

export interface CodeBlockInfo {
  lang: string;
  meta: string;
  code: string;
}

/** Grammar used for a fence language: sample aliases (`curl`, `nodejs`) map to real grammars; unknown → plaintext. */
export function grammarFor(lang: string): string {
  const mapped = CODE_LANGUAGE_GRAMMARS[lang] ?? lang;
  if (mapped in bundledLanguages) return mapped;
  return ['text', 'plaintext', 'txt', ''].includes(mapped) ? 'plaintext' : 'plaintext';
}

/** Meta keys that docsgen reads itself and rehype-pretty-code should not see. */
const OWN_META = /\s*\boperation=("[^"]*"|\S+)/g;

/** Highlights one block to finished HTML (figure, optional title, lines), through the cache. */
export async function highlightBlock(block: CodeBlockInfo, cache: HighlightCache): Promise<string> {
  const grammar = grammarFor(block.lang);
  const meta = block.meta.replace(OWN_META, '').trim();
  const key = createHash('sha1').update(`${RENDER_VERSION}\0${grammar}\0${meta}\0${block.code}`).digest('base64url');
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const code: Element = {
    type: 'element',
    tagName: 'code',
    properties: { className: [`language-${grammar}`] },
    data: { meta } as Element['data'],
    children: [{ type: 'text', value: block.code }],
  };
  const tree: Root = { type: 'root', children: [{ type: 'element', tagName: 'pre', properties: {}, children: [code] }] };
  const result = await highlightProcessor.run(tree);
  const html = toHtml(result);
  cache.set(key, html);
  return html;
}

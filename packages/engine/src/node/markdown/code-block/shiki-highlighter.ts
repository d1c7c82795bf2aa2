import { bundledLanguages, createHighlighter, createCssVariablesTheme, type Highlighter } from 'shiki';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { CODE_LANGUAGE_GRAMMARS } from '../plugins/remark-code-tabs';
import { loadRegexTable, regexConstructor } from './regex-tables';

/** One theme whose colours are CSS variables: a single tokenisation serves light and dark. */
export const THEME_NAME = 'docsgen-css-variables';
export const theme = createCssVariablesTheme({ name: THEME_NAME, variablePrefix: '--shiki-', fontStyle: true });

/** A token style the classes express: its colour variable and italics. */
export const TOKEN_CLASS = /^color:var\(--shiki-(?:token-)?([a-z-]+)\)(;font-style:italic)?;?$/;

/**
 * shiki stops tokenising a line after 500 ms by default and emits the rest as one plain token. The
 * first line of a grammar pays for compiling its regular expressions, so on a loaded machine that
 * limit made the same page highlight differently from build to build. Output must not depend on
 * the machine's load: no limit (the size limits on content bound the work instead).
 */
export const NO_TIME_LIMIT = 0;

/**
 * The one highlighter of the process (shared with rehype-pretty-code), on shiki's JavaScript regex
 * engine (grammars' Oniguruma patterns translated to native regular expressions). It gives the
 * same tokens as the Oniguruma WebAssembly engine (a unit test compares the two on every block of
 * the portal and every generated sample) in about the same time, and its memory is the JavaScript
 * heap's: Oniguruma's compiled scanners filled a WebAssembly memory that never shrinks, 120-144 MiB
 * on the portal, which made the content stage the build's peak (issue 16). Strict, as by default:
 * a pattern it cannot translate throws rather than highlighting differently. The translations of
 * the commonest languages come with the bundled CLI (regex-tables.ts).
 */
let sharedHighlighter: Promise<Highlighter> | null = null;
export function getHighlighter(options: { langs?: unknown[] } = {}): Promise<Highlighter> {
  sharedHighlighter ??= createHighlighter({ themes: [theme], langs: (options.langs ?? ['plaintext']) as Parameters<typeof createHighlighter>[0]['langs'], engine: createJavaScriptRegexEngine({ regexConstructor }) });
  return sharedHighlighter;
}

/** The shared highlighter, with `grammar` loaded (grammars load on first use). */
export async function highlighterWith(grammar: string): Promise<Highlighter> {
  const highlighter = await getHighlighter();
  loadRegexTable(grammar);
  if (!highlighter.getLoadedLanguages().includes(grammar)) await highlighter.loadLanguage(grammar as Parameters<Highlighter['loadLanguage']>[0]);
  return highlighter;
}

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

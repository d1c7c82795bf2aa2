import { describe, expect, it } from 'vitest';
import { createHighlighter, type Highlighter } from 'shiki';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { getHighlighter, grammarFor } from '../../packages/engine/src/node/markdown/render-code-block';
import { theme, THEME_NAME } from '../../packages/engine/src/node/markdown/code-block/shiki-highlighter';
import { extraBlocks, generatedSamples, portalFences } from '../helpers/code-blocks';

// docsgen highlights with shiki's JavaScript regex engine (its memory is the JavaScript heap's, not a
// WebAssembly memory that never shrinks). The grammars are written for Oniguruma, which VS Code and
// shiki's default engine run: this test holds the two to the same tokens on every block the portal
// highlights, so that a shiki or grammar upgrade that makes them differ fails here, not in a page.

async function onigurumaHighlighter(): Promise<Highlighter> {
  return createHighlighter({ themes: [theme], langs: ['plaintext'], engine: createOnigurumaEngine(import('shiki/wasm')) });
}

async function tokens(highlighter: Highlighter, grammar: string, code: string) {
  if (!highlighter.getLoadedLanguages().includes(grammar)) await highlighter.loadLanguage(grammar as Parameters<Highlighter['loadLanguage']>[0]);
  return highlighter.codeToTokens(code, { lang: grammar as Parameters<Highlighter['codeToTokens']>[1]['lang'], theme: THEME_NAME, tokenizeTimeLimit: 0 }).tokens.map((line) => line.map((t) => [t.content, t.color, t.fontStyle]));
}

describe('the JavaScript regex engine', () => {
  it('gives the same tokens as Oniguruma for every code block of the portal (content and spec) and every generated sample', async () => {
    const fences = portalFences();
    expect(fences.length).toBeGreaterThan(300);
    const samples = generatedSamples();
    expect(samples).toHaveLength(6);
    const ours = await getHighlighter();
    const oniguruma = await onigurumaHighlighter();
    const grammars = new Set<string>();
    for (const block of [...fences, ...samples, ...extraBlocks]) {
      const grammar = grammarFor(block.lang);
      grammars.add(grammar);
      expect(await tokens(ours, grammar, block.code), `${block.lang}: ${block.code.slice(0, 80)}`).toEqual(await tokens(oniguruma, grammar, block.code));
    }
    // The languages the portal and the bench corpus write in are all among those compared.
    for (const grammar of ['bash', 'csharp', 'css', 'go', 'graphql', 'html', 'http', 'javascript', 'json', 'kotlin', 'nginx', 'php', 'sql', 'swift', 'ts']) expect(grammars).toContain(grammar);
  }, 120_000);

  it('is the engine docsgen highlights with: no WebAssembly memory is made', async () => {
    const highlighter = await getHighlighter();
    await tokens(highlighter, 'javascript', 'const a = 1;');
    // shiki's engine-javascript scanners hold native RegExps; Oniguruma's hold pointers into WebAssembly memory.
    const grammar = highlighter.getLanguage('javascript') as unknown as { _onigLib?: { createOnigScanner(p: string[]): { regexps?: unknown[] } } };
    const scanner = grammar._onigLib?.createOnigScanner(['a+']);
    expect(scanner?.regexps?.[0]).toBeInstanceOf(RegExp);
  });
});

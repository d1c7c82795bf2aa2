import { describe, expect, it } from 'vitest';
import type { GrammarState } from 'shiki';
import { getHighlighter, stateKey, tokenize } from '../../packages/engine/src/node/markdown/render-code-block';

// The line memo of markdown/code-block/line-tokenizer.ts keys grammar states by vscode-textmate's private stack
// frame fields. When an upgrade renames them the memo silently falls back to whole-block
// tokenising (correct, but 3-4× slower on samples): these tests make that upgrade fail loudly.

const source = 'const a = `x${1}`;\n/* open\n comment */\nfunction f(b) {\n  return b;\n}\n\nconst a = `x${1}`;';

async function javascript() {
  const highlighter = await getHighlighter();
  if (!highlighter.getLoadedLanguages().includes('javascript')) await highlighter.loadLanguage('javascript');
  return highlighter;
}

describe('highlighter line memo and vscode-textmate internals', () => {
  it('finds the private state-stack fields the memo keys on in the installed vscode-textmate', async () => {
    const highlighter = await javascript();
    const state: GrammarState | undefined = highlighter.codeToTokens('/* open', { lang: 'javascript', theme: 'docsgen-css-variables' }).grammarState;
    expect(state).toBeDefined();
    const frame = state!.getInternalStack() as unknown as Record<string, unknown>;
    expect(typeof frame.ruleId).toBe('number');
    for (const field of ['parent', 'endRule', 'beginRuleCapturedEOL', 'nameScopesList', 'contentNameScopesList']) expect(frame).toHaveProperty(field);
    expect(stateKey(state)).not.toBeNull();
  });

  it('gives the same tokens through the memo, through the public whole-block fallback, and from shiki directly', async () => {
    const highlighter = await javascript();
    const direct = highlighter.codeToTokens(source, { lang: 'javascript', theme: 'docsgen-css-variables' }).tokens;
    const fallback = tokenize(highlighter, 'javascript', source, () => null);
    const memo = tokenize(highlighter, 'javascript', source);
    const again = tokenize(highlighter, 'javascript', source); // every line from the memo now
    const text = (lines: typeof direct) => lines.map((l) => l.map((t) => [t.content, t.color, t.fontStyle]));
    expect(text(fallback)).toEqual(text(direct));
    expect(text(memo)).toEqual(text(direct));
    expect(text(again)).toEqual(text(direct));
  });
});

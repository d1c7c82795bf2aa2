import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHighlighter, type Highlighter } from 'shiki';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { getHighlighter, grammarFor } from '../../packages/engine/src/node/markdown/render-code-block';
import { theme, THEME_NAME } from '../../packages/engine/src/node/markdown/code-block/shiki-highlighter';
import { codeSamples } from '../../packages/engine/src/node/openapi/code-samples';

// docsgen highlights with shiki's JavaScript regex engine (its memory is the JavaScript heap's, not a
// WebAssembly memory that never shrinks). The grammars are written for Oniguruma, which VS Code and
// shiki's default engine run: this test holds the two to the same tokens on every block the portal
// highlights, so that a shiki or grammar upgrade that makes them differ fails here, not in a page.

const portal = path.resolve(import.meta.dirname, '../..');

/** Every fenced block of the portal's content and of its spec's descriptions, indentation removed. */
function portalFences(): Array<{ lang: string; code: string }> {
  const fences: Array<{ lang: string; code: string }> = [];
  const files = [
    ...fs.readdirSync(path.join(portal, 'content'), { recursive: true, encoding: 'utf8' }).filter((f) => /\.mdx?$/.test(f)).map((f) => path.join(portal, 'content', f)),
    ...fs.readdirSync(path.join(portal, 'specs')).map((f) => path.join(portal, 'specs', f)),
  ];
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^( *)```(\w+)[^\n]*\n([\s\S]*?)^\1```$/gm)) fences.push({ lang: m[2]!, code: m[3]!.split('\n').map((l) => l.slice(m[1]!.length)).join('\n').replace(/\n$/, '') });
  }
  return fences;
}

const request = { method: 'POST', url: 'https://payments.test.epic.example/v1/payment-sessions', body: { amount: 10000, currency: 'NOK', items: [{ name: "Bob's \"tea\" & <cake>", quantity: 2 }], enabled: true, note: null }, idempotent: true, envVar: 'EPIC_API_KEY' };

/** Blocks the content does not have: the bench corpus's TypeScript, and lines in states that carry over. */
const extra = [
  { lang: 'ts', code: "import { Client, type Payment as Summary } from '@example-pay/node';\nexport async function run(client: Client): Promise<void> {\n  const results: Summary[] = [];\n  const total: number = (await client.payments.retrieve(`pay_${1}`)).amount.value * 3;\n  results.push({ id: 'x', total } satisfies Summary);\n}" },
  { lang: 'javascript', code: 'const a = 1;\nconst s = `\nconst a = 1;\n`;\n/*\nconst a = 1;\n*/\nconst re = /[a-z]+(?=\\d)/giu;' },
  { lang: 'php', code: "<?php\n$x = <<<EOT\nEND;\necho 1;\nEOT;\necho \"{$x['a']}\";" },
  { lang: 'bash', code: 'cat <<EOF\nls -la\nEOF\nls -la\r\necho "${HOME:-/}" $((1 + 2))' },
];

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
    const samples = codeSamples(request, ['curl', 'javascript', 'nodejs', 'php', 'csharp', 'go']);
    expect(samples).toHaveLength(6);
    const ours = await getHighlighter();
    const oniguruma = await onigurumaHighlighter();
    const grammars = new Set<string>();
    for (const block of [...fences, ...samples, ...extra]) {
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

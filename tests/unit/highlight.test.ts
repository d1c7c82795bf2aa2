import { describe, expect, it } from 'vitest';
import { CodeHighlighter, HighlightCache } from '../../packages/engine/src/node/markdown/highlight';
import { grammarFor, renderCodeBlock } from '../../packages/engine/src/node/markdown/render-code-block';

const blocks = [
  { lang: 'json', meta: '', code: '{\n  "amount": 10000,\n  "currency": "NOK"\n}' },
  { lang: 'curl', meta: '', code: 'curl -X POST https://payments.test.epic.example/v1/payment-sessions \\\n  -H "Authorization: Bearer $EPIC_API_KEY"' },
  { lang: 'go', meta: '', code: 'package main\n\nfunc main() {}' },
];

describe('code highlighting', () => {
  it('gives blocks without meta the same HTML as rehype-pretty-code does', async () => {
    for (const block of blocks) {
      const grammar = grammarFor(block.lang);
      // A blank meta is truthy, so it takes the rehype-pretty-code path; it adds nothing.
      expect(await renderCodeBlock(grammar, '', block.code)).toBe(await renderCodeBlock(grammar, ' ', block.code));
    }
  });

  it('renders titles, highlighted lines and token classes, and escapes plain text', async () => {
    const titled = await renderCodeBlock('javascript', 'title="server.js" {2}', "const key = process.env.EPIC_API_KEY;\nconst res = await fetch(url);");
    expect(titled).toContain('data-rehype-pretty-code-title');
    expect(titled).toContain('server.js');
    expect(titled.match(/data-highlighted-line/g)).toHaveLength(1);
    expect(titled).toMatch(/class="t-keyword/);
    expect(titled).not.toContain('style="color');
    expect(await renderCodeBlock('plaintext', '', 'plain <text> & more')).toContain('plain &#x3C;text> &#x26; more');
  });

  it('renders a block requested twice at once only once, then serves it from the cache', async () => {
    const cache = new HighlightCache(null);
    const highlighter = new CodeHighlighter(cache);
    const [a, b] = await Promise.all([highlighter.highlight(blocks[0]!), highlighter.highlight(blocks[0]!)]);
    expect(a).toBe(b);
    expect(cache.misses).toBe(1);
    expect(await highlighter.highlight(blocks[0]!)).toBe(a);
    expect(cache.hits).toBe(1);
    // `operation=` is docsgen's own meta and does not change the HTML or the cache key.
    expect(await highlighter.highlight({ ...blocks[0]!, meta: 'operation=initialize-payment-session' })).toBe(a);
    expect(cache.misses).toBe(1);
  });

  it('maps sample languages to grammars and unknown ones to plain text', () => {
    expect([grammarFor('curl'), grammarFor('nodejs'), grammarFor('csharp'), grammarFor('klingon')]).toEqual(['bash', 'javascript', 'csharp', 'plaintext']);
  });
});

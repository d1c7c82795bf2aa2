import { describe, expect, it } from 'vitest';
import { CodeHighlighter, HighlightCache } from '../../packages/engine/src/node/markdown/highlight';
import fs from 'node:fs';
import path from 'node:path';
import jsYaml from 'js-yaml';
import { grammarFor, renderCodeBlock, renderWithShiki } from '../../packages/engine/src/node/markdown/render-code-block';
import { codeSamples } from '../../packages/engine/src/node/openapi/code-samples';
import { exampleFor } from '../../packages/engine/src/node/openapi/schema-tree';
import type { JsonObject } from '../../packages/engine/src/node/openapi/load-openapi';

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

  it('tokenises canonical JSON exactly as shiki does, for every example in the portal spec and the edge cases', async () => {
    const spec = jsYaml.load(fs.readFileSync(path.resolve(import.meta.dirname, '../../specs/payments.yaml'), 'utf8'), { schema: jsYaml.CORE_SCHEMA });
    const examples: unknown[] = [];
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object') {
        for (const [key, child] of Object.entries(value)) {
          if (key === 'example') examples.push(child);
          else if (key === 'examples' && child && typeof child === 'object' && !Array.isArray(child)) examples.push(...Object.values(child).map((e) => (e as { value?: unknown }).value ?? e));
          else collect(child);
        }
      }
    };
    collect(spec);
    // And the examples the reference composes from schemas, for requests and responses.
    const components = (spec as { components: { schemas: Record<string, JsonObject> } }).components.schemas;
    for (const name of Object.keys(components)) {
      for (const mode of ['request', 'response'] as const) examples.push(exampleFor({ $ref: `#/components/schemas/${name}` }, { components, markdown: (t) => t }, mode));
    }
    expect(examples.length).toBeGreaterThan(150);
    const edges = [{ 'k"ey': 'a\nb\\c\u0001d', e: '', u: 'é€😀 <b> & </b>', n: [[], [{}], [[1]], {}], z: -0.5e-7, big: 12345678901234567890, t: true, f: false, nil: null }, 'top', 42, -1, null, [], {}, [1, 'a', null]];
    for (const value of [...examples, ...edges]) {
      const code = JSON.stringify(value, null, 2);
      expect(await renderCodeBlock('json', '', code), code).toBe(await renderWithShiki('json', '', code));
    }
    // Not canonical (other indentation, trailing comma, comments): shiki as before.
    for (const code of ['{"a": 1}', '{\n    "a": 1\n}', '{\n  "a": 1,\n}', '// note\n{}']) {
      expect(await renderCodeBlock('json', '', code)).toBe(await renderWithShiki('json', '', code));
    }
  });

  it('writes the same HTML as shiki\'s hast for every code block of the portal content and every generated sample', async () => {
    const files = fs.readdirSync(path.resolve(import.meta.dirname, '../../content'), { recursive: true, encoding: 'utf8' }).filter((f) => /\.mdx?$/.test(f));
    const fences: Array<{ lang: string; code: string }> = [];
    for (const file of files) {
      const text = fs.readFileSync(path.resolve(import.meta.dirname, '../../content', file), 'utf8');
      for (const m of text.matchAll(/^( *)```(\w+)[^\n]*\n([\s\S]*?)^\1```$/gm)) fences.push({ lang: m[2]!, code: m[3]!.split('\n').map((l) => l.slice(m[1]!.length)).join('\n') });
    }
    const request = { method: 'POST', url: 'https://payments.test.epic.example/v1/payment-sessions', body: { amount: 10000, currency: 'NOK', items: [{ name: "Bob's \"tea\" & <cake>", quantity: 2 }], enabled: true, note: null }, idempotent: true, envVar: 'EPIC_API_KEY' };
    const samples = codeSamples(request, ['curl', 'javascript', 'nodejs', 'php', 'csharp', 'go']);
    expect(fences.length).toBeGreaterThan(300);
    // The same lines in different states: inside a template string, a comment, a heredoc whose end
    // marker is a back-reference (EOT vs END), and at top level, in one order and the other.
    const states = [
      { lang: 'javascript', code: 'const a = 1;\nconst s = `\nconst a = 1;\n`;\nconst a = 1;' },
      { lang: 'javascript', code: '/*\nconst a = 1;\n*/\nconst a = 1;' },
      { lang: 'php', code: "<?php\n$x = <<<EOT\nEND;\necho 1;\nEOT;\necho 1;" },
      { lang: 'php', code: "<?php\n$x = <<<END\nEOT;\necho 1;\nEND;\necho 1;" },
      { lang: 'bash', code: "cat <<EOF\nls -la\nEOF\nls -la\r\necho done" },
    ];
    for (const block of [...states, ...fences, ...samples, ...states.reverse(), { lang: 'text', code: 'a\n\n  b  \n' }, { lang: 'go', code: '' }]) {
      const grammar = grammarFor(block.lang);
      expect(await renderCodeBlock(grammar, '', block.code), block.code).toBe(await renderWithShiki(grammar, '', block.code));
    }
  });

  it('writes a titled block as rehype-pretty-code does, for every titled block of the portal content and titles to escape', async () => {
    const files = fs.readdirSync(path.resolve(import.meta.dirname, '../../content'), { recursive: true, encoding: 'utf8' }).filter((f) => /\.mdx?$/.test(f));
    const titled: Array<{ lang: string; meta: string; code: string }> = [];
    for (const file of files) {
      const text = fs.readFileSync(path.resolve(import.meta.dirname, '../../content', file), 'utf8');
      for (const m of text.matchAll(/^( *)```(\w+)[ \t]+(title="[^"\n]+")[ \t]*\n([\s\S]*?)^\1```$/gm)) titled.push({ lang: m[2]!, meta: m[3]!, code: m[4]!.split('\n').map((l) => l.slice(m[1]!.length)).join('\n') });
    }
    expect(titled.length).toBeGreaterThan(20);
    const tricky = ['a & b <c> "d"', "it's `x`", '  spaced  ', 'ünïcödé → ✓'].map((t) => ({ lang: 'json', meta: `title="${t.replace(/"/g, "'")}"`, code: '{"a": 1, "b": [true, null]}' }));
    for (const block of [...titled, ...tricky, { lang: 'text', meta: 'title="notes.txt"', code: 'plain <text> & more' }, { lang: 'bash', meta: 'title="run.sh"', code: 'cat <<EOF\nhi\nEOF' }]) {
      const grammar = grammarFor(block.lang);
      expect(await renderCodeBlock(grammar, block.meta, block.code), `${block.meta}\n${block.code}`).toBe(await renderWithShiki(grammar, block.meta, block.code));
    }
  });

  it('renders titles, highlighted lines and token classes, and escapes plain text', async () => {
    const titled = await renderCodeBlock('javascript', 'title="server.js" {2}', "const key = process.env.EPIC_API_KEY;\nconst res = await fetch(url);");
    expect(titled).toContain('data-rehype-pretty-code-title');
    expect(titled).toContain('server.js');
    expect(titled.match(/data-highlighted-line/g)).toHaveLength(1);
    expect(titled).toMatch(/class="t-keyword/);
    expect(titled).not.toContain('style="color');
    expect(await renderCodeBlock('plaintext', '', 'plain <text> & more')).toContain('plain &#x3C;text&#x3E; &#x26; more');
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

  it('writes a line as few elements as its colours need: neighbours of one colour as one span, the foreground as bare text', async () => {
    const code = 'public static function handle(array $event): void\n{\n    echo "x";\n}';
    for (const meta of ['', ' ', '{1}']) {
      const html = await renderCodeBlock('php', meta, code);
      const lines = [...html.matchAll(/<span data-line=""[^>]*>(.*?)<\/span>(?=\n|<\/code>)/g)].map((m) => m[1]!);
      expect(lines, meta).toHaveLength(4);
      // `public static function`: three keywords, one span.
      expect(lines[0], meta).toMatch(/^<span class="t-keyword">public static function<\/span>/);
      for (const line of lines) {
        expect(line, `${meta}: a span without a colour`).not.toMatch(/<span>/);
        const classes = [...line.matchAll(/<span class="([^"]+)">[^<]*<\/span>(?=<span class="([^"]+)">)/g)];
        for (const [, a, b] of classes) expect(a, `${meta}: two neighbouring spans of one colour in ${line}`).not.toBe(b);
      }
      expect(lines[1], meta).toBe('{'); // the foreground only: bare text
    }
  });

  it('maps sample languages to grammars and unknown ones to plain text', () => {
    expect([grammarFor('curl'), grammarFor('nodejs'), grammarFor('csharp'), grammarFor('klingon')]).toEqual(['bash', 'javascript', 'csharp', 'plaintext']);
  });

  it('highlights jsx with the javascript grammar, token for token as the jsx grammar does', async () => {
    expect(grammarFor('jsx')).toBe('javascript');
    const jsx = [
      "import { useEffect, useRef } from 'react';\n\nexport function Card({ sessionKey, onDone }) {\n  const ref = useRef(null);\n  useEffect(() => { window.Epic.mount(ref.current, { sessionKey }); }, [sessionKey]);\n  return (\n    <form onSubmit={(e) => { e.preventDefault(); onDone(); }}>\n      <div ref={ref} className=\"card\" />\n      {/* the Pay button */}\n      <button type=\"submit\" disabled={!sessionKey}>Pay {`${amount / 100} NOK`}</button>\n    </form>\n  );\n}",
      ...[...fs.readFileSync(path.resolve(import.meta.dirname, '../../content/inspiration/blocks-saas.mdx'), 'utf8').matchAll(/^```jsx[^\n]*\n([\s\S]*?)^```$/gm)].map((m) => m[1]!.replace(/\n$/, '')),
    ];
    expect(jsx.length).toBeGreaterThan(1);
    for (const code of jsx) {
      const own = (await renderWithShiki('jsx', '', code)).replaceAll('data-language="jsx"', 'data-language="javascript"');
      expect(await renderCodeBlock(grammarFor('jsx'), '', code)).toBe(own);
    }
  });
});

process.env.NODE_ENV ??= 'production';
const r = await import('./packages/engine/src/node/markdown/render-code-block.ts');
const { loadOpenApi } = await import('./packages/engine/src/node/openapi/load-openapi.ts');
const { buildApiPages } = await import('./packages/engine/src/node/openapi/api-pages.ts');
const { CodeHighlighter, HighlightCache } = await import('./packages/engine/src/node/markdown/highlight.ts');
const spec = await loadOpenApi('specs/payments.yaml');
const blocks: Array<{ lang: string; code: string }> = [];
const hl = new CodeHighlighter(new HighlightCache(null));
hl.highlight = async (b) => { if (b.lang !== 'json') blocks.push(b); return ''; };
await buildApiPages({ spec, languages: ['curl', 'javascript', 'nodejs', 'php', 'csharp', 'go'], highlighter: hl, envPrefix: 'EPIC', renderTree: () => '' });
const { createHighlighter, createCssVariablesTheme } = await import('shiki');
const { createOnigurumaEngine } = await import('shiki/engine/oniguruma');
const theme = createCssVariablesTheme({ name: 'x', variablePrefix: '--shiki-', fontStyle: true });
const langs = [...new Set(blocks.map((b) => r.grammarFor(b.lang)))];
const h = await createHighlighter({ themes: [theme], langs, engine: createOnigurumaEngine(import('shiki/wasm')) });
console.log(blocks.length, 'blocks', blocks.reduce((n, b) => n + b.code.split('\n').length, 0), 'lines');
for (let k = 0; k < 3; k++) {
  let t = performance.now(); for (const b of blocks) await r.renderWithShiki(r.grammarFor(b.lang), '', b.code); const a = performance.now() - t;
  t = performance.now(); for (const b of blocks) h.codeToTokensBase(b.code, { lang: r.grammarFor(b.lang) as any, theme: 'x' }); const c = performance.now() - t;
  console.log('renderWithShiki', a.toFixed(0), 'tokensBase', c.toFixed(0));
}
const { toHtml } = await import('hast-util-to-html');
for (let k = 0; k < 3; k++) {
  let t = performance.now(); for (const b of blocks) h.codeToTokens(b.code, { lang: r.grammarFor(b.lang) as any, theme: 'x' }); const a = performance.now() - t;
  t = performance.now(); const hasts = blocks.map((b) => h.codeToHast(b.code, { lang: r.grammarFor(b.lang) as any, theme: 'x' })); const c = performance.now() - t;
  t = performance.now(); for (const x of hasts) toHtml(x); const d = performance.now() - t;
  console.log('codeToTokens', a.toFixed(0), 'codeToHast', c.toFixed(0), 'toHtml', d.toFixed(0));
}

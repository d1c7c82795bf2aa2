const r = await import('./packages/engine/src/node/markdown/render-code-block.ts');
const { loadOpenApi } = await import('./packages/engine/src/node/openapi/load-openapi.ts');
const { exampleFor } = await import('./packages/engine/src/node/openapi/schema-tree.ts');
const spec = await loadOpenApi('specs/payments.yaml');
const components = (spec.document as any).components.schemas;
const codes = Object.keys(components).flatMap((n) => ['request', 'response'].map((m) => JSON.stringify(exampleFor({ $ref: `#/components/schemas/${n}` }, { components, markdown: (t) => t }, m as any), null, 2)));
await r.renderWithShiki('json', '', '{}');
for (let k = 0; k < 3; k++) {
let t = performance.now(); for (const c of codes) await r.renderWithShiki('json', '', c); const a = performance.now() - t;
t = performance.now(); for (const c of codes) await r.renderCodeBlock('json', '', c); const b = performance.now() - t;
console.log(codes.length, 'shiki', a.toFixed(0), 'direct', b.toFixed(0));
}

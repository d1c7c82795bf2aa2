import { describe, expect, it } from 'vitest';
import { connectOrigin, contentSecurityPolicy, formatHeaders, headerRules, headersFor, parseHeaders, scriptHash } from '../../packages/engine/src/node/emit/headers';

describe('_headers', () => {
  const inputs = {
    inlineScripts: ['(function(){document.documentElement.dataset.theme="dark"})()'],
    connectOrigins: ['abc-dsn.algolia.net', 'http://127.0.0.1:4321', 'https://payments.epic.example/v1', 'https://{region}.epic.example', '/relative', 'javascript:alert(1)'],
    svgFiles: ['assets/a b.0123456789.svg'],
  };
  const rules = headerRules(inputs);

  it('allows the inline scripts by their sha256, and nothing inline otherwise', () => {
    const csp = contentSecurityPolicy(inputs);
    expect(scriptHash(inputs.inlineScripts[0]!)).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(csp).toContain(`script-src 'self' ${scriptHash(inputs.inlineScripts[0]!)}`);
    expect(csp).toContain("style-src 'self';");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it('lets pages connect to the hosted search hosts and the API servers, origins only', () => {
    expect(contentSecurityPolicy(inputs)).toContain("connect-src 'self' http://127.0.0.1:4321 https://abc-dsn.algolia.net https://payments.epic.example;");
    expect(connectOrigin('https://{region}.epic.example')).toBeNull();
    expect(connectOrigin('javascript:alert(1)')).toBeNull();
  });

  it('round-trips through the file, and a path gets every matching rule, joined as hosts join them', () => {
    const text = formatHeaders(rules);
    expect(text).toContain('/assets/a%20b.0123456789.svg\n');
    const parsed = parseHeaders(text);
    const page = headersFor(parsed, '/guide');
    expect(page['Cache-Control']).toBe('no-cache');
    expect(page['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(page['Permissions-Policy']).toContain('camera=()');
    expect(headersFor(parsed, '/assets/docsgen.UGHBUV36.js')['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(headersFor(parsed, '/assets/styles.0a1b2c3d4e.css')['Cache-Control']).toBe('public, max-age=31536000, immutable');
    const svg = headersFor(parsed, '/assets/a%20b.0123456789.svg')['Content-Security-Policy']!;
    expect(svg.startsWith(page['Content-Security-Policy']!)).toBe(true);
    expect(svg.endsWith(", default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox")).toBe(true);
  });
});

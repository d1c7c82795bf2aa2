import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fromHtml } from 'hast-util-from-html';
import { select, selectAll } from 'hast-util-select';
import { toString } from 'hast-util-to-string';
import { SiteBuilder, type BuildResult } from '../../packages/engine/src/node/index';
import { API_ROUTES, CONTENT_ROUTES, REDIRECTS } from './sitemap';

const ROOT = path.resolve(import.meta.dirname, '../..');
let result: BuildResult;
const html = (route: string) => {
  const file = route === '/' ? 'index.html' : `${route.slice(1)}/index.html`;
  return String(result.output!.files.get(file) ?? '');
};

beforeAll(async () => {
  result = await new SiteBuilder({ root: ROOT, output: 'memory', noCache: true }).full();
}, 120_000);

const PLACEHOLDER = /\b(lorem ipsum|TODO|TBD|coming soon|placeholder|FIXME)\b/i;

describe('the portal', () => {
  it('builds and passes check with zero problems', () => {
    expect(result.diagnostics.map((d) => `${path.relative(ROOT, d.file)}:${d.line} ${d.code} ${d.message}`)).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it('has every route of the sitemap, exactly', () => {
    const routes = result.graph!.routes.filter((r) => !['/404', '/search'].includes(r));
    const expected = [...CONTENT_ROUTES, ...API_ROUTES, ...Object.keys(REDIRECTS)].sort();
    expect(routes.sort()).toEqual(expected);
  });

  it('redirects the former product names', () => {
    for (const [from, to] of Object.entries(REDIRECTS)) expect(html(from)).toContain(`url=${to}"`);
  });

  it('gives every doc page a title, a description, an H2, languages on code blocks and no placeholder words', () => {
    for (const route of CONTENT_ROUTES.filter((r) => r !== '/')) {
      const page = result.graph!.pages[route]!;
      const tree = fromHtml(html(route));
      expect(page.title.length, route).toBeGreaterThan(3);
      expect(page.description.length, `${route} description`).toBeGreaterThan(30);
      expect(selectAll('.markdown h2', tree).length, `${route} has no H2`).toBeGreaterThan(0);
      // Prose only: code (where `placeholder` can be a real option name) is left out.
      const text = html(route).slice(html(route).indexOf('class="markdown"')).replace(/<code[\s\S]*?<\/code>/g, ' ').replace(/<[^>]+>/g, ' ');
      expect(text, route).not.toMatch(PLACEHOLDER);
      for (const block of selectAll('.code-block', tree)) expect(block.properties.dataLang, `${route} has a code block without a language`).toBeTruthy();
    }
  });

  it('has the test-card table with the widget card on every testing page', () => {
    for (const product of ['checkout', 'blocks', 'verify', 'link']) {
      const tree = fromHtml(html(`/get-started/set-up-${product}/testing`));
      const section = select('#test-cards', tree);
      expect(section, product).toBeTruthy();
      expect(selectAll('.markdown table', tree).some((t) => toString(t).includes('4454 0000 0000 0003')), product).toBe(true);
    }
  });

  it('links the navbar and footer as the spec says', () => {
    const tree = fromHtml(html('/'));
    const footer = selectAll('.footer a', tree).map((a) => String(a.properties.href));
    expect(footer).toEqual(expect.arrayContaining(['/api', '/get-started/set-up-checkout/testing#test-cards', '/changelog', 'https://www.epic.example/support', 'https://app.epic.example/signup', 'https://app.epic.example/login', 'https://www.epic.example']));
    const nav = toString(select('.navbar-items', tree)!);
    for (const item of ['Get started', 'Products', 'Guides', 'Plugins', 'Inspiration', 'API & SDK']) expect(nav).toContain(item);
    expect(toString(select('.footer-copyright', tree)!)).toContain('2025');
  });
});

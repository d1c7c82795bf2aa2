import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yaml from 'js-yaml';
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

  it('shows a test card for every decline reason of the spec on every testing page, and 3-D Secure, declines and disputes in the Get started sidebar', () => {
    const raw = yaml.load(fs.readFileSync(path.join(ROOT, 'specs/payments.yaml'), 'utf8')) as {
      components: { schemas: { Operation: { properties: { declineReason: { enum: Array<string | null> } } } } };
    };
    const reasons = raw.components.schemas.Operation.properties.declineReason.enum.filter((r): r is string => r !== null);
    expect(reasons.length).toBeGreaterThan(5);
    for (const product of ['checkout', 'blocks', 'verify', 'link']) {
      const tree = fromHtml(html(`/get-started/set-up-${product}/testing`));
      const table = selectAll('.markdown table', tree).find((t) => toString(t).includes('4454 0000 0000 0003'))!;
      for (const reason of reasons) expect(toString(table), `${product}: ${reason}`).toContain(reason);
    }
    const concepts = fromHtml(html('/get-started/core-concepts'));
    for (const id of ['declines', 'strong-customer-authentication-3-d-secure', 'subscriptions-and-failed-charges', 'disputes-and-chargebacks']) {
      expect(select(`.markdown h2#${id}`, concepts), id).toBeTruthy();
    }
    const sidebarLinks = selectAll('.sidebar a', fromHtml(html('/get-started/set-up-checkout/testing'))).map((a) => String(a.properties.href));
    expect(sidebarLinks).toContain('/get-started/core-concepts');
  });

  it('keeps controls accessible on every page: no link inside a <summary>, named task checkboxes, a search button named by its label', () => {
    const routes = result.graph!.routes.filter((r) => result.graph!.pages[r]!.kind !== 'redirect');
    expect(routes.length).toBeGreaterThan(160);
    for (const route of routes) {
      const tree = fromHtml(route === '/404' ? String(result.output!.files.get('404.html')) : html(route));
      expect(selectAll('summary a, summary button', tree).length, `${route}: interactive element inside <summary>`).toBe(0);
      for (const box of selectAll('input[type="checkbox"]', tree)) expect(box.properties.ariaLabel, `${route}: unnamed checkbox`).toMatch(/^(Not done|Done)$/);
      const search = select('.navbar-items [data-search-button]', tree)!;
      expect(search.properties.ariaLabel, route).toBeUndefined();
      expect(toString(select('.navbar-search-label', search)!)).toBe('Search');
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

/** The real spec, read directly: what every generated page must agree with. */
interface SpecOperation { operationId?: string; summary?: string; parameters?: Array<{ name?: string; $ref?: string }>; 'x-slug'?: string; 'x-draft'?: boolean; security?: Array<Record<string, string[]>> }
const spec = yaml.load(fs.readFileSync(path.join(ROOT, 'specs/payments.yaml'), 'utf8')) as {
  servers: Array<{ url: string; description?: string }>;
  paths: Record<string, Record<string, SpecOperation>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }>; parameters: Record<string, { name: string }> };
};
const operations = Object.entries(spec.paths).flatMap(([p, item]) =>
  Object.entries(item).filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method)).map(([method, op]) => ({ path: p, method: method.toUpperCase(), op })),
);
const testServer = spec.servers.find((s) => /test/i.test(`${s.description} ${s.url}`))!.url;
const LANGUAGES = ['curl', 'javascript', 'nodejs', 'php', 'csharp', 'go'];

/** The code of each sample tab of an operation page, as a reader copies it. */
function samplesOf(route: string): Array<{ lang: string; code: string }> {
  const tabs = select('.code-tabs', fromHtml(html(route)))!;
  return selectAll('[role="tabpanel"]', tabs).map((panel) => ({ lang: String(panel.properties.dataValue), code: toString(select('code', panel)!) }));
}

describe('the API reference built from specs/payments.yaml', () => {
  it('has one page per operation of the spec with its title, method, test-server path, parameters, draft badge and six sample tabs', () => {
    expect(operations).toHaveLength(26);
    for (const { path: p, method, op } of operations) {
      const route = `/api/${op['x-slug']}`;
      const tree = fromHtml(html(route));
      expect(toString(select('title', tree)!), route).toBe(`${op.summary} | documentation`);
      expect(toString(select('.api-endpoint .method-badge', tree)!), route).toBe(method);
      expect(toString(select('.api-path', tree)!), route).toBe(`${testServer}${p}`);
      const names = selectAll('.schema-name', tree).map((n) => toString(n));
      for (const param of op.parameters ?? []) {
        const name = param.name ?? spec.components.parameters[param.$ref!.split('/').at(-1)!]!.name;
        expect(names, `${route} parameter ${name}`).toContain(name);
      }
      expect(Boolean(select('.api-draft .badge-draft', tree)), `${route} draft badge`).toBe(op['x-draft'] === true);
      expect(samplesOf(route).map((s) => s.lang), route).toEqual(LANGUAGES);
    }
  });

  it('has one page per component schema with every top-level field', () => {
    const names = Object.keys(spec.components.schemas);
    expect(names).toHaveLength(49);
    for (const name of names) {
      const route = `/api/schemas/${name.toLowerCase()}`;
      const tree = fromHtml(html(route));
      expect(toString(select('h1', tree)!).replace(/\u200b/g, ''), route).toContain(name);
      const fields = selectAll('.schema-name', tree).map((n) => toString(n));
      for (const field of Object.keys(spec.components.schemas[name]!.properties ?? {})) expect(fields, `${route} field ${field}`).toContain(field);
    }
  });

  it('generates samples that parse: bash -n, node --check, php -l and gofmt -e (where installed), with the operation\'s own credential (none for security: []) and, on POST, an idempotency key', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-portal-samples-'));
    const tools: Record<string, [string, string[]] | null> = {
      curl: ['bash', ['-n']],
      javascript: [process.execPath, ['--check']],
      nodejs: [process.execPath, ['--check']],
      php: has('php') ? ['php', ['-l']] : null,
      go: has('gofmt') ? ['gofmt', ['-e']] : null,
      csharp: null,
    };
    const extension: Record<string, string> = { curl: 'sh', javascript: 'mjs', nodejs: 'mjs', php: 'php', go: 'go', csharp: 'cs' };
    let parsed = 0;
    for (const { method, op } of operations) {
      for (const sample of samplesOf(`/api/${op['x-slug']}`)) {
        const anonymous = Array.isArray(op.security) && op.security.length === 0;
        if (anonymous) expect(sample.code, `${op['x-slug']} ${sample.lang}`).not.toMatch(/Bearer|Authorization/);
        else expect(sample.code, `${op['x-slug']} ${sample.lang}`).toMatch(/Bearer/);
        const partner = Array.isArray(op.security) && op.security.some((s) => 'partnerAuth' in s);
        if (partner) expect(sample.code, `${op['x-slug']} ${sample.lang} partner token`).toContain('EPIC_PARTNER_TOKEN');
        expect(sample.code, `${op['x-slug']} ${sample.lang} no key literal`).not.toMatch(/sk_(test|live)_/);
        expect(/Idempotency-Key/.test(sample.code), `${op['x-slug']} ${sample.lang} idempotency`).toBe(method === 'POST');
        const tool = tools[sample.lang];
        if (!tool) continue;
        const file = path.join(dir, `${op['x-slug']}-${sample.lang}.${extension[sample.lang]}`);
        fs.writeFileSync(file, sample.code);
        execFileSync(tool[0], [...tool[1], file], { stdio: 'pipe' });
        parsed++;
      }
    }
    expect(parsed).toBeGreaterThanOrEqual(26 * 3);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

function has(tool: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('what machines read of the portal', () => {
  const file = (name: string) => String(result.output!.files.get(name) ?? '');
  const pages = () => result.graph!.routes.filter((r) => !['not-found', 'redirect'].includes(result.graph!.pages[r]!.kind));

  it('has a clean meta description on every page: one line, no markup, no gaps from deleted text, whole words within 160 characters', () => {
    for (const route of pages()) {
      const tree = fromHtml(html(route));
      const description = String(select('meta[name="description"]', tree)?.properties.content ?? '');
      expect(description, route).not.toBe('');
      expect(description, route).not.toMatch(/\n|\s{2}|\s[.,:;)]|\(\s|`|\*\*|\]\(|<\/?(a|code|p|em|strong|span|div)\b|[,:]$/);
      expect(description.length, route).toBeLessThanOrEqual(160);
    }
  });

  it('lists every page on one clean line of llms.txt', () => {
    const lines = file('llms.txt').split('\n').filter(Boolean);
    for (const line of lines) expect(line).toMatch(/^(# |> |- \[[^\]]+\]\(https:\/\/docs\.epic\.example\/[^)]*\)(: \S.*)?$)/);
    expect(lines.filter((l) => l.startsWith('- ')).length).toBe(pages().filter((r) => r !== '/search').length);
  });

  it('publishes every page as Markdown, linked from the page, and llms-full.txt with all of them', () => {
    const full = file('llms-full.txt');
    for (const route of pages().filter((r) => r !== '/search')) {
      const twin = route === '/' ? 'index.md' : `${route.slice(1)}.md`;
      const markdown = file(twin);
      expect(markdown, twin).toMatch(/^# \S/);
      expect(markdown, twin).not.toMatch(/<\/?(Tabs|TabItem|Admonition|Card|CardGrid|Steps|CodeTabs|Include)\b|\{\{\s*(provider|site)\./);
      expect(select('link[rel="alternate"][type="text/markdown"]', fromHtml(html(route)))?.properties.href, route).toBe(`/${twin}`);
      expect(full, twin).toContain(markdown.trim());
    }
    const capture = file('api/capture-payment.md');
    for (const part of ['`POST /v1/transactions/{transactionId}/capture`', '## Parameters', '- `transactionId` (path, string<uuid>, required)', '## Request body', '### 200 response', '```json', '### cURL', '```curl']) expect(capture).toContain(part);
  });

  it('describes the site and its pages as JSON-LD, and keeps /search out of search engines', () => {
    const ld = (route: string) => selectAll('script[type="application/ld+json"]', fromHtml(html(route))).map((s) => JSON.parse(toString(s)) as Record<string, unknown>);
    expect(ld('/')[0]).toMatchObject({ '@type': 'WebSite', potentialAction: { target: { urlTemplate: 'https://docs.epic.example/search?q={search_term_string}' } } });
    expect(ld('/get-started/core-concepts').map((x) => x['@type'])).toEqual(['TechArticle', 'BreadcrumbList']);
    expect(select('meta[name="robots"]', fromHtml(html('/search')))?.properties.content).toBe('noindex');
    expect(file('sitemap.xml')).not.toContain('/search</loc>');
  });
});

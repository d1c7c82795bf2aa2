import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fromHtml } from 'hast-util-from-html';
import { select, selectAll } from 'hast-util-select';
import type { BuildResult } from '../../packages/engine/src/node/index';
import { cardText, renderCard } from '../../packages/engine/src/node/meta/social-cards';
import { siteData } from '../../packages/engine/src/node/render/site-data';
import { buildSite, copyFixture, readOut, writeFiles } from '../helpers/fixtures';

let root: string;
let result: BuildResult;
let secondBuild: BuildResult;
/** Social card cache entries (name → mtime) after the first and the second build. */
let cardsBefore: Record<string, number>;
let cardsAfter: Record<string, number>;
const cardCache = () => Object.fromEntries(fs.readdirSync(path.join(root, '.docsgen/v4/cards')).map((f) => [f, fs.statSync(path.join(root, '.docsgen/v4/cards', f)).mtimeMs]));

const GUIDE = `---
title: Agent guide
---

Set up {{provider.name}} (the test
environment first): it takes a minute.

:::note[Before you start]
Create a **test** key.
:::

<Tabs groupId="os">
<TabItem value="mac" label="macOS">

Use Homebrew.

</TabItem>
<TabItem value="linux" label="Linux">

Use apt.

</TabItem>
</Tabs>

<Include file="partials/_shared.mdx" />

<CardGrid>
<Card title="Capture" href="/api/capture-payment">Move the money.</Card>
</CardGrid>

## Send a capture

\`\`\`json operation=capture-payment
{ "amount": 5000 }
\`\`\`
`;

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (file: string) => {
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
};

const htmlFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html')).map((f) => path.join(dir, f));

beforeAll(async () => {
  root = copyFixture('api');
  // Social cards are opt-in (they cost a cold build more than anything else per page).
  const config = path.join(root, 'docs-build.config.ts');
  fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace("  title: 'api fixture',\n", "  title: 'api fixture',\n  socialCards: true,\n"));
  expect(fs.readFileSync(config, 'utf8')).toContain('socialCards: true');
  writeFiles(root, { 'content/guide.mdx': GUIDE, 'content/partials/_shared.mdx': 'Shared text from a partial for {{provider.name}}.\n' });
  // With the persistent cache, so the second build shows that cards are reused.
  result = await buildSite(root, { noCache: false });
  cardsBefore = cardCache();
  secondBuild = await buildSite(root, { noCache: false });
  cardsAfter = cardCache();
}, 120_000);

describe('metadata', () => {
  it('builds without problems', () => {
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('writes clean descriptions: one line, no markup, no deleted text, at most about 160 characters', () => {
    const pages = htmlFiles(path.join(root, 'build'));
    expect(pages.length).toBeGreaterThan(10);
    for (const file of pages) {
      const tree = fromHtml(fs.readFileSync(file, 'utf8'));
      const description = String(select('meta[name="description"]', tree)?.properties.content ?? '');
      if (!description && file.endsWith('404.html')) continue;
      expect(description, file).not.toMatch(/\n|\s{2}|\s[.,:;]|[`*_[\]<>]|[,:]$/);
      expect(description.length, file).toBeLessThanOrEqual(161);
      expect(select('meta[property="og:description"]', tree)?.properties.content, file).toBe(description);
    }
    const guide = fromHtml(readOut(root, 'guide/index.html'));
    expect(select('meta[name="description"]', guide)?.properties.content).toBe('Set up Fixture Pay (the test environment first): it takes a minute.');
  });

  it('llms.txt has one clean line per page', () => {
    const lines = readOut(root, 'llms.txt').split('\n').filter((l) => l.startsWith('- ['));
    expect(lines.length).toBe(result.graph!.routes.filter((r) => !['not-found', 'redirect', 'search'].includes(result.graph!.pages[r]!.kind)).length);
    for (const line of readOut(root, 'llms.txt').split('\n').filter(Boolean)) expect(line).toMatch(/^(# |> |- \[)/);
  });

  it('puts a 1200x630 social card on every page, and reuses cached cards on the next build', () => {
    for (const file of htmlFiles(path.join(root, 'build'))) {
      if (file.endsWith('404.html')) continue;
      const tree = fromHtml(fs.readFileSync(file, 'utf8'));
      const image = String(select('meta[property="og:image"]', tree)?.properties.content ?? '');
      expect(image, file).toMatch(/^https:\/\/docs\.api-fixture\.example\/og\/.+\.png$/);
      expect(pngSize(path.join(root, 'build', new URL(image).pathname)), image).toEqual([1200, 630]);
      expect(select('meta[name="twitter:card"]', tree)?.properties.content).toBe('summary_large_image');
    }
    // One cached card per page, none made again by the second build.
    expect(Object.keys(cardsBefore).length).toBe(htmlFiles(path.join(root, 'build')).length - 1);
    expect(cardsAfter).toEqual(cardsBefore);
    expect(secondBuild.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('makes the same card bytes on the card worker as on the build’s own thread (the worker runs encodePng from its source text)', async () => {
    const page = result.graph!.pages['/guide']!;
    const text = cardText(siteData(result.config!, result.graph!), page);
    expect(text.title).toBe('Agent guide');
    expect(fs.readFileSync(path.join(root, 'build/og/guide.png')).equals(await renderCard(text))).toBe(true);
  });

  it('writes JSON-LD: WebSite with a search action on the home page, TechArticle and BreadcrumbList on doc pages', () => {
    const jsonLd = (file: string) => selectAll('script[type="application/ld+json"]', fromHtml(readOut(root, file))).map((s) => JSON.parse(String((s.children[0] as { value: string }).value)) as Record<string, unknown>);
    const [site] = jsonLd('index.html');
    expect(site!['@type']).toBe('WebSite');
    expect(site!.potentialAction).toMatchObject({ '@type': 'SearchAction', target: { urlTemplate: 'https://docs.api-fixture.example/search?q={search_term_string}' } });
    const operation = jsonLd('api/capture-payment/index.html');
    expect(operation[0]).toMatchObject({ '@type': 'TechArticle', headline: 'Capture a payment', url: 'https://docs.api-fixture.example/api/capture-payment' });
    const crumbs = operation.find((o) => o['@type'] === 'BreadcrumbList') as { itemListElement: Array<{ position: number; item: string }> };
    expect(crumbs.itemListElement[0]).toMatchObject({ position: 1, item: 'https://docs.api-fixture.example/' });
    expect(crumbs.itemListElement.at(-1)!.item).toBe('https://docs.api-fixture.example/api/capture-payment');
  });

  it('keeps /search out of the index and the sitemap', () => {
    expect(select('meta[name="robots"]', fromHtml(readOut(root, 'search/index.html')))?.properties.content).toBe('noindex');
    expect(readOut(root, 'sitemap.xml')).not.toContain('/search<');
    expect(readOut(root, 'sitemap.xml')).toContain('/guide<');
  });
});

describe('Markdown twins', () => {
  it('publishes a content page as Markdown: includes and variables expanded, components as plain Markdown', () => {
    const md = readOut(root, 'guide.md');
    expect(md.startsWith('# Agent guide\n\n> Set up Fixture Pay')).toBe(true);
    expect(md).toContain('> **Before you start:** Create a **test** key.');
    expect(md).toMatch(/\*\*macOS\*\*\n\nUse Homebrew\.\n\n\*\*Linux\*\*\n\nUse apt\./);
    expect(md).toContain('Shared text from a partial for Fixture Pay.');
    expect(md).toContain('[**Capture**](/api/capture-payment): Move the money.');
    expect(md).toContain('```json operation=capture-payment\n{ "amount": 5000 }\n```');
    expect(md).not.toMatch(/<\/?[A-Z]|\{\{|:::/);
  });

  it('renders an API operation from the spec: method, path, parameters, body, responses, examples', () => {
    const md = readOut(root, 'api/capture-payment.md');
    expect(md).toContain('# Capture a payment');
    expect(md).toMatch(/`POST \/v1\/transactions\/\{transactionId\}\/capture`/);
    expect(md).toMatch(/## Parameters\n\n- `transactionId` \(path, string<uuid>, required\)/);
    expect(md).toContain('## Request body');
    expect(md).toContain('- `amount` (integer): Amount in minor units.');
    expect(md).toMatch(/## Responses\n\n### 200 response\n\nThe capture operation\./);
    expect(md).toMatch(/```json\n\{\n/);
    expect(md).toContain('## Code samples');
    expect(readOut(root, 'api/schemas/capturerequest.md')).toContain('## Fields');
  });

  it('links every page to its twin, and llms-full.txt holds them all', () => {
    const full = readOut(root, 'llms-full.txt');
    for (const [file, twin] of [['guide/index.html', '/guide.md'], ['index.html', '/index.md'], ['api/capture-payment/index.html', '/api/capture-payment.md']] as const) {
      const tree = fromHtml(readOut(root, file));
      expect(select('link[rel="alternate"][type="text/markdown"]', tree)?.properties.href, file).toBe(twin);
      expect(select(`a[href="${twin}"]`, tree), file).toBeTruthy();
      expect(select(`button[data-copy-page="${twin}"][hidden]`, tree), file).toBeTruthy();
      expect(full).toContain(readOut(root, twin.slice(1)).trim());
    }
    expect(full).toContain('Source: https://docs.api-fixture.example/guide');
    expect(fs.existsSync(path.join(root, 'build/search.md'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'build/404.md'))).toBe(false);
  });
});

import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, type BrowserContext } from 'playwright-core';
import type { RunningServer } from '../../packages/engine/src/node/dev/serve';
import { copyFixture, readOut } from '../helpers/fixtures';
import { hasChromium, buildServeLaunch } from '../helpers/browser';

/** How a fake host answers: hits, 500, never (no headers), headers then no body, or headers then hits when released. */
type Mode = 'ok' | 'error' | 'hang' | 'hang-body' | 'slow';

interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
}

/** The hits the fake service answers with: one same-site absolute URL, one relative, one with markup in its text. */
const HITS = [
  {
    objectID: 'hosted-1',
    url: 'https://docs.fixture.example/guide/setup#install',
    type: 'content',
    hierarchy: { lvl0: 'Hosted guide', lvl1: 'Hosted setup', lvl2: 'Install', lvl3: 'Packages', lvl4: null, lvl5: null, lvl6: null },
    content: 'Install the hosted package with your package manager.',
    _highlightResult: { hierarchy: { lvl2: { value: 'Install', matchLevel: 'none' }, lvl3: { value: '<mark>Packages</mark>', matchLevel: 'full' } } },
    _snippetResult: { content: { value: 'Install the <mark>hosted</mark> package with your …', matchLevel: 'full' } },
  },
  {
    objectID: 'hosted-2',
    url: '/changelog',
    type: 'lvl1',
    hierarchy: { lvl0: 'Hosted guide', lvl1: 'Hosted changes', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    content: '<img src=x onerror="window.pwned=1"> the hosted changelog',
    _snippetResult: { content: { value: '<img src=x onerror="window.pwned=1"> the <mark>hosted</mark> changelog', matchLevel: 'full' } },
  },
];

/** A tiny stand-in for the hosted search service: records every request and answers as its mode says. */
function fakeHost() {
  const received: Received[] = [];
  const state = { mode: 'ok' as Mode };
  /** Bodies of 'slow' answers, sent when the test calls release(). */
  const held: Array<() => void> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      received.push({ method: req.method ?? '', path: decodeURIComponent(url.pathname), query: url.searchParams, body });
      const cors = { 'access-control-allow-origin': '*' };
      const answer = () => {
        res.writeHead(200, { ...cors, 'content-type': 'application/json' });
        res.end(JSON.stringify({ results: [{ hits: HITS, nbHits: 42, page: 0, nbPages: 3, hitsPerPage: 20, query: 'x', queryID: 'query-1' }] }));
      };
      if (state.mode === 'error') res.writeHead(500, { ...cors, 'content-type': 'application/json' }).end('{"message":"internal error","status":500}');
      else if (state.mode === 'hang-body') {
        res.writeHead(200, { ...cors, 'content-type': 'application/json' });
        res.write('{"results":');
      } else if (state.mode === 'slow') {
        // Headers at once (the connect timeout is met), the body only when the test releases it:
        // the stalled state is seen for certain, however loaded the machine is.
        res.writeHead(200, { ...cors, 'content-type': 'application/json' });
        res.flushHeaders();
        held.push(() => res.end(JSON.stringify({ results: [{ hits: HITS, nbHits: 42, page: 0, nbPages: 3, hitsPerPage: 20, query: 'x', queryID: 'query-1' }] })));
      }
      else if (state.mode === 'ok') answer();
      // 'hang': never answers
    });
  });
  return {
    received,
    state,
    queries: () => received.filter((r) => r.method === 'POST').length,
    release: () => held.splice(0).forEach((send) => send()),
    listen: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.skipIf(!hasChromium)('hosted search in Chromium', () => {
  let browser: Browser;
  let server: RunningServer;
  let root: string;
  const first = fakeHost();
  const second = fakeHost();
  const hosts: string[] = [];
  const contexts: BrowserContext[] = [];
  const open = async (route: string, viewport = { width: 1280, height: 800 }) => {
    const context = await browser.newContext({ viewport, permissions: ['clipboard-read', 'clipboard-write'] });
    contexts.push(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url + route);
    return { page, context, errors };
  };
  const body = (r: Received) => JSON.parse(r.body) as { requests: Array<{ indexName: string; query: string; params: string }> };

  beforeAll(async () => {
    hosts.push(await first.listen(), await second.listen());
    root = copyFixture('basic');
    // In this copy only: hosted search credentials and two hosts (plain http, served by this test).
    const config = path.join(root, 'docs-build.config.ts');
    const anchor = "  redirects: [{ from: '/old-setup', to: '/guide/setup' }],\n";
    expect(fs.readFileSync(config, 'utf8')).toContain(anchor);
    const search = `  search: { appId: 'TESTAPP', apiKey: 'search-key', indexName: 'fixture-docs', host: ${JSON.stringify(hosts)}, facets: { version: 'docusaurus_tag' } },\n`;
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace(anchor, anchor + search));
    ({ server, browser } = await buildServeLaunch(root));
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.close();
    await first.close();
    await second.close();
  });
  beforeEach(() => {
    for (const host of [first, second]) {
      host.received.length = 0;
      host.state.mode = 'ok';
    }
  });

  it('writes the hosted settings into every page, beside the local index', () => {
    const html = readOut(root, 'guide/setup/index.html');
    expect(html).toContain('<meta name="docsgen:search-app-id" content="TESTAPP">');
    expect(html).toContain('<meta name="docsgen:search-api-key" content="search-key">');
    expect(html).toContain('<meta name="docsgen:search-index-name" content="fixture-docs">');
    expect(html).toContain(`<meta name="docsgen:search-hosts" content="${hosts.join(' ')}">`);
    expect(html).toContain('<meta name="docsgen:search-index" content="/search-index.json">');
    expect(html).toContain('<meta name="docsgen:search-facet-version" content="docusaurus_tag">');
  });

  it('queries the hosted multi-index endpoint and renders its hits with their hierarchy and links', async () => {
    const { page, errors } = await open('/guide');
    await page.keyboard.press('Control+k');
    await page.waitForSelector('.search-modal:not([hidden]) .search-input');
    await page.fill('.search-modal .search-input', 'hosted');
    await page.waitForSelector('.search-modal a.search-hit');
    // one request, to the first host: POST /1/indexes/*/queries with the credentials as query parameters
    expect(first.received.map((r) => [r.method, r.path])).toEqual([['POST', '/1/indexes/*/queries']]);
    expect(second.queries()).toBe(0);
    const [request] = first.received;
    expect(request!.query.get('x-algolia-application-id')).toBe('TESTAPP');
    expect(request!.query.get('x-algolia-api-key')).toBe('search-key');
    const { requests } = body(request!);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.indexName).toBe('fixture-docs');
    expect(requests[0]!.query).toBe('hosted');
    const params = new URLSearchParams(requests[0]!.params);
    expect(params.get('hitsPerPage')).toBe('20');
    expect(JSON.parse(params.get('facetFilters')!)).toEqual(['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-next']]);
    expect(JSON.parse(params.get('attributesToSnippet')!)).toContain('content:10');
    expect(JSON.parse(params.get('attributesToRetrieve')!)).toEqual(['hierarchy.lvl0', 'hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'hierarchy.lvl4', 'hierarchy.lvl5', 'hierarchy.lvl6', 'content', 'type', 'url']);
    expect([params.get('highlightPreTag'), params.get('highlightPostTag')]).toEqual(['<mark>', '</mark>']);
    // the hits: grouped by page with lvl0, heading path as title, highlighted snippet, links to their url
    expect(await page.getAttribute('.search-modal', 'data-search-source')).toBe('hosted');
    expect(await page.locator('.search-modal .search-group-title').allTextContents()).toEqual(['Hosted setup Hosted guide', 'Hosted changes Hosted guide']);
    expect(await page.locator('.search-modal a.search-hit').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(['/guide/setup#install', '/changelog']);
    expect(await page.textContent('.search-modal a.search-hit >> nth=0 >> .search-hit-title')).toBe('Install › Packages');
    expect(await page.textContent('.search-modal a.search-hit >> nth=0 >> .search-hit-title mark')).toBe('Packages');
    expect(await page.textContent('.search-modal a.search-hit >> nth=0 >> .search-hit-text mark')).toBe('hosted');
    // markup in a hit's text is shown as text, never run
    expect(await page.locator('.search-modal .search-results img').count()).toBe(0);
    expect(await page.textContent('.search-modal a.search-hit >> nth=1 >> .search-hit-text')).toContain('<img src=x');
    expect(await page.textContent('.search-footer')).toBe('See all 42 results');
    // a hit navigates to its page
    await page.click('.search-modal a.search-hit >> nth=0');
    await page.waitForURL(`${server.url}/guide/setup#install`);
    expect(await page.textContent('h1')).toBe('Set up');
    expect(errors).toEqual([]);
  });

  it('asks for 5-word snippets on screens up to 768 px', async () => {
    const { page } = await open('/guide', { width: 375, height: 700 });
    await page.keyboard.press('Control+k');
    await page.fill('.search-modal .search-input', 'hosted');
    await page.waitForSelector('.search-modal a.search-hit');
    const params = new URLSearchParams(body(first.received[0]!).requests[0]!.params);
    expect(JSON.parse(params.get('attributesToSnippet')!)).toContain('content:5');
  });

  it('shows the stalled state while the host is slow, then its hits', async () => {
    first.state.mode = 'slow';
    const { page } = await open('/guide');
    await page.keyboard.press('Control+k');
    await page.fill('.search-modal .search-input', 'hosted');
    // Released as soon as it is seen: the client's 2 s read timeout is running meanwhile.
    await page.waitForSelector('.search-modal[data-status="stalled"] .search-stalled:text-is("Loading…")', { state: 'visible' });
    first.release();
    await page.waitForSelector('.search-modal[data-status="idle"] a.search-hit');
    expect(await page.isHidden('.search-modal .search-stalled')).toBe(true);
    expect(await page.getAttribute('.search-modal', 'data-search-source')).toBe('hosted');
  });

  it('marks a host that answers 500 down for 2 minutes: the next queries skip it, across pages', async () => {
    first.state.mode = 'error';
    const { page } = await open('/guide');
    await page.keyboard.press('Control+k');
    await page.fill('.search-modal .search-input', 'hosted');
    await page.waitForSelector('.search-modal a.search-hit');
    // the second host answered
    expect([first.queries(), second.queries()]).toEqual([1, 1]);
    expect(await page.getAttribute('.search-modal', 'data-search-source')).toBe('hosted');
    const marks = await page.evaluate(() => JSON.parse(localStorage.getItem('docsgen.search.hosts') ?? '{}') as Record<string, number>);
    expect(Object.keys(marks)).toEqual([hosts[0]]);
    expect(Date.now() - marks[hosts[0]!]!).toBeLessThan(120_000);
    // the next query goes straight to the second host
    await page.fill('.search-modal .search-input', 'hosted setup');
    await page.waitForFunction(() => document.querySelector('.search-modal')?.getAttribute('data-status') === 'idle');
    await page.waitForSelector('.search-modal a.search-hit');
    expect([first.queries(), second.queries()]).toEqual([1, 2]);
    // and so does a query on another page (the mark is in localStorage)
    await page.goto(`${server.url}/search?q=hosted`);
    await page.waitForSelector('.search-page-results a.search-hit');
    expect(await page.textContent('.search-count')).toBe('42 results for "hosted"');
    expect([first.queries(), second.queries()]).toEqual([1, 3]);
  });

  it('falls back to the local index when every host hangs past its timeouts', async () => {
    first.state.mode = 'hang'; // no response headers: connect timeout (1 s)
    second.state.mode = 'hang-body'; // headers, then no body: read timeout (2 s)
    const { page } = await open('/guide');
    await page.keyboard.press('Control+k');
    await page.fill('.search-modal .search-input', 'homebrew');
    await page.waitForSelector('.search-modal[data-status="stalled"]');
    await page.waitForSelector('.search-modal[data-status="idle"] a.search-hit', { timeout: 15_000 });
    expect([first.queries(), second.queries()]).toEqual([1, 1]);
    expect(await page.getAttribute('.search-modal', 'data-search-source')).toBe('local');
    expect(await page.getAttribute('.search-modal a.search-hit >> nth=0', 'href')).toBe('/guide/setup#configure');
    // both hosts are down now: the next query is answered locally without asking them
    await page.fill('.search-modal .search-input', 'install');
    await page.waitForSelector('.search-modal[data-status="idle"] a.search-hit[href="/guide/setup#install"]');
    expect([first.queries(), second.queries()]).toEqual([1, 1]);
  });

  it("shows 'Unable to fetch results' when no host answers and the local index cannot load either", async () => {
    first.state.mode = 'error';
    second.state.mode = 'error';
    const { page, context } = await open('/guide');
    await context.route('**/search-index.json', (route) => route.abort());
    await page.keyboard.press('Control+k');
    await page.fill('.search-modal .search-input', 'homebrew');
    await page.waitForSelector('.search-modal[data-status="error"] .search-empty[role="alert"]');
    expect(await page.textContent('.search-modal .search-empty')).toBe('Unable to fetch resultsYou might want to check your network connection.');
    expect([first.queries(), second.queries()]).toEqual([1, 1]);
  });
});

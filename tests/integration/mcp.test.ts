import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import MiniSearch from 'minisearch';
import { INDEX_OPTIONS, QUERY_OPTIONS } from '../../packages/engine/src/shared/search-query';
import { buildSite, copyFixture, readOut, writeFiles } from '../helpers/fixtures';

const BIN = path.resolve(import.meta.dirname, '../../bin/docsgen');
let root: string;
const clients: Client[] = [];

/** Starts `docsgen mcp` for a site folder and connects the SDK's own client to it over stdio. */
async function connect(args: string[]): Promise<Client> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, ...args, 'mcp'], stderr: 'pipe' });
  const client = new Client({ name: 'docsgen-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const textOf = (result: unknown) => (result as CallToolResult).content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

beforeAll(async () => {
  root = copyFixture('api');
  writeFiles(root, { 'content/guide.mdx': '---\ntitle: Capture guide\n---\n\nHow to capture a payment with {{provider.name}}.\n\n## Partial captures\n\nSend a smaller amount.\n' });
  await buildSite(root);
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

describe('docsgen mcp', () => {
  it('lists its five tools', async () => {
    const client = await connect(['--root', root]);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['get_operation', 'get_page', 'list_operations', 'search_docs', 'validate_request']);
    expect(tools.find((t) => t.name === 'validate_request')!.inputSchema.required).toEqual(['operation', 'body']);
  }, 60_000);

  it('searches with the ranking of the local index', async () => {
    const client = await connect(['--root', root]);
    const result = await client.callTool({ name: 'search_docs', arguments: { query: 'partial captures', limit: 5 } });
    expect(result.isError).toBeFalsy();
    const index = MiniSearch.loadJSON(readOut(root, 'search-index.json'), INDEX_OPTIONS);
    const expected = index.search('partial captures', QUERY_OPTIONS).slice(0, 5).map((h) => `https://docs.api-fixture.example${h.url as string}`);
    expect(expected.length).toBeGreaterThan(0);
    const urls = [...textOf(result).matchAll(/URL: (\S+)/g)].map((m) => m[1]);
    expect(urls).toEqual(expected);
    expect(urls[0]).toBe('https://docs.api-fixture.example/guide#partial-captures');
  }, 60_000);

  it('returns a page as Markdown by route, URL or .md path, and a tool error for an unknown page', async () => {
    const client = await connect(['--root', root]);
    for (const input of ['/guide', 'https://docs.api-fixture.example/guide#partial-captures', 'guide.md', '/guide/']) {
      const result = await client.callTool({ name: 'get_page', arguments: { path: input } });
      expect(result.isError, input).toBeFalsy();
      expect(textOf(result), input).toBe(readOut(root, 'guide.md'));
    }
    expect(textOf(await client.callTool({ name: 'get_page', arguments: { path: '/' } }))).toBe(readOut(root, 'index.md'));
    for (const input of ['/nope', '/../../etc/passwd', '/api/../../x']) {
      const missing = await client.callTool({ name: 'get_page', arguments: { path: input } });
      expect(missing.isError, input).toBe(true);
      expect(textOf(missing), input).toMatch(/^There is no page at .*search_docs/);
    }
  }, 60_000);

  it('lists the operations and gets one with its parameters, schemas and examples', async () => {
    const client = await connect(['--root', root]);
    const list = textOf(await client.callTool({ name: 'list_operations', arguments: {} }));
    expect(list).toContain('- POST /v1/transactions/{transactionId}/capture: Capture a payment (slug: capture-payment)');
    const op = await client.callTool({ name: 'get_operation', arguments: { operation: 'capture-payment' } });
    expect(op.isError).toBeFalsy();
    const [markdown, json] = (op as CallToolResult).content.map((c) => (c.type === 'text' ? c.text : ''));
    expect(markdown).toBe(readOut(root, 'api/capture-payment.md'));
    const data = JSON.parse(json!.slice(json!.indexOf('{'))) as { method: string; path: string; parameters: Array<{ name: string }>; requestBody: { schema: { $ref: string } } };
    expect(data).toMatchObject({ method: 'POST', path: '/v1/transactions/{transactionId}/capture' });
    expect(data.parameters.map((p) => p.name)).toContain('transactionId');
    expect(data.requestBody.schema.$ref).toBe('#/components/schemas/CaptureRequest');
    const unknown = await client.callTool({ name: 'get_operation', arguments: { operation: 'no-such-op' } });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain('There is no API operation "no-such-op"');
  }, 60_000);

  it('validates a request body with the check docsgen check runs', async () => {
    const client = await connect(['--root', root]);
    const ok = await client.callTool({ name: 'validate_request', arguments: { operation: 'capture-payment', body: '{"amount": 5000, "reference": "order-1"}' } });
    expect(ok.isError).toBeFalsy();
    expect(ok.structuredContent).toEqual({ valid: true, errors: [] });
    const bad = await client.callTool({ name: 'validate_request', arguments: { operation: 'capture-payment', body: '{"amount": 0, "reference": 5}' } });
    expect(bad.structuredContent).toMatchObject({ valid: false });
    expect(textOf(bad)).toContain('/amount must be >= 1');
    expect(textOf(bad)).toContain('/reference must be string');
    const notJson = await client.callTool({ name: 'validate_request', arguments: { operation: 'capture-payment', body: '{amount' } });
    expect(notJson.isError).toBe(true);
    expect(textOf(notJson)).toMatch(/^The body is not valid JSON/);
    // The same body in content fails `docsgen check` with the same message.
    writeFiles(root, { 'content/bad.mdx': '---\ntitle: Bad\n---\n\n```json operation=capture-payment\n{"amount": 0}\n```\n' });
    const build = await buildSite(root);
    expect(build.diagnostics.map((d) => d.message)).toContain('the capture-payment request example does not match the API: /amount must be >= 1');
    fs.rmSync(path.join(root, 'content/bad.mdx'));
  }, 60_000);

  it('answers with a tool error, and keeps running, when there is no build', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-mcp-empty-'));
    try {
      const client = await connect(['--root', root]);
      const other = new StdioClientTransport({ command: process.execPath, args: [BIN, '--root', root, 'mcp', '--out', path.join(empty, 'missing')], stderr: 'pipe' });
      const noBuild = new Client({ name: 'docsgen-test', version: '1.0.0' });
      await noBuild.connect(other);
      clients.push(noBuild);
      const result = await noBuild.callTool({ name: 'search_docs', arguments: { query: 'capture' } });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/^There is no built site at .*missing\. Run `docsgen build`/);
      // The server is still there.
      expect((await noBuild.listTools()).tools.length).toBe(5);
      expect((await client.callTool({ name: 'list_operations', arguments: {} })).isError).toBeFalsy();
      // A broken config: the server starts and every tool says what is wrong.
      const broken = copyFixture('api');
      writeFiles(broken, { 'docs-build.config.ts': "import { defineConfig } from 'docsgen/config';\nexport default defineConfig({ title: 'x', url: 'not a url' });\n" });
      const config = await (await connect(['--root', broken])).callTool({ name: 'get_page', arguments: { path: '/' } });
      expect(config.isError).toBe(true);
      expect(textOf(config)).toMatch(/^The site's config could not be loaded[\s\S]*ConfigInvalid/);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  }, 60_000);
});

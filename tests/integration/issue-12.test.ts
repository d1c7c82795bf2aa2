import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fromHtml } from 'hast-util-from-html';
import { select, selectAll } from 'hast-util-select';
import { toString } from 'hast-util-to-string';
import type { Root } from 'hast';
import type { BuildResult } from '../../packages/engine/src/node/index';
import { buildSite, copyFixture, problems, readOut } from '../helpers/fixtures';

// Issue 12: a reference an integrator can trust (examples that belong to the operation, samples
// that follow the spec, webhooks with their pages, examples checked against their schemas).
let root: string;
let result: BuildResult;
beforeAll(async () => {
  root = copyFixture('issue-12');
  result = await buildSite(root);
});
const page = (route: string) => fromHtml(readOut(root, `${route}/index.html`));

/** The summaries of the examples shown under one response tab (`409`), in order. */
const exampleSummaries = (tree: Root, status: string) => selectAll(`[id="response-${status}"] ~ .api-examples summary`, tree).map((s) => toString(s));
const responseTabs = (tree: Root) => selectAll('#responses ~ .api-responses [role="tab"]', tree).map((t) => toString(t));
const samplesText = (tree: Root) => toString(select('#code-samples ~ .code-tabs', tree)!);

describe('examples that belong to the operation', () => {
  it('builds without problems', () => {
    expect(problems(result, root)).toEqual([]);
  });

  it('shows a shared conflict example only on the operation that can return it', () => {
    expect(exampleSummaries(page('api/capture-payment'), '409')).toEqual(['Capture of a voided transaction']);
    expect(exampleSummaries(page('api/void-payment'), '409')).toEqual(['Void of a captured transaction']);
    expect(readOut(root, 'api/void-payment/index.html')).not.toContain('VOIDED');
  });

  it('shows the MOTO refusal only on the MOTO page, with every named example and its summary', () => {
    expect(exampleSummaries(page('api/capture-payment'), '403')).toEqual(['A restricted key']);
    expect(exampleSummaries(page('api/moto-authorization'), '403')).toEqual(['Not enabled for MOTO', 'A restricted key']);
    expect(readOut(root, 'api/capture-payment/index.html')).not.toContain('not enabled for MOTO');
    const moto = page('api/moto-authorization');
    expect(selectAll('#request-body ~ .api-examples summary', moto).map((s) => toString(s))).toEqual(['A small order', 'A large order']);
    expect(toString(select('#request-body ~ .api-examples .api-examples-title', moto)!)).toBe('2 example request bodies');
  });

  it('shows a body-validation 400 only where there is a body, and a query one on the list', () => {
    expect(exampleSummaries(page('api/capture-payment'), '400')).toEqual(['A body field out of range']);
    const list = page('api/list-transactions');
    expect(exampleSummaries(list, '400')).toEqual(['A query parameter out of range']);
    expect(readOut(root, 'api/list-transactions/index.html')).not.toContain('amount must be at least 1');
    expect(responseTabs(list)).toEqual(['200', '400']);
  });
});

describe('samples that follow the spec', () => {
  it('send no Authorization header to an operation with security: [] and say so', () => {
    const tree = page('api/request-access-token');
    expect(toString(select('#authentication ~ .api-auth', tree)!)).toContain('None: this endpoint takes no Authorization header');
    expect(samplesText(tree)).not.toMatch(/Authorization|Bearer/);
  });

  it('send the partner token where the operation asks for it, and name the scheme', () => {
    const tree = page('api/list-accounts');
    expect(select('#authentication ~ [data-scheme="partnerAuth"]', tree)).toBeTruthy();
    expect(toString(select('[data-scheme="partnerAuth"]', tree)!)).toContain('FIXTURE_PARTNER_TOKEN');
    expect(samplesText(tree)).toContain('FIXTURE_PARTNER_TOKEN');
    expect(samplesText(tree)).not.toContain('FIXTURE_API_KEY');
  });

  it('send the secret key from the environment (never an sk_ literal), from server-side JavaScript, with a UUID idempotency key', () => {
    const tree = page('api/capture-payment');
    const text = samplesText(tree);
    expect(text).toContain('FIXTURE_API_KEY');
    expect(text).not.toMatch(/sk_(test|live)_/);
    expect(selectAll('#code-samples ~ .code-tabs [role="tab"]', tree).map((t) => toString(t))).toContain('JavaScript (server)');
    expect(text).toContain('Idempotency-Key: 5f2d8a7e-4c1b-4f7a-9a3e-1b2c3d4e5f60');
    expect(text).not.toContain('bin2hex(random_bytes(16))');
  });
});

describe('webhooks in the reference', () => {
  it('get a page with headers, the signature scheme, payload examples, the answer and the retry schedule', () => {
    const tree = page('api/webhooks/operation-event');
    expect(selectAll('article h2[id]', tree).map((h) => String(h.properties.id))).toEqual(['headers', 'signature', 'payload', 'responses', 'retries']);
    expect(toString(select('#headers ~ .schema-fields', tree)!)).toContain('Fixture-Signature');
    const signature = toString(select('#signature + p', tree)!);
    expect(signature).toContain('Fixture-Signature: t=<unix seconds>,v1=<signature>');
    expect(signature).toContain('HMAC-SHA256 of <t>.<raw body>');
    expect(toString(select('#signature ~ ol', tree)!)).toContain('more than 5 minutes away from your clock');
    expect(selectAll('#payload ~ .api-examples summary', tree).map((s) => toString(s))).toEqual(['An operation that succeeded', 'An operation that failed']);
    const rows = selectAll('.api-retries tbody tr', tree).map((r) => selectAll('td', r).map((td) => toString(td)));
    expect(rows).toEqual([['1', 'at once', '0'], ['2', '1 minute', '1 minute'], ['3', '5 minutes', '6 minutes'], ['4', '30 minutes', '36 minutes']]);
    expect(select('docsgen-island[data-island="SignatureChecker"]', tree)).toBeTruthy();
  });

  it('are linked from the sidebar, the reference index and the schemas they use, and content links to them check', () => {
    const sidebar = selectAll('.sidebar a', page('api/capture-payment')).map((a) => `${toString(a)} → ${String(a.properties.href)}`);
    expect(sidebar.some((l) => l.includes('Operation event') && l.endsWith('→ /api/webhooks/operation-event'))).toBe(true);
    expect(selectAll('#webhooks + p + ul a', page('api')).map((a) => String(a.properties.href))).toEqual(['/api/webhooks/operation-event']);
    const used = selectAll('#used-by ~ ul a', page('api/schemas/operation')).map((a) => String(a.properties.href));
    expect(used).toContain('/api/webhooks/operation-event');
    expect(fs.existsSync(path.join(root, 'build/index.html'))).toBe(true);
  });

  it('are found by search', () => {
    const records = readOut(root, 'search-records.json');
    expect(records).toContain('/api/webhooks/operation-event#webhook');
  });
});

describe('check validates every example of the spec against its schema', () => {
  it('reports a request, a parameter, a named response and a schema example at the failing value', async () => {
    const dir = copyFixture('issue-12');
    const file = path.join(dir, 'specs/payments.yaml');
    const edited = fs
      .readFileSync(file, 'utf8')
      .replace('example: { amount: 5000 }', 'example: { amount: "5000" }')
      .replace('example: 5f2d8a7e-4c1b-4f7a-9a3e-1b2c3d4e5f60', 'example: 5f2d8a7e4c1b4f7a9a3e1b2c3d4e5f60')
      .replace('value: { id: 1c7b4d2f-8e3a-4b9c-8d6f-2a3b4c5d6e7f, status: FAILED }', 'value: { id: 1c7b4d2f-8e3a-4b9c-8d6f-2a3b4c5d6e7f, status: LOST }')
      .replace('examples: [5000]', 'examples: [0]');
    fs.writeFileSync(file, edited);
    const built = await buildSite(dir);
    expect(built.ok).toBe(false);
    const found = built.diagnostics.filter((d) => d.code === 'SpecExampleMismatch').map((d) => `${d.line}:${d.column} ${d.message}`);
    const lines = edited.split('\n');
    const lineOf = (needle: string) => lines.findIndex((l) => l.includes(needle)) + 1;
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^${lineOf('example: { amount: "5000" }')}:\\d+ .*"amount" must be integer`)),
        expect.stringMatching(new RegExp(`^${lineOf('example: 5f2d8a7e4c1b4f7a9a3e1b2c3d4e5f60')}:\\d+ .*must match format "uuid"`)),
        expect.stringMatching(new RegExp(`^${lineOf('status: LOST')}:\\d+ .*"status" must be one of "SUCCEEDED", "FAILED", "PENDING"`)),
        expect.stringMatching(new RegExp(`^${lineOf('examples: [0]')}:\\d+ .*must be >= 1`)),
      ]),
    );
    expect(found).toHaveLength(4);
    expect(problems(built, dir).filter((p) => p.includes('SpecExampleMismatch')).every((p) => p.startsWith('specs/payments.yaml:'))).toBe(true);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fromHtml } from 'hast-util-from-html';
import { select, selectAll } from 'hast-util-select';
import { toString } from 'hast-util-to-string';
import type { BuildResult } from '../../packages/engine/src/node/index';
import { buildSite, copyFixture, problems, readOut } from '../helpers/fixtures';
import { sortDiagnostics } from '../../packages/engine/src/node/index';
import { summary } from '../../packages/cli/src/report';

let root: string;
let result: BuildResult;
beforeAll(async () => {
  root = copyFixture('api');
  result = await buildSite(root);
});
const page = (file: string) => fromHtml(readOut(root, file));

describe('API reference from the fixture spec', () => {
  it('builds without problems and serves the spec byte-identical', () => {
    expect(result.diagnostics).toEqual([]);
    expect(fs.readFileSync(path.join(root, 'build/specs/payments.yaml'))).toEqual(fs.readFileSync(path.join(root, 'specs/payments.yaml')));
  });

  it('emits the index, the overview, one page per operation and per schema', () => {
    for (const route of ['api/schemas/operationpage', 'api', 'api/fixture-payments-api', 'api/capture-payment', 'api/list-transactions', 'api/draft-create-account', 'api/schemas/capturerequest', 'api/schemas/operation', 'api/schemas/node']) {
      expect(fs.existsSync(path.join(root, 'build', route, 'index.html')), route).toBe(true);
    }
  });

  it('renders spec Markdown like content: heading ids the TOC links to, highlighted code, inline code', () => {
    const overview = page('api/fixture-payments-api/index.html');
    const ids = selectAll('article h2[id], article h3[id]', overview).map((h) => String(h.properties.id));
    expect(ids).toEqual(['authentication', 'signatures', 'authentication-1', 'download']);
    const toc = selectAll('.toc a', overview).map((a) => String(a.properties.href));
    expect(toc).toEqual(['#authentication', '#signatures', '#authentication-1', '#download']);
    const code = select('.api-description .code-block', overview)!;
    expect(select('.copy-button', code)).toBeTruthy();
    expect(select('[data-language="http"]', code)).toBeTruthy();
    const index = page('api/index.html');
    expect(selectAll('.toc a', index).map((a) => String(a.properties.href))).toEqual(['#servers', '#authentication', '#how-to-read-this-reference', '#operations', '#tag-payments', '#tag-partners', '#webhooks', '#schemas']);
    expect(selectAll('#tag-payments, #tag-partners', index)).toHaveLength(2);
    const servers = selectAll('table td', index).map((td) => toString(td));
    expect(servers).toContain('Test, with sk_test_ keys');
  });

  it('lists webhooks among the users of their payload schema, linking the webhook\'s page', () => {
    const used = selectAll('#used-by ~ ul a', page('api/schemas/operation/index.html')).map((a) => `${toString(a)} → ${String(a.properties.href)}`);
    expect(used).toContain('Webhook: Operation event → /api/webhooks/operation-event');
  });

  it('shows method, server and path, parameters, the request body tree and responses', () => {
    const tree = page('api/capture-payment/index.html');
    expect(toString(select('title', tree)!)).toBe('Capture a payment | api fixture');
    expect(toString(select('.api-endpoint .method-badge', tree)!)).toBe('POST');
    expect(toString(select('.api-path', tree)!)).toBe('https://api.test.fixture.example/v1/transactions/{transactionId}/capture');
    const names = selectAll('.schema-name', tree).map((n) => toString(n));
    expect(names).toContain('transactionId');
    expect(names).toContain('Idempotency-Key');
    expect(names).toContain('amount');
    for (const id of ['parameters', 'request-body', 'responses', 'response-200', 'response-404', 'code-samples']) expect(select(`#${id}`, tree), id).toBeTruthy();
    expect(selectAll('.api-responses [role="tab"]', tree).map((t) => toString(t))).toEqual(['200', '404']);
    const headers = selectAll('#response-200 ~ .api-headers .schema-field', tree).map((h) => toString(h));
    expect(headers).toEqual(['X-RateLimit-RemainingintegerRequests left in this window.']);
    expect(selectAll('#response-404 ~ .api-headers', tree)).toHaveLength(0);
  });

  it('leaves readOnly fields out of requests and writeOnly fields out of responses', () => {
    const tree = page('api/capture-payment/index.html');
    const body = selectAll('.schema', tree)[0]!;
    expect(selectAll('.schema-name', body).map((n) => toString(n))).toEqual(['amount', 'reference']);
    const schemaPage = page('api/schemas/operation/index.html');
    expect(selectAll('.schema-name', schemaPage).map((n) => toString(n))).toEqual(['id', 'status', 'secret']);
    const response = selectAll('.api-responses .schema', tree)[0]!;
    expect(selectAll('.schema-name', response).map((n) => toString(n))).toEqual(['id', 'status']);
  });

  it('has code samples in the six languages with real values, bearer header and idempotency key', () => {
    const tree = page('api/capture-payment/index.html');
    const tabs = selectAll('#code-samples ~ .code-tabs [role="tab"]', tree).map((t) => toString(t));
    expect(tabs).toEqual(['cURL', 'JavaScript (server)', 'Node.js', 'PHP', 'C#', 'Go']);
    const text = toString(select('#code-samples ~ .code-tabs', tree)!);
    expect(text).toContain('https://api.test.fixture.example/v1/transactions/0b6a3c1e-7d2f-4a8b-9c5e-1f2a3b4c5d6e/capture');
    expect(text).toContain('Authorization: Bearer $FIXTURE_API_KEY');
    expect(text).not.toContain('sk_test_');
    expect(text).toContain('Idempotency-Key');
    expect(text).toContain('"amount": 5000');
    expect(text).toContain('FIXTURE_API_KEY');
  });

  it('marks drafts, shows oneOf as tabs and circular references as links', () => {
    const draft = page('api/draft-create-account/index.html');
    expect(toString(select('.badge-draft', draft)!)).toBe('Draft');
    expect(selectAll('.schema-variants [role="tab"]', draft).map((t) => toString(t))).toEqual(['CaptureRequest', 'Node']);
    const node = page('api/schemas/node/index.html');
    expect(select('.schema-circular a[href="/api/schemas/node"]', node)).toBeTruthy();
    expect(toString(select('#used-by ~ ul', node)!)).toContain('Create a merchant account');
  });

  it('merges allOf members into one field list', () => {
    const tree = page('api/schemas/operationpage/index.html');
    const fields = selectAll('.schema > .schema-fields > .schema-field', tree).map((f) => toString(select('.schema-name', f)!));
    expect(fields).toEqual(['code', 'message', 'items']);
  });

  it('groups the API sidebar by tag with method badges and a Schemas category', () => {
    const tree = page('api/list-transactions/index.html');
    const labels = selectAll('.sidebar-container .sidebar-category-label', tree).map((l) => toString(l));
    expect(labels).toEqual(['Payments', 'Partners', 'Webhooks', 'Schemas']);
    expect(toString(select('.sidebar-container .sidebar-link.active .method-badge', tree)!)).toBe('GET');
  });

  it('lets content link to operation anchors, and check validates them', async () => {
    const broken = copyFixture('api');
    fs.writeFileSync(path.join(broken, 'content/index.mdx'), '---\ntitle: Home\ndescription: d\n---\n\nSee [x](/api/capture-payment#request-bodyy) and [y](/api/nope).\n');
    const failed = await buildSite(broken);
    expect(problems(failed, broken)).toEqual(['content/index.mdx:6:5 error DeadAnchor', 'content/index.mdx:6:49 error DeadLink']);
  });

  it('places a broken link in a spec description at that description in the spec (found only when reported)', async () => {
    const broken = copyFixture('api');
    const spec = path.join(broken, 'specs/payments.yaml');
    const text = fs.readFileSync(spec, 'utf8').replace('(/api/schemas/node)', '(/api/schemas/nodee)');
    fs.writeFileSync(spec, text);
    const lines = text.split('\n');
    const line = lines.findIndex((l) => l.includes('/api/schemas/nodee')) + 1;
    const column = lines[line - 1]!.indexOf('Captures') + 1;
    const failed = await buildSite(broken);
    expect(problems(failed, broken)).toEqual([`specs/payments.yaml:${line}:${column} error DeadLink`]);
  });
});

describe('JSON examples in content that name their operation', () => {
  it('are validated against the request schema, each mismatch at its line', async () => {
    const dir = copyFixture('api');
    const file = path.join(dir, 'content/index.mdx');
    fs.appendFileSync(file, '\n```json operation=capture-payment\n{\n  "amount": "5000",\n  "reference": "order-1"\n}\n```\n\n```json operation=list-transactions\n{}\n```\n\n```json operation=no-such-operation\n{}\n```\n');
    const built = await buildSite(dir);
    const lines = built.diagnostics.map((d) => `${path.relative(dir, d.file)}:${d.line} ${d.code} ${d.message}`);
    expect(lines).toEqual([
      'content/index.mdx:19 SampleMismatch the capture-payment request example does not match the API: /amount must be integer',
      'content/index.mdx:24 SampleUnknownOperation operation "list-transactions" takes no request body',
      'content/index.mdx:28 SampleUnknownOperation code block names operation "no-such-operation", which is not in the API reference',
    ]);
  });
});

describe('bad OpenAPI documents fail with the spec file, line and JSON pointer', () => {
  const withSpec = async (edit: (s: string) => string) => {
    const dir = copyFixture('api');
    const file = path.join(dir, 'specs/payments.yaml');
    fs.writeFileSync(file, edit(fs.readFileSync(file, 'utf8')));
    const built = await buildSite(dir);
    return { built, dir };
  };

  it('rejects a broken $ref', async () => {
    const { built, dir } = await withSpec((s) => s.replace("schema: { $ref: '#/components/schemas/Operation' }\n        '404'", "schema: { $ref: '#/components/schemas/Operatoin' }\n        '404'"));
    expect(built.ok).toBe(false);
    expect(problems(built, dir)).toContain('specs/payments.yaml:64:31 error SpecBrokenRef');
    expect(built.diagnostics[0]!.message).toContain('#/paths/~1v1~1transactions~1{transactionId}~1capture/post/responses/200/content/application~1json/schema/$ref');
    // Content links into the reference fail too, and say why.
    const intoApi = built.diagnostics.filter((d) => d.code === 'DeadLink' && d.message.includes('/api/'));
    expect(intoApi.length).toBeGreaterThan(0);
    for (const d of intoApi) expect(d.hint).toBe('the API reference was not built: fix the errors in specs/payments.yaml first');
    // The CLI lists the spec's own error first and counts the rest as following from it.
    const consequences = built.diagnostics.filter((d) => !d.code.startsWith('Spec'));
    expect(consequences.map((d) => d.causedBy)).toEqual(consequences.map(() => 'specs/payments.yaml'));
    expect(sortDiagnostics(built.diagnostics)[0]!.code).toBe('SpecBrokenRef');
    expect(summary(built, dir)).toContain(`(${consequences.length} of them follow from the errors in specs/payments.yaml, listed first)`);
  });

  it('rejects a duplicate slug', async () => {
    const { built, dir } = await withSpec((s) => s.replace('x-slug: draft-create-account', 'x-slug: capture-payment'));
    expect(problems(built, dir)).toContain('specs/payments.yaml:87:7 error SpecDuplicateSlug');
  });

  it('rejects an invalid spec', async () => {
    const { built, dir } = await withSpec((s) => s.replace('summary: List transactions', 'summary: List transactions\n      sumary: typo'));
    expect(built.ok).toBe(false);
    expect(problems(built, dir)).toContain('specs/payments.yaml:75:15 error SpecInvalid');
    expect(built.diagnostics.find((d) => d.code === 'SpecInvalid')!.message).toContain('#/paths/~1v1~1transactions/get/sumary');
  });

  it('reports a duplicate operationId at its second occurrence', async () => {
    const { built, dir } = await withSpec((s) => s.replace('operationId: listTransactions', 'operationId: capturePayment'));
    expect(built.ok).toBe(false);
    expect(problems(built, dir)).toContain('specs/payments.yaml:72:20 error SpecInvalid');
    expect(built.diagnostics.find((d) => d.code === 'SpecInvalid')!.message).toContain('`capturePayment` is duplicated and must be made unique. (at #/paths/~1v1~1transactions/get/operationId)');
  });

  it('reports a check that names an operation by its raw path at that operation, not at the first path', async () => {
    const { built, dir } = await withSpec((s) =>
      s.replace('          schema: { type: integer, minimum: 1, maximum: 100, default: 25 }\n', '          schema: { type: integer, minimum: 1, maximum: 100, default: 25 }\n        - name: limit\n          in: query\n          schema: { type: integer }\n'),
    );
    expect(problems(built, dir)).toContain('specs/payments.yaml:79:11 error SpecInvalid');
    expect(built.diagnostics.find((d) => d.code === 'SpecInvalid')!.message).toContain('(at #/paths/~1v1~1transactions/get/parameters/1)');
  });

  it('rejects invalid YAML with its position', async () => {
    const { built, dir } = await withSpec((s) => s.replace('  title: Fixture Payments API', '  title: [Fixture'));
    expect(problems(built, dir)[0]).toMatch(/^specs\/payments\.yaml:\d+:\d+ error SpecSyntax$/);
    const duplicate = await withSpec((s) => s.replace('  version: 1.0.0', '  version: 1.0.0\n  title: Again'));
    expect(problems(duplicate.built, duplicate.dir)[0]).toBe('specs/payments.yaml:5:3 error SpecSyntax');
    expect(duplicate.built.diagnostics[0]!.message).toContain('duplicated mapping key');
  });
});

describe('the spec is the site\'s, not the portal\'s', () => {
  it('publishes specs/orders.yaml at /specs/orders.yaml and links it from the overview (the one file in specs/)', async () => {
    const dir = copyFixture('api');
    fs.renameSync(path.join(dir, 'specs/payments.yaml'), path.join(dir, 'specs/orders.yaml'));
    const built = await buildSite(dir);
    expect(problems(built, dir)).toEqual([]);
    expect(fs.existsSync(path.join(dir, 'build/specs/orders.yaml'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'build/specs/payments.yaml'))).toBe(false);
    expect(readOut(dir, 'api/index.html')).toContain('href="/specs/orders.yaml"');
  });

  it('with two documents in specs/ and no openapi key, builds no reference', async () => {
    const dir = copyFixture('api');
    fs.copyFileSync(path.join(dir, 'specs/payments.yaml'), path.join(dir, 'specs/orders.yaml'));
    fs.writeFileSync(path.join(dir, 'content/index.mdx'), '---\ntitle: Home\n---\n\nNo reference here.\n');
    const built = await buildSite(dir);
    expect(built.graph!.routes.some((r) => r.startsWith('/api'))).toBe(false);
  });
});

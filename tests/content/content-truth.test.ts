import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';

/**
 * Issue 12, the spec and content half: facts an integrator can lose money over, read straight from
 * specs/payments.yaml and the MDX sources (no build needed), so each one fails the moment a page or
 * the spec drifts back.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  description?: string;
  properties?: Record<string, Schema>;
  examples?: unknown[];
  $ref?: string;
}
interface Parameter { name: string; in: string; schema?: Schema; $ref?: string }
interface Operation {
  operationId?: string;
  description?: string;
  parameters?: Parameter[];
  responses?: Record<string, unknown>;
  requestBody?: { content?: Record<string, { schema?: Schema; example?: unknown }> };
}
interface Spec {
  info: { description: string; license?: { name: string } };
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}
const spec = yaml.load(fs.readFileSync(path.join(ROOT, 'specs/payments.yaml'), 'utf8')) as Spec;
const schemas = spec.components.schemas;
const deref = (s: Schema | undefined): Schema | undefined => (s?.$ref ? schemas[s.$ref.split('/').at(-1)!] : s);
const operations = Object.values(spec.paths).flatMap((item) => Object.entries(item).filter(([m]) => ['get', 'post', 'patch', 'put', 'delete'].includes(m)).map(([, op]) => op));
const operation = (id: string) => operations.find((op) => op.operationId === id)!;

/** Every content page and partial, with its path relative to content/. */
function contentFiles(dir = path.join(ROOT, 'content')): Array<{ file: string; text: string }> {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return contentFiles(full);
    return /\.mdx?$/.test(entry.name) ? [{ file: path.relative(path.join(ROOT, 'content'), full), text: fs.readFileSync(full, 'utf8') }] : [];
  });
}
const pages = contentFiles();
const page = (file: string) => pages.find((p) => p.file === file)!.text;
const FENCE = /^```(\w*)[^\n]*\n([\s\S]*?)^```/gm;
const codeBlocks = (text: string) => [...text.matchAll(FENCE)].map((m) => ({ lang: m[1]!, code: m[2]! }));
const prose = (text: string) => text.replace(FENCE, ' ');

describe('the spec', () => {
  it('gives every webhook payload status an enum that covers its examples, and documents every event on the webhook page', () => {
    expect(Object.keys(spec.webhooks).length).toBeGreaterThan(0);
    const webhookPage = page('partials/webhook.mdx');
    for (const [name, item] of Object.entries(spec.webhooks)) {
      const op = item.post!;
      expect(op.operationId, `${name} operationId`).toBeTruthy();
      const body = op.requestBody!.content!['application/json']!;
      const schema = deref(body.schema)!;
      const status = schema.properties?.data?.properties?.status;
      if (!status) continue; // the pre-authorization check carries no status
      expect(status.enum, `${name} data.status`).toBeInstanceOf(Array);
      const examples = [body.example, ...(schema.examples ?? [])] as Array<{ event: string; data: { status: string } }>;
      for (const example of examples) expect(status.enum, `${name} example ${example.event}`).toContain(example.data.status);
      for (const event of schema.properties!.event!.enum as string[]) expect(webhookPage, `event ${event} on the webhook page`).toContain(`\`${event}\``);
    }
  });

  it('has one decline-reason enum on operations, transactions, errors and webhooks, and a test card for each value', () => {
    const reasons = (schemas.Operation!.properties!.declineReason!.enum as Array<string | null>).filter((v): v is string => v !== null);
    expect(reasons.length).toBeGreaterThanOrEqual(6);
    const withoutNull = (s: Schema) => (s.enum as Array<string | null>).filter((v) => v !== null);
    expect(withoutNull(schemas.Transaction!.properties!.declineReason!)).toEqual(reasons);
    expect(withoutNull(schemas.ErrorCode!.properties!.declineReason!)).toEqual(reasons);
    expect(withoutNull(schemas.NotificationWebhook!.properties!.data!.properties!.declineReason!)).toEqual(reasons);
    const rows = page('partials/_test-cards.mdx').split('\n').filter((line) => /^\| `4454/.test(line));
    for (const reason of reasons) expect(rows.some((row) => row.includes(`\`${reason}\``)), `a test card for ${reason}`).toBe(true);
    for (const reason of reasons) expect(page('get-started/core-concepts.mdx'), `${reason} explained in Core concepts`).toContain(`| \`${reason}\` |`);
  });

  it('lists test cards that pass the Luhn check, each once', () => {
    const numbers = page('partials/_test-cards.mdx').split('## Trigger')[0]!.match(/`(4454(?: \d{4}){3})`/g)!.map((n) => n.replace(/[` ]/g, ''));
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const n of numbers) {
      const sum = [...n].reverse().reduce((acc, ch, i) => acc + (i % 2 ? [0, 2, 4, 6, 8, 1, 3, 5, 7, 9][Number(ch)]! : Number(ch)), 0);
      expect(sum % 10, n).toBe(0);
    }
  });

  it('filters list-transactions by sessionId and reference, and the redirect and plugin pages use it', () => {
    const names = operation('listTransactions').parameters!.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['sessionId', 'reference']));
    const redirect = page('products/checkout/redirect.mdx');
    const samples = codeBlocks(redirect).filter((b) => /transactions\?|\/v1\/transactions \\|-G /.test(b.code));
    expect(samples.length).toBeGreaterThanOrEqual(5);
    for (const { lang, code } of samples) {
      expect(code, `${lang} sample looks up by sessionId`).toMatch(/sessionId[=:"' ]/);
      expect(code, `${lang} sample scans by time`).not.toMatch(/createdFrom/);
    }
    for (const plugin of ['plugins/woocommerce.mdx', 'plugins/shopify/webhook.mdx', 'plugins/magento2.mdx']) {
      expect(page(plugin), plugin).toMatch(/\[list-transactions\]\(\/api\/list-transactions\)[^.]*`sessionId`/);
      expect(page(plugin), `${plugin} looks up a pending order with an id it does not have`).not.toMatch(/(Pending [Pp]ayment|has not arrived yet)[^.]*get-transaction/);
    }
  });

  it('lets void-payment release the rest of a partial capture, and says so where capture and void are explained', () => {
    expect(operation('voidPayment').description).toMatch(/PARTIALLY_CAPTURED/);
    expect(operation('capturePayment').description).toMatch(/void-payment/);
    for (const file of ['get-started/core-concepts.mdx', 'products/checkout/authorization.mdx', 'products/link/authorization.mdx']) {
      expect(page(file), file).toMatch(/void[^.|]*(partial capture|`PARTIALLY_CAPTURED`)|`PARTIALLY_CAPTURED`[^|]*\|[^|]*void the rest/i);
    }
  });

  it('declares the 502 and 503 it promises on every operation, and a license', () => {
    expect(spec.info.description).toMatch(/500, 502, 503/);
    for (const op of operations) expect(Object.keys(op.responses ?? {}), op.operationId).toEqual(expect.arrayContaining(['500', '502', '503']));
    expect(spec.info.license?.name).toBeTruthy();
  });

  it('accepts only NO, SE and DK for Verify, and the Verify page says Finland is refused', () => {
    const request = schemas.PaymentSessionInitializationRequest!.properties!.ageVerification!.properties!.country!;
    expect(request.enum).toEqual(['NO', 'SE', 'DK']);
    const verify = page('products/verify/index.mdx');
    expect(verify).toMatch(/`NO`, `SE` or `DK`/);
    expect(verify).toMatch(/Finland \(`FI`\)[^.]*`400` `invalid_request`/);
  });

  it('has a failed-charge event for subscriptions with the retry and disable rules, and no MIT on a card without a subscription', () => {
    const events = schemas.NotificationWebhook!.properties!.event!.enum as string[];
    expect(events).toEqual(expect.arrayContaining(['subscription.charge_failed', 'dispute.opened', 'dispute.won', 'dispute.lost']));
    expect(spec.info.description).toMatch(/retried 1, 3 and 7 days/);
    expect(page('get-started/core-concepts.mdx')).toMatch(/## Subscriptions and failed charges[\s\S]*1, 3 and 7 days[\s\S]*`DISABLED`/);
    const amount = schemas.PaymentSessionInitializationRequest!.properties!.amount!.description!;
    expect(amount).not.toMatch(/for later\s+merchant-initiated/);
    expect(amount).toMatch(/subscription/);
  });

  it('explains 3-D Secure (frictionless, challenge, liability shift, exemptions, soft declines) and disputes on a page in a sidebar', () => {
    const concepts = page('get-started/core-concepts.mdx');
    const sca = concepts.split('## Strong customer authentication (3-D Secure)')[1]!.split('\n## ')[0]!;
    for (const term of ['frictionless', 'challenge', 'Liability shift', 'Exemptions', 'Soft declines', 'authentication_required']) expect(sca, term).toContain(term);
    const disputes = concepts.split('## Disputes and chargebacks')[1]!.split('\n## ')[0]!;
    for (const term of ['dispute.opened', 'dispute.won', 'dispute.lost', 'evidenceDueBy']) expect(disputes, term).toContain(term);
    const config = fs.readFileSync(path.join(ROOT, 'docs-build.config.ts'), 'utf8');
    expect(config).toMatch(/getStarted: \[\{ type: 'autogenerated', dirName: 'get-started' \}\]/);
  });

  it('says Blocks use hostedConfiguration.locale, as the JavaScript library page does', () => {
    const description = schemas.HostedConfiguration!.description!;
    expect(description).not.toMatch(/Blocks ignore/);
    expect(description).toMatch(/Blocks[^.]*`locale`/);
    expect(page('js/index.mdx')).toContain("the session's `hostedConfiguration.locale`");
  });
});

describe('the content', () => {
  it('never tells readers to retry with the same idempotency key days later', () => {
    const SAME_KEY = /same (idempotency )?key|same `Idempotency-Key`|reuse it on every retry|still with the same key/gi;
    const LATE = /\b\d+ days?\b|\bdays\b|\bweeks?\b|retry later|later from a job/i;
    for (const { file, text } of pages) {
      const body = prose(text);
      for (const match of body.matchAll(SAME_KEY)) {
        const window = body.slice(Math.max(0, match.index - 400), match.index + 400);
        if (LATE.test(window)) expect(window, `${file}: "${match[0]}" near a retry days later`).toMatch(/24 hours/);
      }
    }
  });

  it('stores a webhook event before answering 2xx in every sample', () => {
    const ANSWER = /res\.sendStatus\(200\)|http_response_code\(200\);|w\.WriteHeader\(http\.StatusOK\)/;
    for (const { file, text } of pages) {
      for (const { lang, code } of codeBlocks(text)) {
        const lines = code.split('\n');
        lines.forEach((line, i) => {
          if (!ANSWER.test(line) || /return|if \(|seen|handled/.test(line) || /seen \{|handled/.test(lines[i - 1] ?? '')) return;
          const after = lines.slice(i + 1, i + 4).join('\n');
          expect(after, `${file} (${lang}) answers 2xx before storing the event`).not.toMatch(/\/\/ [Ss]tore|(?<!function )queueEvent\(|(?<!function )storeEvent\(|your job queue/);
        });
      }
    }
    const shared = codeBlocks(page('partials/webhook.mdx')).filter((b) => ['nodejs', 'php', 'csharp', 'go'].includes(b.lang));
    expect(shared).toHaveLength(4);
    for (const { lang, code } of shared) {
      const stored = code.search(/storeEvent\(|FileMode\.CreateNew/);
      const answered = code.search(/res\.sendStatus\(200\)|http_response_code\(200\)|return Results\.Ok\(\); \/\/ stored|w\.WriteHeader\(http\.StatusOK\) \/\/ stored/);
      expect(stored, `${lang} stores`).toBeGreaterThan(0);
      expect(answered, `${lang} answers after storing`).toBeGreaterThan(stored);
      expect(code, `${lang} verifies with every configured secret`).toContain('EPIC_WEBHOOK_SECRETS');
    }
  });

  it('documents webhook secret rotation with an overlap in which both secrets verify', () => {
    const rotation = page('partials/webhook.mdx').split('## Rotate the webhook secret')[1]!.split('\n## ')[0]!;
    expect(rotation).toMatch(/overlap/);
    expect(rotation).toMatch(/both secrets|either/);
    expect(spec.info.description).toMatch(/rotate the webhook secret[\s\S]*accepts both/i);
  });

  it('makes a currency the point of sale does not accept a 400 everywhere, as the spec does', () => {
    for (const { file, text } of pages) {
      for (const line of prose(text).split('\n')) {
        if (/\bcurrenc/i.test(line) && /403/.test(line)) expect(line, `${file}: 403 for a currency`).not.toMatch(/403[^|]*\|[^|]*currenc|403[^.]*currenc|currenc[^.]*403/i);
      }
    }
    const badRequest = JSON.stringify(yaml.load(fs.readFileSync(path.join(ROOT, 'specs/payments.yaml'), 'utf8')));
    expect(badRequest).toContain('is not enabled for this point of sale');
  });

  it('writes the API hosts as {{provider.apiTest}} and {{provider.apiLive}}, never by hand', () => {
    for (const { file, text } of pages) expect(text.match(/https:\/\/payments(\.test)?\.epic\.example/g) ?? [], file).toEqual([]);
  });

  it('says which Go version a Go sample needs when it uses a language feature newer than Go 1.20', () => {
    const NEEDS_121 = /\b(min|max|clear)\(|"slices"|"maps"|"log\/slog"|"cmp"/;
    const NEEDS_122 = /HandleFunc\("(GET|POST|PUT|PATCH|DELETE) |\.PathValue\(|range \d+ \{/;
    for (const { file, text } of pages) {
      for (const { lang, code } of codeBlocks(text)) {
        if (lang !== 'go') continue;
        const declared = Number(code.match(/Go 1\.(\d+)\+?/)?.[1] ?? 0);
        if (NEEDS_122.test(code)) expect(declared, `${file}: Go sample needs 1.22`).toBeGreaterThanOrEqual(22);
        else if (NEEDS_121.test(code)) expect(declared, `${file}: Go sample needs 1.21`).toBeGreaterThanOrEqual(21);
      }
    }
  });

  it('never says Apple Pay needs no Apple Developer account without saying that the sandbox tester does', () => {
    for (const { file, text } of pages) {
      for (const paragraph of prose(text).split('\n')) {
        if (/(no|not need an) Apple Developer account/i.test(paragraph)) expect(paragraph, file).toMatch(/go(ing)? live[\s\S]*sandbox|sandbox[\s\S]*go(ing)? live/i);
      }
      if (/sandbox tester account in App Store Connect/.test(text)) expect(text, file).toMatch(/Apple Developer Program membership/);
    }
  });
});

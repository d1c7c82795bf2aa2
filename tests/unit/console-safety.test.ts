import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isLiveKey, isPlainHttp, maskKey, maskSecrets, newIdempotencyKey } from '../../templates/islands/lib/console-safety';
import { parseHeader, signatureHeader, verify } from '../../templates/islands/lib/webhook-signature';
import type { WebhookSignature } from '../../packages/engine/src/shared/api-model';

describe('the console safety rules', () => {
  it('recognises live keys only', () => {
    expect(isLiveKey('sk_live_abc')).toBe(true);
    expect(isLiveKey(' rk_live_abc')).toBe(true);
    expect(isLiveKey('sk_test_abc')).toBe(false);
  });

  it('warns for plain http except on loopback', () => {
    expect(isPlainHttp('http://payments.example.test')).toBe(true);
    expect(isPlainHttp('http://10.0.0.5:8080')).toBe(true);
    expect(isPlainHttp('https://payments.example.test')).toBe(false);
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:9', 'http://[::1]:80']) expect(isPlainHttp(url), url).toBe(false);
  });

  it('makes version 4 UUIDs, a new one each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('masks card numbers (Luhn-valid, spaced or not) and keys, and leaves amounts and ids alone', () => {
    expect(maskKey('sk_test_4eC39HqLyjWDarjtT1zdp7dc')).toBe('sk_test_…p7dc');
    expect(maskKey('sk_live_short')).toBe('sk_live_…');
    const text = maskSecrets('{"number":"4454000000000003","spaced":"4454 0000 0000 0003","amount":1748779452123,"auth":"Bearer eyJhbGciOiJIUzI1NiJ9.abcdef","key":"sk_live_51Habcdefghij"}');
    expect(text).toContain('"number":"445400••••••0003"');
    expect(text).toContain('"spaced":"445400••••••0003"');
    expect(text).toContain('"amount":1748779452123');
    expect(text).toContain('Bearer …cdef');
    expect(text).toContain('"key":"sk_live_…ghij"');
    expect(text).not.toMatch(/4454000000000003|51Habcdefghij/);
  });
});

describe('webhook signatures (Web Crypto, as the checker computes them)', () => {
  const scheme: WebhookSignature = { header: 'Epic-Signature', algorithm: 'HMAC-SHA256', timestampKey: 't', signatureKey: 'v1', signedPayload: '{timestamp}.{body}', toleranceSeconds: 300 };
  const body = '{"id":"evt_1","event":"payment.authorized"}';

  it('signs like the documented scheme (HMAC-SHA256 of "t.body", hex)', async () => {
    const header = await signatureHeader(scheme, 'whsec_1', body, 1748779502);
    expect(header).toBe(`t=1748779502,v1=${crypto.createHmac('sha256', 'whsec_1').update(`1748779502.${body}`).digest('hex')}`);
    expect(parseHeader(scheme, `Epic-Signature: ${header}`)!.timestamp).toBe(1748779502);
  });

  it('accepts any of several v1 signatures (a secret rotation) and rejects a future timestamp', async () => {
    const good = (await signatureHeader(scheme, 'whsec_new', body, 1000)).split(',')[1];
    const verdict = await verify(scheme, { body, header: `t=1000,v1=${'0'.repeat(64)},${good}`, secret: 'whsec_new', now: 1100 });
    expect(verdict.reason).toBe('valid');
    expect((await verify(scheme, { body, header: await signatureHeader(scheme, 'whsec_new', body, 5000), secret: 'whsec_new', now: 1000 })).reason).toBe('future');
  });
});

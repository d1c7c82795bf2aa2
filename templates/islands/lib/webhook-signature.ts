import type { WebhookSignature } from '../../../packages/engine/src/shared/api-model';

/*
 * Webhook signatures with Web Crypto (browser, or Node 20's global `crypto`): nothing leaves the
 * page. The header is `{timestampKey}=<unix seconds>,{signatureKey}=<hex HMAC-SHA256>` over the
 * scheme's signed payload, `{timestamp}.{body}` by default, keyed with the secret's UTF-8 bytes.
 */

const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** The hex HMAC-SHA256 of the signed payload for `timestamp` and the raw `body`. */
export async function sign(scheme: WebhookSignature, secret: string, timestamp: number, body: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const payload = scheme.signedPayload.replace('{timestamp}', String(timestamp)).replace('{body}', body);
  return hex(await crypto.subtle.sign('HMAC', key, encoder.encode(payload)));
}

/** The header value for a body signed now (or at `timestamp`). */
export async function signatureHeader(scheme: WebhookSignature, secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): Promise<string> {
  return `${scheme.timestampKey}=${timestamp},${scheme.signatureKey}=${await sign(scheme, secret, timestamp, body)}`;
}

/** The outcome of checking a delivery: verified, or the first reason it is not, in words. */
export type Verdict =
  | { ok: true; reason: 'valid'; message: string }
  | { ok: false; reason: 'malformed' | 'stale' | 'future' | 'reserialised' | 'mismatch' | 'no-secret'; message: string };

/** Parses `t=…,v1=…` (several signatures allowed, as during a secret rotation). */
export function parseHeader(scheme: WebhookSignature, header: string): { timestamp: number; signatures: string[] } | null {
  const name = scheme.header.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const parts = header.trim().replace(new RegExp(`^${name}:\\s*`, "i"), "").split(',').map((p) => p.trim().split('='));
  const t = parts.find(([k]) => k === scheme.timestampKey)?.[1];
  const signatures = parts.filter(([k, v]) => k === scheme.signatureKey && v && /^[0-9a-f]{64}$/i.test(v)).map(([, v]) => v!.toLowerCase());
  if (!t || !/^\d+$/.test(t) || !signatures.length) return null;
  return { timestamp: Number(t), signatures };
}

/** Other byte sequences the same JSON is often turned into before verification (the usual bug). */
function reserialisations(body: string): Array<{ text: string; how: string }> {
  const out: Array<{ text: string; how: string }> = [];
  try {
    const parsed: unknown = JSON.parse(body);
    out.push({ text: JSON.stringify(parsed), how: 'compact JSON (JSON.stringify of the parsed body)' }, { text: JSON.stringify(parsed, null, 2), how: 'pretty-printed JSON' }, { text: JSON.stringify(parsed, null, 4), how: 'pretty-printed JSON (4 spaces)' });
  } catch {
    // not JSON: only whitespace variants
  }
  out.push({ text: body.trim(), how: 'the body without its surrounding whitespace' }, { text: `${body}\n`, how: 'the body with a newline added' }, { text: body.replace(/\n/g, '\r\n'), how: 'the body with CRLF line endings' });
  return out.filter((c) => c.text !== body);
}

/**
 * Checks a delivery as a handler must: the header parses, a signature matches the raw body, and
 * the timestamp is within the tolerance of `now` (Unix seconds). When no signature matches the
 * body as given but one matches a re-serialised form of it, says so: the handler verified parsed
 * and re-encoded JSON instead of the raw bytes. Otherwise the secret is wrong or the body changed.
 */
export async function verify(scheme: WebhookSignature, input: { body: string; header: string; secret: string; now?: number }): Promise<Verdict> {
  const now = input.now ?? Math.floor(Date.now() / 1000);
  if (!input.secret) return { ok: false, reason: 'no-secret', message: 'Enter the webhook secret to check the signature with.' };
  const parsed = parseHeader(scheme, input.header);
  if (!parsed) return { ok: false, reason: 'malformed', message: `The ${scheme.header} header is not "${scheme.timestampKey}=<unix seconds>,${scheme.signatureKey}=<64 hex digits>".` };
  const expected = await sign(scheme, input.secret, parsed.timestamp, input.body);
  if (!parsed.signatures.includes(expected)) {
    for (const candidate of reserialisations(input.body)) {
      if (parsed.signatures.includes(await sign(scheme, input.secret, parsed.timestamp, candidate.text))) {
        return { ok: false, reason: 'reserialised', message: `The signature does not match these bytes, but it matches ${candidate.how}: the body was re-serialised. Verify over the raw request body exactly as received, before parsing it.` };
      }
    }
    return { ok: false, reason: 'mismatch', message: `The signature does not match with this secret: use ${scheme.secretName ?? 'the webhook secret'} of the sender (test and live secrets differ). If the secret is right, the body is not the one that was signed.` };
  }
  const age = now - parsed.timestamp;
  if (age > scheme.toleranceSeconds) return { ok: false, reason: 'stale', message: `The signature matches, but it was made ${describeAge(age)} ago, more than the ${describeAge(scheme.toleranceSeconds)} a handler accepts: reject it (it may be a replay).` };
  if (-age > scheme.toleranceSeconds) return { ok: false, reason: 'future', message: `The signature matches, but its timestamp is ${describeAge(-age)} in the future: check the clock of the machine that checks it.` };
  return { ok: true, reason: 'valid', message: `Valid: the signature matches the raw body and was made ${describeAge(Math.max(0, age))} ago (within ${describeAge(scheme.toleranceSeconds)}).` };
}

function describeAge(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  if (seconds < 172800) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86400)} days`;
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A curl command that POSTs `body` with a fresh signature to `url` (the reader's own endpoint). */
export async function signedCurl(scheme: WebhookSignature, secret: string, body: string, url: string, timestamp?: number): Promise<string> {
  const header = await signatureHeader(scheme, secret, body, timestamp);
  return [`curl -X POST ${shellQuote(url)}`, `  -H 'Content-Type: application/json'`, `  -H ${shellQuote(`${scheme.header}: ${header}`)}`, `  --data-binary ${shellQuote(body)}`].join(' \\\n');
}

/*
 * The API console's safety rules, as plain functions (no React): which keys it refuses, which
 * servers it warns about, and how it masks what it shows.
 */

/** A live secret key: the console refuses it unless the reader explicitly allows it for one send. */
export const isLiveKey = (key: string) => /^\s*(sk|rk)_live_/i.test(key);

/** Loopback hosts: traffic to them never leaves the machine, so plain http is no risk to the key. */
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** Whether sending a credential to `url` would cross the network unencrypted (http to a host that is not loopback). */
export function isPlainHttp(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' && !LOOPBACK.test(u.hostname);
  } catch {
    return false;
  }
}

/** A version 4 UUID for an Idempotency-Key (Web Crypto; a fallback from getRandomValues outside secure contexts). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A key as the console shows it: its prefix and last four characters (`sk_test_…a1b2`). */
export function maskKey(key: string): string {
  const k = key.trim();
  if (!k) return '';
  const prefix = /^[a-z]+_(test|live)_/i.exec(k)?.[0] ?? '';
  return `${prefix}…${k.length > prefix.length + 8 ? k.slice(-4) : ''}`;
}

/** Luhn check, so masking hits card numbers rather than every long number (amounts, timestamps). */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Text as the console may show it: card numbers (13-19 digits, spaces or dashes allowed, passing
 * the Luhn check) keep their first six and last four digits; secret keys and tokens keep their
 * prefix and last four characters; `Authorization` values are masked too.
 */
export function maskSecrets(text: string): string {
  return text
    .replace(/\b\d(?:[ -]?\d){12,18}\b/g, (match) => {
      const digits = match.replace(/[ -]/g, '');
      if (!luhn(digits)) return match;
      return `${digits.slice(0, 6)}${'•'.repeat(digits.length - 10)}${digits.slice(-4)}`;
    })
    .replace(/\b(?:sk|rk|pk|whsec)_(?:test|live)_[A-Za-z0-9]+/g, (key) => maskKey(key))
    .replace(/(Bearer\s+)([^\s"',]+)/gi, (_, bearer: string, token: string) => (token.includes('…') ? `${bearer}${token}` : `${bearer}${maskKey(token) || '…'}`));
}

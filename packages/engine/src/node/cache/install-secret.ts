import fs from 'node:fs';
import path from 'node:path';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readBytesNoFollow } from '../fs/replace-file';

/** Beside the compiled CLI (bin/launch.mjs), in docsgen's own installation: never in a site. */
const SECRET_FILE = path.resolve(import.meta.dirname, '../../../../..', 'node_modules/.cache/docsgen/secret');
const SECRET_BYTES = 32;

let secret: Buffer | null | undefined;

/**
 * A random secret of this installation of docsgen, made on first use; null where it cannot be kept
 * (a read-only install). It signs what a build may later run from the site's cache (`sign`): a
 * cache is a folder of the site, so whatever restored or committed it there, an entry this
 * installation did not write does not carry its signature.
 */
function installSecret(): Buffer | null {
  if (secret !== undefined) return secret;
  secret = null;
  try {
    fs.mkdirSync(path.dirname(SECRET_FILE), { recursive: true });
    try {
      const fd = fs.openSync(SECRET_FILE, 'wx', 0o600);
      try {
        fs.writeFileSync(fd, randomBytes(SECRET_BYTES));
      } finally {
        fs.closeSync(fd);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const bytes = readBytesNoFollow(SECRET_FILE);
    // Another process may be writing it right now: then there is none for this run.
    if (bytes.length === SECRET_BYTES) secret = bytes;
  } catch {
    // no secret: nothing is signed, nothing is trusted
  }
  return secret;
}

/** The signature of `parts` by this installation; null without a secret. */
export function sign(...parts: string[]): string | null {
  const key = installSecret();
  if (!key) return null;
  const mac = createHmac('sha256', key);
  for (const part of parts) mac.update(part).update('\0');
  return mac.digest('base64url');
}

/** Whether `signature` is this installation's signature of `parts`. */
export function signed(signature: unknown, ...parts: string[]): boolean {
  const expected = sign(...parts);
  if (!expected || typeof signature !== 'string' || signature.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
}

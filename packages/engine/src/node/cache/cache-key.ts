import { createHash } from 'node:crypto';

/** Bump when anything the caches store changes shape or meaning. */
export const ENGINE_CACHE_VERSION = '4';

export const hashOf = (...parts: string[]): string => {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url');
};

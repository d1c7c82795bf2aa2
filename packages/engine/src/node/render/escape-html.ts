import { stringifyEntities } from 'stringify-entities';

// The subset is a module constant because stringify-entities caches the regular expression it
// builds for a subset by the array's identity.
const SHELL = ['&', '<', '>', '"'];

/**
 * Text or a double-quoted attribute value of the HTML shell, with named references
 * (`&amp;` `&lt;` `&gt;` `&quot;`).
 */
export const escapeHtml = (value: string): string => stringifyEntities(value, { subset: SHELL, useNamedReferences: true });

import { stringifyEntities } from 'stringify-entities';

// The subsets are module constants because stringify-entities caches the regular expression it
// builds for a subset by the array's identity.
const SHELL = ['&', '<', '>', '"'];
const REACT = ['&', '<', '>', '"', "'"];

/**
 * Text or a double-quoted attribute value of the HTML shell, with named references
 * (`&amp;` `&lt;` `&gt;` `&quot;`).
 */
export const escapeHtml = (value: string): string => stringifyEntities(value, { subset: SHELL, useNamedReferences: true });

/**
 * A value escaped exactly as React's server renderer escapes it (`&amp;` `&lt;` `&gt;` `&quot;`
 * and `&#x27;`), for finding an attribute React wrote in its markup.
 */
export const escapeAsReact = (value: string): string => stringifyEntities(value, { subset: REACT, useNamedReferences: true });

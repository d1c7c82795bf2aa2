import type { ReactNode } from 'react';

/** A word this long (an API schema name such as PaymentSessionInitializationResponse) does not fit a phone line. */
export const LONG_WORD = /\S{20,}/;

/** Lets long CamelCase words wrap between their parts (<wbr>) instead of mid-word; other text is unchanged. */
export function breakable(text: string): ReactNode {
  if (!LONG_WORD.test(text)) return text;
  return text.split(/(?<=[a-z0-9])(?=[A-Z])/).flatMap((part, i) => (i ? [<wbr key={i} />, part] : [part]));
}

/**
 * Lets a URL or API path wrap only at sensible points: before each `/` (not inside `://`), after
 * each `.` of a host name and before a `{parameter}`; never inside a word (`transactionId`).
 */
export function breakablePath(text: string): ReactNode {
  const parts = text.split(/(?<!:\/?)(?=\/)|(?<=\.)(?=[^./])|(?<=[^/])(?=\{)/);
  return parts.flatMap((part, i) => (i ? [<wbr key={i} />, part] : [part]));
}

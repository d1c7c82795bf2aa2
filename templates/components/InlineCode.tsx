import type { ComponentProps } from 'react';

/** Up to this many characters a code value (a card number, an id, a header name) reads as one unit. */
const SHORT = 20;

/**
 * Inline code in content. Short plain-text values get `code-short`, which keeps them on one line in
 * narrow table columns (`4454 0000 0000 0003` never splits into four lines); long ones still wrap.
 */
export function InlineCode({ className, children, ...props }: ComponentProps<'code'>) {
  const short = typeof children === 'string' && children.length <= SHORT;
  const classes = [className, short ? 'code-short' : null].filter(Boolean).join(' ');
  return (
    <code className={classes || undefined} {...props}>
      {children}
    </code>
  );
}

import type { ReactNode } from 'react';

/** Content headings get a hover anchor link so readers can copy a deep link. */
function anchored(Tag: 'h2' | 'h3' | 'h4' | 'h5' | 'h6') {
  return function Heading({ id, children }: { id?: string; children?: ReactNode }) {
    return (
      <Tag id={id}>
        {children}
        {id ? <a className="hash-link" href={`#${id}`} aria-label="Direct link to this section">#</a> : null}
      </Tag>
    );
  };
}

export const H2 = anchored('h2');
export const H3 = anchored('h3');
export const H4 = anchored('h4');
export const H5 = anchored('h5');
export const H6 = anchored('h6');

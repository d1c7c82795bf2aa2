import { Children, type ComponentProps } from 'react';

/**
 * A content table's header cell. An empty one (the corner of `| | test | live |`) heads nothing,
 * so it is written as a data cell: a header cell without text is announced as an unnamed header.
 */
export function TableHeaderCell({ children, ...props }: ComponentProps<'th'>) {
  const empty = Children.toArray(children).every((child) => typeof child === 'string' && child.trim() === '');
  return empty ? <td {...(props as ComponentProps<'td'>)} className="table-corner" /> : <th {...props}>{children}</th>;
}

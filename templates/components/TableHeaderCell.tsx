import { Children, type ComponentProps, type ReactNode } from 'react';

/** Whether a cell holds no text. */
export function isEmptyCell(children: ReactNode): boolean {
  return Children.toArray(children).every((child) => typeof child === 'string' && child.trim() === '');
}

/**
 * A content table's header cell. An empty one (the corner of `| | test | live |`) heads nothing,
 * so it is written as a data cell: a header cell without text is announced as an unnamed header.
 */
export function TableHeaderCell({ children, ...props }: ComponentProps<'th'>) {
  return isEmptyCell(children) ? <td {...(props as ComponentProps<'td'>)} className="table-corner" /> : <th {...props}>{children}</th>;
}

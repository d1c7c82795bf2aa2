import { Children, cloneElement, createElement, isValidElement, type ComponentProps, type ReactElement, type ReactNode } from 'react';
import { isEmptyCell } from './TableHeaderCell';

type Parent = ReactElement<{ children?: ReactNode }>;
const elementsOf = (node: ReactNode): Parent[] => Children.toArray(node).filter((child): child is Parent => isValidElement(child));

/**
 * Whether the table's first column labels its rows: its header row starts with an empty cell, the
 * corner of `| | Checkout | Verify |`. Each row's first cell then heads that row.
 */
function labelsRows(children: ReactNode): boolean {
  const head = elementsOf(children).find((part) => part.type === 'thead');
  const row = head && elementsOf(head.props.children)[0];
  const corner = row && elementsOf(row.props.children)[0];
  return corner !== undefined && isEmptyCell(corner.props.children);
}

/** The body rows' first cells as row headers (`<th scope="row">`), so every data cell has a header for each axis. */
function withRowHeaders(children: ReactNode): ReactNode {
  return Children.map(children, (part) => {
    if (!isValidElement<{ children?: ReactNode }>(part) || part.type !== 'tbody') return part;
    const rows = Children.map(part.props.children, (row) => {
      if (!isValidElement<{ children?: ReactNode }>(row)) return row;
      const [first, ...rest] = elementsOf(row.props.children);
      if (!first || first.type !== 'td') return row;
      return cloneElement(row, {}, createElement('th', { ...(first.props as ComponentProps<'th'>), scope: 'row' }), ...rest);
    });
    return cloneElement(part, {}, rows);
  });
}

/**
 * A content table in a scroll box: a wide table scrolls sideways inside it instead of pushing the
 * page. The box is a focusable, named group so keyboard users can scroll it too (WCAG 2.1.1). A
 * table whose header row starts with an empty corner gets row headers.
 */
export function Table({ children, ...props }: ComponentProps<'table'>) {
  return (
    <div className="table-scroll" role="group" aria-label="Table" tabIndex={0}>
      <table {...props}>{labelsRows(children) ? withRowHeaders(children) : children}</table>
    </div>
  );
}

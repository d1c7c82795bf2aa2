import type { ComponentProps } from 'react';

/**
 * A content table in a scroll box: a wide table scrolls sideways inside it instead of pushing the
 * page. The box is a focusable, named group so keyboard users can scroll it too (WCAG 2.1.1).
 */
export function Table(props: ComponentProps<'table'>) {
  return (
    <div className="table-scroll" role="group" aria-label="Table" tabIndex={0}>
      <table {...props} />
    </div>
  );
}

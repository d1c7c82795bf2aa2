import type { ReactNode } from 'react';

const defaultTitles: Record<string, string> = { note: 'Note', tip: 'Tip', info: 'Info', warning: 'Warning', danger: 'Danger' };

/** `:::note[Title]` blocks. */
export function Admonition({ type = 'note', title, children }: { type?: string; title?: string; children?: ReactNode }) {
  return (
    <aside className={`admonition admonition-${type}`} aria-label={title ?? defaultTitles[type]}>
      <p className="admonition-title">{title ?? defaultTitles[type] ?? type}</p>
      <div className="admonition-body">{children}</div>
    </aside>
  );
}

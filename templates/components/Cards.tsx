import type { ReactNode } from 'react';

export function CardGrid({ children }: { children?: ReactNode }) {
  return <div className="card-grid">{children}</div>;
}

/** A linked card; the whole card is the link target. */
export function Card({ title, href, children }: { title: string; href?: string; children?: ReactNode }) {
  const body = (
    <>
      <span className="card-title">{title}</span>
      {children ? <span className="card-body">{children}</span> : null}
    </>
  );
  return href ? <a className="card" href={href}>{body}</a> : <div className="card">{body}</div>;
}

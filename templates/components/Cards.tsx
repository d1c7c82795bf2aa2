import type { ReactNode } from 'react';

export function CardGrid({ children }: { children?: ReactNode }) {
  return <div className="card-grid">{children}</div>;
}

/** A linked card; the whole card is the link target. Title and body are divs: a card's body holds paragraphs. */
export function Card({ title, href, children }: { title: string; href?: string; children?: ReactNode }) {
  const body = (
    <>
      <div className="card-title">{title}</div>
      {children ? <div className="card-body">{children}</div> : null}
    </>
  );
  return href ? <a className="card" href={href}>{body}</a> : <div className="card">{body}</div>;
}

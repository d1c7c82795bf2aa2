import type { Heading } from '../packages/engine/src/shared/page';

function TocList({ headings }: { headings: Heading[] }) {
  const min = Math.min(...headings.map((h) => h.depth));
  return (
    <ul className="toc-list">
      {headings.map((h) => (
        <li key={h.id} className={`toc-item toc-depth-${h.depth - min}`}>
          <a className="toc-link" href={`#${h.id}`}>{h.text}</a>
        </li>
      ))}
    </ul>
  );
}

/** Desktop: a sticky column. Mobile: a collapsible "On this page" box above the content. */
export function Toc({ headings, variant }: { headings: Heading[]; variant: 'desktop' | 'mobile' }) {
  if (!headings.length) return null;
  if (variant === 'mobile') {
    return (
      <details className="toc-mobile">
        <summary>On this page</summary>
        <TocList headings={headings} />
      </details>
    );
  }
  return (
    <nav className="toc" aria-label="On this page">
      <p className="toc-title">On this page</p>
      <TocList headings={headings} />
    </nav>
  );
}

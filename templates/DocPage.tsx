import type { PageProps } from './types';
import { Layout } from './Layout';
import { Toc } from './Toc';
import { LONG_WORD, breakable } from './components/Breakable';
import { PageActions } from './components/PageActions';

/**
 * One formatter for every page (toLocaleDateString builds a new one per call), made when a page
 * first shows a date: the first date formatter of a process costs 20-40 ms (ICU loads its data),
 * which a build that renders no dated page (a warm build keeps its pages as published) never pays.
 */
let dateFormat: Intl.DateTimeFormat | null = null;

function formatDate(iso: string): string {
  dateFormat ??= new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return dateFormat.format(new Date(iso));
}

export function DocPage({ site, page, content, sidebar, islands }: PageProps) {
  const showToc = !page.hideToc && page.toc.length > 0;
  const editHref = site.editUrl && page.contentFile ? `${site.editUrl.replace(/\/$/, '')}/${page.contentFile}` : null;
  return (
    <Layout site={site} page={page} sidebar={sidebar} islands={islands}>
      <div className={`doc${showToc ? ' has-toc' : ''}`}>
        <article className="doc-article">
          {page.breadcrumbs.length ? (
            <nav className="breadcrumbs" aria-label="Breadcrumbs">
              <ol>
                <li><a href="/" aria-label="Home page">Home</a></li>
                {/* the separator sits beside the first line of the label it leads to, never alone on a line */}
                {page.breadcrumbs.map((crumb, i) => (
                  <li key={i}><span className="breadcrumbs-sep" aria-hidden="true">›</span>{crumb.href ? <a href={crumb.href}>{crumb.label}</a> : <span>{crumb.label}</span>}</li>
                ))}
                <li aria-current="page"><span className="breadcrumbs-sep" aria-hidden="true">›</span><span>{page.sidebarLabel}</span></li>
              </ol>
            </nav>
          ) : null}
          <div className="markdown">
            <h1 className={LONG_WORD.test(page.title) ? 'title-long' : undefined}>{breakable(page.title)}</h1>
            <PageActions route={page.route} />
            {showToc ? <Toc headings={page.toc} variant="mobile" /> : null}
            {content}
          </div>
          {editHref || page.lastUpdated ? (
            <div className="doc-meta">
              {editHref ? <a href={editHref} target="_blank" rel="noopener noreferrer">Edit this page</a> : <span />}
              {page.lastUpdated ? <span>Last updated on <time dateTime={page.lastUpdated}>{formatDate(page.lastUpdated)}</time></span> : null}
            </div>
          ) : null}
          {page.prev || page.next ? (
            <nav className="pagination" aria-label="Docs pages">
              {page.prev ? (
                <a className="pagination-link pagination-prev" href={page.prev.href}>
                  <span className="pagination-sub">Previous</span>
                  <span className="pagination-label">{breakable(page.prev.label)}</span>
                </a>
              ) : <span />}
              {page.next ? (
                <a className="pagination-link pagination-next" href={page.next.href}>
                  <span className="pagination-sub">Next</span>
                  <span className="pagination-label">{breakable(page.next.label)}</span>
                </a>
              ) : null}
            </nav>
          ) : null}
        </article>
        {showToc ? <Toc headings={page.toc} variant="desktop" /> : null}
      </div>
    </Layout>
  );
}

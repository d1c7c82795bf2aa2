import type { PageProps } from './types';
import { Layout } from './Layout';
import { PageActions } from './components/PageActions';

/** Hero with the site title and tagline, then the home page's own content (cards, quick links). */
export function HomePage({ site, page, content, sidebar, islands }: PageProps) {
  return (
    <Layout site={site} page={page} sidebar={sidebar} islands={islands}>
      <header className="hero">
        <h1 className="hero-title">{site.title}</h1>
        {site.tagline ? <p className="hero-tagline">{site.tagline}</p> : null}
      </header>
      <div className="home markdown">
        {content}
        <PageActions route={page.route} />
      </div>
    </Layout>
  );
}

import type { PageProps } from './types';
import { Layout } from './Layout';

export function NotFoundPage({ site, page, sidebar, islands }: PageProps) {
  return (
    <Layout site={site} page={page} sidebar={sidebar} islands={islands}>
      <div className="not-found">
        <h1>Page not found</h1>
        <p>We could not find what you were looking for. The page may have moved, or the link that brought you here may be out of date.</p>
        <p className="not-found-actions">
          <a className="button" href="/">Go to the home page</a> <a className="button button-secondary" href="/search">Search the documentation</a>
        </p>
      </div>
    </Layout>
  );
}

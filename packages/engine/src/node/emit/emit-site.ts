import type { PageGraph } from '../graph/page-graph';
import { htmlFileForRoute } from '../../shared/routes';
import type { ResolvedConfig } from '../config/resolve-config';
import type { Sink } from './sinks';

export interface SiteFiles {
  /** Output path → contents. */
  files: Map<string, string>;
  /** Output path → source file to copy (images, the OpenAPI document). */
  copies: Map<string, string>;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Builds the non-page files (sitemap, robots, llms.txt, `_redirects`) from the graph. Pure. */
export function siteFiles(graph: PageGraph, config: ResolvedConfig, html: Map<string, string>): Map<string, string> {
  const files = new Map<string, string>();
  for (const [route, page] of html) files.set(route === '/404' ? '404.html' : htmlFileForRoute(route), page);
  const listed = graph.routes.filter((r) => !['not-found', 'redirect'].includes(graph.pages[r]!.kind));
  files.set(
    'sitemap.xml',
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${listed
      .map((r) => {
        const page = graph.pages[r]!;
        return `<url><loc>${xml(config.url + (r === '/' ? '/' : r))}</loc>${page.lastUpdated ? `<lastmod>${page.lastUpdated.slice(0, 10)}</lastmod>` : ''}</url>`;
      })
      .join('\n')}\n</urlset>\n`,
  );
  files.set('robots.txt', `User-agent: *\nAllow: /\n\nSitemap: ${config.url}/sitemap.xml\n`);
  const llms = [`# ${config.title}`, '', `> ${config.description || config.tagline}`, ''];
  for (const r of listed) {
    const page = graph.pages[r]!;
    if (page.kind === 'search') continue;
    llms.push(`- [${page.title}](${config.url}${r === '/' ? '/' : r})${page.description ? `: ${page.description}` : ''}`);
  }
  files.set('llms.txt', `${llms.join('\n')}\n`);
  // Static hosts (Netlify/Cloudflare Pages syntax): configured redirects, then clean-URL normalisation.
  const redirects = graph.redirects.map((r) => `${r.from} ${r.to} 301`);
  for (const r of graph.routes) {
    const page = graph.pages[r]!;
    if (page.kind === 'not-found' || r === '/') continue;
    redirects.push(`${r}/ ${r} 301`, `${r}/index ${r} 301`, `${r}/index.html ${r} 301`, `${r}.html ${r} 301`);
  }
  redirects.push('/index / 301', '/index.html / 301');
  files.set('_redirects', `${redirects.join('\n')}\n`);
  return files;
}

/** Writes everything through the sink and commits it; on any failure the sink is aborted. Side effects. */
export function emitSite(sink: Sink, output: SiteFiles): void {
  try {
    for (const [file, contents] of output.files) sink.write(file, contents);
    for (const [file, from] of output.copies) sink.copy(from, file);
    sink.commit();
  } catch (error) {
    sink.abort();
    throw error;
  }
}

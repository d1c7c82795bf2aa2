import fs from 'node:fs';
import path from 'node:path';
import type { Root } from 'hast';
import { diagnostic, type Diagnostic } from '../../shared/diagnostic';
import type { PageGraph } from '../graph/page-graph';
import type { ResolvedConfig } from '../config/resolve-config';
import { isInside, type SiteBoundary } from '../fs/boundary';

/** A file name with a content hash before its extension (`logo.3f2a9c1b.svg`, esbuild's `docsgen.UGHBUV36.js`). */
const HASHED_NAME = /\.[0-9A-Za-z_-]{8,}\.[0-9a-z]+$/;

/** Folders never published from static/: version control, docsgen's cache, dependencies. */
const SKIPPED = new Set(['.git', '.docsgen', 'node_modules']);
import { staged, type Staged } from '../build/stage';
import { atomFeed, feedFileFor } from './atom-feed';
import { escapeHtml } from '../render/escape-html';
import type { Sink } from './sinks';
import { formatRedirects, redirectRules } from './redirects';

export interface SiteFiles {
  /** Output path → contents. */
  files: Map<string, string>;
  /** Output path → source file to copy (images, the OpenAPI document). */
  copies: Map<string, string>;
}

// The sitemap holds URLs only; escaping its quotes too changes nothing a URL can contain unescaped.
const xml = escapeHtml;

/** Builds the non-page files (sitemap, robots, llms.txt, `_redirects`) from the graph. Pure. */
export function siteFiles(graph: PageGraph, config: ResolvedConfig): Map<string, string> {
  const files = new Map<string, string>();
  // Search results pages are noindex: they stay out of the sitemap.
  const listed = graph.routes.filter((r) => !['not-found', 'redirect', 'search'].includes(graph.pages[r]!.kind));
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
    llms.push(`- [${page.title}](${config.url}${r === '/' ? '/' : r})${page.description ? `: ${page.description}` : ''}`);
  }
  files.set('llms.txt', `${llms.join('\n')}\n`);
  // Static hosts (Netlify/Cloudflare Pages syntax): configured redirects in one hop, then clean-URL patterns.
  files.set('_redirects', formatRedirects(redirectRules(graph.redirects, graph.routes)));
  return files;
}

/** Writes everything through the sink and commits it; on any failure the sink is aborted. Side effects. */
export async function emitSite(sink: Sink, output: SiteFiles): Promise<void> {
  try {
    for (const [file, contents] of output.files) sink.write(file, contents);
    for (const [file, from] of output.copies) sink.copy(from, file);
    await sink.commit();
  } catch (error) {
    sink.abort();
    throw error;
  }
}

/** The Atom feed of every page that asks for one (`feed: true`). Pure. */
export function feedFiles(graph: PageGraph, contents: { get(route: string): Root | undefined }, config: ResolvedConfig): Staged<Map<string, string>> {
  const files = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  for (const route of graph.routes) {
    const page = graph.pages[route]!;
    if (!page.feed) continue;
    const tree = contents.get(route);
    if (!tree) continue;
    const feed = atomFeed({ page, tree, siteUrl: config.url, siteTitle: config.title });
    if (feed) files.set(feedFileFor(route), feed);
    else diagnostics.push(diagnostic('FeedEmpty', 'the page asks for a feed but has no "## YYYY-MM-DD: Title" sections', { file: page.sourceFile ?? route, line: 1, column: 1 }, { severity: 'warning' }));
  }
  return staged(files, diagnostics);
}

/**
 * Files under the site's `static/` folder, copied to the output as they are (logos, favicons):
 * output path → real source path. A symbolic link is followed only while its target stays inside
 * the site; one that leads out is an error, and a folder reached twice (a link loop) is skipped.
 */
export function staticFiles(dir: string, boundary: SiteBoundary): Staged<Map<string, string>> {
  const files = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  if (!fs.existsSync(dir)) return staged(files);
  const top = boundary.resolve(dir);
  if (!top) return staged(files);
  const walk = (folder: string, rel: string, ancestors: string[]) => {
    for (const name of fs.readdirSync(folder).sort()) {
      const full = path.join(folder, name);
      const out = rel ? `${rel}/${name}` : name;
      const entry = boundary.follow(full, `static/${out}`);
      if ('code' in entry) {
        diagnostics.push(entry);
        continue;
      }
      const { real, stat } = entry;
      if (stat.isFile()) files.set(out, real);
      // _headers caches everything under /assets/ for a year, which only a name that changes with the contents survives.
      if (stat.isFile() && out.startsWith('assets/') && !HASHED_NAME.test(name)) diagnostics.push(diagnostic('UnhashedAsset', `static/${out} is served from /assets/, which is cached for a year, but its name has no content hash`, { file: full }, { hint: 'put it beside assets/ (static/img/…), or put a hash of its contents in its name (logo.3f2a9c1b.svg)' }));
      if (!stat.isDirectory() || SKIPPED.has(name)) continue;
      // A link to a folder that holds it (`static/x -> ..`) would publish the site's sources.
      if ([top, ...ancestors].some((a) => isInside(real, a))) {
        diagnostics.push(diagnostic('SymlinkLoop', `static/${out} links to ${path.relative(boundary.root, real) || 'the site folder'}, which holds it`, { file: full }, { hint: 'link to a folder beside static/ instead, or copy the files' }));
        continue;
      }
      walk(full, out, [...ancestors, real]);
    }
  };
  walk(dir, '', []);
  return staged(files, diagnostics);
}

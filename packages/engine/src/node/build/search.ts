import { searchVersionTag } from '../../shared/site';
import type { ResolvedConfig } from '../config/resolve-config';
import type { PageGraph } from '../graph/page-graph';
import { searchRecords, buildSearchIndex } from '../search/build-search-index';
import type { PageSection } from '../search/page-sections';
import { hashOf } from '../cache/cache-key';
import type { DirCache } from '../cache/dir-cache';
import { staged, type Staged } from './stage';

/** The files the search stage writes. */
export const SEARCH_FILES = ['search-index.json', 'search-records.json'] as const;

/**
 * The local search index and the records for a hosted index. They come from the same inputs as the
 * pages: while every page's render key is unchanged, so are they (served from the cache).
 */
export function searchFiles(graph: PageGraph, sections: ReadonlyMap<string, readonly PageSection[]>, config: ResolvedConfig, renderKeys: ReadonlyMap<string, string>, cache: DirCache<Array<[string, string]>>): Staged<{ files: Map<string, string>; reused: boolean }> {
  const { facets: names } = config.search;
  const key = hashOf('search', String(config.search.local), config.locale, config.versionLabel, names.language, names.version, ...graph.routes.map((r) => `${r}\0${renderKeys.get(r) ?? '-'}`));
  const cached = renderKeys.size === graph.routes.length ? cache.get(key) : undefined;
  if (cached) return staged({ files: new Map(cached), reused: true });
  const records = searchRecords(graph, sections);
  const files = new Map<string, string>();
  if (config.search.local) files.set('search-index.json', buildSearchIndex(records));
  // The export carries the facets the hosted search filters on (language, docs version), under the
  // names the config gives them (the schema keeps them apart from the record's own fields).
  const facets = { [names.language]: config.locale, [names.version]: searchVersionTag(config.versionLabel) };
  files.set('search-records.json', JSON.stringify(records.map((r) => ({ ...r, ...facets }))));
  cache.retain([key]);
  cache.set(key, [...files]);
  return staged({ files, reused: false });
}

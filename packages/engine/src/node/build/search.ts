import { searchVersionTag } from '../../shared/site';
import type { ResolvedConfig } from '../config/resolve-config';
import type { PageGraph } from '../graph/page-graph';
import { eachSearchRecord, SearchIndexBuilder, type SearchRecord } from '../search/build-search-index';
import type { PageSection } from '../search/page-sections';
import { hashOf } from '../cache/cache-key';
import type { DirCache } from '../cache/dir-cache';
import { staged, type Staged } from './stage';
import type { FileContents } from '../emit/sinks';

/** The files the search stage writes. */
export const SEARCH_FILES = ['search-index.json', 'search-records.json'] as const;

/**
 * The records for a hosted index, then the local search index, each handed to `emit` (the output)
 * as a stream: a record is indexed and turned into JSON as the output reads it, and the index is
 * turned into JSON a term at a time once the records are written, so neither file is ever held
 * whole, not even as its pieces. They come from the same inputs as the pages: while every page's
 * render key is unchanged, so are they (served from the cache, each file its own text entry).
 */
export function searchFiles(graph: PageGraph, sections: ReadonlyMap<string, readonly PageSection[]>, config: ResolvedConfig, renderKeys: ReadonlyMap<string, string>, cache: DirCache<string>, emit: (file: string, contents: FileContents) => void, apiRecords?: ReadonlyMap<string, SearchRecord>): Staged<{ reused: boolean }> {
  const { facets: names } = config.search;
  const key = hashOf('search', String(config.search.local), config.locale, config.versionLabel, names.language, names.version, ...graph.routes.map((r) => `${r}\0${renderKeys.get(r) ?? '-'}`));
  const made = config.search.local ? SEARCH_FILES : SEARCH_FILES.filter((name) => name !== 'search-index.json');
  const entry = (name: string) => `${key}\0${name}`;
  if (renderKeys.size === graph.routes.length) {
    const cached = made.map((name) => [name, cache.get(entry(name))] as const);
    if (cached.every(([, text]) => text !== undefined)) {
      for (const [name, text] of cached) emit(name, text!);
      return staged({ reused: true });
    }
  }
  cache.retain(made.map(entry));
  // The export carries the facets the hosted search filters on (language, docs version), under the
  // names the config gives them (the schema keeps them apart from the record's own fields).
  const facets = { [names.language]: config.locale, [names.version]: searchVersionTag(config.versionLabel) };
  const index = config.search.local ? new SearchIndexBuilder() : null;
  function* records(): Generator<string> {
    let first = true;
    yield '[';
    for (const record of eachSearchRecord(graph, sections, apiRecords)) {
      index?.add(record);
      yield `${first ? '' : ','}${JSON.stringify({ ...record, ...facets })}`;
      first = false;
    }
    yield ']';
  }
  // Read in this order: the index is whole once the records have all been read.
  emit('search-records.json', { stream: cache.textThrough(entry('search-records.json'), records()) });
  if (index) emit('search-index.json', { stream: cache.textThrough(entry('search-index.json'), index.jsonParts()) });
  return staged({ reused: false });
}

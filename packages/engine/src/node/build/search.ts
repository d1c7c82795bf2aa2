import { searchVersionTag } from '../../shared/site';
import type { ResolvedConfig } from '../config/resolve-config';
import type { PageGraph } from '../graph/page-graph';
import { eachSearchRecord, SearchIndexBuilder, type SearchRecord } from '../search/build-search-index';
import type { PageSection } from '../search/page-sections';
import { hashOf } from '../cache/cache-key';
import type { DirCache } from '../cache/dir-cache';
import { staged, type Staged } from './stage';
import type { FileContents } from '../emit/sinks';
import { SearchIndexWorker } from '../workers/search-pool';

/** The files the search stage writes. */
export const SEARCH_FILES = ['search-index.json', 'search-records.json'] as const;

/** What the search files are made from: while it is unchanged, so are they (each file its own text entry of the cache). */
function searchKey(graph: PageGraph, config: ResolvedConfig, renderKeys: ReadonlyMap<string, string>): string {
  const { facets: names } = config.search;
  return hashOf('search', String(config.search.local), config.locale, config.versionLabel, names.language, names.version, ...graph.routes.map((r) => `${r}\0${renderKeys.get(r) ?? '-'}`));
}

const madeFiles = (config: ResolvedConfig) => (config.search.local ? SEARCH_FILES : SEARCH_FILES.filter((name) => name !== 'search-index.json'));

/** Whether every search file can come from the cache (the render keys of every route are known, and each file's entry is there). */
function cached(graph: PageGraph, config: ResolvedConfig, renderKeys: ReadonlyMap<string, string>, cache: DirCache<string>): boolean {
  const key = searchKey(graph, config, renderKeys);
  return renderKeys.size === graph.routes.length && madeFiles(config).every((name) => cache.has(`${key}\0${name}`));
}

/**
 * Records from which the index is worth a thread: about 0.3 s of indexing on the main thread. On
 * the portal (900 records) the worker made the search stage about 0.1 s shorter and the render
 * stage as much longer, sharing two cores with the card worker, for a little more memory; at
 * 10,000 generated pages (50,000 records) it takes 1.5-2 s off the build.
 */
export const INDEX_ON_WORKER_FROM = 4000;

/** About how many records the site has: one per content page and per section, one per API page. */
function recordCount(graph: PageGraph, sections: ReadonlyMap<string, readonly PageSection[]>): number {
  let count = graph.routes.length;
  for (const list of sections.values()) count += list.length;
  return count;
}

/**
 * Starts building the local search index on a worker thread, before the pages render (their
 * render keys are known by then, and the records come from the graph and the pages' sections):
 * the worker indexes while this thread renders, and `searchFiles` reads the index back from it.
 * Null when there is nothing to index (no local index, or every search file in the cache), too
 * little to pay for a thread (`INDEX_ON_WORKER_FROM`), or no worker (one thread): `searchFiles`
 * then indexes on this thread, with the same output.
 */
export function startSearchIndex(graph: PageGraph, sections: ReadonlyMap<string, readonly PageSection[]>, config: ResolvedConfig, renderKeys: ReadonlyMap<string, string>, cache: DirCache<string>, apiRecords?: ReadonlyMap<string, SearchRecord>): SearchIndexWorker | null {
  if (!config.search.local || recordCount(graph, sections) < INDEX_ON_WORKER_FROM || cached(graph, config, renderKeys, cache)) return null;
  const worker = SearchIndexWorker.start();
  if (worker) for (const record of eachSearchRecord(graph, sections, apiRecords)) worker.add(record);
  return worker;
}

/**
 * The records for a hosted index, then the local search index, each handed to `emit` (the output)
 * as a stream: a record is turned into JSON as the output reads it, and the index into JSON an
 * entry at a time once the records are written, so neither file is ever held whole, not even as
 * its pieces. The index is `indexing`'s (built on a worker while the pages rendered) when one was
 * started, else each record is indexed here as it is written. They come from the same inputs as
 * the pages: while every page's render key is unchanged, so are they (served from the cache, each
 * file its own text entry).
 */
export function searchFiles(graph: PageGraph, sections: ReadonlyMap<string, readonly PageSection[]>, config: ResolvedConfig, renderKeys: ReadonlyMap<string, string>, cache: DirCache<string>, emit: (file: string, contents: FileContents) => void, apiRecords?: ReadonlyMap<string, SearchRecord>, indexing?: SearchIndexWorker | null): Staged<{ reused: boolean }> {
  const { facets: names } = config.search;
  const key = searchKey(graph, config, renderKeys);
  const made = madeFiles(config);
  const entry = (name: string) => `${key}\0${name}`;
  if (renderKeys.size === graph.routes.length) {
    const cached = made.map((name) => [name, cache.get(entry(name))] as const);
    if (cached.every(([, text]) => text !== undefined)) {
      indexing?.close();
      for (const [name, text] of cached) emit(name, text!);
      return staged({ reused: true });
    }
  }
  cache.retain(made.map(entry));
  // The export carries the facets the hosted search filters on (language, docs version), under the
  // names the config gives them (the schema keeps them apart from the record's own fields).
  const facets = { [names.language]: config.locale, [names.version]: searchVersionTag(config.versionLabel) };
  // The index is the worker's when one was started (it has the records already), else made here as the records are written.
  const index = config.search.local && !indexing ? new SearchIndexBuilder() : null;
  const indexHere = () => {
    const here = new SearchIndexBuilder();
    for (const record of eachSearchRecord(graph, sections, apiRecords)) here.add(record);
    return here.jsonParts();
  };
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
  const indexParts = indexing ? indexing.jsonParts(indexHere) : index?.jsonParts();
  if (indexParts) emit('search-index.json', { stream: cache.textThrough(entry('search-index.json'), indexParts) });
  return staged({ reused: false });
}

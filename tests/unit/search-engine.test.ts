/**
 * The browser's search engine (client/search-engine.ts) reads the index MiniSearch writes at build
 * time and must answer exactly as MiniSearch itself would with the options the UI used to pass it:
 * same documents, same order, same scores. Held to MiniSearch here over an index of the portal's
 * own content (every Markdown page split at its headings) and about 1,300 queries made from its
 * terms: whole words, prefixes, typos, several words, punctuation.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import MiniSearch, { type SearchOptions } from 'minisearch';
import { buildSearchIndex, SEARCH_FIELDS, SEARCH_STORE, type SearchRecord } from '../../packages/engine/src/node/search/build-search-index';
import { searchEngine, type EngineOptions, type SerializedIndex } from '../../packages/engine/src/client/search-engine';

const contentDir = path.resolve(import.meta.dirname, '../../content');
const files = fs.readdirSync(contentDir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.mdx?$/.test(f)).sort();

/** One record per section of every content page: the title, the section heading and its text. */
const records: SearchRecord[] = files.flatMap((file) => {
  const text = fs.readFileSync(path.join(contentDir, file), 'utf8').replace(/^---[\s\S]*?---/, '');
  const title = /^title:\s*(.+)$/m.exec(fs.readFileSync(path.join(contentDir, file), 'utf8'))?.[1] ?? file;
  return text.split(/^#{2,3} /m).map((section, i) => {
    const [heading = '', ...rest] = section.split('\n');
    return {
      objectID: `${file}#${i}`,
      url: `/${file}#${i}`,
      type: i ? 'lvl2' : 'lvl1',
      hierarchy: { lvl0: 'Docs', lvl1: title, lvl2: i ? heading : null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
      content: (i ? rest.join(' ') : section).replace(/\s+/g, ' ').slice(0, 400),
    } satisfies SearchRecord;
  });
});

const json = buildSearchIndex(records);
const mini = MiniSearch.loadJSON(json, { idField: 'id', fields: [...SEARCH_FIELDS], storeFields: [...SEARCH_STORE] });
const engine = searchEngine(JSON.parse(json) as SerializedIndex, { title: 3, heading: 2 });
const terms = (JSON.parse(json) as SerializedIndex).index.map(([term]) => term);

/** What the search UI asked MiniSearch for while typing (AND, prefix on the last word) and for suggestions (OR, prefix on all). */
const TYPING: [SearchOptions, EngineOptions] = [
  { prefix: (_t, i, all) => i === all.length - 1, fuzzy: 0.2, boost: { title: 3, heading: 2 }, combineWith: 'AND' },
  { prefix: (i, count) => i === count - 1, all: true },
];
const SUGGEST: [SearchOptions, EngineOptions] = [
  { prefix: true, fuzzy: 0.2, boost: { title: 3, heading: 2 }, combineWith: 'OR' },
  { prefix: () => true, all: false },
];

function compare(q: string, [miniOptions, engineOptions]: [SearchOptions, EngineOptions]): void {
  const expected = mini.search(q, miniOptions).map((r) => [r.id, r.score, r.url, r.heading]);
  const actual = engine.search(q, engineOptions).map((r) => [r.id, r.score, r.url, r.heading]);
  expect(actual, q).toEqual(expected);
}

/** A deterministic pseudo-random sequence, so a failure names a query that fails again. */
function random(seed: number): () => number {
  return () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

describe('the browser search engine', () => {
  it('is built over a real index with thousands of terms', () => {
    expect(records.length).toBeGreaterThan(300);
    expect(terms.length).toBeGreaterThan(2000);
  });

  it('answers every eighth word of the index exactly as MiniSearch does: documents, order and scores', () => {
    for (const term of terms.filter((_, i) => i % 8 === 0)) {
      compare(term, TYPING);
      compare(term, SUGGEST);
    }
  });

  it('answers prefixes, typos and queries of several words exactly as MiniSearch does', () => {
    const next = random(11);
    const pick = () => terms[Math.floor(next() * terms.length)]!;
    const typo = (w: string) => {
      const at = Math.floor(next() * w.length);
      const edit = Math.floor(next() * 3);
      return edit === 0 ? w.slice(0, at) + w.slice(at + 1) : edit === 1 ? `${w.slice(0, at)}x${w.slice(at)}` : `${w.slice(0, at)}e${w.slice(at + 1)}`;
    };
    for (let n = 0; n < 60; n++) {
      const w = pick();
      const queries = [w.slice(0, 1 + Math.floor(next() * w.length)), typo(w), `${pick()} ${w.slice(0, 3)}`, `${pick()} ${typo(pick())} ${pick().slice(0, 2)}`, `${w.toUpperCase()}, ${pick()}!`];
      for (const q of queries) {
        compare(q, TYPING);
        compare(q, SUGGEST);
      }
    }
  });

  it('finds the portal words readers type, as MiniSearch does', () => {
    for (const q of ['refund', 'refnd', 'ref', 'capture a payment', 'payment sess', 'webhook', 'api key', '3-d secure', 'a', 'zz', '  ', '', 'Idempotency-Key', 'set up a point o']) {
      compare(q, TYPING);
      compare(q, SUGGEST);
    }
    expect(engine.search('refund', TYPING[1]).length).toBeGreaterThan(0);
    expect(engine.search('refnd', TYPING[1]).length).toBeGreaterThan(0);
  });

  it('lists every document, in index order, for the popular terms (MiniSearch\'s wildcard search)', () => {
    expect(engine.all().map((r) => [r.id, r.lvl1])).toEqual(mini.search(MiniSearch.wildcard).map((r) => [r.id, r.lvl1]));
  });

  it('refuses an index it cannot read', () => {
    expect(() => searchEngine({ ...(JSON.parse(json) as SerializedIndex), serializationVersion: 1 }, {})).toThrow(/version/);
  });
});

/**
 * Queries the local search index (MiniSearch's serialised JSON, written by
 * node/search/build-search-index.ts) without MiniSearch itself: the library's whole class (17 KB,
 * 5.9 KB gzip) is what made `/search?q=…` fetch more JavaScript at load than the 12 KB gzip
 * budget. This reads the same file and scores exactly as `MiniSearch#search` does for the options
 * the UI uses (BM25+, field boosts, prefix weight 0.375 and fuzzy weight 0.45 by distance, AND/OR),
 * with the same order of results; tests/unit/search-engine.test.ts holds it to MiniSearch.
 *
 * The index has a few thousand terms, so prefix and fuzzy matches scan the term list (in the
 * order MiniSearch's radix tree lists them) instead of walking a tree: about a millisecond a query.
 */

/** MiniSearch's serialised index (serializationVersion 2). */
export interface SerializedIndex {
  documentCount: number;
  documentIds: Record<string, string>;
  fieldIds: Record<string, number>;
  fieldLength: Record<string, number[]>;
  averageFieldLength: number[];
  storedFields: Record<string, Record<string, unknown>>;
  /** term → field id → document id → term frequency */
  index: [string, Record<string, Record<string, number>>][];
  serializationVersion: number;
}

export interface EngineResult {
  id: string;
  score: number;
  /** The query terms this document matched. */
  queryTerms: string[];
  /** The stored fields of the document. */
  [field: string]: unknown;
}

export interface EngineOptions {
  /** Whether the `i`th of the query's terms also matches as a prefix. */
  prefix: (i: number, count: number) => boolean;
  /** Every term must match (AND) or any (OR). */
  all: boolean;
}

interface Match {
  score: number;
  terms: string[];
}

/** MiniSearch's default tokenizer: split on Unicode spaces and punctuation. */
const SPACE_OR_PUNCTUATION = /[\n\r\p{Z}\p{P}]+/u;
const FUZZY = 0.2;
const WEIGHT_FUZZY = 0.45;
const WEIGHT_PREFIX = 0.375;
const K = 1.2;
const B = 0.7;
const D = 0.5;

/** Two rows of the Levenshtein matrix, reused by every comparison. */
let rows = [new Uint8Array(64), new Uint8Array(64)];

/** Levenshtein distance of `a` and `b` when it is at most `max`, else `max + 1`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (rows[0]!.length <= b.length) rows = [new Uint8Array(b.length + 1), new Uint8Array(b.length + 1)];
  let [prev, row] = rows as [Uint8Array, Uint8Array];
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = i;
    const char = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cell = Math.min(prev[j - 1]! + (char === b.charCodeAt(j - 1) ? 0 : 1), prev[j]! + 1, row[j - 1]! + 1);
      row[j] = cell;
      if (cell < best) best = cell;
    }
    if (best > max) return max + 1;
    [prev, row] = [row, prev];
  }
  return prev[b.length]!;
}

export interface SearchEngine {
  search(query: string, options: EngineOptions): EngineResult[];
  /** Every document, in index order (MiniSearch's wildcard search). */
  all(): EngineResult[];
}

export function searchEngine(data: SerializedIndex, boosts: Record<string, number>): SearchEngine {
  if (data.serializationVersion !== 2) throw new Error('unsupported search index version');
  const terms = new Map(data.index);
  const fields = Object.entries(data.fieldIds);
  const result = (doc: string, score: number, queryTerms: string[]): EngineResult => ({ ...data.storedFields[doc], id: data.documentIds[doc]!, score, queryTerms });

  /** A term's postings per field: its inverse document frequency and each document with the term's frequency there. */
  type Postings = { field: string; fieldId: number; idf: number; docs: [string, number][] }[];
  const parsed = new Map<string, Postings>();
  function postings(term: string): Postings | undefined {
    let list = parsed.get(term);
    const entry = terms.get(term);
    if (!list && entry) {
      list = [];
      for (const [field, fieldId] of fields) {
        const docs = entry[fieldId];
        if (!docs) continue;
        const keys = Object.keys(docs);
        const idf = Math.log(1 + (data.documentCount - keys.length + 0.5) / (keys.length + 0.5));
        list.push({ field, fieldId, idf, docs: keys.map((doc) => [doc, docs[doc]!]) });
      }
      parsed.set(term, list);
    }
    return list;
  }

  /** Adds the BM25+ score of one index term (`derived`, matched by query term `source`) to each document it is in. */
  function add(source: string, derived: string, weight: number, results: Map<string, Match>): void {
    for (const { field, fieldId, idf, docs } of postings(derived) ?? []) {
      const boost = weight * (boosts[field] ?? 1);
      const average = data.averageFieldLength[fieldId]!;
      for (const [doc, freq] of docs) {
        const length = data.fieldLength[doc]![fieldId]!;
        // BM25+ with k 1.2, b 0.7, d 0.5, each operation in MiniSearch's order (so equal scores stay equal)
        const score = boost * (idf * (D + (freq * (K + 1)) / (freq + K * (1 - B + (B * length) / average))));
        const match = results.get(doc);
        if (!match) results.set(doc, { score, terms: [source] });
        else {
          match.score += score;
          if (!match.terms.includes(source)) match.terms.push(source);
        }
      }
    }
  }

  /** One query term: exact, then prefix matches, then fuzzy ones (never both for one index term). */
  function termResults(term: string, prefix: boolean): Map<string, Match> {
    const results = new Map<string, Match>();
    add(term, term, 1, results);
    const max = Math.min(6, Math.round(term.length * FUZZY));
    // MiniSearch's radix tree, loaded from this file, lists its terms in the reverse of the file's
    // order for prefix matches and in the file's order for fuzzy ones; the order scores are summed
    // in decides the last bit of a score, and so the order of results that score the same
    const prefixed = new Set<string>();
    if (prefix) {
      for (let i = data.index.length - 1; i >= 0; i--) {
        const candidate = data.index[i]![0];
        if (candidate === term || !candidate.startsWith(term)) continue;
        prefixed.add(candidate);
        add(term, candidate, (WEIGHT_PREFIX * candidate.length) / (candidate.length + 0.3 * (candidate.length - term.length)), results);
      }
    }
    if (max) {
      for (const [candidate] of data.index) {
        if (candidate === term || prefixed.has(candidate)) continue;
        const d = distance(candidate, term, max);
        if (d <= max) add(term, candidate, (WEIGHT_FUZZY * candidate.length) / (candidate.length + d), results);
      }
    }
    return results;
  }

  return {
    search(query, { prefix, all }) {
      const words = query.split(SPACE_OR_PUNCTUATION).map((w) => w.toLowerCase()).filter(Boolean);
      const perTerm = words.map((w, i) => termResults(w, prefix(i, words.length)));
      if (!perTerm.length) return [];
      const combined = perTerm.reduce((a, b) => {
        const out = all ? new Map<string, Match>() : a;
        for (const [doc, match] of b) {
          const existing = a.get(doc);
          if (!existing) {
            if (!all) out.set(doc, match);
            continue;
          }
          for (const t of match.terms) if (!existing.terms.includes(t)) existing.terms.push(t);
          existing.score += match.score;
          out.set(doc, existing);
        }
        return out;
      });
      return [...combined].map(([doc, m]) => result(doc, m.score * (m.terms.length || 1), m.terms)).sort((a, b) => b.score - a.score);
    },
    all: () => Object.keys(data.documentIds).map((doc) => result(doc, 1, [])),
  };
}

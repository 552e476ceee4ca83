/**
 * The local search engine's configuration, shared by the index builder (postBuild, Node) and
 * the browser client so that both tokenize alike. MiniSearch 7 was the measured choice
 * (design/search-engine.md): BM25 per field, native boosts, 5.9 KB gzip.
 *
 * Constants, from the measured configuration (design/search-engine.md): boosts heading 4, title 2, parents 1.2,
 * content 1, lvl0 0.5; prefix match on the last query word; fuzzy up to 2 edits for words of
 * 5 or more characters.
 */
import type { Options, SearchOptions } from 'minisearch';
import { words } from './text';

/** The document MiniSearch indexes for one record. */
export interface IndexedDoc {
  id: number;
  /** The record's own heading (empty for content records). */
  heading: string;
  /** lvl1: the page title. */
  title: string;
  /** Headings between the title and the record. */
  parents: string;
  content: string;
  lvl0: string;
}

export const INDEX_FIELDS = ['heading', 'title', 'parents', 'content', 'lvl0'] as const;

/**
 * English function words left out of the index and of queries: they occur in nearly every
 * section, so they cost index size (one posting per section) and never narrow a search.
 * Only words without a technical meaning here are listed (`not`, `no`, `all` stay).
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  'a an and are as at be by for from i if in into is it its of on or that the their then there these this to was were will with you your'.split(
    ' ',
  ),
);

/** Lower-cases a term; stop words give null, which MiniSearch skips (index and query alike). */
export function processTerm(term: string): string | null {
  const lower = term.toLowerCase();
  return STOP_WORDS.has(lower) ? null : lower;
}

/** MiniSearch options for both building and loading an index. */
export const miniSearchOptions: Options<IndexedDoc> = {
  fields: [...INDEX_FIELDS],
  storeFields: [],
  tokenize: (text) => words(text),
  processTerm,
};

/** Field boosts (see module comment). */
export const BOOSTS = { heading: 4, title: 2, parents: 1.2, content: 1, lvl0: 0.5 } as const;

/** Minimum word length for fuzzy matching, and the edit distance allowed. */
export const FUZZY_MIN_LENGTH = 5;
export const FUZZY_MAX_EDITS = 2;

/**
 * Search options for a query; `combineWith` AND first, the client falls back to OR when AND
 * finds nothing (like Algolia's optional words when a query has no full match).
 */
export function searchOptions(combineWith: 'AND' | 'OR'): SearchOptions {
  return {
    boost: { ...BOOSTS },
    combineWith,
    prefix: (_term, i, terms) => i === terms.length - 1,
    fuzzy: (term) => (term.length >= FUZZY_MIN_LENGTH ? FUZZY_MAX_EDITS : false),
    maxFuzzy: FUZZY_MAX_EDITS,
  };
}

/** Longest query the engine accepts, in characters (spec §5: the modal's maximum, 512). */
export const MAX_QUERY_LENGTH = 512;

/**
 * The local search engine's configuration, shared by the index builder (postBuild, Node) and
 * the browser client so that both tokenize alike. MiniSearch 7 was the measured choice
 * (design/search-engine.md): BM25 per field, native boosts, 5.9 KB gzip.
 *
 * Constants, from the measured configuration (design/search-engine.md): boosts heading 4, title 2,
 * parents 1.2, content 1, summary 2, lvl0 0.5; prefix match on the last query word (a last word
 * of one letter after a searched word is left out: searchedWords); fuzzy up to
 * 2 edits for words of 5 or more characters; page weights (PAGE_WEIGHTS) put callback
 * sub-pages and change logs below the pages a reader means.
 */
import type { Options, SearchOptions } from 'minisearch';
import { words } from './text';
import type { HeadingsFile } from './types';

/** The document MiniSearch indexes for one record. */
export interface IndexedDoc {
  id: number;
  /** The record's own heading (empty for content records). */
  heading: string;
  /** lvl1: the page title. */
  title: string;
  /** Headings between the title and the record. */
  parents: string;
  /**
   * Prose of the section, then the text its records hold but never show (code samples, API
   * field names, table row labels: ExtractedRecord's `hidden` in plugins/search-index): one
   * field costs 13 KB gzip less than two.
   */
  content: string;
  /** The page's meta description, on its title section only: searched, never shown. */
  summary: string;
  lvl0: string;
}

/**
 * The documents of the first tier (HeadingsFile): one per section, as the shards index it but
 * without its content: heading, page title, parent headings, the page description on the title
 * section, lvl0. Built in the browser from the file's display rows, so that the first tier
 * costs no serialised index on the wire. Ids are row numbers of the file.
 */
export function headingDocs(file: HeadingsFile): IndexedDoc[] {
  return file.rows.map(([page, type, , levels], id) => {
    const [, lvl0, lvl1, , description] = file.pages[page];
    const depth = type === 'content' ? 7 : Number(type[3]);
    return {
      id,
      heading: type === 'content' ? '' : type === 'lvl1' ? lvl1 : (levels[depth - 2] ?? ''),
      title: lvl1,
      parents: levels
        .slice(0, Math.max(0, depth - 2))
        .filter(Boolean)
        .join(' '),
      content: '',
      summary: type === 'lvl1' ? (description ?? '') : '',
      lvl0,
    };
  });
}

export const INDEX_FIELDS = ['heading', 'title', 'parents', 'content', 'summary', 'lvl0'] as const;

/**
 * English function words left out of the index and of queries: they occur in nearly every
 * section, so they cost index size (one posting per section) and never narrow a search.
 * Only words without a technical meaning here are listed (`not`, `no`, `all` stay). The
 * question words (`how`, `do`, `what`, `my`…) let a question such as "how do I cancel my
 * order" find what "cancel order" finds; `m s t` are what "I'm", "order's" and "don't" leave
 * after the tokenizer splits at the apostrophe.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  [
    'a an and are as at be by for from i if in into is it its of on or that the their then there these this to was were will with you your',
    'am been can could did do does had has have how me my our should through us we what when where which who why would',
    // What an apostrophe leaves: "don't", "I'm", "order's".
    'aren didn doesn don isn m s t',
  ]
    .join(' ')
    .split(' '),
);

/**
 * The singular of an English plural, by spelling alone: `-ies` → `-y` (deliveries), `-ses`,
 * `-xes`, `-zes`, `-ches`, `-shes` lose `-es` (statuses, batches), another final `s` goes
 * (holds, orders) unless the word ends in `ss`, `us` or `is` (address, status, analysis).
 * Words under 4 letters and words with digits are kept as they are. Both sides of a search
 * go through it, so a wrong singular ("series" → "sery") still matches itself.
 */
export function singular(word: string): string {
  if (word.length < 4 || /\d/.test(word) || !word.endsWith('s')) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(s|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (/(ss|us|is)$/.test(word)) return word;
  return word.slice(0, -1);
}

/**
 * Lower-cases a term and makes plurals singular (see singular); stop words give null, which
 * MiniSearch skips (index and query alike). Words under 5 letters get no typo tolerance, so
 * without this "hold" did not find "holds".
 */
export function processTerm(term: string): string | null {
  const lower = term.toLowerCase();
  return STOP_WORDS.has(lower) ? null : singular(lower);
}

/**
 * The query words the engine searches, from `words(query)`. A last word of one character is
 * left out when a word before it is searched (not a stop word): it is the start of the word
 * being typed, and as a prefix it matches thousands of terms, whose hits bury those of the
 * words before it ("order delivered c" put the glossary's "A–C" first) and whose expansion made
 * the slowest queries of the keystroke set (design/search-engine.md, "Query time").
 * @returns a new array; the words as given when nothing is left out.
 */
export function searchedWords(queryWords: readonly string[]): string[] {
  const last = queryWords[queryWords.length - 1];
  const rest = queryWords.slice(0, -1);
  if (last === undefined || last.length > 1 || !rest.some((w) => processTerm(w) !== null)) {
    return [...queryWords];
  }
  return rest;
}

/** MiniSearch options for both building and loading an index. */
export const miniSearchOptions: Options<IndexedDoc> = {
  fields: [...INDEX_FIELDS],
  storeFields: [],
  tokenize: (text) => words(text),
  processTerm,
};

/** Field boosts (see module comment). */
export const BOOSTS = {
  heading: 4,
  title: 2,
  parents: 1.2,
  content: 1,
  summary: 2,
  lvl0: 0.5,
} as const;

/**
 * Ranking weight of a page by the kind its path shows, first match wins, else 1. Scores of all
 * the page's sections are multiplied by it, so a weaker page still wins a query that only it
 * answers ("order delivered") but not a generic word ("order"):
 * - callback sub-pages (`…/api/callbacks/…`), 0.5: their short titles ("Order delivered")
 *   outscored the operation pages and guides on every word of the title;
 * - change logs and release notes, 0.6: they name every feature once more, as history;
 * - category index pages (`/category/…`), 0.5: a title and a list of links to the pages that
 *   hold the answer.
 * Values from the labelled set (design/search-engine.md, "Ranking a reader agrees with").
 */
export const PAGE_WEIGHTS: readonly { pattern: RegExp; weight: number }[] = [
  { pattern: /\/callbacks\//, weight: 0.6 },
  { pattern: /\/(changelog|release_notes)(\/|$)/, weight: 0.6 },
  { pattern: /^\/category\//, weight: 0.5 },
];

/** PAGE_WEIGHTS for a page path such as `/connect/fulfillment/api/callbacks/delivered`. */
export function pageWeight(path: string): number {
  return PAGE_WEIGHTS.find(({ pattern }) => pattern.test(path))?.weight ?? 1;
}

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

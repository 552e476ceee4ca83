/**
 * Shapes shared by the search records (built at postBuild), the local engine and the
 * clients. Names follow DocSearch: a record has `hierarchy.lvl0..lvl6`, a `type` saying
 * which level it stands for (or `content`), and facet attributes.
 */

/** Hierarchy levels of a DocSearch record; unused levels are `null`. */
export interface Hierarchy {
  lvl0: string;
  lvl1: string;
  lvl2: string | null;
  lvl3: string | null;
  lvl4: string | null;
  lvl5: string | null;
  lvl6: string | null;
}

export type RecordType = 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6' | 'content';

export const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
export type Level = (typeof LEVELS)[number];

/** A DocSearch record in the Algolia record format (what `recordsFile()` of plugins/search-index/paths.ts holds). */
export interface SearchRecord {
  objectID: string;
  /** Absolute URL with anchor, e.g. `https://docs.aisle.example/connect#scopes`. */
  url: string;
  url_without_anchor: string;
  anchor: string | null;
  type: RecordType;
  hierarchy: Hierarchy;
  content: string | null;
  /** Facets. */
  language: string;
  docusaurus_tag: string;
  /** First path segment (`connect`, `catalog`…), `home` for the home page. */
  section: string;
  /** DocSearch ranking weights: level 100 for lvl1 down to 0 for content; position in page. */
  weight: { level: number; position: number };
}

/**
 * The headings of every section of one (language, docusaurus_tag), across site sections, as
 * written to `search/<language>.<tag>._headings.<hash>.json`: the display rows of every shard
 * (a shard holds its sections' texts and index only), and what the first tier of the search
 * indexes in the browser (titles, headings, page descriptions) so that the first keystrokes
 * are answered before any shard has arrived (design/search-engine.md, "First use on a phone").
 */
export interface HeadingsFile {
  kind: 'headings';
  version: 3;
  language: string;
  docusaurus_tag: string;
  /** Page table: [path without anchor, lvl0, lvl1, site section, meta description or null]. */
  pages: [string, string, string, string, string | null][];
  /** Rows, one per heading section, shard after shard: [page index, heading type, anchor, lvl2..lvl6]. */
  rows: [number, RecordType, string | null, (string | null)[]][];
}

/**
 * One shard of the local index, as written to `search/<language>.<tag>.<section>.<hash>.json`:
 * the sections of one site section (`connect`, `home`…). Its sections are the rows
 * `first` to `first + texts.length - 1` of the headings file of its (language, tag); `index`
 * is MiniSearch's JSON, ids = row index within the shard.
 */
export interface ShardFile {
  kind: 'shard';
  version: 3;
  language: string;
  docusaurus_tag: string;
  /** Site section of every page in the shard (SearchRecord's `section`). */
  section: string;
  /** Row of the headings file that is this shard's section 0. */
  first: number;
  /** Section text of each section, cut for snippets (display only), or null. */
  texts: (string | null)[];
  index: unknown;
}

/** A file of `search/` other than the manifest. */
export type SearchFile = HeadingsFile | ShardFile;

/**
 * `search/manifest.json`: which shard file holds which (language, docusaurus_tag, section), and
 * the headings file of each (language, docusaurus_tag).
 */
export interface SearchManifest {
  version: 3;
  headings: {
    language: string;
    docusaurus_tag: string;
    file: string;
    /** Section rows in the file. */
    records: number;
  }[];
  shards: {
    language: string;
    docusaurus_tag: string;
    section: string;
    file: string;
    /** Section documents in the shard. */
    records: number;
  }[];
}

/** Algolia highlight/snippet value. */
export interface HighlightValue {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

/** A hit as DocSearch and the search page read it: its record's fields, and the highlights. */
export interface SearchHit
  extends Pick<
    SearchRecord,
    'objectID' | 'url' | 'url_without_anchor' | 'anchor' | 'type' | 'hierarchy' | 'content'
  > {
  _highlightResult: {
    hierarchy: Partial<Record<Level, HighlightValue>>;
    content?: HighlightValue;
  };
  _snippetResult: {
    hierarchy?: Partial<Record<Level, HighlightValue>>;
    content?: HighlightValue;
  };
}

/** Parameters of one search request, after the legacy `{indexName, params}` form is flattened. */
export interface SearchParams {
  indexName: string;
  query?: string;
  facetFilters?: string | (string | string[])[];
  hitsPerPage?: number;
  page?: number;
  attributesToSnippet?: string[];
  highlightPreTag?: string;
  highlightPostTag?: string;
  snippetEllipsisText?: string;
  /** Local client only: answer from the shards, never from the first tier (headings). */
  fullIndex?: boolean;
  [key: string]: unknown;
}

/** One result of a search request, in Algolia's response shape. */
export interface SearchResult {
  hits: SearchHit[];
  nbHits: number;
  nbPages: number;
  page: number;
  hitsPerPage: number;
  query: string;
  params: string;
  index: string;
  processingTimeMS: number;
  /**
   * False when the local client answered from its first tier (headings and page descriptions
   * only) while the shards that hold the sections' text were still loading: the hits and their
   * count are then those of the headings.
   */
  exhaustiveNbHits: boolean;
  /**
   * Of `nbHits`, the hits that hold every word of the query (after stop words). Set by the
   * local client, whose long queries also list sections holding only some of the words;
   * absent from Algolia's answers, whose hits hold every word (read it as `nbHits`).
   */
  nbFullHits?: number;
}

/**
 * The subset of Algolia's lite client that DocSearch and algoliasearch-helper call: `search()`
 * in both the `{requests}` and the legacy `[{indexName, params}]` form, plus the agent hooks.
 * The local client, Algolia's client and the scoped wrapper all have this shape.
 */
export interface LiteClientSubset {
  search(args: unknown): Promise<{ results: SearchResult[] }>;
  addAlgoliaAgent(segment: string, version?: string): void;
  transporter: {
    algoliaAgent: { value: string; add(o: { segment: string; version?: string }): void };
  };
  appId: string;
}

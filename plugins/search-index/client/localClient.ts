/**
 * The local search client: the subset of Algolia's lite client that the DocSearch modal
 * (`search({requests})`) and algoliasearch-helper on the search page (`search([{indexName,
 * params}])`) call, answered from the index shards built at postBuild. No network call
 * leaves the site: the manifest and shards are fetched from the site itself, lazily, on
 * first use (or on `preload()`).
 */
import type MiniSearchType from 'minisearch';
import type { SearchResult as MiniResult } from 'minisearch';
import {
  headingDocs,
  MAX_QUERY_LENGTH,
  miniSearchOptions,
  pageWeight,
  processTerm,
  searchOptions,
  searchedWords,
  type IndexedDoc,
} from './engine';
import { poolStatistics } from './pooledStats';
import { highlight, snippetWindow, words } from './text';
import type {
  Hierarchy,
  HighlightValue,
  Level,
  LiteClientSubset,
  SearchHit,
  SearchManifest,
  SearchParams,
  SearchFile,
  SearchResult,
  HeadingsFile,
  RecordType,
} from './types';
import { LEVELS } from './types';
import { emptyResult, normaliseRequests } from './requests';

/** A word of hit text in the form the engine indexed it (stop words stay as they are). */
const normaliseWord = (word: string): string => processTerm(word) ?? word;

/** Default hits per page, as Algolia's. */
const DEFAULT_HITS_PER_PAGE = 20;
/** Snippet setting when a request names none (a DocSearch index's default: 10 words). */
const DEFAULT_SNIPPET = ['content:10'];

/** Where the client gets its data; injectable so unit tests run without a server. */
export interface LocalClientSource {
  /** Resolves the manifest. */
  manifest(): Promise<SearchManifest>;
  /** Resolves one file of `search/` by name: a shard or a headings file. */
  shard(file: string): Promise<SearchFile>;
  /** Loads the MiniSearch class (dynamic import in the browser). */
  engine(): Promise<typeof MiniSearchType>;
  /** Origin + base URL prefix used to make hit URLs absolute, e.g. `http://localhost:3000`. */
  origin(): string;
  /**
   * Told the milliseconds of each synchronous stretch of index work: a shard's `loadJS`, a
   * request's queries and hit building (the search worker reports them to the benchmark).
   */
  work?(ms: number): void;
}

/** What the ranking reads of a loaded shard: its facets, pages and rows with their texts. */
interface ShardView {
  language: string;
  docusaurus_tag: string;
  /** Site section of the shard, `*` for the first tier (every section). */
  section: string;
  pages: HeadingsFile['pages'];
  /** [page index, heading type, anchor, lvl2..lvl6, section text or null]. */
  rows: [number, RecordType, string | null, (string | null)[], string | null][];
}

interface LoadedShard {
  file: ShardView;
  /** Row of the headings file that is section 0 here (object ids use the file's rows). */
  first: number;
  mini: MiniSearchType<IndexedDoc>;
  /** pageWeight of each row's page, by row id. */
  rowWeights: Float64Array;
  /** Each row's URL and title keys for distinctSections, by row id, made when first needed. */
  sectionKeys: SectionKeys[];
}

/** A section's URL (page and anchor) and title path (lvl0 to lvl6, nulls skipped) as keys. */
type SectionKeys = { url: string; title: string };

/** Error thrown when the index cannot be loaded; named like algoliasearch's so callers treat it alike. */
export class RetryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RetryError';
  }
}

export type FacetFilter = { attribute: string; value: string; negated: boolean };

/** Parses Algolia `facetFilters` (outer array AND, inner array OR, `attr:value`, `attr:-value`). */
export function parseFacetFilters(input: SearchParams['facetFilters']): FacetFilter[][] {
  if (!input) return [];
  const list = typeof input === 'string' ? [input] : input;
  return list.map((group) =>
    (Array.isArray(group) ? group : [group]).map((f) => {
      const i = f.indexOf(':');
      const attribute = i < 0 ? f : f.slice(0, i);
      let value = i < 0 ? '' : f.slice(i + 1);
      const negated = value.startsWith('-');
      if (negated) value = value.slice(1);
      return { attribute, value, negated };
    }),
  );
}

/** True when `facets` satisfy every AND group of `filters` (one OR member per group). */
export function matchesFacets(facets: Record<string, string>, filters: FacetFilter[][]): boolean {
  return filters.every((group) =>
    group.some((f) => (facets[f.attribute] === f.value) !== f.negated),
  );
}

/** Facets that a shard holds a single value of, so a filter on them can skip whole shards. */
const SHARD_FACETS = ['language', 'docusaurus_tag', 'section'] as const;

/**
 * The shards a request must load: those whose (language, docusaurus_tag, section) can satisfy
 * `filters`. An AND group that names another facet (or mixes one in) cannot exclude a shard,
 * so it keeps every shard; the filter is applied again to each section inside. A modal request
 * scoped to `section:connect` therefore loads the Connect shard only, and a request without a
 * section filter (Global Search, the home page) loads them all.
 */
export function shardsForFilters(
  manifest: SearchManifest,
  filters: FacetFilter[][],
): SearchManifest['shards'] {
  return manifest.shards.filter((s) =>
    filters.every((group) => {
      if (!group.every((f) => (SHARD_FACETS as readonly string[]).includes(f.attribute))) {
        return true;
      }
      return matchesFacets(
        { language: s.language, docusaurus_tag: s.docusaurus_tag, section: s.section },
        [group],
      );
    }),
  );
}

/** `attributesToSnippet` entries (`content:10`) as a map attribute → word count. */
function snippetCounts(list: string[] | undefined): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of list ?? []) {
    const [attr, count] = item.split(':');
    out.set(attr, Number(count) || 10);
  }
  return out;
}

/**
 * Sections that hold fewer than this many full matches (every query word) are followed by
 * partial ones: "tell the store a curbside customer has arrived" has every word on one page
 * only, while the how-to page that answers it lacks "tell".
 */
export const MIN_FULL_MATCHES = 5;

/**
 * From this many query words on (stop words left out), a section need not hold every word:
 * long questions rarely have all their words in one section ("hold a delivery time slot until
 * checkout": the page about holds says "holds protect a slot until checkout" and nothing of
 * delivery in that section). All sections holding any word are ranked by
 * score × (share of the query's words they hold)², the exponent from the labelled set (1 and 3
 * ranked no better).
 */
export const LONG_QUERY_WORDS = 4;

/**
 * Rank order of the sections a query finds.
 * - Queries of fewer than LONG_QUERY_WORDS words: sections with every word first, by score;
 *   when they are fewer than MIN_FULL_MATCHES, the sections that miss words follow, those
 *   with more of the query's words first, then by score.
 * - Longer queries: every section with any word, by score × share of the words².
 * @param words the query's words after stop words (how many distinct terms it has).
 * @param all full matches (MiniSearch AND), computed only when needed.
 * @param some partial matches (MiniSearch OR), computed only when needed.
 * @param read reads a match: its section id, score, the shard it comes from (ids are per
 *   shard) and how many query words it matched.
 */
export function rankSections<T>(
  words: number,
  all: () => T[],
  some: () => T[],
  read: (m: T) => { id: number; score: number; group: unknown; matched: number },
): T[] {
  // Each match is read once: a broad prefix finds thousands of sections, and a sort reads
  // each about 2 log₂ n times.
  const readAll = (ms: T[]) => ms.map((m) => ({ m, r: read(m) }));
  const unread = (rs: { m: T }[]) => rs.map(({ m }) => m);
  if (words >= LONG_QUERY_WORDS) {
    return readAll(some())
      .map(({ m, r }) => ({ m, rank: r.score * (Math.min(r.matched, words) / words) ** 2 }))
      .sort((a, b) => b.rank - a.rank)
      .map(({ m }) => m);
  }
  const full = readAll(all()).sort((a, b) => b.r.score - a.r.score);
  if (full.length >= MIN_FULL_MATCHES) return unread(full);
  const seen = new Map<unknown, Set<number>>();
  for (const { r } of full) {
    if (!seen.has(r.group)) seen.set(r.group, new Set());
    seen.get(r.group)!.add(r.id);
  }
  const partial = readAll(some())
    .filter(({ r }) => !seen.get(r.group)?.has(r.id))
    .sort((a, b) => b.r.matched - a.r.matched || b.r.score - a.r.score);
  return [...unread(full), ...unread(partial)];
}

/**
 * Sections of one page that keep their rank; the page's further sections follow every page's
 * first ones. Without it one long page filled the modal's five rows ("lead_time_hours": five
 * sections of Lead times) and the overview that defines the field was not seen.
 */
export const SECTIONS_PER_PAGE = 1;

/**
 * Moves each page's sections after its first SECTIONS_PER_PAGE below every page's first ones,
 * keeping rank order within each tier.
 * @param page the page of a hit (its path).
 */
export function spreadPages<T>(hits: T[], page: (hit: T) => string): T[] {
  const count = new Map<string, number>();
  const first: T[] = [];
  const rest: T[] = [];
  for (const hit of hits) {
    const n = count.get(page(hit)) ?? 0;
    count.set(page(hit), n + 1);
    (n < SECTIONS_PER_PAGE ? first : rest).push(hit);
  }
  return [...first, ...rest];
}

/**
 * One hit per page section and per title: keeps the first (best) of the hits that share a URL
 * (page and anchor) or a title path (lvl0 to lvl6), so a result list never shows the same
 * title twice. Order is kept.
 * @param hits hits in rank order.
 * @param identify the hit's keys: its URL, and its title levels joined (nulls skipped) by
 *   {@link titleKey}.
 */
export function distinctSections<T>(hits: T[], identify: (hit: T) => SectionKeys): T[] {
  const urls = new Set<string>();
  const titles = new Set<string>();
  return hits.filter((hit) => {
    const { url, title } = identify(hit);
    if (urls.has(url) || titles.has(title)) return false;
    urls.add(url);
    titles.add(title);
    return true;
  });
}

/** The key of a title path for {@link distinctSections}: its levels, nulls skipped. */
export function titleKey(levels: (string | null)[]): string {
  return levels.filter((t) => t != null).join('\u0000');
}

/** Load status of the local index; `error` holds off retries for RETRY_BACKOFF_MS. */
export type IndexStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The local client: the lite-client subset plus loading control and status. */
export interface LocalSearchClient extends LiteClientSubset {
  /**
   * Starts loading the manifest and engine without searching, and with `facetFilters` the
   * shards a request with those filters would load (the modal's section, on opening it).
   */
  preload(facetFilters?: SearchParams['facetFilters']): void;
  status(): IndexStatus;
  /** Subscribes to status changes; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** Minimum wait between two failed load attempts, in ms (no retry storm on every keystroke). */
export const RETRY_BACKOFF_MS = 1000;

/**
 * Creates a local client.
 * @param source where data comes from (see LocalClientSource).
 */
export function createLocalClient(source: LocalClientSource): LocalSearchClient {
  let manifestPromise: Promise<SearchManifest> | null = null;
  let enginePromise: Promise<typeof MiniSearchType> | null = null;
  const shards = new Map<string, Promise<LoadedShard>>();
  let status: IndexStatus = 'idle';
  let lastFailure = 0;
  const listeners = new Set<() => void>();
  const agent = {
    value: 'Aisle local search',
    add({ segment, version }: { segment: string; version?: string }) {
      agent.value += `; ${segment}${version ? ` (${version})` : ''}`;
    },
  };

  const setStatus = (next: IndexStatus) => {
    if (status === next) return;
    status = next;
    listeners.forEach((l) => l());
  };

  const fail = (error: unknown): never => {
    manifestPromise = null;
    enginePromise = null;
    shards.clear();
    lastFailure = Date.now();
    setStatus('error');
    throw new RetryError(
      `Unable to load the search index: ${String((error as Error)?.message ?? error)}`,
    );
  };

  const loadManifest = () => {
    if (!manifestPromise) manifestPromise = source.manifest();
    if (!enginePromise) enginePromise = source.engine();
    return manifestPromise;
  };

  const weigh = (view: ShardView) => {
    const pageWeights = view.pages.map(([path]) => pageWeight(path));
    return Float64Array.from(view.rows, ([page]) => pageWeights[page]);
  };

  /**
   * A loaded headings file: its rows as a view, and the first tier of each site section, built
   * on first use (a section-scoped search indexes its section's headings only).
   */
  interface LoadedHeadings {
    file: HeadingsFile;
    tier(section: string): LoadedShard;
  }
  const headings = new Map<string, Promise<LoadedHeadings>>();
  const loadHeadings = (entry: SearchManifest['headings'][number]): Promise<LoadedHeadings> => {
    if (!headings.has(entry.file)) {
      const loading = Promise.all([
        source.shard(entry.file),
        enginePromise ?? source.engine(),
      ]).then(([data, MiniSearch]): LoadedHeadings => {
        if (data.kind !== 'headings') throw new Error(`${entry.file} is not a headings file`);
        const view: ShardView = {
          language: data.language,
          docusaurus_tag: data.docusaurus_tag,
          section: '*',
          pages: data.pages,
          rows: data.rows.map(([page, type, anchor, levels]) => [page, type, anchor, levels, null]),
        };
        const rowWeights = weigh(view);
        const docs = headingDocs(data);
        const tiers = new Map<string, LoadedShard>();
        return {
          file: data,
          tier(section) {
            if (!tiers.has(section)) {
              const started = performance.now();
              const mini = new MiniSearch<IndexedDoc>(miniSearchOptions);
              mini.addAll(docs.filter(({ id }) => data.pages[data.rows[id][0]][3] === section));
              tiers.set(section, { file: view, first: 0, mini, rowWeights, sectionKeys: [] });
              source.work?.(performance.now() - started);
            }
            return tiers.get(section)!;
          },
        };
      });
      loading.catch(() => headings.delete(entry.file));
      headings.set(entry.file, loading);
    }
    return headings.get(entry.file)!;
  };

  /** The headings file of a shard's (language, tag). */
  const headingsOf = (manifest: SearchManifest, entry: SearchManifest['shards'][number]) =>
    (manifest.headings ?? []).find(
      (h) => h.language === entry.language && h.docusaurus_tag === entry.docusaurus_tag,
    );

  /** The first tier of the sections of `needed` (as one index, by pooled statistics). */
  const loadTiers = (
    manifest: SearchManifest,
    needed: SearchManifest['shards'],
  ): Promise<LoadedShard[]> =>
    Promise.all(
      needed.map((entry) => {
        const heads = headingsOf(manifest, entry);
        return heads ? loadHeadings(heads).then((h) => h.tier(entry.section)) : null;
      }),
    ).then((tiers) => tiers.filter((t): t is LoadedShard => t !== null));

  /** Files whose shard has loaded, so that a request can tell it needs no first tier. */
  const loadedShards = new Set<string>();

  /** A shard, once its headings file has loaded (it holds the shard's display rows). */
  const loadShard = (
    entry: SearchManifest['shards'][number],
    manifest: SearchManifest,
  ): Promise<LoadedShard> => {
    const { file } = entry;
    if (!shards.has(file)) {
      const heads = headingsOf(manifest, entry);
      const loading = (
        heads
          ? loadHeadings(heads)
          : Promise.reject(
              new Error(`no headings file for ${entry.language}/${entry.docusaurus_tag}`),
            )
      )
        // The shard's bytes are asked for once the headings are in, so that the first tier
        // does not share the connection with them.
        .then((h) => Promise.all([h.file, source.shard(file), enginePromise ?? source.engine()]))
        .then(([heads, data, MiniSearch]) => {
          if (data.kind !== 'shard') throw new Error(`${file} is not a shard`);
          const started = performance.now();
          const view: ShardView = {
            language: data.language,
            docusaurus_tag: data.docusaurus_tag,
            section: data.section,
            pages: heads.pages,
            rows: data.texts.map((text, i) => {
              const [page, type, anchor, levels] = heads.rows[data.first + i];
              return [page, type, anchor, levels, text];
            }),
          };
          const shard = {
            file: view,
            first: data.first,
            mini: MiniSearch.loadJS<IndexedDoc>(data.index as never, miniSearchOptions),
            rowWeights: weigh(view),
            sectionKeys: [],
          };
          source.work?.(performance.now() - started);
          loadedShards.add(file);
          return shard;
        });
      loading.catch(() => shards.delete(file));
      shards.set(file, loading);
    }
    return shards.get(file)!;
  };

  async function runOne(params: SearchParams, manifest: SearchManifest): Promise<SearchResult> {
    const started = Date.now();
    const query = String(params.query ?? '').slice(0, MAX_QUERY_LENGTH);
    const hitsPerPage = Math.max(
      0,
      Math.min(1000, Number(params.hitsPerPage ?? DEFAULT_HITS_PER_PAGE)),
    );
    const page = Math.max(0, Number(params.page ?? 0));
    const filters = parseFacetFilters(params.facetFilters);
    const pre = params.highlightPreTag ?? '<em>';
    const post = params.highlightPostTag ?? '</em>';
    const ellipsis = params.snippetEllipsisText ?? ''; // Algolia's default is empty
    // Without attributesToSnippet the index settings apply, as in a DocSearch index: content:10.
    const snippets = snippetCounts(params.attributesToSnippet ?? DEFAULT_SNIPPET);

    const empty = (nbHits = 0): SearchResult =>
      emptyResult({ index: params.indexName, query, page, hitsPerPage, nbHits, started });
    const queryWords = searchedWords(words(query));
    if (queryWords.length === 0) return empty();

    const needed = shardsForFilters(manifest, filters);
    const full = Promise.all(needed.map((s) => loadShard(s, manifest)));
    if (!params.fullIndex && !needed.every((s) => loadedShards.has(s.file))) {
      // First tier: the headings answer while the shards load, unless the shards come first
      // or the headings find nothing (a "No results" that the shards might contradict).
      if (needed.some((entry) => headingsOf(manifest, entry))) {
        const first = await Promise.race([full.then(() => null), loadTiers(manifest, needed)]);
        if (first && first.length > 0) {
          const result = timed(() => answer(first, true));
          if (result.nbHits > 0) {
            full.catch(() => undefined); // the next search reports a shard that failed
            return result;
          }
        }
      }
    }
    const loaded = await full;
    return timed(() => answer(loaded, false));

    function timed(run: () => SearchResult): SearchResult {
      const workStarted = performance.now();
      try {
        return run();
      } finally {
        source.work?.(performance.now() - workStarted);
      }
    }

    /**
     * The rest of the request once its shards are loaded: synchronous.
     * @param partial answered by the first tier (headings only): `exhaustiveNbHits` is false.
     */
    function answer(loaded: LoadedShard[], partial: boolean): SearchResult {
      type Scored = { shard: LoadedShard; result: MiniResult };
      const collect = (mode: 'AND' | 'OR'): Scored[] =>
        loaded.flatMap((shard) => {
          const { file } = shard;
          return shard.mini
            .search(queryWords.join(' '), {
              ...searchOptions(mode),
              boostDocument: (id: number) => shard.rowWeights[id] ?? 1,
              filter: (r) => {
                const row = file.rows[r.id as number];
                const pageRow = file.pages[row[0]];
                return matchesFacets(
                  {
                    language: file.language,
                    docusaurus_tag: file.docusaurus_tag,
                    section: pageRow[3],
                  },
                  filters,
                );
              },
            })
            .map((result) => ({ shard, result }));
        });
      const terms = new Set(queryWords.map((w) => processTerm(w)).filter(Boolean)).size;
      // Several shards score as one index would (./pooledStats); the searches are synchronous.
      const restore = poolStatistics(loaded.map((shard) => shard.mini));
      let scored: Scored[];
      try {
        scored = rankSections(
          terms,
          () => collect('AND'),
          () => collect('OR'),
          (s) => ({
            id: s.result.id as number,
            score: s.result.score,
            group: s.shard,
            matched: new Set(s.result.queryTerms).size,
          }),
        );
      } finally {
        restore();
      }

      // A section matched in its heading (or title, for the page's own section) is a heading
      // hit; otherwise a content hit.
      const headingMatch = ({ shard, result }: Scored): boolean => {
        const type = shard.file.rows[result.id as number][1];
        return Object.values(result.match).some(
          (fields) => fields.includes('heading') || (type === 'lvl1' && fields.includes('title')),
        );
      };
      const distinct = spreadPages(
        // The keys of a row are made once per shard: a broad prefix finds thousands of rows.
        distinctSections(scored, ({ shard, result }) => {
          const id = result.id as number;
          return (shard.sectionKeys[id] ??= (() => {
            const row = shard.file.rows[id];
            const [path, lvl0, lvl1] = shard.file.pages[row[0]];
            return { url: `${path}#${row[2] ?? ''}`, title: titleKey([lvl0, lvl1, ...row[3]]) };
          })());
        }),
        ({ shard, result }) => shard.file.pages[shard.file.rows[result.id as number][0]][0],
      );

      const nbHits = distinct.length;
      const nbFullHits = distinct.filter(
        ({ result }) => new Set(result.queryTerms).size >= terms,
      ).length;
      const exhaustiveNbHits = !partial;
      if (hitsPerPage === 0) {
        return { ...empty(nbHits), nbFullHits, exhaustiveNbHits, nbPages: 0 };
      }
      const slice = distinct.slice(page * hitsPerPage, (page + 1) * hitsPerPage);
      const origin = source.origin();

      const hits = slice.map((scoredHit): SearchHit => {
        const { shard, result } = scoredHit;
        const asHeading = headingMatch(scoredHit); // for the hits shown only
        const row = shard.file.rows[result.id as number];
        const [path, lvl0, lvl1] = shard.file.pages[row[0]];
        const [, rowType, anchor, deeper, sectionText] = row;
        const type = asHeading || !sectionText ? rowType : 'content';
        const content = type === 'content' ? sectionText : null;
        const hierarchy: Hierarchy = {
          lvl0,
          lvl1,
          lvl2: deeper[0],
          lvl3: deeper[1],
          lvl4: deeper[2],
          lvl5: deeper[3],
          lvl6: deeper[4],
        };
        const matchedTerms = new Set(result.terms);
        const matchedBy = new Map<string, string>();
        for (const term of result.terms) {
          const q = (result.queryTerms ?? []).find(
            (qt) => term.startsWith(qt) || qt.startsWith(term),
          );
          matchedBy.set(term, q ?? result.queryTerms?.[0] ?? term);
        }
        const hl = (text: string): HighlightValue => ({
          ...highlight(
            text,
            matchedTerms,
            result.queryTerms ?? queryWords,
            matchedBy,
            pre,
            post,
            normaliseWord,
          ),
        });
        const snip = (text: string, count: number): HighlightValue => {
          const win = snippetWindow(text, matchedTerms, count, normaliseWord);
          const h = hl(win.text);
          return {
            ...h,
            value: `${win.before ? ellipsis : ''}${h.value}${win.after ? ellipsis : ''}`,
          };
        };
        const hierarchyHl: Partial<Record<Level, HighlightValue>> = {};
        const hierarchySnip: Partial<Record<Level, HighlightValue>> = {};
        for (const level of LEVELS) {
          const text = hierarchy[level];
          if (text == null) continue;
          hierarchyHl[level] = hl(text);
          const count = snippets.get(`hierarchy.${level}`);
          if (count) hierarchySnip[level] = snip(text, count);
        }
        const contentCount = snippets.get('content');
        const url = `${origin}${path}${anchor ? `#${anchor}` : ''}`;
        return {
          objectID: `${shard.file.language}:${shard.file.docusaurus_tag}:${shard.file.pages[row[0]][3]}:${shard.first + (result.id as number)}`,
          url,
          url_without_anchor: `${origin}${path}`,
          anchor,
          type,
          hierarchy,
          content,
          _highlightResult: {
            hierarchy: hierarchyHl,
            ...(content != null && { content: hl(content) }),
          },
          _snippetResult: {
            hierarchy: hierarchySnip,
            ...(content != null && contentCount ? { content: snip(content, contentCount) } : {}),
          },
        };
      });

      return {
        ...empty(nbHits),
        nbFullHits,
        exhaustiveNbHits,
        hits,
        nbPages: Math.ceil(nbHits / hitsPerPage),
      };
    }
  }

  const client: LocalSearchClient = {
    appId: 'local',
    transporter: { algoliaAgent: agent },
    addAlgoliaAgent(segment, version) {
      agent.add({ segment, version });
    },
    preload(facetFilters) {
      if (status === 'error' && Date.now() - lastFailure < RETRY_BACKOFF_MS) return;
      loadManifest()
        .then((manifest) => {
          const filters = parseFacetFilters(facetFilters);
          // The first tier for every scope; then, for a section, its shard (which waits for
          // the headings, so the two do not share the connection).
          const needed = shardsForFilters(manifest, filters);
          const work: Promise<unknown>[] = [loadTiers(manifest, needed)];
          if (facetFilters != null) work.push(...needed.map((s) => loadShard(s, manifest)));
          return Promise.all(work); // a failure shows on the search that follows
        })
        .catch(() => {
          manifestPromise = null;
        });
    },
    status: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async search(args) {
      const requests = normaliseRequests(args);
      if (status === 'error' && Date.now() - lastFailure < RETRY_BACKOFF_MS) {
        throw new RetryError('Unable to load the search index: retrying shortly.');
      }
      if (status !== 'ready') setStatus('loading');
      let manifest: SearchManifest;
      let results: SearchResult[];
      try {
        manifest = await loadManifest();
        results = await Promise.all(requests.map((r) => runOne(r, manifest)));
      } catch (error) {
        return fail(error);
      }
      setStatus('ready');
      return { results };
    },
  };
  return client;
}

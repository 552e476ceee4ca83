/**
 * The local search client: the subset of Algolia's lite client that the DocSearch modal
 * (`search({requests})`) and algoliasearch-helper on the search page (`search([{indexName,
 * params}])`) call, answered from the index shards built at postBuild. No network call
 * leaves the site: the manifest and shards are fetched from the site itself, lazily, on
 * first use (or on `preload()`).
 */
import type MiniSearchType from 'minisearch';
import type { SearchResult as MiniResult } from 'minisearch';
import { MAX_QUERY_LENGTH, miniSearchOptions, searchOptions, type IndexedDoc } from './engine';
import { highlight, snippetWindow, words } from './text';
import type {
  Hierarchy,
  HighlightValue,
  Level,
  LiteClientSubset,
  SearchHit,
  SearchManifest,
  SearchParams,
  SearchResult,
  ShardFile,
} from './types';
import { LEVELS } from './types';
import { emptyResult, normaliseRequests } from './requests';

/** Default hits per page, as Algolia's. */
const DEFAULT_HITS_PER_PAGE = 20;
/** Snippet setting when a request names none (a DocSearch index's default: 10 words). */
const DEFAULT_SNIPPET = ['content:10'];

/** Where the client gets its data; injectable so unit tests run without a server. */
export interface LocalClientSource {
  /** Resolves the manifest. */
  manifest(): Promise<SearchManifest>;
  /** Resolves one shard file by name. */
  shard(file: string): Promise<ShardFile>;
  /** Loads the MiniSearch class (dynamic import in the browser). */
  engine(): Promise<typeof MiniSearchType>;
  /** Origin + base URL prefix used to make hit URLs absolute, e.g. `http://localhost:3000`. */
  origin(): string;
}

interface LoadedShard {
  file: ShardFile;
  mini: MiniSearchType<IndexedDoc>;
}

/** Error thrown when the index cannot be loaded; named like algoliasearch's so callers treat it alike. */
export class RetryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RetryError';
  }
}

type FacetFilter = { attribute: string; value: string; negated: boolean };

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

/** `attributesToSnippet` entries (`content:10`) as a map attribute → word count. */
function snippetCounts(list: string[] | undefined): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of list ?? []) {
    const [attr, count] = item.split(':');
    out.set(attr, Number(count) || 10);
  }
  return out;
}

/** Load status of the local index; `error` holds off retries for RETRY_BACKOFF_MS. */
export type IndexStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The local client: the lite-client subset plus loading control and status. */
export interface LocalSearchClient extends LiteClientSubset {
  /** Starts loading the manifest and engine without searching. */
  preload(): void;
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

  const loadShard = (file: string): Promise<LoadedShard> => {
    if (!shards.has(file)) {
      shards.set(
        file,
        Promise.all([source.shard(file), enginePromise ?? source.engine()]).then(
          ([data, MiniSearch]) => ({
            file: data,
            mini: MiniSearch.loadJS<IndexedDoc>(data.index as never, miniSearchOptions),
          }),
        ),
      );
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
    const queryWords = words(query);
    if (queryWords.length === 0) return empty();

    // Shards whose (language, docusaurus_tag) can satisfy the filters; section filters apply inside.
    const candidates = manifest.shards.filter((s) =>
      filters.every((group) => {
        const relevant = group.filter(
          (f) => f.attribute === 'language' || f.attribute === 'docusaurus_tag',
        );
        if (relevant.length < group.length) return true;
        return matchesFacets({ language: s.language, docusaurus_tag: s.docusaurus_tag }, [group]);
      }),
    );
    const loaded = await Promise.all(candidates.map((s) => loadShard(s.file)));

    type Scored = { shard: LoadedShard; result: MiniResult };
    const collect = (mode: 'AND' | 'OR'): Scored[] =>
      loaded.flatMap((shard) => {
        const { file } = shard;
        return shard.mini
          .search(query, {
            ...searchOptions(mode),
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
    let scored = collect('AND');
    if (scored.length === 0 && queryWords.length > 1) scored = collect('OR');
    scored.sort((a, b) => b.result.score - a.result.score);

    // A section matched in its heading (or title, for the page's own section) is a heading
    // hit; otherwise a content hit. Then distinct on url + type, as DocSearch indices are.
    const headingMatch = ({ shard, result }: Scored): boolean => {
      const type = shard.file.rows[result.id as number][1];
      return Object.values(result.match).some(
        (fields) => fields.includes('heading') || (type === 'lvl1' && fields.includes('title')),
      );
    };
    const seen = new Set<string>();
    const distinct = scored
      .map((s) => ({ ...s, asHeading: headingMatch(s) }))
      .filter(({ shard, result, asHeading }) => {
        const row = shard.file.rows[result.id as number];
        const key = `${shard.file.pages[row[0]][0]}#${row[2] ?? ''}#${asHeading ? row[1] : 'content'}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });

    const nbHits = distinct.length;
    if (hitsPerPage === 0) return { ...empty(nbHits), nbPages: 0 };
    const slice = distinct.slice(page * hitsPerPage, (page + 1) * hitsPerPage);
    const origin = source.origin();

    const hits = slice.map(({ shard, result, asHeading }): SearchHit => {
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
        ...highlight(text, matchedTerms, result.queryTerms ?? queryWords, matchedBy, pre, post),
      });
      const snip = (text: string, count: number): HighlightValue => {
        const win = snippetWindow(text, matchedTerms, count);
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
        objectID: `${shard.file.language}:${shard.file.docusaurus_tag}:${result.id}`,
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

    return { ...empty(nbHits), hits, nbPages: Math.ceil(nbHits / hitsPerPage) };
  }

  const client: LocalSearchClient = {
    appId: 'local',
    transporter: { algoliaAgent: agent },
    addAlgoliaAgent(segment, version) {
      agent.add({ segment, version });
    },
    preload() {
      if (status === 'error' && Date.now() - lastFailure < RETRY_BACKOFF_MS) return;
      loadManifest().catch(() => {
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

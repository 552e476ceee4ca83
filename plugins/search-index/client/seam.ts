/**
 * The search seam: one factory for everything the modal and the search page share, so that
 * unit tests can drive it with a fake transport (tests/unit/search-seam.test.ts), including the
 * error and empty paths. `createSearchSeam(config, transport)` returns:
 * - one store (useSyncExternalStore-compatible): the index status, the last answer and its hit
 *   count, the query a first-tier answer can now complete, and the scope (the page's section and
 *   the modal's 'Global Search' box, spec §4);
 * - the modal's client (scoped by that store) and the search page's client (scoped by its URL's
 *   `?section=`), both wrapping the one client of the transport, so that an Algolia host marked
 *   down stays skipped for both (spec §7);
 * - `preload()`, which starts loading the local index for the current scope.
 * The wrapper adds the section filter to every request, records the answer of the newest search
 * (answers can arrive out of order; only the newest one's hits are shown), and turns a failed
 * search into an empty answer plus the `error` status, so the UI shows the spec's error screen
 * and no unhandled rejection reaches the console on every keystroke. With the local client
 * (appId `local`), an answer of its first tier (`exhaustiveNbHits` false) is followed by a search
 * of the shards in the background, and `completed()` names its query once they have loaded; the
 * search page's client sets `fullIndex` so that it waits for the shards (it lists and counts
 * every hit).
 * The browser's wiring (site config, worker, dynamic imports) is ./client.
 */
import type { AlgoliaSettings } from '../../../config/env';
import type { IndexStatus } from './localClient';
import { emptyResult, normaliseRequests } from './requests';
import { applyScope, isSearchSection, scopeFilter, type SearchScope } from './scope';
import type { LiteClientSubset } from './types';

/**
 * Search settings placed in `customFields.search` by the site config: the mode, and the
 * ALGOLIA_* settings (empty strings and no hosts in `local` mode).
 */
export interface SearchConfig extends AlgoliaSettings {
  mode: 'local' | 'algolia';
}

/**
 * What the last search answered, for the modal's "all products" row: its query, its hit
 * count, how many of those hold every word of the query (`SearchResult.nbFullHits`), and the
 * section it was limited to (null when it searched every section).
 */
export interface SearchAnswer {
  query: string;
  nbHits: number;
  nbFullHits: number;
  section: string | null;
  /** False when the local client's first tier (headings) answered (`exhaustiveNbHits`). */
  exhaustive: boolean;
}

/**
 * The number the modal's "See all N results" footer may name for `query`: the last answer's hit
 * count when that answer is for this query and exhaustive, else null (the footer names none).
 * Without the query check, the footer named a stale count, or 0 before the first answer was
 * recorded, while DocSearch showed hits of a response the seam had passed over as superseded.
 */
export function seeAllCount(answer: SearchAnswer | null, query: string): number | null {
  return answer && answer.exhaustive && answer.query === query ? answer.nbHits : null;
}

/** A client as the transport gives it: Algolia's lite client, or the local one with `preload`. */
export type TransportClient = LiteClientSubset & {
  /** Starts loading the index for these facet filters (the local client only). */
  preload?: (facetFilters?: string[]) => void;
};

/** What the seam needs from its surroundings. */
export interface SearchTransport {
  /** Creates the client that answers; called once, on first use. */
  createClient(config: SearchConfig): TransportClient;
  /** The search page's `?section=` value as given (null when absent), read per search. */
  pageSection(): string | null;
}

/** The seam; see the module comment. */
export interface SearchSeam {
  readonly config: SearchConfig;
  /** Adds a listener called on every change of the store; returns its removal. */
  subscribe(listener: () => void): () => void;
  status(): IndexStatus;
  /** The last answer (a new object per answer, so a snapshot changes with it), or null. */
  lastAnswer(): SearchAnswer | null;
  /**
   * The query of the last answer that came from the local client's first tier (headings) and
   * can now be answered in full, as its shards have loaded (a new object each time), or null.
   */
  completed(): { query: string } | null;
  /** The modal's scope (a new object per change). */
  scope(): SearchScope;
  setScope(next: Partial<SearchScope>): void;
  /** The modal's client: scoped by `scope()`. One per seam. */
  modalClient(): LiteClientSubset;
  /**
   * The search page's client: scoped by `?section=` (every section when absent or not a
   * section), waiting for the shards. One per seam.
   */
  pageClient(): LiteClientSubset;
  /** Starts loading the local index for the modal's scope; nothing in `algolia` mode. */
  preload(): void;
}

/**
 * Creates a seam.
 * @param config the build's search settings (`customFields.search`).
 * @param transport where the client and the page's URL come from.
 */
export function createSearchSeam(config: SearchConfig, transport: SearchTransport): SearchSeam {
  let status: IndexStatus = 'idle';
  let lastAnswer: SearchAnswer | null = null;
  let completed: { query: string } | null = null;
  let scope: SearchScope = { section: null, global: false };
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  let inner: TransportClient | null = null;
  const getInner = () => (inner ??= transport.createClient(config));

  function setStatus(next: IndexStatus) {
    if (next !== status) {
      status = next;
      notify();
    }
  }

  function scoped(getScope: () => SearchScope, fullIndex: boolean): LiteClientSubset {
    const client = getInner();
    // Answers can arrive out of order (a stop word like "or" answers at once, "order" waits
    // for its tier): only the newest search of this client is recorded, as only its hits are
    // shown, or the 'See all' count would be another query's.
    let newest = 0;
    // `fullIndex` is the local client's parameter; Algolia refuses parameters it does not know.
    const local = client.appId === 'local';
    return {
      appId: client.appId,
      transporter: client.transporter,
      addAlgoliaAgent: (segment, version) => client.addAlgoliaAgent(segment, version),
      async search(args) {
        const current = getScope();
        const requests = normaliseRequests(args).map((r) => ({
          ...applyScope(r, current),
          ...(local && fullIndex && { fullIndex: true }),
        }));
        if (status !== 'ready') setStatus('loading');
        const sequence = ++newest;
        try {
          const response = await client.search({ requests });
          if (sequence !== newest) return response; // a newer search is on its way
          const first = response.results[0];
          const nbHits = first?.nbHits ?? 0;
          lastAnswer = {
            query: String(requests[0]?.query ?? ''),
            nbHits,
            nbFullHits: first?.nbFullHits ?? nbHits,
            section: scopeFilter(current) ? current.section : null,
            exhaustive: first?.exhaustiveNbHits !== false,
          };
          if (local && first?.exhaustiveNbHits === false) {
            // Answered by the headings while the shards load: once they have, say so, so that
            // the modal asks again and shows the sections' text too.
            const query = lastAnswer.query;
            client.search({ requests: requests.map((r) => ({ ...r, fullIndex: true })) }).then(
              () => {
                if (lastAnswer?.query !== query) return;
                completed = { query };
                notify();
              },
              () => undefined, // the next search reports it
            );
          }
          if (status === 'ready') notify();
          setStatus('ready');
          return response;
        } catch {
          // A newer search reports the state; this one's failure changes nothing.
          if (sequence === newest) {
            lastAnswer = null;
            setStatus('error');
          }
          return {
            results: requests.map((r) =>
              emptyResult({
                index: r.indexName,
                query: String(r.query ?? ''),
                hitsPerPage: Number(r.hitsPerPage ?? 20),
              }),
            ),
          };
        }
      },
    };
  }

  const pageScope = (): SearchScope => {
    const param = transport.pageSection();
    const section = param && isSearchSection(param) ? param : null;
    return { section, global: !section };
  };

  let modal: LiteClientSubset | null = null;
  let page: LiteClientSubset | null = null;

  return {
    config,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    status: () => status,
    lastAnswer: () => lastAnswer,
    completed: () => completed,
    scope: () => scope,
    setScope(next) {
      if (Object.entries(next).every(([k, v]) => scope[k as keyof SearchScope] === v)) return;
      scope = { ...scope, ...next };
      notify();
    },
    modalClient: () => (modal ??= scoped(() => scope, false)),
    pageClient: () => (page ??= scoped(pageScope, true)),
    preload() {
      if (config.mode !== 'local') return;
      const filter = scopeFilter(scope);
      getInner().preload?.(filter ? [filter] : undefined);
    },
  };
}

/**
 * The one search client seam. Which implementation answers is decided once, from config
 * (`customFields.search.mode`, set by docusaurus.config.ts from the ALGOLIA_* variables):
 * - `local`: the in-browser index built at postBuild (createLocalClient, whose code is loaded
 *   with the first search or preload, like Algolia's client in `algolia` mode);
 * - `algolia`: Algolia's lite client with the configured credentials (host fallback,
 *   timeouts and the 2-minute host-down expiry are algoliasearch's own, with the hosts cache
 *   of ./algoliaOptions so that a host's state outlasts the search that found it down).
 * Both are wrapped by `scopedClient`, which adds the section filter, remembers the true hit
 * count of the last query ('See all' link) and turns a failed search into an empty answer
 * plus an `error` status, so the UI can show the spec's error screen.
 */
import siteConfig from '@generated/docusaurus.config';
import type { AlgoliaSettings } from '../../config/env';
import type { IndexStatus, LocalClientSource, LocalSearchClient } from './localClient';
import { emptyResult, normaliseRequests } from './requests';
import { applyScope, isSearchSection, scopeFilter, searchScope, type SearchScope } from './scope';
import type { LiteClientSubset, SearchFile, SearchManifest } from './types';
import { isShardFileName } from './workerProtocol';

/**
 * Search settings placed in `customFields.search` by the site config: the mode, and the
 * ALGOLIA_* settings (empty strings and no hosts in `local` mode).
 */
export interface SearchConfig extends AlgoliaSettings {
  mode: 'local' | 'algolia';
}

/** The first search host: the configured one, or Algolia's DSN host for the app. */
export function searchHost(config: SearchConfig): string {
  return config.hosts[0] ?? `https://${config.appId}-dsn.algolia.net`;
}

/** The search settings of this build. */
export function searchConfig(): SearchConfig {
  return (siteConfig.customFields as { search: SearchConfig }).search;
}

/** A client as the modal and the search page use it (see LiteClientSubset). */
export type ScopedClient = LiteClientSubset;

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

type Listener = () => void;
let status: IndexStatus = 'idle';
let lastNbHits = 0;
let lastAnswer: SearchAnswer | null = null;
let completed: { query: string } | null = null;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((l) => l());

/** Search status, last hit count and last answer, for useSyncExternalStore. */
export const searchState = {
  status: (): IndexStatus => status,
  lastNbHits: (): number => lastNbHits,
  /** The last answer (a new object per answer, so a snapshot changes with it), or null. */
  lastAnswer: (): SearchAnswer | null => lastAnswer,
  /**
   * The query of the last answer that came from the local client's first tier (headings) and
   * can now be answered in full, as its shards have loaded (a new object each time); the modal
   * searches it again.
   */
  completed: (): { query: string } | null => completed,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

function setStatus(next: IndexStatus) {
  if (next !== status) {
    status = next;
    notify();
  }
}

async function fetchOk(url: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(url, init);
  if (!response.ok) {
    throw new Error(
      process.env.NODE_ENV === 'development'
        ? 'the search index is built by "npm run build"; preview search with "npm run build && npm run serve"'
        : `${url} answered HTTP ${response.status}`,
    );
  }
  return response;
}

async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  return (await (await fetchOk(url, init)).json()) as T;
}

/** The bytes of a file of the site, for the search worker (which parses them itself). */
async function fetchBytes(url: string, init?: RequestInit): Promise<ArrayBuffer> {
  return (await fetchOk(url, init)).arrayBuffer();
}

/**
 * A client whose code is imported on first use, so that it stays out of the bundle every page
 * loads. Algolia agents added before then are handed over once it exists.
 * @param create imports and builds the real client; a failed import is tried again next time.
 * @returns the client, and `loaded()` for the real one (e.g. to preload it).
 */
function lazyClient<C extends ScopedClient>(
  appId: string,
  agentLabel: string,
  create: () => Promise<C>,
): ScopedClient & { loaded: () => Promise<C> } {
  const agents: [string, string | undefined][] = [];
  let real: Promise<C> | null = null;
  const loaded = () =>
    (real ??= create().then(
      (client) => {
        agents.forEach(([segment, version]) => client.addAlgoliaAgent(segment, version));
        return client;
      },
      (error: unknown) => {
        real = null; // e.g. a chunk that failed to load while offline
        throw error;
      },
    ));
  return {
    appId,
    transporter: {
      algoliaAgent: {
        value: agentLabel,
        add: ({ segment, version }) => agents.push([segment, version]),
      },
    },
    addAlgoliaAgent: (segment, version) => agents.push([segment, version]),
    search: async (args) => (await loaded()).search(args),
    loaded,
  };
}

/** The local client, with `preload()`; the seam keeps its own status (see `searchState`). */
type LazyLocalClient = ScopedClient & Pick<LocalSearchClient, 'preload'>;

/**
 * The local client. Its index runs in a module worker (./search.worker.ts, through
 * ./workerClient), which loads on first use; where the worker cannot start, the main-thread
 * client (./localClient, MiniSearch glue, highlighting) loads instead, as a chunk of its own.
 */
function lazyLocalClient(source: LocalClientSource, base: string): LazyLocalClient {
  // Files asked for before the worker exists: the manifest, then the headings files it names
  // (the first tier). Their requests then overlap the loading of the worker chunk, the worker
  // and MiniSearch instead of following them, a saving of some round trips on a phone. Each
  // is handed over once (the bytes move to the worker).
  const early = new Map<string | null, Promise<ArrayBuffer>>();
  const fetchFile = (file: string | null): Promise<ArrayBuffer> => {
    const started = early.get(file);
    if (started) {
      early.delete(file);
      return started;
    }
    return file === null
      ? fetchBytes(`${base}manifest.json`, { cache: 'no-cache' })
      : fetchBytes(`${base}${file}`);
  };
  let prefetched = false;
  const prefetch = () => {
    if (prefetched) return;
    prefetched = true;
    const manifest = fetchBytes(`${base}manifest.json`, { cache: 'no-cache' });
    early.set(null, manifest);
    // Read before the bytes are handed over: reactions run in the order they were added.
    manifest
      .then((bytes) => {
        const parsed = JSON.parse(new TextDecoder().decode(bytes)) as Partial<SearchManifest>;
        for (const { file } of parsed.headings ?? []) {
          if (!isShardFileName(file)) continue;
          const body = fetchBytes(`${base}${file}`);
          body.catch(() => early.delete(file));
          early.set(file, body);
        }
      })
      .catch(() => {
        early.clear(); // asked for again, as files, when the worker needs them
        prefetched = false;
      });
  };
  const client = lazyClient('local', 'Aisle local search (lazy)', () =>
    import('./workerClient').then(({ createWorkerClient }) =>
      createWorkerClient({
        start: () =>
          new Worker(new URL('./search.worker.ts', import.meta.url), {
            type: 'module',
            name: 'search',
          }),
        fetchFile,
        origin: source.origin,
        fallback: () =>
          import('./localClient').then(({ createLocalClient }) => createLocalClient(source)),
      }),
    ),
  );
  return {
    ...client,
    preload(facetFilters) {
      prefetch();
      // A failure here shows on the search that follows (status `error`), not twice.
      client.loaded().then(
        (local) => local.preload(facetFilters),
        () => undefined,
      );
    },
  };
}

let localClient: LazyLocalClient | null = null;

/** The local client, created on first use. */
function getLocalClient(): LazyLocalClient {
  if (!localClient) {
    const base = `${siteConfig.baseUrl}search/`;
    localClient = lazyLocalClient(
      {
        manifest: () => fetchJson<SearchManifest>(`${base}manifest.json`, { cache: 'no-cache' }),
        shard: (file) => fetchJson<SearchFile>(`${base}${file}`),
        engine: () => import('minisearch').then((m) => m.default),
        origin: () => window.location.origin,
      },
      base,
    );
  }
  return localClient;
}

/**
 * Starts loading the search data (on hover or focus of the search button, or the shortcut):
 * the manifest and engine, and when the modal is scoped to a section, that section's shard,
 * so its download overlaps the modal's opening (at most the largest section, about 160 KB
 * compressed; a global scope loads nothing more until the first search).
 */
export function preloadSearch(): void {
  if (searchConfig().mode !== 'local') return;
  const filter = scopeFilter(searchScope.get());
  getLocalClient().preload(filter ? [filter] : undefined);
}

/**
 * Wraps a client: adds the scope filter to every request, records the hit count and status.
 * With the local client (appId `local`), an answer of its first tier (`exhaustiveNbHits`
 * false) is followed by a search of the shards in the background, and `searchState.completed`
 * names its query once they have loaded; `options.fullIndex` makes every request wait for the
 * shards instead (the search page, which lists and counts every hit).
 * A failed search resolves with empty results (and status `error`) instead of rejecting, so
 * no unhandled rejection reaches the console on every keystroke.
 */
export function scopedClient(
  inner: ScopedClient,
  getScope: () => SearchScope,
  options: { fullIndex?: boolean } = {},
): ScopedClient {
  // `fullIndex` is the local client's parameter; Algolia refuses parameters it does not know.
  const local = inner.appId === 'local';
  return {
    appId: inner.appId,
    transporter: inner.transporter,
    addAlgoliaAgent: (segment, version) => inner.addAlgoliaAgent(segment, version),
    async search(args) {
      const scope = getScope();
      const requests = normaliseRequests(args).map((r) => ({
        ...applyScope(r, scope),
        ...(local && options.fullIndex && { fullIndex: true }),
      }));
      if (status !== 'ready') setStatus('loading');
      try {
        const response = await inner.search({ requests });
        const first = response.results[0];
        lastNbHits = first?.nbHits ?? 0;
        lastAnswer = {
          query: String(requests[0]?.query ?? ''),
          nbHits: lastNbHits,
          nbFullHits: first?.nbFullHits ?? lastNbHits,
          section: scopeFilter(scope) ? scope.section : null,
          exhaustive: first?.exhaustiveNbHits !== false,
        };
        if (local && first?.exhaustiveNbHits === false) {
          // Answered by the headings while the shards load: once they have, say so, so that
          // the modal asks again and shows the sections' text too.
          const query = lastAnswer.query;
          inner.search({ requests: requests.map((r) => ({ ...r, fullIndex: true })) }).then(
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
        lastAnswer = null;
        setStatus('error');
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

/**
 * Algolia's lite client, loaded on first search so that local builds never ship it. One client
 * for the page's life, so that a host marked down stays skipped for 2 minutes (./algoliaOptions).
 * @param appId,apiKey Algolia credentials; algoliasearch throws "`appId` is missing." (or
 *   apiKey) when one is empty, which surfaces as the error screen.
 * @param hosts origins tried in order instead of Algolia's hosts (ALGOLIA_HOSTS), or none.
 */
function lazyAlgoliaClient(appId: string, apiKey: string, hosts: string[]): ScopedClient {
  return lazyClient(appId, 'Algolia lite client (lazy)', () =>
    Promise.all([import('algoliasearch/lite'), import('./algoliaOptions')]).then(
      ([{ liteClient }, { algoliaClientOptions }]) =>
        liteClient(appId, apiKey, algoliaClientOptions(hosts)) as unknown as ScopedClient,
    ),
  );
}

let innerClient: ScopedClient | null = null;
let modalClient: ScopedClient | null = null;
let pageClient: ScopedClient | null = null;

function getInner(appId?: string, apiKey?: string): ScopedClient {
  if (!innerClient) {
    const config = searchConfig();
    innerClient =
      config.mode === 'algolia'
        ? lazyAlgoliaClient(appId ?? config.appId, apiKey ?? config.apiKey, config.hosts)
        : getLocalClient();
  }
  return innerClient;
}

/**
 * Scope of the search page: `?section=` of its URL, global when absent or not a section (the
 * page says so), read per search.
 */
function pageScope(): SearchScope {
  const param = new URLSearchParams(window.location.search).get('section');
  const section = param && isSearchSection(param) ? param : null;
  return { section, global: !section };
}

/** The modal's client: scoped by the page the reader is on and the 'Global Search' box. */
export function getModalClient(): ScopedClient {
  return (modalClient ??= scopedClient(getInner(), searchScope.get));
}

/**
 * The search page's client, a singleton (the page asks on every render).
 * @param appId,apiKey used only in `algolia` mode.
 */
export function getSearchClient(appId?: string, apiKey?: string): ScopedClient {
  // The page lists every hit with its count: it waits for the shards (no first tier).
  return (pageClient ??= scopedClient(getInner(appId, apiKey), pageScope, { fullIndex: true }));
}

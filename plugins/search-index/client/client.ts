/**
 * The browser's wiring of the search seam (./seam): which client answers is decided once, from
 * config (`customFields.search.mode`, set by docusaurus.config.ts from the ALGOLIA_* variables):
 * - `local`: the in-browser index built at postBuild, in a module worker (./workerClient),
 *   whose code is loaded with the first search or preload, like Algolia's client in `algolia`
 *   mode;
 * - `algolia`: Algolia's lite client with the configured credentials (host fallback,
 *   timeouts and the 2-minute host-down expiry are algoliasearch's own, with the hosts cache
 *   of ./algoliaOptions so that a host's state outlasts the search that found it down).
 * `searchSeam()` is the page's one seam, created on first use; the modal and the search page
 * read its store and use its clients.
 */
import siteConfig from '@generated/docusaurus.config';
import { checkSearchFile } from './files';
import type { LocalClientSource, LocalSearchClient } from './localClient';
import {
  createSearchSeam,
  type SearchConfig,
  type SearchSeam,
  type SearchTransport,
  type TransportClient,
} from './seam';
import type { LiteClientSubset, SearchFile, SearchManifest } from './types';
import { isShardFileName } from './workerProtocol';

export type { SearchAnswer, SearchConfig } from './seam';

/** The first search host: the configured one, or Algolia's DSN host for the app. */
export function searchHost(config: SearchConfig): string {
  return config.hosts[0] ?? `https://${config.appId}-dsn.algolia.net`;
}

/** The search settings of this build. */
export function searchConfig(): SearchConfig {
  return (siteConfig.customFields as { search: SearchConfig }).search;
}

async function fetchOk(url: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(url, init);
  checkSearchFile(url, response, process.env.NODE_ENV === 'development');
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
function lazyClient<C extends LiteClientSubset>(
  appId: string,
  agentLabel: string,
  create: () => Promise<C>,
): LiteClientSubset & { loaded: () => Promise<C> } {
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

/** The local client, with `preload()`; the seam keeps its own status (./seam). */
type LazyLocalClient = LiteClientSubset & Pick<LocalSearchClient, 'preload'>;

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

/**
 * Algolia's lite client, loaded on first search so that local builds never ship it. One client
 * for the page's life, so that a host marked down stays skipped for 2 minutes (./algoliaOptions).
 * @param appId,apiKey Algolia credentials; algoliasearch throws "`appId` is missing." (or
 *   apiKey) when one is empty, which surfaces as the error screen.
 * @param hosts origins tried in order instead of Algolia's hosts (ALGOLIA_HOSTS), or none.
 */
function lazyAlgoliaClient(appId: string, apiKey: string, hosts: string[]): LiteClientSubset {
  return lazyClient(appId, 'Algolia lite client (lazy)', () =>
    Promise.all([import('algoliasearch/lite'), import('./algoliaOptions')]).then(
      ([{ liteClient }, { algoliaClientOptions }]) =>
        liteClient(appId, apiKey, algoliaClientOptions(hosts)) as unknown as LiteClientSubset,
    ),
  );
}

/** The browser's transport: the local client or Algolia's, and the page's `?section=`. */
function browserTransport(): SearchTransport {
  return {
    createClient(config): TransportClient {
      if (config.mode === 'algolia') {
        return lazyAlgoliaClient(config.appId, config.apiKey, config.hosts);
      }
      const base = `${siteConfig.baseUrl}search/`;
      return lazyLocalClient(
        {
          manifest: () => fetchJson<SearchManifest>(`${base}manifest.json`, { cache: 'no-cache' }),
          shard: (file) => fetchJson<SearchFile>(`${base}${file}`),
          engine: () => import('minisearch').then((m) => m.default),
          origin: () => window.location.origin,
        },
        base,
      );
    },
    pageSection: () => new URLSearchParams(window.location.search).get('section'),
  };
}

let seam: SearchSeam | null = null;

/** The page's one search seam (./seam), created on first use. */
export function searchSeam(): SearchSeam {
  return (seam ??= createSearchSeam(searchConfig(), browserTransport()));
}

/**
 * The local client as the page uses it: a proxy that runs the index in a Web Worker
 * (./search.worker.ts, ./workerHost) and falls back to the main-thread client (./localClient)
 * where a worker cannot start. The page's part is small: it fetches the files the worker asks
 * for (bytes, transferred without a copy), posts queries and hands the results on. Nothing
 * here parses an index or runs a query, so the main thread has no long task while searching
 * (design/search-engine.md, "First use on a phone").
 */
import type { LiteClientSubset, SearchParams, SearchResult } from './types';
import { normaliseRequests } from './requests';
import { isFromWorker, isShardFileName, type FromWorker, type ToWorker } from './workerProtocol';

/** What the client needs of a Worker (a fake in unit tests). */
export interface WorkerLike {
  postMessage(message: ToWorker, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}

/**
 * A client that can also start loading ahead of the first search; `facetFilters` as a
 * request's, to load the shards it would need (see LocalSearchClient.preload).
 */
export type PreloadingClient = LiteClientSubset & {
  preload(facetFilters?: SearchParams['facetFilters']): void;
};

/** Where the worker client gets its worker, its files and its fallback. */
export interface WorkerClientOptions {
  /** Starts the worker; may throw (no Worker support, a blocked script). */
  start(): WorkerLike;
  /**
   * The bytes of `search/<file>`, or of the manifest when `file` is null.
   * @throws when the file cannot be fetched (HTTP error, offline); the search then fails.
   */
  fetchFile(file: string | null): Promise<ArrayBuffer>;
  /** Origin hit URLs are made absolute with (`window.location.origin`). */
  origin(): string;
  /** The main-thread client, used when the worker does not start. */
  fallback(): Promise<PreloadingClient>;
  /**
   * How long the worker may take to say it is ready before the main thread searches instead,
   * in ms. Default READY_TIMEOUT_MS.
   */
  readyTimeoutMs?: number;
}

/**
 * Default wait for the worker's `ready`, in ms: its chunk (about 25 KB gzip) takes about 1.2 s
 * at 1.6 Mbit/s with 150 ms round trips (Lighthouse's mobile profile); 10 s leaves room for a
 * worse network before a worker that never starts gives way to the main thread.
 */
export const READY_TIMEOUT_MS = 10_000;

/** Where the index runs: not yet decided, in the worker, or on the main thread. */
export type WorkerClientMode = 'starting' | 'worker' | 'main-thread';

/** Error of a search the worker could not answer; named like the local client's. */
class RetryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RetryError';
  }
}

interface Backend {
  search(requests: ReturnType<typeof normaliseRequests>): Promise<{ results: SearchResult[] }>;
  preload(facetFilters?: SearchParams['facetFilters']): void;
}

/**
 * Creates the client; the worker starts on the first `preload()` or `search()`.
 * @returns the lite-client subset plus `preload()` and `mode()`.
 */
export function createWorkerClient(
  options: WorkerClientOptions,
): PreloadingClient & { mode(): WorkerClientMode } {
  let backend: Promise<Backend> | null = null;
  let mode: WorkerClientMode = 'starting';
  const agent = {
    value: 'Aisle local search (worker)',
    add({ segment, version }: { segment: string; version?: string }) {
      agent.value += `; ${segment}${version ? ` (${version})` : ''}`;
    },
  };

  const mainThread = (): Promise<Backend> => {
    mode = 'main-thread';
    return options.fallback().then((client) => ({
      search: (requests) => client.search({ requests }),
      preload: (facetFilters) => client.preload(facetFilters),
    }));
  };

  const startWorker = (): Promise<Backend> =>
    new Promise<Backend>((resolve) => {
      let worker: WorkerLike;
      try {
        worker = options.start();
      } catch {
        resolve(mainThread());
        return;
      }
      let nextId = 0;
      let ready = false;
      let fallen: Promise<Backend> | null = null;
      const pending = new Map<
        number,
        { resolve(r: { results: SearchResult[] }): void; reject(e: Error): void }
      >();
      const giveUp = (message: string) => {
        worker.terminate();
        pending.forEach((p) => p.reject(new RetryError(message)));
        pending.clear();
        // Later searches run on the main thread.
        fallen ??= mainThread();
        if (!ready) resolve(fallen);
      };
      const timer = setTimeout(
        () => giveUp('the search worker did not start'),
        options.readyTimeoutMs ?? READY_TIMEOUT_MS,
      );
      const post = (message: ToWorker, transfer?: Transferable[]) =>
        transfer ? worker.postMessage(message, transfer) : worker.postMessage(message);

      const onFetch = ({ id, file }: Extract<FromWorker, { type: 'fetch' }>) => {
        if (file !== null && !isShardFileName(file)) {
          post({ type: 'data-error', id, message: `not a search file: ${file.slice(0, 80)}` });
          return;
        }
        options.fetchFile(file).then(
          (body) => post({ type: 'data', id, body }, [body]),
          (error: unknown) =>
            post({
              type: 'data-error',
              id,
              message: error instanceof Error ? error.message : String(error),
            }),
        );
      };

      worker.onerror = (event) => {
        event.preventDefault?.();
        giveUp('the search worker stopped');
      };
      worker.onmessage = ({ data }: MessageEvent) => {
        if (!isFromWorker(data)) return;
        switch (data.type) {
          case 'ready': {
            if (ready || fallen) return;
            ready = true;
            mode = 'worker';
            clearTimeout(timer);
            post({ type: 'init', origin: options.origin() });
            resolve({
              search: (requests) =>
                fallen
                  ? fallen.then((b) => b.search(requests))
                  : new Promise((res, rej) => {
                      const id = nextId++;
                      pending.set(id, { resolve: res, reject: rej });
                      post({ type: 'search', id, requests });
                    }),
              preload: (facetFilters) =>
                fallen
                  ? fallen.then((b) => b.preload(facetFilters))
                  : post({ type: 'preload', facetFilters }),
            });
            break;
          }
          case 'fetch':
            onFetch(data);
            break;
          case 'answer': {
            const p = pending.get(data.id);
            if (!p) return;
            pending.delete(data.id);
            // For the benchmark and the Performance panel: the worker's compute time.
            globalThis.performance?.mark?.('aisle-search:worker', {
              detail: { workMs: data.workMs },
            });
            p.resolve({ results: data.results });
            break;
          }
          case 'failed': {
            const p = pending.get(data.id);
            if (!p) return;
            pending.delete(data.id);
            p.reject(new RetryError(data.message));
            break;
          }
        }
      };
    });

  const loaded = () =>
    (backend ??= startWorker().catch((error: unknown) => {
      backend = null; // e.g. the fallback's chunk failed to load while offline
      throw error;
    }));

  return {
    appId: 'local',
    transporter: { algoliaAgent: agent },
    addAlgoliaAgent(segment, version) {
      agent.add({ segment, version });
    },
    preload(facetFilters) {
      loaded().then(
        (b) => b.preload(facetFilters),
        () => undefined,
      );
    },
    async search(args) {
      const requests = normaliseRequests(args);
      return (await loaded()).search(requests);
    },
    mode: () => mode,
  };
}

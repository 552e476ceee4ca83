/**
 * The search worker's side of ./workerProtocol: a local client (./localClient) whose manifest
 * and shards are fetched by the page and handed over as bytes. Kept apart from the worker entry
 * (./search.worker.ts) so unit tests drive it with a fake port.
 */
import type MiniSearchType from 'minisearch';
import { createLocalClient } from './localClient';
import type { FromWorker, ToWorker } from './workerProtocol';
import type { SearchFile, SearchManifest } from './types';

/** The worker global as used here (a MessagePort also fits). */
export interface WorkerPort {
  postMessage(message: FromWorker): void;
  onmessage: ((event: { data: ToWorker }) => void) | null;
}

/**
 * Answers the page's messages on `port` until the worker ends, then posts `ready`.
 * @param engine the MiniSearch class (imported statically by the worker entry, so the worker
 *   chunk needs no chunk loading of its own).
 * Malformed messages are ignored; a file that is not UTF-8 JSON fails the search that needed
 * it with the local client's "Unable to load the search index" message.
 */
export function serveSearch(port: WorkerPort, engine: typeof MiniSearchType): void {
  let origin = '';
  let nextFetch = 0;
  let busyMs = 0;
  const waiting = new Map<number, { resolve(body: ArrayBuffer): void; reject(e: Error): void }>();
  const decoder = new TextDecoder();

  const fetchFile = async <T>(file: string | null): Promise<T> => {
    const id = nextFetch++;
    const body = await new Promise<ArrayBuffer>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      port.postMessage({ type: 'fetch', id, file });
    });
    const started = performance.now();
    try {
      return JSON.parse(decoder.decode(body)) as T;
    } catch {
      throw new Error(`${file ?? 'manifest.json'} is not valid JSON`);
    } finally {
      busyMs += performance.now() - started;
    }
  };

  const client = createLocalClient({
    manifest: () => fetchFile<SearchManifest>(null),
    shard: (file) => fetchFile<SearchFile>(file),
    engine: async () => engine,
    origin: () => origin,
    work: (ms) => {
      busyMs += ms;
    },
  });

  port.onmessage = ({ data }) => {
    if (!data || typeof data !== 'object') return;
    switch (data.type) {
      case 'init':
        origin = String(data.origin);
        break;
      case 'preload':
        client.preload(data.facetFilters);
        break;
      case 'data':
      case 'data-error': {
        const pending = waiting.get(data.id);
        if (!pending) return;
        waiting.delete(data.id);
        if (data.type === 'data' && data.body instanceof ArrayBuffer) pending.resolve(data.body);
        else pending.reject(new Error(data.type === 'data-error' ? data.message : 'no data'));
        break;
      }
      case 'search': {
        const { id, requests } = data;
        client.search({ requests }).then(
          ({ results }) => {
            const workMs = busyMs;
            busyMs = 0;
            port.postMessage({ type: 'answer', id, results, workMs });
          },
          (error: unknown) =>
            port.postMessage({
              type: 'failed',
              id,
              message: error instanceof Error ? error.message : String(error),
            }),
        );
        break;
      }
      default:
        break;
    }
  };
  port.postMessage({ type: 'ready' });
}

/**
 * Messages between the page and the search worker (./search.worker.ts). The worker holds the
 * local client (./localClient: MiniSearch, ranking, highlighting); the page fetches the
 * manifest and shards for it (so the browser's cache, the site's fetch rules and request
 * interception in tests apply as to any page request) and hands the bytes over without a
 * copy. Parsing the JSON, `MiniSearch.loadJS` and every query run in the worker.
 *
 * Page → worker: `init` once, then `search` and `preload`; `data` / `data-error` answer the
 * worker's `fetch`. Worker → page: `ready` once started, `fetch`, and one `answer` or
 * `failed` per `search`.
 */
import type { SearchParams, SearchResult } from './types';

/** Messages the page posts to the worker. */
export type ToWorker =
  /** Origin (and nothing else) that hit URLs are made absolute with, e.g. `https://docs.aisle.example`. */
  | { type: 'init'; origin: string }
  /** Search requests, already normalised (requests.ts); `id` pairs the answer. */
  | { type: 'search'; id: number; requests: SearchParams[] }
  /** Start loading the manifest and engine without searching, and the shards `facetFilters` select. */
  | { type: 'preload'; facetFilters?: SearchParams['facetFilters'] }
  /** The bytes of a fetched file (UTF-8 JSON), transferred. */
  | { type: 'data'; id: number; body: ArrayBuffer }
  /** A fetch that failed: HTTP status, network error or offline. */
  | { type: 'data-error'; id: number; message: string };

/** Messages the worker posts to the page. */
export type FromWorker =
  | { type: 'ready' }
  /** Fetch `search/<file>`, or the manifest when `file` is null. */
  | { type: 'fetch'; id: number; file: string | null }
  /**
   * Results of a `search`. `workMs`: time the worker spent computing (parse, index load,
   * queries) since its previous answer, for the benchmark's CPU figures.
   */
  | { type: 'answer'; id: number; results: SearchResult[]; workMs: number }
  /** A `search` that failed; `message` is the local client's (e.g. index not loadable). */
  | { type: 'failed'; id: number; message: string };

/** Longest file name the worker may ask for: manifest names are `<lang>.<tag>.<section>.<hash>.json`. */
const MAX_FILE_NAME = 200;

/**
 * True when `file` is a shard file name the page may fetch for the worker: a plain name ending
 * in `.json`, no path separators, dots-only segments or query strings, so a corrupt manifest
 * cannot make the page request another URL.
 */
export function isShardFileName(file: string): boolean {
  return (
    file.length <= MAX_FILE_NAME &&
    /^[A-Za-z0-9_-][A-Za-z0-9._-]*\.json$/.test(file) &&
    !/\.\./.test(file)
  );
}

/** True when `value` has the shape of a FromWorker message (data from a worker is checked, not trusted). */
export function isFromWorker(value: unknown): value is FromWorker {
  if (!value || typeof value !== 'object') return false;
  const m = value as Record<string, unknown>;
  switch (m.type) {
    case 'ready':
      return true;
    case 'fetch':
      return typeof m.id === 'number' && (m.file === null || typeof m.file === 'string');
    case 'answer':
      return typeof m.id === 'number' && Array.isArray(m.results) && typeof m.workMs === 'number';
    case 'failed':
      return typeof m.id === 'number' && typeof m.message === 'string';
    default:
      return false;
  }
}

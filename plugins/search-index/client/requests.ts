/**
 * Request and result helpers shared by the search clients (./client.ts wraps every
 * client with them; ./localClient.ts answers with them). Kept apart from the local client so
 * that the page bundle, which holds client.ts, does not hold the local client: that is loaded
 * with the first search or preload.
 */
import type { SearchParams, SearchResult } from './types';

/** Normalises both call forms to a list of flat request parameters. */
export function normaliseRequests(args: unknown): SearchParams[] {
  const list: unknown[] = Array.isArray(args)
    ? args
    : args && typeof args === 'object' && Array.isArray((args as { requests?: unknown }).requests)
      ? (args as { requests: unknown[] }).requests
      : [];
  if (!Array.isArray(args) && list.length === 0) {
    throw new Error('Parameter `searchMethodParams.requests` is required when calling `search`.');
  }
  return list.map((r) => {
    const req = r as { indexName?: string; params?: Record<string, unknown> };
    const { params, ...rest } = req;
    return { ...rest, ...(params ?? {}), indexName: String(req.indexName ?? '') } as SearchParams;
  });
}

/**
 * A result with no hits in Algolia's response shape.
 * @param started `Date.now()` when the request began, for `processingTimeMS`.
 */
export function emptyResult(r: {
  index: string;
  query: string;
  page?: number;
  hitsPerPage: number;
  nbHits?: number;
  started?: number;
}): SearchResult {
  return {
    hits: [],
    nbHits: r.nbHits ?? 0,
    nbPages: 0,
    page: r.page ?? 0,
    hitsPerPage: r.hitsPerPage,
    query: r.query,
    params: '',
    index: r.index,
    processingTimeMS: r.started ? Date.now() - r.started : 0,
    exhaustiveNbHits: true,
  };
}

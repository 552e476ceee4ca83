import { describe, expect, it } from 'vitest';
import { emptyResult } from '../../plugins/search-index/client/requests';
import {
  createSearchSeam,
  seeAllCount,
  type SearchConfig,
  type SearchTransport,
  type TransportClient,
} from '../../plugins/search-index/client/seam';
import type { SearchParams, SearchResult } from '../../plugins/search-index/client/types';

const LOCAL: SearchConfig = {
  mode: 'local',
  appId: '',
  apiKey: '',
  indexName: '',
  hosts: [],
  insights: false,
};
const ALGOLIA: SearchConfig = {
  mode: 'algolia',
  appId: 'APP',
  apiKey: 'key',
  indexName: 'aisle',
  hosts: [],
  insights: false,
};

type Answer = (request: SearchParams) => Partial<SearchResult> | Error;

/** A result with `n` hits (objects with an id only), as a client answers. */
function result(request: SearchParams, n: number, more: Partial<SearchResult> = {}): SearchResult {
  return {
    ...emptyResult({
      index: request.indexName,
      query: String(request.query ?? ''),
      hitsPerPage: 20,
    }),
    hits: Array.from({ length: n }, (_, i) => ({ objectID: String(i) })) as never,
    nbHits: n,
    ...more,
  };
}

/**
 * A fake transport: its client records every request and answers with `answer` (a result, or
 * an Error to reject); `preloads` records the facet filters `preload` was given.
 */
function fakeTransport(appId: string, answer: Answer, section: string | null = null) {
  const requests: SearchParams[] = [];
  const preloads: (string[] | undefined)[] = [];
  let created = 0;
  let pageSection = section;
  const transport: SearchTransport = {
    createClient(): TransportClient {
      created++;
      return {
        appId,
        transporter: { algoliaAgent: { value: 'fake', add: () => undefined } },
        addAlgoliaAgent: () => undefined,
        async search(args) {
          const list = (args as { requests: SearchParams[] }).requests;
          requests.push(...list);
          const answers = list.map((r) => answer(r));
          const failure = answers.find((a) => a instanceof Error);
          if (failure) throw failure;
          return { results: list.map((r, i) => ({ ...result(r, 0), ...answers[i] })) };
        },
        preload: (filters) => preloads.push(filters),
      };
    },
    pageSection: () => pageSection,
  };
  return {
    transport,
    requests,
    preloads,
    created: () => created,
    setPageSection: (s: string | null) => (pageSection = s),
  };
}

/**
 * The fake transport `t` with its client's searches passed through `around`, which gets the
 * first request and the fake's own search (`next`), e.g. to hold or fail one query.
 */
function intercepted(
  t: ReturnType<typeof fakeTransport>,
  around: (
    request: SearchParams,
    next: () => Promise<{ results: SearchResult[] }>,
  ) => Promise<{ results: SearchResult[] }>,
): SearchTransport {
  const client = t.transport.createClient(LOCAL);
  return {
    ...t.transport,
    createClient: () => ({
      ...client,
      search: (args) =>
        around((args as { requests: SearchParams[] }).requests[0], () => client.search(args)),
    }),
  };
}

const ask = (query: string, more: Record<string, unknown> = {}) => ({
  requests: [{ indexName: 'aisle', query, hitsPerPage: 7, ...more }],
});

describe('the search seam', () => {
  it("adds the section's facet filter to the modal's requests until Global Search is on", async () => {
    const t = fakeTransport('local', (r) => result(r, 3));
    const seam = createSearchSeam(LOCAL, t.transport);
    seam.setScope({ section: 'connect' });
    await seam.modalClient().search(ask('token', { facetFilters: ['language:en'] }));
    expect(t.requests[0].facetFilters).toEqual(['language:en', 'section:connect']);
    expect(t.requests[0].fullIndex).toBeUndefined(); // the modal takes a first-tier answer
    seam.setScope({ global: true });
    await seam.modalClient().search(ask('token'));
    expect(t.requests[1].facetFilters).toBeUndefined();
  });

  it('notifies on a scope change only when the scope changes', () => {
    const seam = createSearchSeam(LOCAL, fakeTransport('local', (r) => result(r, 1)).transport);
    let calls = 0;
    const stop = seam.subscribe(() => calls++);
    seam.setScope({ section: 'catalog' });
    const before = seam.scope();
    seam.setScope({ section: 'catalog' });
    expect(calls).toBe(1);
    expect(seam.scope()).toBe(before); // same snapshot: no re-render
    stop();
    seam.setScope({ global: true });
    expect(calls).toBe(1);
  });

  it('goes idle → loading → ready and records the answer for the "all products" row', async () => {
    const t = fakeTransport('local', (r) => result(r, 4, { nbFullHits: 1 }));
    const seam = createSearchSeam(LOCAL, t.transport);
    seam.setScope({ section: 'connect' });
    const seen: string[] = [];
    seam.subscribe(() => seen.push(seam.status()));
    expect(seam.status()).toBe('idle');
    const pending = seam.modalClient().search(ask('sftp inventory'));
    expect(seam.status()).toBe('loading');
    await pending;
    expect(seen).toEqual(['loading', 'ready']);
    expect(seam.lastAnswer()).toEqual({
      query: 'sftp inventory',
      nbHits: 4,
      nbFullHits: 1,
      section: 'connect',
      exhaustive: true,
    });
  });

  it('answers an empty result as an answer: ready, 0 hits, section kept', async () => {
    const seam = createSearchSeam(LOCAL, fakeTransport('local', (r) => result(r, 0)).transport);
    seam.setScope({ section: 'catalog' });
    const { results } = await seam.modalClient().search(ask('zzzz'));
    expect(results[0].hits).toEqual([]);
    expect(seam.status()).toBe('ready');
    expect(seam.lastAnswer()).toMatchObject({ nbHits: 0, nbFullHits: 0, section: 'catalog' });
  });

  it('turns a failed search into empty results and the error status, then recovers', async () => {
    let fail = true;
    const t = fakeTransport('local', (r) => (fail ? new Error('HTTP 503') : result(r, 2)));
    const seam = createSearchSeam(LOCAL, t.transport);
    await seam.modalClient().search(ask('token'));
    fail = false;
    await seam.modalClient().search(ask('token'));
    fail = true;
    const { results } = await seam.modalClient().search(ask('order'));
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ hits: [], nbHits: 0, query: 'order', hitsPerPage: 7 });
    expect(seam.status()).toBe('error');
    expect(seam.lastAnswer()).toBeNull();
    fail = false;
    await seam.modalClient().search(ask('order'));
    expect(seam.status()).toBe('ready');
  });

  /**
   * A local seam whose client holds each search until `release(query)`, the hit counts given
   * by `hits(query)`; the two modal searches `first` and `second` are started, in that order.
   */
  async function twoHeldSearches(hits: (query: string) => number, first: string, second: string) {
    const gates = new Map<string, () => void>();
    const t = fakeTransport('local', (r) => result(r, hits(String(r.query))));
    const held = intercepted(t, async (request, next) => {
      await new Promise<void>((resolve) => gates.set(String(request.query), resolve));
      return next();
    });
    const seam = createSearchSeam(LOCAL, held);
    const searches = [first, second].map((q) => seam.modalClient().search(ask(q)));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const release = (query: string) => {
      gates.get(query)!();
      return searches[query === first ? 0 : 1];
    };
    return { seam, release };
  }

  it('records the newest search, not the last answer to arrive (a stop word answers at once)', async () => {
    const { seam, release } = await twoHeldSearches((q) => (q === 'or' ? 0 : 7), 'or', 'order');
    await release('order');
    const { results } = await release('or');
    expect(results[0].nbHits).toBe(0); // the caller still gets its own answer
    expect(seam.lastAnswer()?.nbHits).toBe(7);
    expect(seam.lastAnswer()?.query).toBe('order');
  });

  it('names no "See all" count while the hits shown answer an older keystroke', async () => {
    // DocSearch shows an older search's answer that arrives first; the seam records only the
    // newest search, so nothing is recorded for the query typed yet.
    const { seam, release } = await twoHeldSearches((q) => (q === 'orde' ? 4 : 7), 'orde', 'order');
    await release('orde');
    expect(seeAllCount(seam.lastAnswer(), 'order')).toBeNull();
    await release('order');
    expect(seeAllCount(seam.lastAnswer(), 'order')).toBe(7);
    // An answer for another query, or the first tier's (not exhaustive), names none either.
    expect(seeAllCount(seam.lastAnswer(), 'orders')).toBeNull();
    expect(seeAllCount({ ...seam.lastAnswer()!, exhaustive: false }, 'order')).toBeNull();
  });

  it("ignores an older search's failure once a newer one answered", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const t = fakeTransport('local', (r) => result(r, 3));
    const flaky = intercepted(t, async (request, next) => {
      if (request.query !== 'ord') return next();
      await gate;
      throw new Error('worker restarted');
    });
    const seam = createSearchSeam(LOCAL, flaky);
    const older = seam.modalClient().search(ask('ord'));
    await seam.modalClient().search(ask('order'));
    release();
    expect((await older).results[0].hits).toEqual([]);
    expect(seam.status()).toBe('ready');
    expect(seam.lastAnswer()?.nbHits).toBe(3);
  });

  it("asks a first-tier answer again with the shards and names its query once they're in", async () => {
    const t = fakeTransport('local', (r) =>
      r.fullIndex ? result(r, 9) : result(r, 2, { exhaustiveNbHits: false }),
    );
    const seam = createSearchSeam(LOCAL, t.transport);
    await seam.modalClient().search(ask('order status'));
    expect(seam.lastAnswer()?.exhaustive).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(t.requests.map((r) => Boolean(r.fullIndex))).toEqual([false, true]);
    expect(seam.completed()).toEqual({ query: 'order status' });
  });

  it('does not name a first-tier query the reader has typed past', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const t = fakeTransport('local', (r) =>
      r.fullIndex ? result(r, 9) : result(r, 1, { exhaustiveNbHits: false }),
    );
    const slow = intercepted(t, async (request, next) => {
      if (request.fullIndex && request.query === 'ord') await held;
      return next();
    });
    const seam = createSearchSeam(LOCAL, slow);
    await seam.modalClient().search(ask('ord'));
    await seam.modalClient().search(ask('order'));
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seam.completed()).toEqual({ query: 'order' });
  });

  it("scopes the search page by its ?section= and makes it wait for the local index's shards", async () => {
    const t = fakeTransport('local', (r) => result(r, 1), 'catalog');
    const seam = createSearchSeam(LOCAL, t.transport);
    seam.setScope({ section: 'connect' }); // the modal's scope does not apply to the page
    await seam.pageClient().search(ask('inventory'));
    expect(t.requests[0]).toMatchObject({ facetFilters: ['section:catalog'], fullIndex: true });
    t.setPageSection('not-a-section'); // an unknown section searches everything
    await seam.pageClient().search(ask('inventory'));
    expect(t.requests[1].facetFilters).toBeUndefined();
    expect(seam.lastAnswer()?.section).toBeNull();
  });

  it('sends Algolia no parameter it does not know, and one client serves modal and page', async () => {
    const t = fakeTransport('APP', (r) => result(r, 1), 'connect');
    const seam = createSearchSeam(ALGOLIA, t.transport);
    await seam.pageClient().search(ask('token'));
    await seam.modalClient().search(ask('token'));
    expect(t.requests.every((r) => !('fullIndex' in r))).toBe(true);
    expect(t.created()).toBe(1);
    expect(seam.modalClient()).toBe(seam.modalClient());
    expect(seam.pageClient()).toBe(seam.pageClient());
  });

  it("preloads the local index for the modal's scope, and nothing in algolia mode", () => {
    const local = fakeTransport('local', (r) => result(r, 1));
    const seam = createSearchSeam(LOCAL, local.transport);
    seam.setScope({ section: 'connect' });
    seam.preload();
    seam.setScope({ global: true });
    seam.preload();
    expect(local.preloads).toEqual([['section:connect'], undefined]);

    const algolia = fakeTransport('APP', (r) => result(r, 1));
    createSearchSeam(ALGOLIA, algolia.transport).preload();
    expect(algolia.created()).toBe(0);
  });

  it('rejects a call without requests with a clear message, leaving the status alone', async () => {
    const seam = createSearchSeam(LOCAL, fakeTransport('local', (r) => result(r, 1)).transport);
    await expect(seam.modalClient().search({})).rejects.toThrow(/requests` is required/);
    expect(seam.status()).toBe('idle');
  });
});

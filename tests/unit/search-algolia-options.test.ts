import { liteClient } from 'algoliasearch/lite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  algoliaClientOptions,
  SEARCH_TIMEOUTS,
  type AlgoliaClientOptions,
} from '../../plugins/search-index/client/algoliaOptions';

type Requester = NonNullable<AlgoliaClientOptions['requester']>;
type EndRequest = Parameters<Requester['send']>[0];
type Response = Awaited<ReturnType<Requester['send']>>;

// Algolia's lite client with the site's options, answered by a fake requester: the first host
// refuses connections (status 0) or answers 503, the second answers. Spec §4 and §9: a host
// that failed is skipped until its down mark expires, 120 000 ms later.

const DEAD = 'http://127.0.0.1:9';
const LIVE = 'https://search.aisle.example';
const EMPTY = JSON.stringify({ results: [{ hits: [], nbHits: 0, query: 'q' }] });

function fakeRequester(deadAnswer: Response) {
  const hosts: string[] = [];
  const requests: EndRequest[] = [];
  const requester: Requester = {
    send: async (request) => {
      hosts.push(new URL(request.url).origin);
      requests.push(request);
      if (request.url.startsWith(DEAD)) return deadAnswer;
      return { status: 200, content: EMPTY, isTimedOut: false };
    },
  };
  return { requester, hosts, requests };
}

const search = (client: ReturnType<typeof liteClient>, query: string) =>
  client.search({ requests: [{ indexName: 'aisle-docs', query }] });

describe('Algolia client options', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  for (const [name, deadAnswer] of [
    ['refuses connections', { status: 0, content: '', isTimedOut: false }],
    ['answers 503', { status: 503, content: '{"message":"unavailable"}', isTimedOut: false }],
  ] as const) {
    it(`skips a host that ${name} for 2 minutes, then tries it again`, async () => {
      const fake = fakeRequester(deadAnswer);
      const client = liteClient('APP', 'key', {
        ...algoliaClientOptions([DEAD, LIVE]),
        requester: fake.requester,
      });

      await search(client, 'access token');
      expect(fake.hosts).toEqual([DEAD, LIVE]);

      await search(client, 'sandbox');
      expect(fake.hosts).toEqual([DEAD, LIVE, LIVE]);

      vi.advanceTimersByTime(119_000);
      await search(client, 'webhooks');
      expect(fake.hosts).toEqual([DEAD, LIVE, LIVE, LIVE]);

      vi.advanceTimersByTime(1_001);
      await search(client, 'orders');
      expect(fake.hosts).toEqual([DEAD, LIVE, LIVE, LIVE, DEAD, LIVE]);
    });
  }

  it('uses the spec timeouts (connect 1 s, read 2 s)', async () => {
    const fake = fakeRequester({ status: 0, content: '', isTimedOut: false });
    const client = liteClient('APP', 'key', {
      ...algoliaClientOptions([LIVE]),
      requester: fake.requester,
    });
    await search(client, 'access token');
    expect(SEARCH_TIMEOUTS).toEqual({ connect: 1000, read: 2000, write: 30000 });
    expect(fake.requests[0]).toMatchObject({ connectTimeout: 1000, responseTimeout: 2000 });
  });

  it('turns origins into hosts in order, ports and protocols kept', () => {
    expect(algoliaClientOptions([DEAD, LIVE]).hosts).toEqual([
      { url: '127.0.0.1', port: 9, protocol: 'http', accept: 'read' },
      { url: 'search.aisle.example', port: undefined, protocol: 'https', accept: 'read' },
    ]);
    expect(algoliaClientOptions([]).hosts).toBeUndefined();
  });
});

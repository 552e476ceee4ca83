import { MessageChannel } from 'node:worker_threads';
import MiniSearch from 'minisearch';
import { describe, expect, it, vi } from 'vitest';
import { buildShards, groupSections, toIndexedDoc } from '../../plugins/search-index/build';
import {
  headingDocs,
  miniSearchOptions,
  searchOptions,
  type IndexedDoc,
} from '../../plugins/search-index/client/engine';
import {
  createLocalClient,
  parseFacetFilters,
  shardsForFilters,
} from '../../plugins/search-index/client/localClient';
import { poolStatistics } from '../../plugins/search-index/client/pooledStats';
import type {
  HeadingsFile,
  SearchFile,
  SearchRecord,
  ShardFile,
} from '../../plugins/search-index/client/types';
import {
  createWorkerClient,
  type WorkerLike,
} from '../../plugins/search-index/client/workerClient';
import { serveSearch, type WorkerPort } from '../../plugins/search-index/client/workerHost';
import { isShardFileName } from '../../plugins/search-index/client/workerProtocol';

const ORIGIN = 'https://docs.aisle.example';

function record(
  path: string,
  section: string,
  type: SearchRecord['type'],
  levels: string[],
  content: string | null,
  anchor: string | null,
): SearchRecord {
  const [lvl0, lvl1, lvl2 = null] = levels;
  return {
    objectID: `${path}-${anchor}-${type}`,
    url: `${ORIGIN}${path}${anchor ? `#${anchor}` : ''}`,
    url_without_anchor: `${ORIGIN}${path}`,
    anchor,
    type,
    hierarchy: { lvl0, lvl1, lvl2, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    content,
    language: 'en',
    docusaurus_tag: 'docs-default-current',
    section,
    weight: { level: 0, position: 0 },
  };
}

/** Three sections; "token" is common in Connect and rare in Catalog, so per-shard IDF differs. */
const records: SearchRecord[] = [
  // With its page's meta description, as the extractor gives the title section one.
  Object.assign(
    record('/connect', 'connect', 'lvl1', ['Connect APIs', 'Connect APIs'], null, null),
    {
      description: 'Hosts, OAuth tokens and errors of the five Connect APIs.',
    },
  ),
  record(
    '/connect',
    'connect',
    'lvl2',
    ['Connect APIs', 'Connect APIs', 'Access token'],
    null,
    't',
  ),
  record(
    '/connect',
    'connect',
    'content',
    ['Connect APIs', 'Connect APIs', 'Access token'],
    'Call POST /v2/oauth/token; the token expires in 86400 seconds, so cache the token.',
    't',
  ),
  record('/connect/orders', 'connect', 'lvl1', ['Connect APIs', 'Orders'], null, null),
  record(
    '/connect/orders',
    'connect',
    'content',
    ['Connect APIs', 'Orders'],
    'Every order call sends the access token of the retailer; a callback follows each status.',
    null,
  ),
  record('/catalog', 'catalog', 'lvl1', ['Catalog', 'Catalog overview'], null, null),
  record(
    '/catalog',
    'catalog',
    'content',
    ['Catalog', 'Catalog overview'],
    'Upload the inventory file over SFTP; an access token is not needed for SFTP uploads.',
    null,
  ),
  record('/ads', 'ads', 'lvl1', ['Aisle Ads', 'Ads overview'], null, null),
  record(
    '/ads',
    'ads',
    'content',
    ['Aisle Ads', 'Ads overview'],
    'Campaign reports give ROAS per retailer and per order of an ad.',
    null,
  ),
];

const { manifest, files } = buildShards(records);

describe('per-section shards', () => {
  it('writes one shard per section, named after it', () => {
    expect(manifest.shards.map((s) => s.section).sort()).toEqual(['ads', 'catalog', 'connect']);
    for (const s of manifest.shards) {
      expect(s.file).toMatch(
        new RegExp(`^en\\.docs-default-current\\.${s.section}\\.[0-9a-f]{10}\\.json$`),
      );
      expect((JSON.parse(files.get(s.file)!) as ShardFile).section).toBe(s.section);
    }
  });

  it('selects the shards a request can match: its section, or all without a section filter', () => {
    const pick = (filters: Parameters<typeof parseFacetFilters>[0]) =>
      shardsForFilters(manifest, parseFacetFilters(filters))
        .map((s) => s.section)
        .sort();
    expect(pick(['language:en', 'section:connect'])).toEqual(['connect']);
    expect(pick([['section:connect', 'section:ads']])).toEqual(['ads', 'connect']);
    expect(pick(['section:-connect'])).toEqual(['ads', 'catalog']);
    expect(pick(['language:en'])).toEqual(['ads', 'catalog', 'connect']);
    expect(pick(undefined)).toEqual(['ads', 'catalog', 'connect']);
    expect(pick(['language:fr'])).toEqual([]);
    // A group that mixes in another facet cannot rule a shard out.
    expect(pick([['section:connect', 'type:lvl1']])).toEqual(['ads', 'catalog', 'connect']);
  });

  it('a section-scoped search loads that section only; a global one loads every shard', async () => {
    const loaded: string[] = [];
    const client = createLocalClient({
      manifest: async () => manifest,
      shard: async (file) => {
        loaded.push(file);
        return JSON.parse(files.get(file)!) as ShardFile;
      },
      engine: async () => MiniSearch,
      origin: () => ORIGIN,
    });
    const ask = (facetFilters?: string[]) =>
      client.search({
        requests: [{ indexName: 'aisle', query: 'token', facetFilters, fullIndex: true }],
      });
    const headings = manifest.headings.map((h) => h.file);
    const scoped = await ask(['section:catalog']);
    expect(loaded).toEqual([
      ...headings,
      manifest.shards.find((s) => s.section === 'catalog')!.file,
    ]);
    expect(scoped.results[0].hits.every((h) => h.url.startsWith(`${ORIGIN}/catalog`))).toBe(true);
    await ask();
    expect(new Set(loaded)).toEqual(new Set([...headings, ...manifest.shards.map((s) => s.file)]));
  });
});

describe('first tier: the headings answer while the shards load', () => {
  /** A client whose shards arrive only when `release()` is called; headings come at once. */
  function heldShards() {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const client = createLocalClient({
      manifest: async () => manifest,
      shard: async (file) => {
        const parsed = JSON.parse(files.get(file)!) as SearchFile;
        if (parsed.kind === 'shard') await released;
        return parsed;
      },
      engine: async () => MiniSearch,
      origin: () => ORIGIN,
    });
    return { client, release };
  }
  const ask = (client: ReturnType<typeof createLocalClient>, query: string) =>
    client.search({ requests: [{ indexName: 'aisle', query, facetFilters: ['section:connect'] }] });

  it('indexes each section as its shard does, without the content', () => {
    const heads = JSON.parse(files.get(manifest.headings[0].file)!) as HeadingsFile;
    // Shard after shard, each section as its shard indexes it, with the file's row as id.
    const expected = manifest.shards.flatMap((entry) => {
      const { first } = JSON.parse(files.get(entry.file)!) as ShardFile;
      return groupSections(records.filter((r) => r.section === entry.section)).map(
        (section, i) => ({ ...toIndexedDoc(section, first + i), content: '' }),
      );
    });
    expect(headingDocs(heads)).toEqual(expected);
    // The shards carry no headings of their own: their rows are the headings file's.
    for (const entry of manifest.shards) {
      const shard = JSON.parse(files.get(entry.file)!) as ShardFile;
      expect(Object.keys(shard)).not.toContain('pages');
      expect(heads.rows[shard.first][0]).toBe(
        heads.pages.findIndex(([, , , section]) => section === entry.section),
      );
    }
  });

  it('answers from the headings before the shard, then from the shard once it is in', async () => {
    const { client, release } = heldShards();
    const first = await ask(client, 'access token');
    expect(first.results[0].exhaustiveNbHits).toBe(false);
    const headingHits = first.results[0].hits;
    expect(headingHits[0].url).toBe(`${ORIGIN}/connect#t`);
    // Headings and descriptions only: no section text, and not Orders, whose text holds the words.
    expect(headingHits.every((h) => h.content === null)).toBe(true);
    expect(headingHits.map((h) => h.url)).not.toContain(`${ORIGIN}/connect/orders`);
    release();
    await vi.waitFor(async () => {
      const full = await ask(client, 'access token');
      expect(full.results[0].exhaustiveNbHits).toBe(true);
      // The shard finds the word in the text of Orders too.
      expect(full.results[0].hits.map((h) => h.url)).toContain(`${ORIGIN}/connect/orders`);
    });
  });

  it('waits for the shard when the headings find nothing, so no false "No results"', async () => {
    const { client, release } = heldShards();
    let settled = false;
    const answer = ask(client, 'callback').then((r) => {
      settled = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    release();
    const { results } = await answer;
    expect(results[0].exhaustiveNbHits).toBe(true);
    expect(results[0].hits.map((h) => h.url)).toEqual([`${ORIGIN}/connect/orders`]);
  });

  it('keeps the object ids of a section the same in both tiers', async () => {
    const { client, release } = heldShards();
    const first = await ask(client, 'access token');
    release();
    const full = await client.search({
      requests: [
        {
          indexName: 'aisle',
          query: 'access token',
          facetFilters: ['section:connect'],
          fullIndex: true,
        },
      ],
    });
    const heading = full.results[0].hits.find((h) => h.url === `${ORIGIN}/connect#t`)!;
    expect(heading.objectID).toBe(first.results[0].hits[0].objectID);
  });
});

describe('pooled statistics', () => {
  const docs: IndexedDoc[] = records.map((r, id) => ({
    id,
    heading: r.type === 'content' ? '' : (r.hierarchy[r.type] ?? ''),
    title: r.hierarchy.lvl1,
    parents: '',
    content: r.content ?? '',
    summary: '',
    lvl0: r.hierarchy.lvl0,
  }));
  const index = (part: IndexedDoc[]) => {
    const mini = new MiniSearch<IndexedDoc>(miniSearchOptions);
    mini.addAll(part);
    return mini;
  };
  const scores = (minis: MiniSearch<IndexedDoc>[], query: string) =>
    new Map(
      minis.flatMap((m) =>
        m.search(query, searchOptions('OR')).map((r) => [r.id as number, r.score] as const),
      ),
    );
  const whole = index(docs);
  const parts = [
    index(docs.filter((_, i) => records[i].section === 'connect')),
    index(docs.filter((_, i) => records[i].section !== 'connect')),
  ];

  it('scores shards searched together as one index over all their documents', () => {
    for (const query of ['token', 'access tokn', 'order callback', 'sftp upload', 'retail']) {
      const expected = scores([whole], query);
      const restore = poolStatistics(parts);
      const pooled = scores(parts, query);
      restore();
      expect(pooled.size, query).toBe(expected.size);
      for (const [id, score] of expected)
        expect(pooled.get(id), `${query} #${id}`).toBeCloseTo(score, 9);
    }
  });

  it('gives each shard its own statistics back afterwards (and without pooling they differ)', () => {
    const before = scores(parts, 'token');
    poolStatistics(parts)();
    expect(scores(parts, 'token')).toEqual(before);
    const single = scores([whole], 'token');
    expect([...before].some(([id, s]) => Math.abs(single.get(id)! - s) > 1e-6)).toBe(true);
  });
});

/** A worker in this process: the host on one end of a MessageChannel, the client's on the other. */
function channelWorker(): WorkerLike & { terminated: boolean } {
  const { port1, port2 } = new MessageChannel();
  serveSearch(port2 as unknown as WorkerPort, MiniSearch);
  const port = port1 as unknown as { onmessage: ((e: MessageEvent) => void) | null };
  const worker = {
    terminated: false,
    onerror: null,
    set onmessage(fn: ((e: MessageEvent) => void) | null) {
      port.onmessage = fn;
    },
    get onmessage() {
      return port.onmessage;
    },
    postMessage: (message: unknown, transfer?: Transferable[]) =>
      port1.postMessage(message, transfer as never),
    terminate() {
      worker.terminated = true;
      port1.close();
    },
  };
  return worker;
}

const encode = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
};

function fetcher(fails = new Set<string | null>()) {
  const asked: (string | null)[] = [];
  return {
    asked,
    fetchFile: vi.fn(async (file: string | null) => {
      asked.push(file);
      if (fails.has(file)) throw new Error(`${file ?? 'manifest.json'} answered HTTP 503`);
      return encode(file === null ? JSON.stringify(manifest) : files.get(file)!);
    }),
  };
}

const mainThread = () =>
  Promise.resolve(
    createLocalClient({
      manifest: async () => manifest,
      shard: async (file) => JSON.parse(files.get(file)!) as ShardFile,
      engine: async () => MiniSearch,
      origin: () => ORIGIN,
    }),
  );

const request = { indexName: 'aisle', query: 'access token', facetFilters: ['section:connect'] };

describe('search worker', () => {
  it('answers in the worker as the main-thread client does, fetching the section shard only', async () => {
    const f = fetcher();
    const worker = channelWorker();
    const client = createWorkerClient({
      start: () => worker,
      fetchFile: f.fetchFile,
      origin: () => ORIGIN,
      fallback: mainThread,
    });
    expect(client.mode()).toBe('starting');
    const viaWorker = await client.search({ requests: [request] });
    expect(client.mode()).toBe('worker');
    const direct = await (await mainThread()).search({ requests: [request] });
    expect(viaWorker.results[0].hits.length).toBeGreaterThan(0);
    expect(viaWorker.results[0].hits).toEqual(direct.results[0].hits);
    // The headings file first (the first tier answers from it), then the section's shard only.
    await vi.waitFor(() =>
      expect(f.asked).toEqual([
        null,
        manifest.headings[0].file,
        manifest.shards.find((s) => s.section === 'connect')!.file,
      ]),
    );
    worker.terminate();
  });

  it('preloads the scoped section on opening, before any query', async () => {
    const f = fetcher();
    const worker = channelWorker();
    const client = createWorkerClient({
      start: () => worker,
      fetchFile: f.fetchFile,
      origin: () => ORIGIN,
      fallback: mainThread,
    });
    client.preload(['section:ads']);
    await vi.waitFor(() => expect(f.asked).toHaveLength(3));
    expect(f.asked[1]).toBe(manifest.headings[0].file);
    expect(f.asked[2]).toBe(manifest.shards.find((s) => s.section === 'ads')!.file);
    worker.terminate();
  });

  it('turns a file that cannot be fetched into a failed search, and searches again later', async () => {
    const connect = manifest.shards.find((s) => s.section === 'connect')!.file;
    const fails = new Set<string | null>([connect]);
    const f = fetcher(fails);
    const worker = channelWorker();
    const client = createWorkerClient({
      start: () => worker,
      fetchFile: f.fetchFile,
      origin: () => ORIGIN,
      fallback: mainThread,
    });
    const full = { ...request, fullIndex: true };
    await expect(client.search({ requests: [full] })).rejects.toThrow(/HTTP 503/);
    fails.clear();
    await new Promise((r) => setTimeout(r, 1100)); // RETRY_BACKOFF_MS of the local client
    const { results } = await client.search({ requests: [request] });
    expect(results[0].hits.length).toBeGreaterThan(0);
    worker.terminate();
  });

  it('fetches only plain shard names for the worker', () => {
    expect(isShardFileName('en.docs-default-current.connect.0123456789.json')).toBe(true);
    for (const bad of [
      '../secret.json',
      '/etc/passwd.json',
      'a/b.json',
      'x.json?y',
      'x.js',
      '',
      '.json',
      `${'a'.repeat(200)}.json`,
    ]) {
      expect(isShardFileName(bad), bad).toBe(false);
    }
  });

  it('a worker asking for another URL gets an error, and the page fetches nothing', async () => {
    const f = fetcher();
    const posted: unknown[] = [];
    let onmessage: ((e: MessageEvent) => void) | null = null;
    const fake: WorkerLike = {
      onerror: null,
      get onmessage() {
        return onmessage;
      },
      set onmessage(fn) {
        onmessage = fn;
      },
      postMessage: (m) => posted.push(m),
      terminate: () => undefined,
    };
    const client = createWorkerClient({
      start: () => fake,
      fetchFile: f.fetchFile,
      origin: () => ORIGIN,
      fallback: mainThread,
    });
    client.preload();
    onmessage!({ data: { type: 'ready' } } as MessageEvent);
    onmessage!({ data: { type: 'fetch', id: 7, file: '../../admin.json' } } as MessageEvent);
    onmessage!({ data: { type: 'bogus' } } as MessageEvent); // ignored
    await vi.waitFor(() =>
      expect(posted).toContainEqual(expect.objectContaining({ type: 'data-error', id: 7 })),
    );
    expect(f.fetchFile).not.toHaveBeenCalled();
  });

  it('searches on the main thread when the worker cannot start, fails to load, or never answers', async () => {
    const cases: (() => WorkerLike)[] = [
      () => {
        throw new Error('Worker is not defined');
      },
      () => {
        const w: WorkerLike = {
          onerror: null,
          onmessage: null,
          postMessage: () => undefined,
          terminate: () => undefined,
        };
        setTimeout(() => w.onerror?.({ preventDefault() {} } as ErrorEvent), 5);
        return w;
      },
      () => ({
        onerror: null,
        onmessage: null,
        postMessage: () => undefined,
        terminate: () => undefined,
      }),
    ];
    for (const start of cases) {
      const f = fetcher();
      const client = createWorkerClient({
        start,
        fetchFile: f.fetchFile,
        origin: () => ORIGIN,
        fallback: mainThread,
        readyTimeoutMs: 50,
      });
      const { results } = await client.search({ requests: [request] });
      expect(client.mode()).toBe('main-thread');
      expect(results[0].hits[0].url).toBe(`${ORIGIN}/connect#t`);
    }
  });
});

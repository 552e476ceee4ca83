import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { buildShards } from '../../plugins/search-index/build';
import {
  createLocalClient,
  matchesFacets,
  parseFacetFilters,
  type LocalClientSource,
} from '../../plugins/search-index/client/localClient';
import { checkSearchFile, PREVIEW_NO_INDEX } from '../../plugins/search-index/client/files';
import { applyScope } from '../../plugins/search-index/client/scope';
import { highlight, snippetWindow } from '../../plugins/search-index/client/text';
import type { SearchRecord, ShardFile } from '../../plugins/search-index/client/types';

const ORIGIN = 'https://docs.aisle.example';

/** A small corpus: two sections of one language/tag shard, plus the home page shard. */
function record(
  path: string,
  section: string,
  type: SearchRecord['type'],
  levels: string[],
  content: string | null,
  anchor: string | null,
  tag = 'docs-default-current',
): SearchRecord {
  const [lvl0, lvl1, lvl2 = null, lvl3 = null] = levels;
  return {
    objectID: `${path}-${anchor}-${type}-${content?.length ?? 0}`,
    url: `${ORIGIN}${path}${anchor ? `#${anchor}` : ''}`,
    url_without_anchor: `${ORIGIN}${path}`,
    anchor,
    type,
    hierarchy: { lvl0, lvl1, lvl2, lvl3, lvl4: null, lvl5: null, lvl6: null },
    content,
    language: 'en',
    docusaurus_tag: tag,
    section,
    weight: { level: 0, position: 0 },
  };
}

const records: SearchRecord[] = [
  record('/connect', 'connect', 'lvl1', ['Connect APIs', 'Connect APIs'], null, null),
  record(
    '/connect',
    'connect',
    'lvl2',
    ['Connect APIs', 'Connect APIs', 'Get an access token'],
    null,
    'token',
  ),
  record(
    '/connect',
    'connect',
    'content',
    ['Connect APIs', 'Connect APIs', 'Get an access token'],
    'Call POST /v2/oauth/token with client_id and client_secret. The answer carries an access_token that expires in 86400 seconds, so cache it and reuse it for every call until it expires.',
    'token',
  ),
  record(
    '/connect/fulfillment',
    'connect',
    'lvl1',
    ['Connect APIs', 'Fulfillment API'],
    null,
    null,
  ),
  record(
    '/connect/fulfillment',
    'connect',
    'lvl2',
    ['Connect APIs', 'Fulfillment API', 'Callbacks'],
    null,
    'callbacks',
  ),
  record(
    '/connect/fulfillment',
    'connect',
    'content',
    ['Connect APIs', 'Fulfillment API', 'Callbacks'],
    'Aisle signs each webhook with X-Aisle-Signature; verify it before you trust the body <b>.',
    'callbacks',
  ),
  record('/catalog', 'catalog', 'lvl1', ['Catalog', 'Catalog overview'], null, null),
  record(
    '/catalog',
    'catalog',
    'lvl2',
    ['Catalog', 'Catalog overview', 'Core columns'],
    null,
    'columns',
  ),
  record(
    '/catalog',
    'catalog',
    'content',
    ['Catalog', 'Catalog overview', 'Core columns'],
    'Every row needs a lookup_code, the UPC or PLU of the item, and an access flag for the webhook.',
    'columns',
  ),
  record('/', 'home', 'lvl1', ['Aisle Docs', 'Aisle Docs'], null, null, 'default'),
];

function source(overrides: Partial<LocalClientSource> = {}): LocalClientSource {
  const { manifest, files } = buildShards(records);
  return {
    manifest: async () => manifest,
    shard: async (file) => JSON.parse(files.get(file)!) as ShardFile,
    engine: async () => MiniSearch,
    origin: () => ORIGIN,
    ...overrides,
  };
}

const DOCS_FILTERS = [
  'language:en',
  ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'],
];

async function search(params: Record<string, unknown>, src = source()) {
  const client = createLocalClient(src);
  const { results } = await client.search({ requests: [{ indexName: 'aisle', ...params }] });
  return results[0];
}

describe('facet filters', () => {
  it('parses AND of ORs, negation, and a single string', () => {
    const filters = parseFacetFilters(['language:en', ['section:connect', 'section:-catalog']]);
    expect(matchesFacets({ language: 'en', section: 'connect' }, filters)).toBe(true);
    expect(matchesFacets({ language: 'en', section: 'widgets' }, filters)).toBe(true);
    expect(matchesFacets({ language: 'en', section: 'catalog' }, filters)).toBe(false);
    expect(matchesFacets({ language: 'fr', section: 'connect' }, filters)).toBe(false);
    expect(parseFacetFilters('section:catalog')).toEqual([
      [{ attribute: 'section', value: 'catalog', negated: false }],
    ]);
  });

  it('limits hits to a section when the scope adds its filter', async () => {
    const scoped = applyScope(
      { indexName: 'aisle', query: 'webhook', facetFilters: DOCS_FILTERS },
      { section: 'catalog', global: false },
    );
    const result = await search(scoped);
    expect(result.hits.length).toBeGreaterThan(0);
    expect(result.hits.every((h) => h.url.startsWith(`${ORIGIN}/catalog`))).toBe(true);
    const global = await search(
      applyScope({ indexName: 'aisle', query: 'webhook' }, { section: 'catalog', global: true }),
    );
    expect(global.hits.some((h) => h.url.includes('/connect/fulfillment'))).toBe(true);
  });
});

describe('local client', () => {
  it('answers the modal form with DocSearch hits and absolute URLs', async () => {
    const result = await search({
      query: 'access token',
      facetFilters: DOCS_FILTERS,
      highlightPreTag: '<mark>',
      highlightPostTag: '</mark>',
      attributesToSnippet: ['content:10'],
    });
    expect(result.index).toBe('aisle');
    expect(result.query).toBe('access token');
    const top = result.hits[0];
    expect(top.url).toBe(`${ORIGIN}/connect#token`);
    expect(top.type).toBe('lvl2');
    expect(top._highlightResult.hierarchy.lvl2?.value).toBe(
      'Get an <mark>access</mark> <mark>token</mark>',
    );
    expect(top._highlightResult.hierarchy.lvl2?.matchLevel).toBe('full');
  });

  it('answers the legacy helper form, with paging and hitsPerPage 0', async () => {
    const client = createLocalClient(source());
    const { results } = await client.search([
      { indexName: 'aisle', params: { query: 'webhook', hitsPerPage: 1, page: 0 } },
      { indexName: 'aisle', params: { query: 'webhook', hitsPerPage: 1, page: 1 } },
      { indexName: 'aisle', params: { query: 'webhook', hitsPerPage: 0 } },
    ]);
    expect(results[0].nbHits).toBe(2);
    expect(results[0].nbPages).toBe(2);
    expect(results[0].hits).toHaveLength(1);
    expect(results[1].hits).toHaveLength(1);
    expect(results[1].hits[0].url).not.toBe(results[0].hits[0].url);
    expect(results[2]).toMatchObject({ hits: [], nbHits: 2 });
  });

  it('cuts snippets to the requested word count around the match', async () => {
    const result = await search({
      query: 'reuse',
      attributesToSnippet: ['content:5'],
      highlightPreTag: '[',
      highlightPostTag: ']',
      snippetEllipsisText: '…',
    });
    const snippet = result.hits[0]._snippetResult.content!.value;
    expect(snippet).toContain('[reuse]');
    expect(snippet.replace(/…/g, '').trim().split(/\s+/)).toHaveLength(5);
    expect(snippet.startsWith('…')).toBe(true);
    // Algolia's default snippetEllipsisText is empty.
    const plain = await search({ query: 'reuse', attributesToSnippet: ['content:5'] });
    expect(plain.hits[0]._snippetResult.content!.value).not.toContain('…');
  });

  it('tolerates typos and completes the last word', async () => {
    expect((await search({ query: 'webhok' })).hits[0]?.url).toContain('/connect/fulfillment');
    expect((await search({ query: 'lookup_co' })).hits[0]?.url).toContain('/catalog');
    expect((await search({ query: '/v2/oauth/token' })).hits[0]?.url).toBe(
      `${ORIGIN}/connect#token`,
    );
  });

  it('searches odd input as text and escapes it in highlights', async () => {
    const result = await search({
      query: '<b>',
      highlightPreTag: '<mark>',
      highlightPostTag: '</mark>',
    });
    for (const hit of result.hits) {
      expect(hit._highlightResult.content?.value ?? '').not.toContain('<b>');
    }
    for (const query of ['<script>alert(1)</script>', '.*+?^${}()|[]\\', '"quoted"', '🛒🥛', '']) {
      await expect(search({ query })).resolves.toHaveProperty('hits');
    }
    const long = await search({ query: `token ${'x'.repeat(600)}` });
    expect(long.query).toHaveLength(512);
  });

  it("rejects a call without requests with algoliasearch's message", async () => {
    const client = createLocalClient(source());
    await expect(client.search({})).rejects.toThrow(
      'Parameter `searchMethodParams.requests` is required when calling `search`.',
    );
  });

  it('reports an unreachable index as RetryError and status error, then recovers', async () => {
    let online = false;
    const base = source();
    const client = createLocalClient({
      ...base,
      manifest: () => (online ? base.manifest() : Promise.reject(new Error('offline'))),
    });
    const states: string[] = [];
    client.subscribe(() => states.push(client.status()));
    await expect(
      client.search({ requests: [{ indexName: 'a', query: 'token' }] }),
    ).rejects.toMatchObject({
      name: 'RetryError',
    });
    expect(client.status()).toBe('error');
    online = true;
    await new Promise((r) => setTimeout(r, 1050));
    const { results } = await client.search({ requests: [{ indexName: 'a', query: 'token' }] });
    expect(results[0].nbHits).toBeGreaterThan(0);
    expect(states).toEqual(['loading', 'error', 'loading', 'ready']);
  });
});

describe('text helpers', () => {
  it('highlights whole matched words only and escapes the rest', () => {
    const h = highlight(
      'a <token> & tokens',
      new Set(['token']),
      ['token'],
      new Map([['token', 'token']]),
    );
    expect(h.value).toBe('a &lt;<mark>token</mark>&gt; &amp; tokens');
    expect(h.matchLevel).toBe('full');
  });

  it('windows a snippet around the first match', () => {
    const w = snippetWindow('one two three four five six seven eight', new Set(['six']), 3);
    expect(w).toEqual({ text: 'six seven eight', before: true, after: false });
  });
});

describe('engine terms', () => {
  it('lower-cases terms and drops stop words at index and query time alike', async () => {
    const { processTerm, miniSearchOptions } = await import(
      '../../plugins/search-index/client/engine'
    );
    expect(processTerm('Order')).toBe('order');
    expect(processTerm('The')).toBeNull();
    expect(processTerm('not')).toBe('not');
    expect(miniSearchOptions.processTerm).toBe(processTerm);
  });
});

describe('search files', () => {
  const answer = (status: number, type: string) =>
    new Response(status === 204 ? null : '<!doctype html><html></html>', {
      status,
      headers: { 'content-type': type },
    });

  it('accepts a JSON answer', () => {
    expect(() =>
      checkSearchFile('/search/manifest.json', answer(200, 'application/json'), false),
    ).not.toThrow();
  });

  it("refuses the app's HTML page that the preview answers for a file it does not have", () => {
    const html = answer(200, 'text/html; charset=utf-8');
    expect(() => checkSearchFile('/search/manifest.json', html, true)).toThrow(PREVIEW_NO_INDEX);
    expect(() => checkSearchFile('/search/manifest.json', html, false)).toThrow(
      '/search/manifest.json answered a web page, not a search file',
    );
  });

  it('names the status of a failed request, or the preview command under docusaurus start', () => {
    expect(() => checkSearchFile('/search/x.json', answer(404, 'text/plain'), false)).toThrow(
      '/search/x.json answered HTTP 404',
    );
    expect(() => checkSearchFile('/search/x.json', answer(404, 'text/plain'), true)).toThrow(
      PREVIEW_NO_INDEX,
    );
  });
});

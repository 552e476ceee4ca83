import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { buildShards } from '../../plugins/search-index/build';
import { extractRecords, type ExtractedRecord } from '../../plugins/search-index/extract';
import { createLocalClient } from '../../plugins/search-index/client/localClient';
import type { SearchHit, ShardFile } from '../../plugins/search-index/client/types';

// The ranking rules of the local search (design/search-engine.md, "Ranking a reader agrees
// with"), on pages built the way the site builds them.

const ORIGIN = 'https://docs.aisle.example';

/** A built doc page: sidebar category `lvl0`, h1 `title`, then `body`. */
const page = (lvl0: string, title: string, body: string, description = '') =>
  `<!doctype html><html><head><meta name="docsearch:language" content="en">
<meta name="docsearch:docusaurus_tag" content="docs-default-current">
<meta name="description" content="${description}"></head><body>
<nav class="menu"><a class="menu__link menu__link--sublist menu__link--active">${lvl0}</a></nav>
<main><article><header><h1>${title}</h1></header>${body}</article></main></body></html>`;

function records(pages: [path: string, html: string][]): ExtractedRecord[] {
  return pages.flatMap(([path, html]) =>
    extractRecords(html, `${ORIGIN}${path}`, path.split('/')[1], 'Connect APIs'),
  );
}

/** A local client over the shards built from `input`, read from memory. */
function clientOf(input: ExtractedRecord[]) {
  const { manifest, files } = buildShards(input);
  return createLocalClient({
    manifest: async () => manifest,
    shard: async (file) => JSON.parse(files.get(file)!) as ShardFile,
    engine: async () => MiniSearch,
    origin: () => ORIGIN,
  });
}

async function search(input: ExtractedRecord[], query: string): Promise<SearchHit[]> {
  const { results } = await clientOf(input).search({
    requests: [
      {
        indexName: 'docs',
        query,
        hitsPerPage: 20,
        attributesToSnippet: ['content:10'],
        fullIndex: true,
      },
    ],
  });
  return results[0].hits;
}

const path = (hit: SearchHit) => new URL(hit.url).pathname;

const corpus = records([
  [
    '/connect/fulfillment/api/callbacks/delivered',
    page(
      'Callbacks',
      'Order delivered (delivered)',
      '<p>Aisle sends this callback when the order reaches the customer: the order id and when the order was delivered.</p>',
      'Order delivered: Aisle handed the order over to the customer.',
    ),
  ],
  [
    '/connect/fulfillment/api/callbacks/canceled',
    page(
      'Callbacks',
      'Order canceled (canceled)',
      '<p>Sent when an order is canceled, with the order id and why the order was canceled.</p>',
      'Order canceled: the order will not be delivered.',
    ),
  ],
  [
    '/connect/fulfillment/api/get_order',
    page(
      'Orders',
      'Get an order',
      `<p>Returns an order as Aisle knows it now: status, time slot, items with their picking
status, tip, warnings and, once handed over, the time of delivery and the number of bags.</p>
<h2 id="responses">Responses</h2><p>The order, with its items and their picking status.</p>`,
      'Returns an order as Aisle knows it now.',
    ),
  ],
  [
    '/connect/fulfillment_guide/concepts/order_lifecycle',
    page(
      'Concepts',
      'Order lifecycle',
      `<p>Each order moves through statuses from brand_new to delivered; your integration
changes some of them and Aisle changes the others, and each change sends a callback.</p>`,
      'The statuses of delivery, pickup and last-mile orders.',
    ),
  ],
]);

describe('page weights', () => {
  it('puts operation and guide pages above callback sub-pages for a generic word', async () => {
    const hits = await search(corpus, 'order');
    const first = hits.findIndex((h) => path(h).includes('/callbacks/'));
    expect(first).toBeGreaterThan(-1);
    expect(hits.slice(0, first).map(path)).toEqual(
      expect.arrayContaining([
        '/connect/fulfillment/api/get_order',
        '/connect/fulfillment_guide/concepts/order_lifecycle',
      ]),
    );
  });

  it('still puts a callback first when the query names it', async () => {
    const hits = await search(corpus, 'order delivered callback');
    expect(path(hits[0])).toBe('/connect/fulfillment/api/callbacks/delivered');
  });
});

describe('a word being typed', () => {
  // A glossary of c-words, as the site's glossary has: a one-letter prefix "c" matches them all.
  const glossary = records([
    [
      '/glossary',
      page(
        'Glossary',
        'Glossary',
        '<h2>A–C</h2><p>Cart, catalog, callback, checkout, courier, curbside, carrier, coupon, ' +
          'category, cancel, capture, credit, currency, customer, column, crate.</p>',
      ),
    ],
  ]);

  it('leaves out a last word of one letter after searched words', async () => {
    const typing = await search([...corpus, ...glossary], 'order delivered c');
    const without = await search([...corpus, ...glossary], 'order delivered');
    expect(typing.map(path)).toEqual(without.map(path));
    expect(path(typing[0])).toBe('/connect/fulfillment/api/callbacks/delivered');
  });

  it('still searches a one-letter word as a prefix when nothing else is searched', async () => {
    const hits = await search([...corpus, ...glossary], 'how do I c');
    expect(hits.map(path)).toContain('/glossary');
  });
});

describe('one hit per page section and per title', () => {
  const cards = records([
    [
      '/category/api/fulfillment/orders',
      page(
        'Orders',
        'Fulfillment API: Orders',
        `<section><article><a class="card theme-doc-card-container" href="/connect/fulfillment/api/get_order">
<h2 class="theme-doc-card-heading" title="Get an order">Get an order</h2>
<p class="theme-doc-card-description">Returns an order as Aisle knows it now.</p></a></article>
<article><a class="card theme-doc-card-container" href="/connect/fulfillment/api/update_order">
<h2 class="theme-doc-card-heading" title="Update an order">Update an order</h2>
<p class="theme-doc-card-description">Changes an order.</p></a></article></section>`,
      ),
    ],
    // A second page with the same category and title, as a moved page can leave behind.
    [
      '/connect/fulfillment/api/get_order_v1',
      page('Orders', 'Get an order', '<p>Returns an order, as version 1 did.</p>'),
    ],
  ]);

  it('never lists the same title or the same URL twice', async () => {
    const hits = await search([...corpus, ...cards], 'get an order');
    const titles = hits.map((h) =>
      [h.hierarchy.lvl0, h.hierarchy.lvl1, h.hierarchy.lvl2].filter(Boolean).join(' › '),
    );
    expect(titles.filter((t) => t.endsWith('Get an order'))).toHaveLength(1);
    expect(new Set(titles).size).toBe(titles.length);
    expect(new Set(hits.map((h) => h.url)).size).toBe(hits.length);
    expect(path(hits[0])).toBe('/connect/fulfillment/api/get_order');
  });

  it('does not index doc cards, whose title and text belong to the page they link to', () => {
    expect(
      cards
        .filter((r) => r.url_without_anchor.includes('/category/'))
        .map((r) => [r.type, r.content]),
    ).toEqual([['lvl1', null]]);
  });
});

describe('code samples', () => {
  const withCode = records([
    [
      '/connect/fulfillment_guide/get_started',
      page(
        'Guides',
        'Get started with the Fulfillment API',
        `<h2 id="step-9">Step 9: Create a shopper</h2>
<p>Create a shopper with a body of <code>{"role": "shopper", "first_name": "Dana"}</code>. Aisle answers 201 with its id.</p>
<ul><li>Send the request: <pre><code>{
  "store_location": "0142",
  "service_type": "delivery"
}</code></pre></li></ul>
<h2 id="step-10">Step 10: Read <code>lookup_code</code></h2><p>Each line carries its <code>lookup_code</code>.</p>`,
      ),
    ],
    [
      '/connect/fulfillment/api/create_user',
      page(
        'Users',
        'Create a user',
        `<h2 id="request">Request</h2><div class="api-field"><div class="api-field__head">
<span class="api-field__name"><code>postal_code</code></span></div>
<div class="api-field__description"><p>Where the customer lives.</p></div></div>`,
      ),
    ],
  ]);

  it('finds words of a code sample but shows the prose around it, never the JSON', async () => {
    for (const query of ['first_name', 'store_location']) {
      const hits = await search(withCode, query);
      expect(path(hits[0])).toBe('/connect/fulfillment_guide/get_started');
      for (const hit of hits) {
        const shown = [hit.content ?? '', hit._snippetResult.content?.value ?? ''].join(' ');
        expect(shown).not.toMatch(/[{}]|"\w+":/);
      }
    }
    const [step9] = await search(withCode, 'first_name');
    expect(step9.content).toMatch(/^Create a shopper with a body of …\. Aisle answers 201/);
  });

  it('keeps names in inline code as prose, and finds an API field by its name', async () => {
    expect(withCode.map((r) => r.content)).toContain('Each line carries its lookup_code.');
    const [field] = await search(withCode, 'postal_code');
    expect(path(field)).toBe('/connect/fulfillment/api/create_user');
    expect(field.content ?? '').not.toContain('postal_code');
  });
});

describe('hits holding every word (nbFullHits, the modal\'s "all products" row)', () => {
  async function answer(query: string) {
    const { results } = await clientOf(corpus).search({
      requests: [{ indexName: 'docs', query, hitsPerPage: 20, fullIndex: true }],
    });
    return results[0];
  }

  it('counts only the hits that hold every word of a long query', async () => {
    // Four words: sections holding any of them are listed, none holds them all.
    const long = await answer('sftp inventory upload order');
    expect(long.nbHits).toBeGreaterThan(0);
    expect(long.nbFullHits).toBe(0);
  });

  it('counts the hits holding both words of a short query, not those that follow them', async () => {
    // Three sections hold "order" and "status" (Get an order, its Responses, Order
    // lifecycle): fewer than 5, so the callbacks, which hold "order" only, follow them.
    const short = await answer('order status');
    expect(short.hits.slice(0, 2).map(path).sort()).toEqual([
      '/connect/fulfillment/api/get_order',
      '/connect/fulfillment_guide/concepts/order_lifecycle',
    ]);
    expect(short.nbHits).toBeGreaterThan(3);
    expect(short.nbFullHits).toBe(3);
  });
});

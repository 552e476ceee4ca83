import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractRecords, skipReason } from '../../plugins/search-index/extract';
import { extractInWorker, routeOfFile, sectionOf } from '../../plugins/search-index/index';
import { extractPages } from '../../plugins/search-index/pages';

const page = (body: string, head = '') => `<!doctype html><html><head>
<meta name="docsearch:language" content="en">
<meta name="docsearch:docusaurus_tag" content="docs-default-current">${head}</head><body>
<nav class="navbar"><div class="navbar__items"><a class="navbar__item navbar__link navbar__link--active">Retailer Site Integrations</a></div></nav>
<nav class="menu"><a class="menu__link menu__link--sublist menu__link--active">Fulfillment API</a></nav>
<main><article><nav class="theme-doc-breadcrumbs"><ul><li>Home</li></ul></nav>
<div class="theme-doc-markdown markdown">${body}</div></article></main></body></html>`;

const URL_ = 'https://docs.aisle.example/connect/fulfillment';

describe('extractRecords', () => {
  const html =
    page(`<header><h1>Fulfillment API<a class="hash-link" href="#">\u200b</a></h1></header>
<p>Create   orders for <code>delivery</code>.</p>
<h2 id="callbacks">Callbacks<a class="hash-link" aria-label="Direct link to Callbacks">\u200b</a></h2>
<ul><li><p>Signed with HMAC.</p></li><li>Retried for 24 hours.</li></ul>
<h3 id="events">Events</h3>
<table><tr><td>brand_new</td><td>Aisle accepted the order.</td></tr></table>
<h2 id="errors">Errors</h2><p>See the catalogue.</p>`);
  const records = extractRecords(html, URL_, 'connect', 'Connect APIs');

  it('follows the DocSearch template: lvl0 sidebar category, lvl1 h1, headings and content', () => {
    expect(records.map((r) => [r.type, r.anchor, r.content])).toEqual([
      ['lvl1', null, null],
      ['content', null, 'Create orders for delivery.'],
      ['lvl2', 'callbacks', null],
      ['content', 'callbacks', 'Signed with HMAC.'],
      ['content', 'callbacks', 'Retried for 24 hours.'],
      ['lvl3', 'events', null],
      ['content', 'events', 'Aisle accepted the order.'],
      ['lvl2', 'errors', null],
      ['content', 'errors', 'See the catalogue.'],
    ]);
    expect(records[6].hierarchy).toEqual({
      lvl0: 'Fulfillment API',
      lvl1: 'Fulfillment API',
      lvl2: 'Callbacks',
      lvl3: 'Events',
      lvl4: null,
      lvl5: null,
      lvl6: null,
    });
  });

  it('removes hash links, resets deeper levels and sets facets and absolute URLs', () => {
    expect(records.every((r) => !JSON.stringify(r).includes('\u200b'))).toBe(true);
    const errors = records.find((r) => r.anchor === 'errors')!;
    expect(errors.hierarchy.lvl3).toBeNull();
    expect(errors.url).toBe(`${URL_}#errors`);
    expect(errors.url_without_anchor).toBe(URL_);
    expect([errors.language, errors.docusaurus_tag, errors.section]).toEqual([
      'en',
      'docs-default-current',
      'connect',
    ]);
    expect(new Set(records.map((r) => r.objectID)).size).toBe(records.length);
  });

  it('leaves out content marked search-exclude, keeping the headings around it', () => {
    const html2 = page(`<header><h1>Create an order</h1></header>
<h2 id="authorization">Authorization</h2><div class="search-exclude"><p>Send a bearer token.</p></div>
<h2 id="request">Request</h2><p>The order body.</p>`);
    const out = extractRecords(html2, URL_, 'connect', 'Connect APIs');
    expect(out.map((r) => [r.type, r.content])).toEqual([
      ['lvl1', null],
      ['lvl2', null],
      ['lvl2', null],
      ['content', 'The order body.'],
    ]);
  });

  it('uses the product area when no sidebar category is active', () => {
    const flat = page('<h1>Glossary</h1><p>Terms.</p>').replace(/menu__link--sublist /, '');
    expect(extractRecords(flat, URL_, 'glossary', 'Glossary')[0].hierarchy.lvl0).toBe('Glossary');
  });

  it('skips unlisted (noindex) and redirect pages', () => {
    const noindex = page('<h1>Hidden</h1>', '<meta name="robots" content="noindex, nofollow">');
    expect(skipReason(noindex)).toBe('noindex');
    expect(extractRecords(noindex, URL_, 'support')).toEqual([]);
    const redirect = page('<h1>Moved</h1>', '<meta http-equiv="refresh" content="0; url=/x">');
    expect(extractRecords(redirect, URL_, 'support')).toEqual([]);
  });
});

describe('routes and sections', () => {
  it('maps built files to routes and sections', () => {
    expect(routeOfFile('index.html', '/')).toBe('/');
    expect(routeOfFile('catalog.html', '/')).toBe('/catalog');
    expect(routeOfFile('connect/fulfillment.html', '/docs/')).toBe('/docs/connect/fulfillment');
    expect(sectionOf('/connect/fulfillment', '/')).toBe('connect');
    expect(sectionOf('/docs/catalog', '/docs/')).toBe('catalog');
    expect(sectionOf('/', '/')).toBe('home');
  });
});

describe('the extraction in a worker thread (postBuild)', { timeout: 60_000 }, () => {
  it('gives the records of every page but the search page and 404, as in the build process', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'search-worker-'));
    await mkdir(join(outDir, 'connect', 'fulfillment'), { recursive: true });
    const body = (title: string) =>
      page(`<header><h1>${title}</h1></header><p>How ${title.toLowerCase()} works.</p>`);
    await writeFile(join(outDir, 'connect', 'fulfillment', 'index.html'), body('Fulfillment'));
    await writeFile(join(outDir, 'connect', 'orders.html'), body('Orders'));
    await writeFile(join(outDir, 'search.html'), body('Search'));
    await writeFile(join(outDir, '404.html'), body('Not found'));
    const job = { outDir, baseUrl: '/', origin: 'https://docs.aisle.example' };
    const records = await extractInWorker(job);
    expect([...new Set(records.map((r) => r.url))]).toEqual([
      'https://docs.aisle.example/connect/fulfillment',
      'https://docs.aisle.example/connect/orders',
    ]);
    expect(records).toEqual(await extractPages(job));
  });

  it("rejects with the worker's message when the build folder cannot be read", async () => {
    await expect(
      extractInWorker({ outDir: join(tmpdir(), 'no-such-build'), baseUrl: '/', origin: 'x' }),
    ).rejects.toThrow(/\[search-index\] ENOENT.*no-such-build/);
  });
});

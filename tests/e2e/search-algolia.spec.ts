import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { recordsFile } from '../../plugins/search-index/paths';
import { matchesFacets, parseFacetFilters } from '../../src/search/localClient';
import type { SearchRecord } from '../../src/search/types';
import { gotoHydrated } from './helpers';
import { buildAndServe, freePort } from './variant';

// The Algolia path (spec §7): with ALGOLIA_* set, the site searches through Algolia's lite
// client. A local stub speaks `POST /1/indexes/*/queries`; ALGOLIA_HOSTS lists a dead host
// first, so the client's host fallback is exercised. The site is built for this spec into
// build-algolia/ and served by `docusaurus serve`.

// One build and one stub for the whole file: run its tests in one worker.
test.describe.configure({ mode: 'serial' });

const root = join(__dirname, '..', '..');
const records = JSON.parse(
  readFileSync(recordsFile(join(root, 'build')), 'utf8'),
) as SearchRecord[];

interface StubCall {
  path: string;
  query: URLSearchParams;
  body: { requests: { query?: string; facetFilters?: never; hitsPerPage?: number }[] };
}
const calls: StubCall[] = [];
let stub: Server;
let stopSite: () => void = () => {};
let siteUrl = '';
let deadHost = '';

/** Answers DocSearch queries from the built records: every query word must appear. */
function answer(req: StubCall['body']['requests'][number]) {
  const words = (req.query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const filters = parseFacetFilters(req.facetFilters);
  const hits = records.filter((r) => {
    const text = `${Object.values(r.hierarchy).join(' ')} ${r.content ?? ''}`.toLowerCase();
    return (
      words.length > 0 &&
      words.every((w) => text.includes(w)) &&
      matchesFacets(r as unknown as Record<string, string>, filters)
    );
  });
  const hitsPerPage = req.hitsPerPage ?? 20;
  const hl = (value: string) => ({ value, matchLevel: 'none', matchedWords: [] });
  return {
    hits: hits.slice(0, hitsPerPage).map((r) => ({
      ...r,
      _highlightResult: {
        hierarchy: Object.fromEntries(
          Object.entries(r.hierarchy)
            .filter(([, v]) => v != null)
            .map(([k, v]) => [k, hl(v as string)]),
        ),
      },
      _snippetResult: r.content ? { content: hl(r.content) } : {},
    })),
    nbHits: hits.length,
    nbPages: Math.ceil(hits.length / Math.max(1, hitsPerPage)),
    page: 0,
    hitsPerPage,
    query: req.query ?? '',
    index: 'aisle-docs',
  };
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stub = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    if (req.method === 'OPTIONS') return void res.end();
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const body = JSON.parse(raw || '{}') as StubCall['body'];
      calls.push({ path: url.pathname, query: url.searchParams, body });
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ results: (body.requests ?? []).map(answer) }));
    });
  });
  await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r));
  const stubPort = (stub.address() as AddressInfo).port;
  deadHost = `http://127.0.0.1:${await freePort()}`;
  ({ url: siteUrl, stop: stopSite } = await buildAndServe('build-algolia', {
    ALGOLIA_APP_ID: 'STUBAPP',
    ALGOLIA_SEARCH_API_KEY: 'stub-search-key',
    ALGOLIA_INDEX_NAME: 'aisle-docs',
    ALGOLIA_HOSTS: `${deadHost},http://127.0.0.1:${stubPort}`,
  }));
});

test.afterAll(async () => {
  stopSite();
  await new Promise((r) => stub?.close(r));
});

test('searches through Algolia with credentials as query parameters, falling back past a dead host', async ({
  page,
}) => {
  const failed: string[] = [];
  page.on('requestfailed', (r) => failed.push(r.url()));
  await gotoHydrated(page, `${siteUrl}/connect`);
  await expect(page.locator('link[rel="preconnect"]')).toHaveAttribute('href', deadHost);
  await page.keyboard.press('Control+k');
  await page.locator('.DocSearch-Input').fill('access token');
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();

  expect(failed.some((u) => u.startsWith(deadHost))).toBe(true);
  const call = calls.find((c) => c.body.requests?.[0]?.query === 'access token');
  expect(call?.path).toBe('/1/indexes/*/queries');
  expect(call?.query.get('x-algolia-application-id')).toBe('STUBAPP');
  expect(call?.query.get('x-algolia-api-key')).toBe('stub-search-key');
  expect(JSON.stringify(call?.body.requests[0].facetFilters)).toContain('section:connect');

  await page.locator('.DocSearch-Hit a').first().click();
  await expect(page).toHaveURL(/\/connect/);
});

test('the search page uses the same client', async ({ page }) => {
  await gotoHydrated(page, `${siteUrl}/search?q=sandbox`);
  await expect(page.locator('main article').first()).toBeVisible();
  expect(calls.some((c) => c.body.requests?.some((r) => r.query === 'sandbox'))).toBe(true);
});

import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { recordsFile } from '../../plugins/search-index/paths';
import { matchesFacets, parseFacetFilters } from '../../plugins/search-index/client/localClient';
import type { SearchRecord } from '../../plugins/search-index/client/types';
import { gotoHydrated } from './helpers';
import { buildAndServe, freePort } from './variant';

// The Algolia path (spec §7): with ALGOLIA_* set, the site searches through Algolia's lite
// client. A local stub speaks `POST /1/indexes/*/queries` and, for search analytics events,
// `POST /1/events`; ALGOLIA_HOSTS lists a dead host first, so the client's host fallback is
// exercised. The site is built for this spec into build-algolia/, with insights on
// (ALGOLIA_INSIGHTS, sent to the stub), and served by `docusaurus serve`. Builds without the
// setting send none: tests/unit/search-insights.test.ts.

// One build and one stub for the whole file: run its tests in one worker.
test.describe.configure({ mode: 'serial' });

const root = join(__dirname, '..', '..');
const OUT_DIR = 'build-algolia';
/** The records of the build under test, written beside it at postBuild. */
let records: SearchRecord[] = [];

interface StubRequest {
  query?: string;
  facetFilters?: never;
  hitsPerPage?: number;
  clickAnalytics?: boolean;
}
/** A search analytics event as search-insights posts it. */
interface InsightsEvent {
  eventType: string;
  eventName: string;
  index: string;
  objectIDs: string[];
  queryID?: string;
  positions?: number[];
}
interface StubCall {
  path: string;
  query: URLSearchParams;
  body: { requests?: StubRequest[]; events?: InsightsEvent[] };
}
const calls: StubCall[] = [];
let stub: Server;
let stopSite: () => void = () => {};
let siteUrl = '';
let deadHost = '';

/** The queryID the stub gives a query's answer when clickAnalytics is asked for. */
const queryIdOf = (query: string) => Buffer.from(query).toString('hex').padEnd(32, '0');

/** Answers DocSearch queries from the built records: every query word must appear. */
function answer(req: StubRequest) {
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
    ...(req.clickAnalytics && { queryID: queryIdOf(req.query ?? '') }),
  };
}

test.beforeAll(async () => {
  test.setTimeout(600_000); // the build alone took 6.5 min on a shared 2-core machine
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
  ({ url: siteUrl, stop: stopSite } = await buildAndServe(OUT_DIR, {
    ALGOLIA_APP_ID: 'STUBAPP',
    ALGOLIA_SEARCH_API_KEY: 'stub-search-key',
    ALGOLIA_INDEX_NAME: 'aisle-docs',
    ALGOLIA_HOSTS: `${deadHost},http://127.0.0.1:${stubPort}`,
    ALGOLIA_INSIGHTS: 'true',
    ALGOLIA_INSIGHTS_HOST: `http://127.0.0.1:${stubPort}`,
  }));
  records = JSON.parse(readFileSync(recordsFile(join(root, OUT_DIR)), 'utf8')) as SearchRecord[];
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
  // A wait, not a measurement: the client first tries the dead host until its connect timeout,
  // which at a CI load of 11 outlasted the default 5 s (as the search page's first answer did,
  // design/ci-time.md).
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible({ timeout: 20_000 });

  expect(failed.some((u) => u.startsWith(deadHost))).toBe(true);
  const call = calls.find((c) => c.body.requests?.[0]?.query === 'access token');
  expect(call?.path).toBe('/1/indexes/*/queries');
  expect(call?.query.get('x-algolia-application-id')).toBe('STUBAPP');
  expect(call?.query.get('x-algolia-api-key')).toBe('stub-search-key');
  expect(JSON.stringify(call?.body.requests?.[0]?.facetFilters)).toContain('section:connect');

  await page.locator('.DocSearch-Hit a').first().click();
  await expect(page).toHaveURL(/\/connect/);
});

test('the search page uses the same client', async ({ page }) => {
  await gotoHydrated(page, `${siteUrl}/search?q=sandbox`);
  await expect(page.locator('main article').first()).toBeVisible();
  expect(calls.some((c) => c.body.requests?.some((r) => r.query === 'sandbox'))).toBe(true);
});

test('a host that failed is skipped by later queries for 2 minutes, then tried again (spec §4, §9)', async ({
  page,
}) => {
  // setSystemTime below moves page time past the 2 minutes without waiting or firing timers.
  await page.clock.install();
  const deadTries: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(deadHost)) deadTries.push(r.url());
  });
  const search = async (query: string) => {
    const start = calls.length;
    await page.locator('.DocSearch-Input').fill(query);
    await expect
      .poll(() => calls.slice(start).some((c) => c.body.requests?.[0]?.query === query))
      .toBe(true);
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  };
  await gotoHydrated(page, `${siteUrl}/connect`);
  await page.keyboard.press('Control+k');

  await search('access token');
  expect(deadTries).toHaveLength(1);

  await search('sandbox');
  await search('webhook');
  expect(deadTries).toHaveLength(1);

  await page.clock.setSystemTime(Date.now() + 121_000);
  await search('order');
  expect(deadTries).toHaveLength(2);
});

test('insights: view events for the hits shown, one click event with queryID and position per hit chosen (spec §7)', async ({
  page,
}) => {
  const before = calls.length;
  const events = (type: string) =>
    calls
      .slice(before)
      .filter((c) => c.path === '/1/events')
      .flatMap((c) => c.body.events ?? [])
      .filter((e) => e.eventType === type);
  const open = async (query: string) => {
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill(query);
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    const request = calls.slice(before).find((c) => c.body.requests?.[0]?.query === query)?.body
      .requests?.[0];
    expect(request?.clickAnalytics).toBe(true);
    return answer(request!).hits.map((h) => h.objectID);
  };
  await gotoHydrated(page, `${siteUrl}/connect`);

  const query = 'inventory file';
  const shown = await open(query);
  // One batch (at most 20 object IDs) for the hits on screen, 400 ms after they settle.
  await expect
    .poll(() =>
      events('view')
        .flatMap((e) => e.objectIDs)
        .sort(),
    )
    .toEqual([...shown].sort());
  for (const view of events('view')) {
    expect(view).toMatchObject({ eventName: 'Items Viewed', index: 'aisle-docs' });
    expect(view.objectIDs.length).toBeLessThanOrEqual(20);
  }
  const call = calls.slice(before).find((c) => c.path === '/1/events');
  expect(call?.query.get('X-Algolia-Application-Id')).toBe('STUBAPP');

  // The first hit, with the mouse (DocSearch 4.7 alone sends nothing for it).
  await page.locator('.DocSearch-Hit a').first().click();
  await expect(page).toHaveURL(/\/connect/);
  await expect.poll(() => events('click').length).toBe(1);
  expect(events('click')[0]).toMatchObject({
    eventName: 'Item Selected',
    index: 'aisle-docs',
    queryID: queryIdOf(query),
    positions: [1],
  });
  expect(shown).toContain(events('click')[0].objectIDs[0]);

  // The second hit, with the mouse: position 2, and one event, not two.
  const second = 'access token';
  await open(second);
  await page.locator('.DocSearch-Hit a').nth(1).click();
  await expect.poll(() => events('click').length).toBe(2);
  expect(events('click')[1]).toMatchObject({ queryID: queryIdOf(second), positions: [2] });

  // The first hit, with the keyboard (DocSearch's insights plugin sends this one).
  const third = 'sandbox';
  await open(third);
  await page.keyboard.press('Enter');
  await expect.poll(() => events('click').length).toBe(3);
  expect(events('click')[2]).toMatchObject({ queryID: queryIdOf(third), positions: [1] });
  // A duplicate of a mouse click is sent in the same handler, long before this third event.
  expect(events('click')).toHaveLength(3);
});

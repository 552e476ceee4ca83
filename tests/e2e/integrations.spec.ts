import { expect, test } from '@playwright/test';
import { HYDRATION_MS, gotoHydrated, recordProblems } from './helpers';
import { buildAndServe } from './variant';

// Integrations of spec §7 (off unless configured) and the error screens of spec §8.
// The default build is checked directly; a variant build with every integration and the
// test-only fixture pages is made into build-extras/ for the rest. Outside hosts are
// answered by page.route, so nothing leaves the machine.

test.describe.configure({ mode: 'serial' });

const EXTRAS = {
  E2E_FIXTURE_PAGES: '1',
  GTAG_TRACKING_ID: 'G-TEST1234',
  ERROR_REPORTING_SCRIPT_URL: 'https://errors.aisle.example/browser.js',
  ERROR_REPORTING_DSN: 'docs-site',
  CHAT_WIDGET_SCRIPT_URL: 'https://chat.aisle.example/widget.js',
  CHAT_WIDGET_BOT_CHECK_KEY: 'bck_test_42',
  ANNOUNCEMENT_CONTENT: 'Sandbox maintenance on Saturday, 06:00 to 08:00 UTC.',
  ANNOUNCEMENT_ID: 'sandbox-maintenance-2026-12',
};

let site = { url: '', stop: () => {} };

test.beforeAll(async () => {
  test.setTimeout(240_000);
  site = await buildAndServe('build-extras', EXTRAS);
});

test.afterAll(() => site.stop());

/** Answers every outside request with an empty script and records its URL. */
async function stubOutside(page: import('@playwright/test').Page, origin: string) {
  const outside: string[] = [];
  await page.route(
    (url) => !url.href.startsWith(origin) && !url.href.startsWith('data:'),
    (route) => {
      outside.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
    },
  );
  return outside;
}

test('the default build loads nothing from outside hosts and shows no feedback widget', async ({
  page,
  baseURL,
}) => {
  const outside = await stubOutside(page, baseURL!);
  await gotoHydrated(page, '/connect/fulfillment');
  await page.waitForLoadState('networkidle');
  expect(outside).toEqual([]);
  await expect(page.getByText('Was this page helpful?')).toHaveCount(0);
  expect(await page.locator('script[src^="http"]').count()).toBe(0);
});

test('configured: Google tag with IP anonymisation and page views on path, query and hash change', async ({
  page,
}) => {
  const outside = await stubOutside(page, site.url);
  await gotoHydrated(page, `${site.url}/connect`);
  expect(
    outside.some((u) => u.startsWith('https://www.googletagmanager.com/gtag/js?id=G-TEST1234')),
  ).toBe(true);
  const pageViews = () =>
    page.evaluate(
      () =>
        ((window as unknown as { dataLayer: IArguments[] }).dataLayer ?? [])
          .map((a) => Array.from(a))
          .filter((a) => a[0] === 'event' && a[1] === 'page_view').length,
    );
  const config = await page.evaluate(() =>
    ((window as unknown as { dataLayer: IArguments[] }).dataLayer ?? [])
      .map((a) => Array.from(a))
      .find((a) => a[0] === 'config'),
  );
  expect(config?.[2]).toMatchObject({ anonymize_ip: true });
  const start = await pageViews();
  await page.locator('.theme-doc-sidebar-menu').getByRole('link', { name: 'Sandbox' }).click();
  await expect.poll(pageViews).toBe(start + 1);
  await page.evaluate(() => window.history.pushState({}, '', '/connect/sandbox?tab=go'));
  await page.locator('.theme-doc-toc-desktop a').first().click();
  await expect.poll(pageViews).toBeGreaterThan(start + 1);
});

test('configured: the error-reporting and chat widget scripts carry their keys', async ({
  page,
}) => {
  const outside = await stubOutside(page, site.url);
  await gotoHydrated(page, `${site.url}/support`);
  await expect(
    page.locator('script[src="https://errors.aisle.example/browser.js"]'),
  ).toHaveAttribute('data-dsn', 'docs-site');
  await expect(page.locator('script[src="https://chat.aisle.example/widget.js"]')).toHaveAttribute(
    'data-bot-check-key',
    'bck_test_42',
  );
  expect(outside).toContain('https://chat.aisle.example/widget.js');
});

test('configured: page feedback sends yes/no, then a reason with free text', async ({ page }) => {
  await stubOutside(page, site.url);
  await gotoHydrated(page, `${site.url}/catalog`);
  const events = () =>
    page.evaluate(() =>
      ((window as unknown as { dataLayer: IArguments[] }).dataLayer ?? [])
        .map((a) => Array.from(a))
        .filter((a) => a[0] === 'event' && String(a[1]).startsWith('page_feedback')),
    );
  await page.getByRole('button', { name: 'No' }).click();
  expect(await events()).toEqual([
    ['event', 'page_feedback', { helpful: 'no', page_path: '/catalog' }],
  ]);
  await page.getByLabel('Information is missing').check();
  await page.getByLabel(/Anything else\?/).fill('Add a TSV example.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Thank you: your feedback was sent')).toBeVisible();
  expect((await events())[1]).toEqual([
    'event',
    'page_feedback_reason',
    {
      helpful: 'no',
      reason: 'Information is missing',
      comment: 'Add a TSV example.',
      page_path: '/catalog',
    },
  ]);
});

test('configured: a closed announcement shows again, from the first paint, once its id changes', async ({
  page,
}) => {
  await stubOutside(page, site.url);
  const bar = page.getByText('Sandbox maintenance on Saturday');
  // A reader who closed an earlier announcement.
  await page.goto(`${site.url}/catalog`);
  await page.evaluate(() => {
    localStorage.setItem('docusaurus.announcement.id', 'sandbox-maintenance-2026-11');
    localStorage.setItem('docusaurus.announcement.dismiss', 'true');
  });
  // Scripts held back: what shows is the server HTML and the inline scripts only.
  await page.route(/\.js$/, (route) => new Promise(() => void route));
  await page.reload({ waitUntil: 'commit' });
  await expect(bar).toBeVisible();
  await page.unroute(/\.js$/);
  await gotoHydrated(page, `${site.url}/catalog`);
  await expect(bar).toBeVisible();
  // Closing it keeps it closed for this id, before and after React starts.
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(bar).toBeHidden();
  await page.reload();
  await expect(bar).toBeHidden();
  await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1, {
    timeout: HYDRATION_MS,
  });
  await expect(bar).toBeHidden();
});

test('a link that changes only the query string does not scroll; one to another page does', async ({
  page,
}) => {
  await gotoHydrated(page, `${site.url}/__e2e__/query-link`);
  const link = page.getByRole('link', { name: 'Store 4012' });
  await link.scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(1000);
  await link.click();
  await expect(page.locator('output')).toHaveText('?store=4012');
  await expect(page).toHaveURL(/\/__e2e__\/query-link\?store=4012$/);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.scrollY)).toBe(before);
  await page.locator('main').getByRole('link', { name: 'Catalog', exact: true }).click();
  await expect(page).toHaveURL(/\/catalog$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('a page that crashes shows "This page crashed." with the error and a working "Try again"', async ({
  page,
}) => {
  await stubOutside(page, site.url);
  const problems = recordProblems(page);
  await page.goto(`${site.url}/__e2e__/crash`);
  await expect(page.getByText('This page crashed.')).toBeVisible();
  await expect(
    page.getByText('Fixture crash: the order summary could not be rendered'),
  ).toBeVisible();
  const retry = page.getByRole('button', { name: 'Try again' });
  await expect(retry).toBeVisible();
  await retry.click();
  await expect(page.getByText('This page crashed.')).toBeVisible();
  expect(problems.consoleErrors.join('\n')).toContain('Fixture crash');
});

test('a route whose code cannot be loaded reloads the page (spec §8 route preload failure)', async ({
  page,
}) => {
  await stubOutside(page, site.url);
  // Data saver stops link prefetching, so the next route's code is not already in the cache.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', {
      value: { effectiveType: '4g', saveData: true },
    });
  });
  await gotoHydrated(page, `${site.url}/connect`);
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  // The code stays refused until the page itself is requested again (the reload), which comes
  // before any of the reloaded page's scripts. Unblocking as soon as click() returned raced the
  // route's own requests, which can reach the handler after it returns: they were let through,
  // nothing failed, and the test waited for a reload that never came.
  let blocked = true;
  await page.route('**/assets/js/*.js', (route) => (blocked ? route.abort() : route.continue()));
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) blocked = false;
  });
  const reloaded = page.waitForEvent('load');
  await page
    .locator('.theme-doc-sidebar-menu')
    .getByRole('link', { name: 'Transactions', exact: true })
    .click();
  await reloaded;
  await expect(page).toHaveURL(/\/connect\/transactions$/);
  await expect(page.locator('h1')).toHaveText('Transactions API');
  // Docusaurus warns with the chunk error before it reloads (spec §8, route preload failure).
  expect(warnings.some((w) => /Loading (CSS )?chunk .+ failed|ChunkLoadError/i.test(w))).toBe(true);
});

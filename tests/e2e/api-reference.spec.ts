import { expect, test } from '@playwright/test';
import { gotoHydrated, recordProblems } from './helpers';

// The generated API reference in a browser: a sample of operation and webhook pages, the
// language tabs shared across pages, pages without a sidebar, category indexes and the
// downloadable definitions. tests/build/openapi-pages.test.ts checks every page's static HTML.

const samples = [
  {
    path: '/connect/fulfillment/api/create_delivery_order',
    method: 'POST',
    route: '/v2/fulfillment/users/{user_id}/orders/delivery',
    fields: ['service_option_hold_id', 'items[].replacement_policy'],
  },
  {
    path: '/connect/post-checkout/api/decide_item_replacement',
    method: 'PUT',
    route: '/v2/post_checkout/orders/{order_id}/items/{order_item_id}/replacement',
    fields: ['decision'],
  },
  {
    path: '/connect/transactions/api/send_pos_transaction',
    method: 'POST',
    route: '/v2/transactions/pos',
    fields: ['transaction_type', 'store_location'],
  },
];

for (const sample of samples) {
  test(`static HTML of ${sample.path} holds the endpoint, fields and samples`, async ({
    request,
  }) => {
    // What view-source shows: the server's HTML, before any script runs.
    const response = await request.get(sample.path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`>${sample.method}</span>`);
    expect(html).toContain(sample.route);
    for (const field of sample.fields) expect(html).toContain(`<code>${field}</code>`);
    // Code is split into highlighted tokens: compare its text.
    const text = html.replace(/<[^>]+>/g, '');
    expect(text).toContain(`curl --request ${sample.method}`);
    expect(text).toContain('import requests');
  });
}

test('an API page renders its sections and lists them in the table of contents', async ({
  page,
}) => {
  const problems = recordProblems(page);
  await gotoHydrated(page, samples[0].path);
  await expect(page.locator('h1')).toHaveText('Create a delivery order');
  const toc = page.locator('.table-of-contents').first();
  for (const section of ['Endpoint', 'Authorization', 'Request', 'Responses', 'Errors', 'Related'])
    await expect(toc.getByRole('link', { name: section, exact: true })).toHaveCount(1);
  await expect(
    page.locator('.theme-doc-sidebar-menu .menu__link--active', {
      hasText: 'Create a delivery order',
    }),
  ).toBeVisible();
  expect(problems).toEqual({ consoleErrors: [], failedRequests: [] });
});

test('the chosen sample language follows the reader from page to page', async ({ page }) => {
  await gotoHydrated(page, samples[0].path);
  await page.getByRole('tab', { name: 'Python' }).first().click();
  await expect(page.getByRole('tabpanel').first()).toContainText('import requests');
  await gotoHydrated(page, samples[2].path);
  await expect(page.getByRole('tab', { name: 'Python' }).first()).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('tabpanel').first()).toContainText('requests.post(');
});

test('last-mile get_order, stage_order and update_order pages exist without a sidebar', async ({
  page,
}) => {
  for (const slug of ['get_order', 'stage_order', 'update_order']) {
    await gotoHydrated(page, `/connect/fulfillment/api/lastmile/${slug}`);
    await expect(page.locator('h1')).toBeVisible();
    await expect(page.locator('.theme-doc-sidebar-container')).toHaveCount(0);
  }
  // …and no sidebar links to them.
  await gotoHydrated(page, '/connect/fulfillment/api/create_last_mile_order');
  await expect(page.locator('.theme-doc-sidebar-menu a[href*="/lastmile/"]')).toHaveCount(0);
});

test('webhook pages give the event, the workflows and the body', async ({ page }) => {
  await gotoHydrated(page, '/connect/fulfillment/api/callbacks/delivered');
  await expect(page.locator('article')).toContainText('Event type: delivered');
  await expect(page.locator('article')).toContainText('Responses from your endpoint');
  await expect(page.locator('article code', { hasText: /^event_id$/ }).first()).toBeVisible();
});

for (const group of ['fulfillment', 'post_checkout', 'recommendations', 'sandbox', 'transaction']) {
  test(`/category/api/${group} and /category/guide/${group} index their pages`, async ({
    page,
  }) => {
    for (const kind of ['api', 'guide']) {
      await gotoHydrated(page, `/category/${kind}/${group}`);
      // One card per tag group (API) or guide section; Transactions has a single tag.
      expect(await page.locator('article a.card').count()).toBeGreaterThan(0);
    }
  });
}

test('guide cards show their page descriptions (from plugins/lean-docs-metadata)', async ({
  page,
}) => {
  await gotoHydrated(page, '/category/guide/fulfillment');
  const card = page.locator('article a.card', { hasText: 'Get started' }).first();
  await expect(card).toContainText('sandbox credentials');
});

for (const api of ['fulfillment', 'post-checkout', 'recommendations', 'sandbox', 'transactions']) {
  test(`/openapi/${api}.yaml downloads from the ${api} overview`, async ({ page, request }) => {
    await gotoHydrated(page, `/connect/${api}`);
    const link = page.locator(`article a[href="/openapi/${api}.yaml"]`).first();
    await expect(link).toBeVisible();
    const response = await request.get(`/openapi/${api}.yaml`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/yaml/);
    expect(await response.text()).toMatch(/^openapi: 3\.1\.\d$/m);
  });
}

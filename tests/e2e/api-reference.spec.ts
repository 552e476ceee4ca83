import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated, recordProblems } from './helpers';

// The generated API reference in a browser: a sample of operation and webhook pages, the
// language tabs shared across pages, pages without a sidebar, category indexes and the
// downloadable definitions. tests/build/openapi-pages.test.ts checks every page's static HTML.

const samples = [
  {
    path: '/connect/fulfillment/api/create_delivery_order',
    method: 'POST',
    route: '/v2/fulfillment/users/{user_id}/orders/delivery',
    fields: ['service_option_hold_id', 'replacement_policy'],
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
  test(`static HTML of ${sample.path} holds the endpoint, fields and the selected sample`, async ({
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
    // The samples' Tabs are lazy: the HTML holds the selected language, the Markdown twin all.
    expect(text).not.toContain('import requests');
    const twin = await request.get(`${sample.path}.md`);
    expect(twin.status()).toBe(200);
    expect(await twin.text()).toContain('import requests');
  });
}

/** Field names drawn on more than one line box (broken inside the name), visible ones only. */
async function brokenFieldNames(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.api-field__name code')]
      .filter((el) => el.getClientRects().length > 1)
      .map((el) => el.textContent ?? ''),
  );
}

/** Opens every collapsed part with the page's own control, so that hidden rows are measured. */
async function expandAll(page: Page) {
  await page.getByRole('button', { name: 'Expand all' }).click();
  await expect(page.locator('details.api-details:not([open])')).toHaveCount(0);
}

const delivery = samples[0].path;
const webhook = '/connect/fulfillment/api/callbacks/delivered';

test('an API page has its sections, the samples beside the fields, in view while scrolling', async ({
  page,
}) => {
  const problems = recordProblems(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await gotoHydrated(page, delivery);
  await expect(page.locator('h1')).toHaveText('Create a delivery order');
  for (const section of ['endpoint', 'authorization', 'request', 'responses', 'related'])
    await expect(page.locator(`article h2#${section}`)).toHaveCount(1);
  await expect(
    page.locator('.theme-doc-sidebar-menu .menu__link--active', {
      hasText: 'Create a delivery order',
    }),
  ).toBeVisible();
  // The table of contents gives way to the samples pane.
  await expect(page.locator('.table-of-contents')).toHaveCount(0);
  const pane = page.getByRole('complementary', { name: 'Samples' });
  const fields = page.locator('.api-page__main');
  const [paneBox, fieldsBox] = [await pane.boundingBox(), await fields.boundingBox()];
  expect(paneBox!.x).toBeGreaterThan(fieldsBox!.x + fieldsBox!.width - 1);
  // Scrolled to the responses, the request sample is still on screen.
  await page.locator('article h2#responses').scrollIntoViewIfNeeded();
  await expect(pane.getByRole('tab', { name: 'cURL' })).toBeInViewport();
  await expect(pane.getByRole('tab', { name: '201' })).toBeInViewport();
  expect(await brokenFieldNames(page)).toEqual([]);
  await expandAll(page);
  expect(await brokenFieldNames(page)).toEqual([]);
  expect(problems.consoleErrors).toEqual([]);
  expect(problems.failedRequests).toEqual([]);
});

for (const path of [delivery, webhook, '/connect/fulfillment/api/schemas']) {
  test(`${path}: nested fields expand in place, one by one or all at once`, async ({ page }) => {
    await gotoHydrated(page, path);
    const children = page.locator('details.api-field__children').first();
    await expect(children).not.toHaveAttribute('open');
    const firstChild = children.locator('.api-field').first();
    await expect(firstChild).toBeHidden();
    await children.locator('> summary').click();
    await expect(firstChild).toBeVisible();
    await children.locator('> summary').click();
    await expect(firstChild).toBeHidden();
    await expandAll(page);
    await expect(firstChild).toBeVisible();
    await page.getByRole('button', { name: 'Collapse all' }).click();
    await expect(page.locator('details.api-details[open]')).toHaveCount(0);
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('fields and responses are in the page and open natively', async ({ page }) => {
    await page.goto(delivery);
    // Nothing hydrates: no "Expand all" (it needs scripts), the <details> still work.
    await expect(page.getByRole('button', { name: 'Expand all' })).toHaveCount(0);
    const items = page.locator('.api-field', {
      has: page.locator('.api-field__name', { hasText: /^items$/ }),
    });
    const itemFields = items.locator('details.api-field__children').first();
    await itemFields.locator('> summary').click();
    await expect(itemFields.locator('.api-field__name', { hasText: /^line_num$/ })).toBeVisible();
    const notFound = page.locator('details.api-response', { hasText: 'Not Found' });
    await expect(notFound).not.toHaveAttribute('open');
    await notFound.locator('> summary').click();
    await expect(notFound).toHaveAttribute('open');
  });
});

test('a one-of offers its alternatives, and the response sample follows the chosen status', async ({
  page,
}) => {
  await gotoHydrated(page, delivery);
  await expandAll(page);
  const choice = page.locator('.api-alternatives').first();
  await expect(choice).toContainText('Exactly one of these');
  await choice.getByRole('tab', { name: 'weight + weight_unit' }).click();
  await expect(choice.getByRole('tabpanel')).toContainText('Send weight, weight_unit.');
  const pane = page.getByRole('complementary', { name: 'Samples' });
  // The Tabs' className goes to its tab list; the panels are in the list's container.
  const responses = pane.locator('.tabs-container', {
    has: page.locator('.api-samples__responses'),
  });
  await expect(responses.getByRole('tabpanel')).toContainText('"status": "brand_new"');
  await responses.getByRole('tab', { name: '409' }).click();
  await expect(responses.getByRole('tabpanel')).toContainText('"code": 3003');
});

for (const path of [delivery, webhook]) {
  test(`${path} on a 390 px phone: one column, samples after the endpoint, no sideways scroll`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, path);
    await expandAll(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    const head = await page.locator('.api-page__head').boundingBox();
    const pane = await page.getByRole('complementary', { name: 'Samples' }).boundingBox();
    const fields = await page.locator('.api-page__main').boundingBox();
    expect(pane!.y).toBeGreaterThanOrEqual(head!.y + head!.height - 1);
    expect(fields!.y).toBeGreaterThanOrEqual(pane!.y + pane!.height - 1);
    expect(await brokenFieldNames(page)).toEqual([]);
    // A row stacks: the description starts below the name line, at the row's left edge.
    const row = page
      .locator('.api-field', { has: page.locator('.api-field__description') })
      .first();
    const name = await row.locator('.api-field__name').boundingBox();
    const description = await row.locator('.api-field__description').boundingBox();
    expect(description!.y).toBeGreaterThan(name!.y + name!.height - 1);
    expect(Math.abs(description!.x - name!.x)).toBeLessThan(2);
  });
}

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

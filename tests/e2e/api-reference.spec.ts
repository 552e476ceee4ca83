import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated, recordProblems } from './helpers';

// The generated API reference in a browser: a sample of operation and webhook pages, the
// language tabs shared across pages, pages without a sidebar, category indexes and the
// downloadable definitions. tests/build/openapi-pages.test.ts checks every page's static HTML.

/** Operation pages the tests below open: two APIs, two request bodies. */
const samples = [
  '/connect/fulfillment/api/create_delivery_order',
  '/connect/transactions/api/send_pos_transaction',
];

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

const delivery = samples[0];
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
  await gotoHydrated(page, samples[0]);
  await page.getByRole('tab', { name: 'Python' }).first().click();
  await expect(page.getByRole('tabpanel').first()).toContainText('import requests');
  await gotoHydrated(page, samples[1]);
  await expect(page.getByRole('tab', { name: 'Python' }).first()).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('tabpanel').first()).toContainText('requests.request(');
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
      // One card per item of the category in the sidebar, in its order: a tag group or the
      // schemas page (API), a guide section (guide). A section without a page of its own is
      // `#` in the sidebar and its card opens its first page.
      const items = await page
        .locator('.theme-doc-sidebar-menu a[aria-current="page"]')
        .evaluate((link) =>
          [
            ...link
              .closest('li')!
              .querySelectorAll(':scope > ul > li > div > a, :scope > ul > li > a'),
          ].map((a) => a.getAttribute('href')),
        );
      const cards = await page
        .locator('article a.card')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(items.length).toBeGreaterThan(0);
      expect(cards).toHaveLength(items.length);
      items.forEach((href, i) => {
        if (href !== '#') expect(cards[i]).toBe(href);
      });
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

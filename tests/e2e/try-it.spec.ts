import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated, recordProblems, seriousViolations } from './helpers';

// The Try it panel of the API pages (plugins/sandbox-twin/theme/TryIt): the button in the
// static HTML, the panel chunk loaded only on demand, the delivery flow through the panels of
// several operation pages against the sandbox twin (msw's service worker), the in-page
// fallback, a malformed body, keyboard, phones and axe in both colour modes.

const CREATE_USER = '/connect/fulfillment/api/create_user';
const LIST_SLOTS = '/connect/fulfillment/api/list_delivery_service_options';
const RESERVE = '/connect/fulfillment/api/reserve_service_option';
const CREATE_ORDER = '/connect/fulfillment/api/create_delivery_order';
const CREATE_BATCH = '/connect/sandbox/api/create_batch';
const ORDER_STATUS = '/connect/sandbox/api/update_order_status';
/** An order id of our own, so the flow never meets the example world's order. */
const ORDER_ID = 'ord-20261126-0042';

/** Chunk of the panel (webpackChunkName in TryIt/index.tsx) and msw's worker script. */
const PANEL_CHUNK = /\/assets\/js\/try-it-panel[.~-]/;

function panel(page: Page) {
  return page.locator('.try-it__panel');
}

/** Opens the panel of the page at `path` and waits until its Send button is there. */
async function openPanel(page: Page, path: string) {
  await gotoHydrated(page, path);
  await page.getByRole('button', { name: 'Try it' }).click();
  await expect(panel(page).getByRole('button', { name: 'Send' })).toBeVisible();
}

/** The body editor's JSON, changed by `edit`. */
async function editBody(page: Page, edit: (body: Record<string, unknown>) => void) {
  const editor = panel(page).getByLabel(/^Body \(JSON/);
  const body = JSON.parse(await editor.inputValue()) as Record<string, unknown>;
  edit(body);
  await editor.fill(JSON.stringify(body, null, 2));
}

/** Sends, waits for the answer and returns its status, body and the time the panel shows. */
async function send(page: Page) {
  const answer = panel(page).locator('.try-it__answer');
  await panel(page).getByRole('button', { name: 'Send' }).click();
  await expect(answer).toBeVisible();
  await expect(panel(page).getByRole('button', { name: 'Send' })).toBeEnabled();
  const status = Number(await answer.locator('.api-status').textContent());
  const text = (await answer.locator('pre').first().textContent()) ?? '';
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON: the test that reads it says so
  }
  return { status, json, text, ms: Number(await answer.getAttribute('data-ms')) };
}

async function getToken(page: Page) {
  await panel(page).getByRole('button', { name: 'Get a sandbox token' }).click();
  await expect(panel(page).getByRole('status')).toContainText('Sandbox token received');
  await expect(panel(page).getByLabel(/^Authorization/)).toHaveValue(/^Bearer \S+/);
}

test('static HTML has the Try it button and no panel; unopened, no panel chunk is fetched', async ({
  page,
  request,
}) => {
  const html = await (await request.get(CREATE_ORDER)).text();
  expect(html).toContain('try-it__toggle');
  expect(html).not.toContain('try-it__panel');
  const scripts: string[] = [];
  page.on('request', (r) => scripts.push(r.url()));
  await gotoHydrated(page, CREATE_ORDER);
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((u) => PANEL_CHUNK.test(u) || u.includes('mockServiceWorker'))).toEqual([]);
  // Opening it fetches the chunk.
  await page.getByRole('button', { name: 'Try it' }).click();
  await expect(panel(page)).toBeVisible();
  expect(scripts.filter((u) => PANEL_CHUNK.test(u)).length).toBeGreaterThan(0);
});

test('the delivery flow through the panels, with its callbacks in the inspector', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const problems = recordProblems(page);
  // A documented error answer (409 1017 below) is what the panel shows, not a fault of the page;
  // Chromium logs every 4xx a fetch gets, so those lines are left out, by their URL.
  const expectedAnswers: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /^https:\/\/[^/]*\.aisle\.example\//.test(m.location().url))
      expectedAnswers.push(m.text());
  });
  await openPanel(page, CREATE_USER);
  await expect(panel(page).locator('.try-it__mode')).toContainText('answered in your browser');
  await panel(page).getByRole('button', { name: 'Reset sandbox' }).click();
  await expect(panel(page).getByRole('status')).toContainText('Sandbox reset');
  await getToken(page);
  const user = await send(page);
  // 409 code 1017 is the documented "already created".
  expect([201, 409], user.text).toContain(user.status);
  const userId = String((user.json.user_id as string | undefined) ?? 'cust-8812');

  await openPanel(page, LIST_SLOTS);
  // The token survives navigation (sessionStorage).
  await expect(panel(page).getByLabel(/^Authorization/)).toHaveValue(/^Bearer \S+/);
  const slots = await send(page);
  expect(slots.status, slots.text).toBe(200);
  const options = slots.json.service_options as { id: string }[];
  expect(options.length).toBeGreaterThan(0);
  // The 150 ms budget is a measure, not an assertion: a timed test fails with the machine's
  // load (design/try-it.md has the figures). The time is recorded with the test's result.
  test
    .info()
    .annotations.push({ type: 'first answer after Send, ms', description: String(slots.ms) });

  await openPanel(page, RESERVE);
  await panel(page)
    .getByLabel(/^service_option_id/)
    .fill(options[0].id);
  await panel(page)
    .getByLabel(/^user_id/)
    .fill(userId);
  const hold = await send(page);
  expect(hold.status, hold.text).toBe(201);
  const holdId = String(hold.json.id);
  expect(holdId).toMatch(/^hold_/);

  await openPanel(page, CREATE_ORDER);
  await panel(page)
    .getByLabel(/^user_id/)
    .fill(userId);
  await editBody(page, (body) => {
    body.order_id = ORDER_ID;
    body.service_option_hold_id = holdId;
  });
  const order = await send(page);
  expect(order.status, order.text).toBe(201);

  await openPanel(page, CREATE_BATCH);
  await getToken(page);
  await editBody(page, (body) => {
    body.order_ids = [ORDER_ID];
  });
  const batch = await send(page);
  expect(batch.status, batch.text).toBe(201);

  await openPanel(page, ORDER_STATUS);
  await panel(page)
    .getByLabel(/^order_id/)
    .fill(ORDER_ID);
  const moved = await send(page);
  expect(moved.status, moved.text).toBe(200);
  expect(moved.json.status).toBe('picking');

  const callbacks = panel(page).locator('.try-it__callback');
  const types = await callbacks.locator('summary code').allTextContents();
  expect(types[0], 'newest first').toBe('picking');
  expect(types).toEqual(expect.arrayContaining(['picking', 'acknowledged']));
  const newest = callbacks.first();
  await newest.locator('summary').click();
  await expect(newest).toContainText(ORDER_ID);
  await expect(newest.locator('.try-it__signature')).toHaveText(/^t=\d+,v1=[0-9a-f]{64}$/);
  expect(problems.consoleErrors.filter((e) => !expectedAnswers.includes(e))).toEqual([]);
});

test("the payment connector's pages send their example to the reference connector, with its test token", async ({
  page,
}) => {
  // The Storefront's payment connector is implemented by payment providers; the sandbox answers
  // its operations as a reference connector, from the definition's examples.
  await openPanel(page, '/storefront/integrate/payment_connector/api/capture_authorization');
  await expect(panel(page).getByLabel(/^Authorization/)).toHaveValue(/^Bearer conn_test_/);
  const captured = await send(page);
  expect(captured.status, captured.text).toBe(201);
  expect(captured.json).toMatchObject({ capture_id: 'cap_71a9e4b5', amount_cents: 4871 });
  // The same Idempotency-Key (prefilled from the example) with another body: 409 1008, as the
  // contract says a connector answers.
  await editBody(page, (body) => {
    body.amount_cents = 4900;
  });
  const reused = await send(page);
  expect(reused.status, reused.text).toBe(409);
  expect(reused.text).toContain('1008');
});

test('a malformed JSON body gets the documented 400 with code 1004, and the page stays live', async ({
  page,
}) => {
  await openPanel(page, CREATE_USER);
  await getToken(page);
  await panel(page)
    .getByLabel(/^Body \(JSON/)
    .fill('{"user_id": "cust-8812",');
  await expect(panel(page).locator('.try-it__warning')).toContainText('not valid JSON');
  const answer = await send(page);
  expect(answer.status).toBe(400);
  expect(JSON.stringify(answer.json)).toContain('1004');
  // Still responsive: the editor takes input at once.
  await panel(page)
    .getByLabel(/^Body \(JSON/)
    .fill('{}');
  await expect(panel(page).locator('.try-it__warning')).toHaveCount(0);
});

test('without a service worker, requests are answered in the page, and it says so', async ({
  page,
}) => {
  await page.addInitScript(() => {
    Reflect.deleteProperty(Navigator.prototype, 'serviceWorker');
  });
  const workerRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('mockServiceWorker')) workerRequests.push(r.url());
  });
  await openPanel(page, CREATE_USER);
  await expect(panel(page).locator('.try-it__mode')).toHaveText(
    'This browser cannot run the service worker, so sandbox requests are answered in the page.',
  );
  await getToken(page);
  const answer = await send(page);
  expect([201, 409], answer.text).toContain(answer.status);
  expect(workerRequests).toEqual([]);
});

test('keyboard: open, fill, send and read the answer without a pointer', async ({ page }) => {
  await gotoHydrated(page, CREATE_USER);
  const toggle = page.getByRole('button', { name: 'Try it' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const getTokenButton = panel(page).getByRole('button', { name: 'Get a sandbox token' });
  await expect(getTokenButton).toBeVisible();
  // Tab order reaches the token button, then Send, each pressed with the keyboard.
  for (
    let i = 0;
    i < 40 && !(await getTokenButton.evaluate((el) => el === document.activeElement));
    i++
  )
    await page.keyboard.press('Tab');
  await expect(getTokenButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel(page).getByLabel(/^Authorization/)).toHaveValue(/^Bearer \S+/);
  const sendButton = panel(page).getByRole('button', { name: 'Send' });
  for (
    let i = 0;
    i < 60 && !(await sendButton.evaluate((el) => el === document.activeElement));
    i++
  )
    await page.keyboard.press('Tab');
  await expect(sendButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel(page).locator('.try-it__answer .api-status')).toBeVisible();
});

test('at 390 px the opened panel fits the phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openPanel(page, CREATE_ORDER);
  await getToken(page);
  await send(page);
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    panel: document.querySelector('.try-it__panel')?.getBoundingClientRect().right ?? 0,
  }));
  expect(widths.page).toBeLessThanOrEqual(390);
  expect(widths.panel).toBeLessThanOrEqual(390);
  await expect(panel(page).getByRole('button', { name: 'Send' })).toBeInViewport({ ratio: 1 });
});

for (const mode of ['light', 'dark'] as const) {
  test(`axe finds nothing on the opened panel with an answer, ${mode}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: mode });
    await openPanel(page, CREATE_USER);
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    await getToken(page);
    await send(page);
    await panel(page).locator('.try-it__headers summary').click();
    expect(await seriousViolations(page, '.try-it')).toEqual([]);
  });
}

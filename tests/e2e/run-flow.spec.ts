import { expect, test } from '@playwright/test';
import { gotoHydrated, recordProblems, seriousViolations } from './helpers';

// The "Run the whole flow" page (plugins/sandbox-twin/theme/RunFlow): the guide's text beside a
// Run button per step; the steps run in the page's sandbox twin in order, each reading what the
// earlier ones returned, from the token to the callbacks; the runner's chunk loads on the first
// Run only; Reset sandbox starts again.

const FLOW = '/connect/fulfillment_guide/tutorials/run_the_whole_flow';
const RUNNER_CHUNK = /\/assets\/js\/try-it-panel[.~-]/;
/** Each step's documented success, in page order. */
const EXPECTED = [200, 201, 200, 201, 201, 200, 200, 200, 200];

test('runs the delivery flow step by step, each step using what the earlier ones returned', async ({
  page,
}) => {
  const problems = recordProblems(page);
  const chunks: string[] = [];
  page.on('request', (r) => {
    if (RUNNER_CHUNK.test(r.url())) chunks.push(r.url());
  });
  await gotoHydrated(page, FLOW);
  const steps = page.locator('.run-flow__step');
  await expect(steps).toHaveCount(EXPECTED.length);
  // Nothing of the runner or the twin before the first Run; later steps wait for earlier ones.
  expect(chunks).toEqual([]);
  await expect(page.getByRole('button', { name: 'Run step 2' })).toBeDisabled();
  const answers: { status: number; body: string }[] = [];
  for (const [i, expected] of EXPECTED.entries()) {
    const step = steps.nth(i);
    await step.getByRole('button', { name: `Run step ${i + 1}` }).click();
    const status = step.locator('.run-flow__status');
    await expect(status).toBeVisible();
    await expect(step.getByRole('button', { name: `Run step ${i + 1}` })).toBeEnabled();
    const body = (await step.locator('.run-flow__code').last().textContent()) ?? '';
    answers.push({ status: Number(await status.getAttribute('data-status')), body });
    expect([i + 1, answers[i].status, body.slice(0, 300)]).toEqual([
      i + 1,
      expected,
      body.slice(0, 300),
    ]);
  }
  expect(chunks.length).toBeGreaterThan(0);
  // The ids flow along: the order names the hold reserved, the callbacks name the order.
  const user = JSON.parse(answers[1].body) as { user_id: string };
  const hold = JSON.parse(answers[3].body) as { id: string };
  const order = JSON.parse(answers[4].body) as { order_id: string; user_id: string };
  expect(order.user_id).toBe(user.user_id);
  const orderRequest = (await steps.nth(4).locator('.run-flow__code').first().textContent()) ?? '';
  expect(orderRequest).toContain(hold.id);
  const callbacks = JSON.parse(answers[8].body) as {
    callbacks?: { event_type: string; order_id: string | null }[];
  };
  const events = (callbacks.callbacks ?? []).map((c) => c.event_type);
  expect(events).toEqual(expect.arrayContaining(['brand_new', 'acknowledged', 'picking']));
  expect((callbacks.callbacks ?? []).every((c) => c.order_id === order.order_id)).toBe(true);

  // Reset sandbox: the token is gone with the rest, so the flow starts again from step 1.
  await page.getByRole('button', { name: 'Reset sandbox' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'back to its example data' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run step 2' })).toBeDisabled();
  expect(problems.consoleErrors).toEqual([]);
  expect(problems.failedRequests).toEqual([]);
  problems.stop();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds nothing on the flow page with a step run, ${scheme}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await gotoHydrated(page, FLOW);
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await page.getByRole('button', { name: 'Run step 1' }).click();
    await expect(page.locator('.run-flow__status')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

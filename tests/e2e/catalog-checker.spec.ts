import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { gotoHydrated, recordProblems, seriousViolations } from './helpers';

// The inventory file checker in a browser: a real file from tests/fixtures/catalog is picked
// with the file input, checked by the Web Worker, and the report is read from the page.

const page_ = '/catalog/catalog_inventory_file/file_requirements';
const fixture = (name: string) => join(__dirname, '..', 'fixtures', 'catalog', name);

test('a file with problems gets a report with line numbers, and nothing is uploaded', async ({
  page,
}) => {
  const problems = recordProblems(page);
  const requests: string[] = [];
  await gotoHydrated(page, page_);
  page.on('request', (r) => {
    if (r.method() !== 'GET') requests.push(`${r.method()} ${r.url()}`);
  });
  await page.setInputFiles('#catalog-file-input', fixture('0142-test_full_2026-02-30.csv'));
  const report = page.locator('section[aria-labelledby="catalog-check-report"]');
  await expect(report.locator('h3')).toContainText('To fix before sending');
  await expect(report).toContainText('2026-02-30 is not a calendar date');
  await expect(report).toContainText('colour');
  const row = report.locator('tbody tr', { hasText: 'is required' }).first();
  await expect(row.locator('td').first()).toHaveText('3');
  await expect(row).toContainText('lookup_code');
  expect(requests).toEqual([]);
  expect(problems).toEqual({ consoleErrors: [], failedRequests: [] });
  expect(await seriousViolations(page)).toEqual([]);
});

test('a valid file is ready to send; a binary file gets a clear message', async ({ page }) => {
  await gotoHydrated(page, page_);
  await page.setInputFiles('#catalog-file-input', fixture('0142_full_2026-03-01.csv'));
  const heading = page.locator('#catalog-check-report');
  await expect(heading).toContainText('Ready to send');
  await page.setInputFiles('#catalog-file-input', fixture('0142_full_2026-03-04.csv'));
  await expect(heading).toContainText('To fix before sending');
  await expect(page.locator('section[aria-labelledby="catalog-check-report"]')).toContainText(
    'This is not a text file',
  );
});

test('specification pages show their column table in the static HTML', async ({ request }) => {
  const html = await (await request.get('/catalog/catalog_inventory_file/pricing')).text();
  expect(html).toMatch(/data-catalog-topic="?pricing"?/);
  expect(html).toContain('<code>price</code>');
});

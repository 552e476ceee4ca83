import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { HEADER, ROW, UNCLOSED_QUOTE } from '../fixtures/catalog/samples';
import { gotoHydrated, recordProblems, seriousViolations } from './helpers';

// The inventory file checker in a browser: a real file from tests/fixtures/catalog (or one
// written by the test) is picked with the file input, its button or dropped on the drop zone,
// checked by the Web Worker, and the report is read from the page.

const page_ = '/catalog/catalog_inventory_file/file_requirements';
const fixture = (name: string) => join(__dirname, '..', 'fixtures', 'catalog', name);

/** Several problems at once: a root cause, value errors, an unknown column, a formula. */
const MIXED = [
  `${HEADER},colour`,
  '0001234567891,Milk,4.99,each,yes,0142,white',
  '4011,=HYPERLINK("https://www.publisher.example"),0.69,lb,true,0142,yellow',
  ',Bread,abc,box,true,0142,brown',
  '4011,"Bananas,0.69,lb,true,0142,yellow',
  '4131,Fuji apples,1.29,lb,true,0142,red',
  '4131,Fuji apples,1.29,lb,true,0142,red',
].join('\n');

const reportSection = (page: Page) =>
  page.locator('section[aria-labelledby="catalog-check-report"]');

/**
 * Starts recording main-thread long tasks (the Long Tasks API reports those over 50 ms), once
 * the page has settled: the work a page does after hydration (prefetching, loading idle
 * scripts) is not the checker's and is left out.
 */
async function watchLongTasks(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })),
  );
  await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: false });
  });
}

/** The longest long task seen since `watchLongTasks`, in ms (0 when none was over 50 ms). */
async function longestTask(page: Page): Promise<number> {
  // Let the tasks that rendered the report finish and be reported.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))),
  );
  return page.evaluate(() =>
    Math.max(0, ...(window as unknown as { longTasks: number[] }).longTasks),
  );
}

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
  const report = reportSection(page);
  await expect(report.locator('h3')).toContainText('To fix before sending');
  await expect(report).toContainText('2026-02-30 is not a calendar date');
  await expect(report).toContainText('colour');
  const row = report.locator('tbody tr', { hasText: 'is required' }).first();
  await expect(row.locator('td').first()).toHaveText('3');
  await expect(row).toContainText('lookup_code');
  // The quote opened on line 4 comes first in the summary, on line 4.
  const first = report.locator('ol > li').first();
  await expect(first).toContainText('Fix this first');
  await expect(first).toContainText('Line 4');
  await expect(first).toContainText('never closed');
  expect(requests).toEqual([]);
  expect(problems.consoleErrors).toEqual([]);
  expect(problems.failedRequests).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a valid file is ready to send; a binary file gets a clear message', async ({ page }) => {
  await gotoHydrated(page, page_);
  await page.setInputFiles('#catalog-file-input', fixture('0142_full_2026-03-01.csv'));
  const heading = page.locator('#catalog-check-report');
  await expect(heading).toContainText('Ready to send');
  await page.setInputFiles('#catalog-file-input', fixture('0142_full_2026-03-04.csv'));
  await expect(heading).toContainText('To fix before sending');
  await expect(reportSection(page)).toContainText('This is not a text file');
});

test('a file dropped on the drop zone is checked; the summary names the root cause first', async ({
  page,
}) => {
  const problems = recordProblems(page);
  await gotoHydrated(page, page_);
  const zone = page.locator('[data-catalog-drop-zone]');
  const dataTransfer = await page.evaluateHandle((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], '0142_full_2026-03-01.csv', { type: 'text/csv' }));
    return transfer;
  }, UNCLOSED_QUOTE);
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await expect(zone).toHaveAttribute('data-dragging', 'true');
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(zone).not.toHaveAttribute('data-dragging');

  const report = reportSection(page);
  await expect(report.locator('h3')).toContainText('To fix before sending');
  const items = report.locator('ol > li');
  // One root cause, its knock-on errors grouped under it, nothing listed before it.
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Fix this first');
  await expect(items.first()).toContainText('Line 3, item_name');
  await expect(items.first()).toContainText('A quote (") opens this value and is never closed');
  await expect(items.first()).toContainText(
    '5 later rows (lines 4 to 8) could not be read because of it',
  );
  const rows = report.locator('table').first().locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().locator('td').first()).toHaveText('3');
  await expect(report).not.toContainText('Quoted field unterminated');
  expect(problems.consoleErrors).toEqual([]);
  expect(problems.failedRequests).toEqual([]);
});

test('the button is the labelled file input: keyboard focus shows a ring, Enter opens the dialog', async ({
  page,
}) => {
  await gotoHydrated(page, page_);
  const input = page.getByLabel('Choose a file to check (CSV or TSV)');
  await expect(input).toHaveAttribute('type', 'file');
  const button = page.locator('label[for="catalog-file-input"]');
  await expect(button).toBeVisible();
  expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);

  // Reach the input from the keyboard, as a reader would with Tab.
  await input.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(input).toBeFocused();
  const ring = await button.evaluate((el) => {
    const style = getComputedStyle(el);
    return `${style.outlineStyle} ${style.outlineWidth}`;
  });
  expect(ring).toBe('solid 3px');

  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.keyboard.press('Enter'),
  ]);
  await chooser.setFiles(fixture('0142_full_2026-03-01.csv'));
  await expect(page.locator('#catalog-check-report')).toContainText('Ready to send');
});

for (const theme of ['light', 'dark'] as const)
  test(`the checker fits a 390 px screen and passes axe in ${theme} mode`, async ({ page }) => {
    await page.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, page_);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.setInputFiles('#catalog-file-input', {
      name: '0142_full_2026-03-01.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(MIXED),
    });
    await expect(page.locator('#catalog-check-report')).toBeVisible();
    await expect(reportSection(page).locator('ol > li').first()).toContainText('Line 5, item_name');
    await expect(reportSection(page)).toContainText('Formula-like values');
    const zone = page.locator('[data-catalog-drop-zone]');
    const box = (await zone.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      'no sideways scrolling',
    ).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
  });

test('a header of 1,000,000 columns: capped report', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const extra = Array.from({ length: 999_994 }, (_, i) => `x${i + 1}`);
  const path = testInfo.outputPath('0142_full_2026-03-01.csv');
  writeFileSync(path, `${HEADER},${extra.join(',')}\n${ROW}\n`);

  await gotoHydrated(page, page_);
  await watchLongTasks(page);
  await page.setInputFiles('#catalog-file-input', path);
  const report = reportSection(page);
  await expect(report.locator('h3')).toContainText('To fix before sending', { timeout: 60_000 });
  await expect(report).toContainText('999,994 columns it does not know');
  await expect(report).toContainText('and 999,974 more');
  // 20 names listed in the summary and 20 in the checklist, not a million.
  expect(await report.locator('code', { hasText: /^x\d+$/ }).count()).toBe(40);
  // The longest task is recorded, not asserted (a timed assertion passes or fails with the
  // machine's load): its 200 ms budget is held by `npm run bench:catalog -- --browser <url>`,
  // which drops this same header.
  const longest = await longestTask(page);
  testInfo.annotations.push({ type: 'longest main-thread task (ms)', description: `${longest}` });
});

/** `text` as gzip writes it into a .csv.gz file. */
const gz = (text: string | Buffer) => gzipSync(typeof text === 'string' ? Buffer.from(text) : text);
const rows = (n: number) => `${HEADER}\n${Array(n).fill(ROW).join('\n')}\n`;

test('a .csv.gz file is checked as the text it holds; damaged gzip data gets a clear message', async ({
  page,
}) => {
  const problems = recordProblems(page);
  await gotoHydrated(page, page_);
  await page.setInputFiles('#catalog-file-input', {
    name: '0142_full_2026-03-01.csv.gz',
    mimeType: 'application/gzip',
    buffer: gz(rows(3)),
  });
  const report = reportSection(page);
  await expect(report.locator('h3')).toContainText('Ready to send');
  await expect(report).toContainText('3 items checked');
  await expect(report.locator('li', { hasText: 'Compression:' })).toContainText('gzip');
  const whole = gz(rows(20_000));
  await page.setInputFiles('#catalog-file-input', {
    name: '0142_full_2026-03-02.csv.gz',
    mimeType: 'application/gzip',
    buffer: whole.subarray(0, whole.length / 2),
  });
  await expect(report.locator('h3')).toContainText('To fix before sending');
  await expect(report.locator('ol > li').first()).toContainText(
    'The gzip data is damaged or cut short',
  );
  expect(problems.consoleErrors).toEqual([]);
});

test('a gzip bomb stops at 200 MB of text with a clear message, and the page stays responsive', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  // 210 MB of valid rows in about 0.5 MB of gzip. (A trailer that lies about the size is
  // refused by Chromium's inflater as damaged data, at once; the unit tests cover that case.)
  const body = Buffer.alloc(210 * 1024 * 1024, `${ROW}\n`);
  const bomb = gzipSync(Buffer.concat([Buffer.from(`${HEADER}\n`), body]));

  await gotoHydrated(page, page_);
  await watchLongTasks(page);
  const started = Date.now();
  await page.setInputFiles('#catalog-file-input', {
    name: '0142_full_2026-03-03.csv.gz',
    mimeType: 'application/gzip',
    buffer: bomb,
  });
  const report = reportSection(page);
  await expect(report.locator('h3')).toContainText('To fix before sending', { timeout: 150_000 });
  const seconds = (Date.now() - started) / 1000;
  await expect(report.locator('ol > li').first()).toContainText(
    'Uncompressed, this file is larger than 200 MB, the most Aisle reads (the checker stopped reading there)',
  );
  await expect(report.locator('li', { hasText: 'Compression:' })).toContainText(
    'gzip, 200.0 MB of text read',
  );
  // The page's longest task is recorded, not asserted: the 200 ms budget is measured by
  // `npm run bench:catalog -- --browser`; as an assertion it failed at CI-like load (two workers).
  const longest = await longestTask(page);
  testInfo.annotations.push(
    { type: 'gzip bomb: seconds to the report', description: `${seconds}` },
    { type: 'gzip bomb: longest main-thread task, ms', description: longest.toFixed(0) },
  );
});

test('a file whose columns are not separated by commas or tabs gets a clear message', async ({
  page,
}) => {
  await gotoHydrated(page, page_);
  await page.setInputFiles('#catalog-file-input', {
    name: '0142_full_2026-03-01.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('lookup_code item_name price\n4011 Bananas 0.69\n'),
  });
  const first = reportSection(page).locator('ol > li').first();
  await expect(first).toContainText('Aisle cannot tell how this file separates its columns');
  await page.setInputFiles('#catalog-file-input', {
    name: '0142_full_2026-03-01.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(rows(2).replace(/,/g, '|')),
  });
  await expect(first).toContainText('The columns are separated by pipe');
});

test('a file for several stores is ready to send under a stores_ name, not under one store', async ({
  page,
}) => {
  await gotoHydrated(page, page_);
  const text = `${[HEADER, ROW, '4011,Bananas,0.69,lb,true,0143'].join('\n')}\n`;
  await page.setInputFiles('#catalog-file-input', {
    name: 'stores_reinventory_2026-03-14.csv.gz',
    mimeType: 'application/gzip',
    buffer: gz(text),
  });
  const heading = page.locator('#catalog-check-report');
  await expect(heading).toContainText('Ready to send');
  await page.setInputFiles('#catalog-file-input', {
    name: '0142_reinventory_2026-03-14.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(text),
  });
  await expect(heading).toContainText('To fix before sending');
  await expect(reportSection(page)).toContainText('not the store in the file name, 0142');
});

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

/** Where Rspack's lazy compilation client asks the development server for a module. */
const LAZY_PREFIX = '/lazy-compilation-using-';
const GUIDE = '/connect/fulfillment_guide/get_started';
const GUIDE_FILE = join(process.cwd(), 'docs/connect/fulfillment_guide/get_started.mdx');
const NEXT = '/connect/fulfillment_guide/how_to/handle_callbacks';

test('the preview serves a page, compiles the next page on its first visit, and shows a saved edit', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const lazyRequests: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.startsWith(LAZY_PREFIX)) {
      lazyRequests.push(r.url());
    }
  });
  // Compiles (start, first visits, the edit) can take a minute on a loaded CI machine.
  const wait = { timeout: 120_000 };

  await page.goto(GUIDE);
  await expect(page.locator('article h1')).toHaveText('Get started with the Fulfillment API', wait);

  // A page not yet visited: its route chunk is compiled when the browser first asks for it
  // (plugins/lazy-compilation), then client-side navigation renders it.
  const before = lazyRequests.length;
  await page.locator(`article a[href="${NEXT}"]`).first().click();
  await expect(page).toHaveURL(NEXT, wait);
  await expect(page.locator('article h1')).toHaveText('Handle callbacks', wait);
  expect(lazyRequests.length, 'the next page was compiled on demand').toBeGreaterThan(before);

  // A writer saves the guide: the open page shows the new sentence without a reload.
  await page.goBack();
  await expect(page.locator('article h1')).toHaveText('Get started with the Fulfillment API', wait);
  const original = readFileSync(GUIDE_FILE, 'utf8');
  const word = `preview${Date.now().toString(36)}`;
  try {
    writeFileSync(
      GUIDE_FILE,
      `${original.trimEnd()}\n\nThis sentence checks the preview ${word}.\n`,
    );
    await expect(page.locator('article')).toContainText(word, wait);
  } finally {
    writeFileSync(GUIDE_FILE, original);
  }
  await expect(page.locator('article')).not.toContainText(word, wait);
  expect(errors).toEqual([]);
});

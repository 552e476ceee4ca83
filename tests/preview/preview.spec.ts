import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

/** Where Rspack's lazy compilation client asks the development server for a module. */
const LAZY_PREFIX = '/lazy-compilation-using-';
const GUIDE = '/connect/fulfillment_guide/get_started';
const GUIDE_FILE = join(process.cwd(), 'docs/connect/fulfillment_guide/get_started.mdx');
const NEXT = '/connect/fulfillment_guide/how_to/handle_callbacks';
/** The sentence this test appends to the guide; `LEFTOVER` finds one a killed run left. */
const sentence = (word: string) => `\n\nThis sentence checks the preview ${word}.\n`;
const LEFTOVER = /\n\nThis sentence checks the preview preview[0-9a-z]+\.\n$/;
/** The guide's sidebar label (front matter), which the test's save also changes. */
const LABEL = 'Get started';
const LABEL_LINE = `\nsidebar_label: ${LABEL}\n`;
const LEFTOVER_LABEL = new RegExp(
  `\\nsidebar_label: ${LABEL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} preview[0-9a-z]+\\n`,
);

/** `text` with `word` added to the sidebar label. @throws when the label line is not there. */
function withLabel(text: string, word: string): string {
  if (!text.includes(LABEL_LINE)) throw new Error(`the guide has no "${LABEL_LINE.trim()}"`);
  return text.replace(LABEL_LINE, `\nsidebar_label: ${LABEL} ${word}\n`);
}

/** The guide's source, without what a killed run of this test left in it (written back). */
function guideSource(): string {
  const text = readFileSync(GUIDE_FILE, 'utf8');
  const clean = text.replace(LEFTOVER, '\n').replace(LEFTOVER_LABEL, LABEL_LINE);
  if (clean !== text) writeFileSync(GUIDE_FILE, clean);
  return clean;
}

test('the preview serves a page, compiles the next page on its first visit, and shows a saved edit', async ({
  page,
}) => {
  const original = guideSource();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  // Compiles (start, first visits, the edit) can take a minute on a loaded CI machine.
  const wait = { timeout: 120_000 };

  await page.goto(GUIDE);
  await expect(page.locator('article h1')).toHaveText('Get started with the Fulfillment API', wait);

  // A page not yet visited: the browser asks the middleware to compile its route chunk
  // (plugins/lazy-compilation), which answers once it is compiled; then navigation renders it.
  const compiled = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith(LAZY_PREFIX),
    wait,
  );
  await page.locator(`article a[href="${NEXT}"]`).first().click();
  expect((await compiled).status(), 'the next page was compiled on demand').toBe(200);
  await expect(page).toHaveURL(NEXT, wait);
  await expect(page.locator('article h1')).toHaveText('Handle callbacks', wait);

  // A writer saves the guide: the open page shows the new sentence by a hot update, not a
  // reload (a failed hot update makes the dev client reload the page, which drops the marker).
  // The same save renames the page in the sidebar: metadata, which the docs plugin's reload
  // writes once the sentence's compile is done (plugins/preview-reload).
  await page.goBack();
  await expect(page.locator('article h1')).toHaveText('Get started with the Fulfillment API', wait);
  await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
  const word = `preview${Date.now().toString(36)}`;
  const sidebarLink = page.locator(`nav.menu a[href="${GUIDE}"]`);
  try {
    writeFileSync(GUIDE_FILE, `${withLabel(original, word).trimEnd()}${sentence(word)}`);
    await expect(page.locator('article')).toContainText(word, wait);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    await expect(sidebarLink).toHaveText(`${LABEL} ${word}`, wait);
  } finally {
    writeFileSync(GUIDE_FILE, original);
  }
  await expect(page.locator('article')).not.toContainText(word, wait);
  await expect(sidebarLink).toHaveText(LABEL, wait);
  // The label and the restore came by hot updates too.
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(errors).toEqual([]);
});

import { expect, test } from '@playwright/test';
import { gotoHydrated, seriousViolations } from './helpers';

// Content features: the release-notes index and the live widget examples (accessibility
// in both colour modes, keyboard operation).

test('the release-notes index lists every month from June 2023 to October 2025', async ({
  page,
}) => {
  await gotoHydrated(page, '/storefront/release_notes');
  const hrefs = await page
    .locator('article .markdown a')
    .evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  const months: string[] = [];
  for (let y = 2023; y <= 2025; y++) {
    for (let m = 1; m <= 12; m++) {
      if ((y === 2023 && m < 6) || (y === 2025 && m > 10)) continue;
      months.push(`/storefront/release_notes/${y}_${String(m).padStart(2, '0')}`);
    }
  }
  // Exactly these months, in order, and no other release-note page.
  const linked = [
    ...new Set(hrefs.filter((h) => /^\/storefront\/release_notes\/\d{4}_\d{2}$/.test(h))),
  ];
  expect(linked.sort()).toEqual(months);
  await page.getByRole('link', { name: 'October 2025' }).first().click();
  await expect(page.locator('h1')).toHaveText('Storefront release notes: October 2025');
});

for (const mode of ['light', 'dark'] as const) {
  for (const widget of ['auth_profile', 'cart', 'collection', 'search_bar']) {
    test(`axe ${mode}: live ${widget} example`, async ({ page }) => {
      // Colours are checked at rest: the preview switch animates its background for 120 ms,
      // and a scan in mid-transition measures a colour no reader ever sees for long.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
      await gotoHydrated(page, `/widgets/widget_libraries/${widget}`);
      expect(await seriousViolations(page)).toEqual([]);
      // The segmented control's radios are visually hidden; its labels take the click.
      await page.getByText('Dark preview', { exact: true }).first().click();
      await expect(page.getByRole('radio', { name: 'Dark preview' }).first()).toBeChecked();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}

test('the cart example works by keyboard and reports its events', async ({ page }) => {
  await gotoHydrated(page, '/widgets/widget_libraries/cart');
  const increase = page.getByRole('button', { name: 'Increase quantity of Organic whole milk' });
  await increase.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/aisle:cart-updated/).first()).toBeVisible();
  const quantity = page.getByRole('group', { name: 'Quantity of Organic whole milk', exact: true });
  await expect(quantity).toContainText('2');
  await page.getByRole('button', { name: 'Decrease quantity of Organic whole milk' }).focus();
  await page.keyboard.press('Space');
  await expect(quantity).toContainText('1');
});

test('the search bar example: arrows move through suggestions, Escape closes them', async ({
  page,
}) => {
  await gotoHydrated(page, '/widgets/widget_libraries/search_bar');
  const box = page.getByRole('combobox').first();
  await box.focus();
  await page.keyboard.type('ba');
  const list = page.getByRole('listbox').first();
  await expect(list).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
});

for (const [group, pages] of [
  [
    'integrate',
    [/analytics/i, /loyalty/i, /payment providers/i, /payment connector/i, /tag manager/i],
  ],
  ['manage', [/roles/i, /banners/i, /holiday hours/i]],
] as const) {
  test(`/storefront/${group} is the landing page of its sidebar group`, async ({ page }) => {
    const response = await gotoHydrated(page, `/storefront/${group}`);
    expect(response?.status()).toBe(200);
    const cards = page.locator('article a.card');
    await expect(cards).toHaveCount(pages.length);
    for (const [i, title] of pages.entries()) await expect(cards.nth(i)).toContainText(title);
  });
}

test.describe('tables on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('reference tables (4+ columns) stack: every cell on screen, labelled with its column', async ({
    page,
  }) => {
    await gotoHydrated(page, '/catalog/catalog_inventory_file/pricing');
    const table = page.locator('.aisle-table-scroll--stack').first();
    const row = table.locator('tbody tr').first();
    const description = row.locator('td[data-label="Description"]');
    await expect(description).toBeVisible();
    const box = (await description.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    const label = await description.evaluate((el) => getComputedStyle(el, '::before').content);
    expect(label).toBe('"Description: "');
    // The table does not scroll: its region is as wide as the column.
    expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  });

  test('narrower tables keep their columns and show a shadow where there is more', async ({
    page,
  }) => {
    await gotoHydrated(page, '/storefront');
    const table = page.locator('.aisle-table-scroll:not(.aisle-table-scroll--stack)').first();
    await expect(table.locator('thead')).toBeVisible();
    const background = await table.evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(background).toContain('radial-gradient');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('every tab panel is readable on /catalog', async ({ page }) => {
    await page.goto('/catalog');
    const panels = page.locator('article [role="tabpanel"]');
    expect(await panels.count()).toBeGreaterThan(1);
    for (const panel of await panels.all()) await expect(panel).toBeVisible();
  });
  test('/search and the file checker say they need JavaScript', async ({ page }) => {
    // Playwright's text locators skip <noscript>; its elements are found by CSS.
    await page.goto('/search?q=order');
    await expect(page.locator('noscript p')).toBeVisible();
    await expect(page.locator('noscript p')).toContainText(
      'Search runs in your browser and needs JavaScript.',
    );
    await page.goto('/catalog/catalog_inventory_file/file_requirements');
    await expect(page.locator('noscript p')).toBeVisible();
    await expect(page.locator('noscript p')).toContainText(
      'The file checker runs in your browser and needs JavaScript.',
    );
  });
});

test('the glossary has an A–Z bar that stays in view and jumps to the first term of a letter', async ({
  page,
}) => {
  await gotoHydrated(page, '/glossary');
  const bar = page.getByRole('navigation', { name: 'Glossary A–Z' });
  await expect(bar).toBeVisible();
  const letters = bar.getByRole('link');
  expect(await letters.count()).toBeGreaterThan(15);
  await bar.getByRole('link', { name: 'S', exact: true }).click();
  await expect(page).toHaveURL(/#s/);
  const target = page.locator(`h3[id="${new URL(page.url()).hash.slice(1)}"]`);
  await expect(target).toBeInViewport();
  await expect(target).toHaveText(/^S/);
  // Still on screen after the jump, below the navbar.
  await expect(bar).toBeInViewport();
});

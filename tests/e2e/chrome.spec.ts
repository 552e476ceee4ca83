import { expect, test } from '@playwright/test';
import { gotoHydrated, recordProblems } from './helpers';

// The site chrome of spec §2 (layout, interactions) and §4 (colour mode, mobile menu).

test.describe('color mode', () => {
  async function switchTo(page: import('@playwright/test').Page, mode: 'light' | 'dark') {
    for (let i = 0; i < 3; i++) {
      if ((await page.locator('html').getAttribute('data-theme')) === mode) {
        if (await page.evaluate(() => localStorage.getItem('theme'))) return;
      }
      await page.getByRole('button', { name: /Switch between dark and light mode/ }).click();
    }
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
  }

  test('defaults to light and the toggle persists dark under "theme"', async ({ page }) => {
    await gotoHydrated(page, '/connect');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await switchTo(page, 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('a change in one tab is applied in another', async ({ context }) => {
    const first = await context.newPage();
    const second = await context.newPage();
    await gotoHydrated(first, '/catalog');
    await gotoHydrated(second, '/');
    await switchTo(first, 'dark');
    await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark');
    await switchTo(second, 'light');
    await expect(first.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await first.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });
});

test.describe('mobile navigation below 996 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('hamburger opens the menu, back button returns to the main menu, desktop closes it', async ({
    page,
  }) => {
    await gotoHydrated(page, '/connect/fulfillment');
    const nav = page.locator('nav.navbar');
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await expect(nav).toHaveClass(/navbar-sidebar--show/);
    // On a doc page the menu opens on the doc sidebar; the back button shows the main menu.
    await page.getByRole('button', { name: /Back to main menu/ }).click();
    await expect(
      page.locator('.navbar-sidebar').getByRole('link', { name: 'Technical support' }),
    ).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(nav).not.toHaveClass(/navbar-sidebar--show/);
  });
});

test('"Skip to main content" moves focus to the main content', async ({ page }) => {
  await gotoHydrated(page, '/catalog');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  // Focus now sits at the start of the main content: the next Tab lands inside <main>,
  // past the navbar and the doc sidebar.
  await page.keyboard.press('Tab');
  const inMain = await page.evaluate(() => Boolean(document.activeElement?.closest('main')));
  expect(inMain).toBe(true);
});

test('heading anchors read "Direct link to …"', async ({ page }) => {
  await gotoHydrated(page, '/connect');
  const h2 = page.locator('article h2').first();
  const text = (await h2.innerText()).replace(/\u200b/g, '').trim();
  await expect(h2.locator('a.hash-link')).toHaveAttribute('aria-label', `Direct link to ${text}`);
});

test('a navbar dropdown closes on an outside click', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await gotoHydrated(page, '/');
  const dropdown = page.locator('.navbar__item.dropdown', { hasText: 'Aisle Platform' });
  // Desktop dropdowns open on hover, or from the keyboard with Enter.
  await dropdown.locator('> .navbar__link').focus();
  await page.keyboard.press('Enter');
  await expect(dropdown).toHaveClass(/dropdown--show/);
  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await expect(dropdown).not.toHaveClass(/dropdown--show/);
});

test('an unknown path shows the not-found page with status 404', async ({ page }) => {
  const problems = recordProblems(page, [404]);
  const response = await gotoHydrated(page, '/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.locator('h1')).toHaveText('Page Not Found');
  // Chromium logs the document's own 404 as a console error; nothing else may appear.
  const others = problems.consoleErrors.filter((e) => !/status of 404/.test(e));
  expect(others).toEqual([]);
});

for (const variant of ['/catalog.html', '/catalog/index.html']) {
  test(`${variant} reaches /catalog`, async ({ page }) => {
    await gotoHydrated(page, '/catalog');
    const title = await page.locator('h1').innerText();
    await gotoHydrated(page, variant);
    await expect(page.locator('h1')).toHaveText(title);
    await expect(page.locator('.theme-doc-sidebar-menu .menu__link--active').first()).toBeVisible();
  });
}

// Eight menus plus versions, languages and colour mode must share one row at every desktop
// width (spec §9 mobile breakpoint 996 px): no overlap, no clipped items.
for (const width of [997, 1100, 1280, 1440, 1680, 1800, 1920]) {
  test(`navbar fits on one row at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await gotoHydrated(page, '/connect');
    const layout = await page.evaluate(() => {
      const [left, right] = [...document.querySelectorAll('.navbar__inner > .navbar__items')];
      const items = [...document.querySelectorAll('.navbar__inner .navbar__item')];
      const heights = items.map((i) => i.getBoundingClientRect().height);
      return {
        overlap: left.getBoundingClientRect().right > right.getBoundingClientRect().left,
        clipped: left.scrollWidth > left.clientWidth + 1,
        tallest: Math.max(...heights),
      };
    });
    expect(layout.overlap).toBe(false);
    expect(layout.clipped).toBe(false);
    expect(layout.tallest).toBeLessThan(45);
  });
}

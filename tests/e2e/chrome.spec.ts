import { expect, test } from '@playwright/test';
import { gotoHydrated, recordProblems } from './helpers';

// The site chrome of spec §2 (layout, interactions) and §4 (colour mode, mobile menu).

test.describe('color mode', () => {
  const toggle = (page: import('@playwright/test').Page) =>
    page.getByRole('button', { name: /Switch between dark and light mode/ });
  const theme = (page: import('@playwright/test').Page) =>
    page.evaluate(() => localStorage.getItem('theme'));

  test('defaults to light; each click shows the other mode, and light is the system choice', async ({
    page,
  }) => {
    await gotoHydrated(page, '/connect');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    // The first click changes what the reader sees (upstream went system → light: no change).
    await toggle(page).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await theme(page)).toBe('dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // Back to light on a light system is the system choice: the stored value is cleared.
    await toggle(page).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.locator('html')).toHaveAttribute('data-theme-choice', 'system');
    expect(await theme(page)).toBeNull();
  });

  test.describe('on a dark system', () => {
    test.use({ colorScheme: 'dark' });
    test('the first click shows light and stores it; the next returns to the system', async ({
      page,
    }) => {
      await gotoHydrated(page, '/connect');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await toggle(page).click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
      expect(await theme(page)).toBe('light');
      await toggle(page).click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      expect(await theme(page)).toBeNull();
    });
  });

  test('a system change while printing does not change the mode; one after printing does', async ({
    page,
  }) => {
    await gotoHydrated(page, '/connect');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
    await page.waitForTimeout(300);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.emulateMedia({ media: 'screen', colorScheme: 'light' });
    await page.emulateMedia({ media: 'screen', colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('a change in one tab is applied in another', async ({ context }) => {
    const first = await context.newPage();
    const second = await context.newPage();
    await gotoHydrated(first, '/catalog');
    await gotoHydrated(second, '/');
    await toggle(first).click();
    await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark');
    await toggle(second).click();
    await expect(first.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await theme(first)).toBeNull();
  });
});

test.describe('mobile navigation below 996 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('hamburger renders and opens the menu, back button returns to the main menu, desktop closes it', async ({
    page,
  }) => {
    await gotoHydrated(page, '/connect/fulfillment');
    const nav = page.locator('nav.navbar');
    // The menu is rendered when it first opens (src/theme/Navbar/MobileSidebar), not before.
    await expect(page.locator('.navbar-sidebar')).toHaveCount(0);
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { menuTransitions: string[] }).menuTransitions = seen;
      document.addEventListener(
        'transitionstart',
        (event) => {
          if ((event.target as Element).classList.contains('navbar-sidebar'))
            seen.push(event.propertyName);
        },
        true,
      );
    });
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await expect(nav).toHaveClass(/navbar-sidebar--show/);
    // Its first opening slides in from the closed position, as the next ones do.
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { menuTransitions: string[] }).menuTransitions),
      )
      .toContain('transform');
    // On a doc page the menu opens on the doc sidebar; the back button shows the main menu.
    await page.getByRole('button', { name: /Back to main menu/ }).click();
    await expect(
      page.locator('.navbar-sidebar').getByRole('link', { name: 'Technical support' }),
    ).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(nav).not.toHaveClass(/navbar-sidebar--show/);
  });

  test('996 px is desktop (menus in the navbar, doc sidebar shown); 995 px is mobile', async ({
    page,
  }) => {
    const toggle = page.getByRole('button', { name: 'Toggle navigation bar' });
    const menus = page.locator('.navbar__items .navbar__item', { hasText: 'Glossary' });
    const sidebar = page.locator('.theme-doc-sidebar-container');
    await page.setViewportSize({ width: 996, height: 800 });
    await gotoHydrated(page, '/connect/fulfillment');
    await expect(toggle).toBeHidden();
    await expect(menus).toBeVisible();
    await expect(sidebar).toBeVisible();
    // The JavaScript side agrees: the doc page renders its desktop table of contents.
    await expect(page.locator('.theme-doc-toc-desktop')).toHaveCount(1);
    await page.setViewportSize({ width: 995, height: 800 });
    await expect(toggle).toBeVisible();
    await expect(menus).toBeHidden();
    await expect(sidebar).toBeHidden();
    await expect(page.locator('.theme-doc-toc-desktop')).toHaveCount(0);
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

test('a navbar dropdown closes when the outside press lands on a diagram', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await gotoHydrated(page, '/connect/fulfillment');
  const diagram = page.locator('.aisle-panzoom').first();
  await expect(diagram).toBeAttached(); // pan/zoom attached: it handles presses on the diagram
  const dropdown = page.locator('.navbar__item.dropdown', { hasText: 'Aisle Platform' });
  await dropdown.locator('> .navbar__link').focus();
  await page.keyboard.press('Enter');
  await expect(dropdown).toHaveClass(/dropdown--show/);
  await diagram.scrollIntoViewIfNeeded();
  const box = (await diagram.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.up();
  await expect(dropdown).not.toHaveClass(/dropdown--show/);
});

test('the version menu: "Next", the changelogs, the preferred version, "Versions" on phones', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await gotoHydrated(page, '/connect/fulfillment');
  const menu = page.locator('.navbar__items--right .dropdown', { hasText: 'Next' });
  const label = menu.locator('> .navbar__link');
  await expect(label).toHaveText('Next');
  await expect(label).not.toHaveClass(/navbar__link--active/);
  await label.focus();
  await page.keyboard.press('Enter');
  await expect(menu.getByText('Changelogs')).toBeVisible();
  await expect(menu.locator('a.dropdown__link', { hasText: /API$/ })).toHaveCount(5);
  // No changelog is lit on a page that is not a changelog.
  await expect(menu.locator('a.dropdown__link--active', { hasText: /API$/ })).toHaveCount(0);
  await menu.getByRole('link', { name: 'Transactions API' }).click();
  await expect(page).toHaveURL(/\/connect\/transactions\/changelog$/);
  await menu.hover();
  await menu.locator('a.dropdown__link', { hasText: /^Next$/ }).click();
  expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe(
    'current',
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
  await page.getByRole('button', { name: /Back to main menu/ }).click();
  await expect(page.locator('.navbar-sidebar').getByText('Versions')).toBeVisible();
});

test('an unknown path shows the not-found page with status 404, a search and the product areas', async ({
  page,
}) => {
  const problems = recordProblems(page, [404]);
  const response = await gotoHydrated(page, '/connect/fulfilment-guide/Cancel_Order.html');
  expect(response?.status()).toBe(404);
  await expect(page.locator('h1')).toHaveText('Page Not Found');
  await expect(page).toHaveTitle('Page Not Found | Aisle Docs');
  await expect(page.locator('main')).not.toContainText('owner of the site');
  // The words of the address, as a search.
  const words = page.getByRole('link', { name: 'connect fulfilment guide Cancel Order' });
  await expect(words).toHaveAttribute(
    'href',
    '/search?q=connect%20fulfilment%20guide%20Cancel%20Order',
  );
  // The product areas come from the footer's links.
  for (const [area, href] of [
    ['Connect APIs', '/connect'],
    ['Storefront', '/storefront'],
    ['Technical support', '/support'],
  ])
    await expect(
      page.locator('main').getByRole('link', { name: area, exact: true }),
    ).toHaveAttribute('href', href);
  // The search form goes to the search page with the words typed.
  await page.getByLabel('Search the documentation').fill('cancel order');
  await page.getByLabel('Search the documentation').press('Enter');
  await expect(page).toHaveURL(/\/search\?q=cancel\+order/);
  // Chromium logs the document's own 404 as a console error; nothing else may appear.
  const others = problems.consoleErrors.filter((e) => !/status of 404/.test(e));
  expect(others).toEqual([]);
});

test('a hostile missing address still gives a not-found page, its words as text', async ({
  page,
}) => {
  const problems = recordProblems(page, [404]);
  await gotoHydrated(page, '/%3Cimg%20src=x%20onerror=alert(1)%3E/%F0%9F%9B%92');
  await expect(page.locator('h1')).toHaveText('Page Not Found');
  await expect(page.locator('main img')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'img src x onerror alert 1' })).toBeVisible();
  expect(problems.consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
});

test('code block buttons appear on keyboard focus, hidden until then on a mouse screen', async ({
  page,
}) => {
  await gotoHydrated(page, '/connect/api/authentication');
  const copy = page.locator('.theme-code-block').first().getByRole('button', { name: /Copy/ });
  const opacity = () => copy.evaluate((el) => Number(getComputedStyle(el).opacity));
  expect(await opacity()).toBe(0);
  await copy.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect.poll(opacity).toBe(1);
});

test.describe('on a touch screen', () => {
  // A mobile, touch context: Chromium then reports `(hover: none)`.
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
  test('code block buttons are visible without hovering', async ({ page }) => {
    await gotoHydrated(page, '/connect/api/authentication');
    const copy = page.locator('.theme-code-block').first().getByRole('button', { name: /Copy/ });
    await expect
      .poll(() => copy.evaluate((el) => Number(getComputedStyle(el).opacity)))
      .toBeGreaterThanOrEqual(0.7);
  });
});

test('screenshots are dimmed and framed in dark mode, shown as they are in light mode', async ({
  page,
}) => {
  await gotoHydrated(page, '/storefront');
  const shot = page.locator('.markdown img[src$=".png"], .markdown img[src$=".webp"]').first();
  const filter = () => shot.evaluate((el) => getComputedStyle(el).filter);
  expect(await filter()).toBe('none');
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  expect(await filter()).toMatch(/^brightness\(0\.\d+\)$/);
});

test('secondary buttons are dark surfaces in dark mode', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await gotoHydrated(page, '/connect/fulfillment/api/create_delivery_order');
  const button = page.getByRole('button', { name: 'Copy page as Markdown' });
  const [r, g, b] = (await button.evaluate((el) => getComputedStyle(el).backgroundColor))
    .match(/\d+/g)!
    .map(Number);
  expect(r + g + b).toBeLessThan(3 * 110);
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
for (const width of [996, 1100, 1280, 1440, 1680, 1800, 1920]) {
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
        // The logo keeps its width: the first menu starts after it.
        logoOverlap: [...document.querySelectorAll('.navbar__brand img')]
          .filter((img) => img.getBoundingClientRect().width > 0)
          .some(
            (img) => img.getBoundingClientRect().right > items[0].getBoundingClientRect().left + 1,
          ),
      };
    });
    expect(layout.overlap).toBe(false);
    expect(layout.logoOverlap).toBe(false);
    expect(layout.clipped).toBe(false);
    expect(layout.tallest).toBeLessThan(45);
  });
}

test.describe('support request page on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('with a search carried in ?q=, it hydrates without errors and nothing overflows', async ({
    page,
  }) => {
    const problems = recordProblems(page);
    await gotoHydrated(page, '/support/request_technical_support?q=sftp%20inventory%20upload');
    await expect(page.getByTestId('support-search-query')).toContainText('sftp inventory upload');
    // The query sets the defaults until the reader picks (Sev 4, Documentation).
    await expect(page.getByLabel('Sev 4', { exact: false })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Product' })).toHaveValue('Documentation');
    const portal = page.getByRole('link', { name: 'Open the request in the Platform Portal' });
    const box = (await portal.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    // React reports a hydration mismatch (#418) as a console error.
    expect(problems.consoleErrors).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
  });
});

for (const [path, area] of [
  ['/connect', 'Retailer Site Integrations'],
  ['/connect/fulfillment/api/create_delivery_order', 'Retailer Site Integrations'],
  ['/category/api/fulfillment', 'Retailer Site Integrations'],
  ['/widgets', 'Retailer Site Integrations'],
  ['/catalog', 'Aisle Platform'],
  ['/ads', 'Advertising'],
  // A `doc` item, lit on its doc's page and the other pages of its sidebar (found in the docs
  // plugin's active doc context).
  ['/glossary', 'Glossary'],
  ['/aisle/ipp-terms', 'Glossary'],
]) {
  test(`the navbar shows ${area} as the active area on ${path}`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 800 });
    await gotoHydrated(page, path);
    const active = page.locator('.navbar__items:not(.navbar__items--right) .navbar__link--active');
    await expect(active).toHaveCount(1);
    await expect(active).toHaveText(area);
  });
}

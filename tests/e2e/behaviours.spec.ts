import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { recordsFile } from '../../plugins/search-index/paths';
import { redirects } from '../../config/redirects';
import { DESKTOP_COLUMN_PX, MIN_TEXT_PX } from '../../plugins/build-diagrams/remark';
import { HYDRATION_MS, gotoHydrated, recordProblems, sitemapPaths } from './helpers';

// Site behaviours of spec §2 (redirects, unlisted/draft pages, interactions) and §4
// (navigation), against the served production build.

test.describe('redirects', () => {
  // In a browser: the reader lands on the target with the query and the fragment kept, on a
  // hydrated page. Whichever answer the server gives: `docusaurus serve` the build's client
  // redirect page (tests/build/redirects.test.ts checks each file), nginx a 301
  // (server.spec.ts checks each Location).
  for (const { from, to } of redirects) {
    test(`${from} → ${to}`, async ({ page, request }) => {
      if (to.startsWith('http')) {
        const answer = await request.get(`${from}?utm=docs`, { maxRedirects: 0 });
        test.skip(
          answer.status() === 301,
          "nginx's 301 to another host: server.spec.ts checks its Location, and a browser would leave the machine",
        );
        // External target: answered locally, nothing leaves the machine.
        await page.route(`${new URL(to).origin}/**`, (route) =>
          route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Portal</h1>' }),
        );
        await page.goto(`${from}?utm=docs`);
        await expect(page).toHaveURL(`${to}?utm=docs`);
        return;
      }
      await page.goto(`${from}?x=1#top`);
      await expect(page).toHaveURL(new RegExp(`${to}\\?x=1#top$`));
      await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1, {
        timeout: HYDRATION_MS,
      });
      await expect(page.locator('h1')).toHaveCount(1);
    });
  }
});

test.describe('unlisted and draft pages', () => {
  for (const path of ['/storefront/browser_compatibility', '/support/chatbot_answers']) {
    test(`${path} is reachable, marked unlisted, and kept out of sitemap, sidebar and search`, async ({
      page,
    }) => {
      const response = await gotoHydrated(page, path);
      expect(response?.status()).toBe(200);
      await expect(page.getByText('Unlisted page')).toBeVisible();
      expect(sitemapPaths()).not.toContain(path);
      await expect(page.locator(`.theme-doc-sidebar-menu a[href="${path}"]`)).toHaveCount(0);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      const records = JSON.parse(
        readFileSync(recordsFile(join(__dirname, '..', '..', 'build')), 'utf8'),
      ) as { url_without_anchor: string }[];
      expect(records.some((r) => new URL(r.url_without_anchor).pathname === path)).toBe(false);
    });
  }

  test('the draft page exists in the source but not in the production build', async ({ page }) => {
    const source = readFileSync(
      join(__dirname, '..', '..', 'docs', 'connect', 'transactions', 'batch_returns.mdx'),
      'utf8',
    );
    expect(source).toMatch(/^draft: true$/m);
    const problems = recordProblems(page, [404]);
    const response = await page.goto('/connect/transactions/batch_returns');
    expect(response?.status()).toBe(404);
    await expect(page.locator('h1')).toHaveText('Page Not Found');
    expect(problems.failedRequests.filter((r) => !r.includes('batch_returns'))).toEqual([]);
  });
});

test.describe('prefetch and navigation (Docusaurus built-ins, spec §2 and §4)', () => {
  test('links prefetch when they enter the viewport and preload on hover', async ({ page }) => {
    await gotoHydrated(page, '/');
    // plugins/idle-prefetch runs the prefetches in idle time, so they may follow network idle.
    await expect
      .poll(() => page.locator('link[rel="prefetch"]').count(), { timeout: 5000 })
      .toBeGreaterThan(0);
    // Hover preloads the target route: its chunks are loaded as scripts, not only prefetched.
    const scripts = () =>
      page.evaluate(
        () =>
          performance
            .getEntriesByType('resource')
            .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script').length,
      );
    const before = await scripts();
    await page.getByRole('link', { name: 'Embed a cart widget on your site' }).hover();
    await expect.poll(scripts, { timeout: 5000 }).toBeGreaterThan(before);
  });

  test('each chunk is prefetched once, however many links need it', async ({ page }) => {
    // An API page's links share most chunks; upstream appended one <link> per route and chunk.
    await gotoHydrated(page, '/connect/fulfillment/api/create_delivery_order');
    const hrefs = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('link[rel="prefetch"]')].map((l) => l.getAttribute('href')),
      );
    await expect.poll(async () => (await hrefs()).length, { timeout: 5000 }).toBeGreaterThan(10);
    // Scrolling brings more links into view; wait until the idle queue has drained.
    await page.mouse.wheel(0, 4000);
    let count = -1;
    await expect
      .poll(async () => {
        const previous = count;
        count = (await hrefs()).length;
        return count === previous;
      })
      .toBe(true);
    const all = await hrefs();
    expect(all.length).toBe(new Set(all).size);
  });

  test('nothing is prefetched on a data-saver connection', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', {
        value: { effectiveType: '4g', saveData: true },
      });
    });
    await gotoHydrated(page, '/');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('link[rel="prefetch"]').count()).toBe(0);
  });

  test('nothing is prefetched on a 2g connection', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', {
        value: { effectiveType: 'slow-2g', saveData: false },
      });
    });
    await gotoHydrated(page, '/');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('link[rel="prefetch"]').count()).toBe(0);
  });

  test('a slow route change shows the progress bar after 200 ms, then completes', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    await page.route('**/assets/js/**', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page
      .locator('footer')
      .getByRole('link', { name: 'Integrated Platform Partner terms' })
      .click();
    await expect(page.locator('#nprogress')).toBeAttached({ timeout: 2000 });
    await expect(page).toHaveURL(/\/aisle\/ipp-terms$/);
    await expect(page.locator('#nprogress')).toHaveCount(0, { timeout: 10_000 });
  });

  test('arriving with a hash scrolls to its heading; a query-only change does not scroll', async ({
    page,
  }) => {
    await gotoHydrated(page, '/connect#pagination');
    await expect
      .poll(() =>
        page.evaluate(() => document.getElementById('pagination')!.getBoundingClientRect().top),
      )
      .toBeLessThan(200);
    const y = await page.evaluate(() => window.scrollY);
    expect(y).toBeGreaterThan(300);
    await page.evaluate(() => {
      window.history.pushState({}, '', '/connect?view=compact#pagination');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForTimeout(300);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - y)).toBeLessThan(5);
  });

  test('a client-side navigation without hash lands at the top of the new page', async ({
    page,
  }) => {
    await gotoHydrated(page, '/connect');
    await page.mouse.wheel(0, 3000);
    await page.locator('.theme-doc-sidebar-menu').getByRole('link', { name: 'Sandbox' }).click();
    await expect(page).toHaveURL(/\/connect\/sandbox$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('diagrams', () => {
  /** From a Connect page, opens /connect/fulfillment with the sidebar (client-side navigation). */
  const openFulfillmentFromSidebar = (page: import('@playwright/test').Page) =>
    page
      .locator('.theme-doc-sidebar-menu')
      .getByRole('link', { name: 'Fulfillment', exact: true })
      .first()
      .click();

  /** Smallest text of each diagram on the page as shown, CSS px (size × the drawing's scale). */
  const shownTextPx = (page: import('@playwright/test').Page) =>
    page.$$eval('[data-diagram]', (canvases) =>
      canvases.map((canvas) => {
        const svg = [...canvas.querySelectorAll('svg')].find((s) => s.getClientRects().length > 0)!;
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        let min = Infinity;
        for (const el of svg.querySelectorAll('*')) {
          const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim());
          if (own) min = Math.min(min, parseFloat(getComputedStyle(el).fontSize) * scale);
        }
        return min;
      }),
    );

  test('are drawn at build time: SVG in the served HTML, no mermaid code, no shift', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/connect/fulfillment')).text();
    expect(html.match(/data-diagram="?d[0-9a-f]{16}"?[^>]*><(svg|div)/g)).toHaveLength(3);
    const problems = recordProblems(page);
    const scripts: string[] = [];
    page.on('response', async (r) => {
      if (r.request().resourceType() === 'script') scripts.push(await r.text().catch(() => ''));
    });
    // Tall enough that all three diagrams are in view while the page loads and hydrates: the
    // browser reports shifts only of what is in the viewport.
    await page.setViewportSize({ width: 1440, height: 12_000 });
    // Every layout shift with its sources' rectangles (a replaced node's source has none left).
    await page.addInitScript(() => {
      type Shift = { value: number; at: number; rects: number[][] };
      const shifts: Shift[] = [];
      (window as unknown as { shifts: Shift[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          sources: { previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        })[]) {
          const rects = entry.sources.flatMap((s) =>
            [s.previousRect, s.currentRect].map((r) => [r.x, r.y, r.width, r.height]),
          );
          shifts.push({ value: entry.value, at: entry.startTime, rects });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await gotoHydrated(page, '/connect/fulfillment');
    await page.waitForTimeout(1500);
    // Hydration kept the drawings (an empty canvas would mean React replaced the server HTML).
    await expect(page.locator('[data-diagram]')).toHaveCount(3);
    await expect(page.locator('[data-diagram]:not(:has(svg))')).toHaveCount(0);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => s.includes('securityLevel'))).toEqual([]); // mermaid's config
    // No shift in the page's column, where the diagrams are, once the HTML is parsed. What
    // Chromium paints while it still parses is not the diagrams' to hold: on a loaded machine
    // it draws the right-aligned navbar items before the next ones arrive, and a table before
    // its body rows (its columns widen when they come; seen in CI). Those shifts start before
    // the navigation's domInteractive; a diagram drawn or resized by script comes after it.
    // The sidebar is not the column either: the theme replaces its category link after
    // hydration (the server fallback href).
    const shifts = await page.evaluate(() => {
      const main = document.querySelector('main')!.getBoundingClientRect();
      const parsed = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
        .domInteractive;
      const all = (
        window as unknown as { shifts: { value: number; at: number; rects: number[][] }[] }
      ).shifts;
      const inMain = ([x, y, w, h]: number[]) =>
        w > 0 &&
        h > 0 &&
        x < main.right &&
        x + w > main.left &&
        y < main.bottom &&
        y + h > main.top;
      return {
        parsed,
        all,
        column: all.filter(
          (s) => s.at >= parsed && (s.rects.some(inMain) || s.rects.every((r) => !r[2])),
        ),
      };
    });
    expect(
      shifts.column,
      `HTML parsed at ${shifts.parsed} ms; every shift: ${JSON.stringify(shifts.all)}`,
    ).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    // The column the build checks text size against, and the text size itself.
    const column = await page.locator('.theme-doc-markdown').evaluate((el) => el.clientWidth);
    expect(Math.abs(column - DESKTOP_COLUMN_PX)).toBeLessThanOrEqual(2);
    for (const px of await shownTextPx(page)) expect(px).toBeGreaterThanOrEqual(MIN_TEXT_PX - 0.1);
  });

  test('follow the colour toggle, and arrive by client-side navigation', async ({ page }) => {
    await gotoHydrated(page, '/connect/api/authentication');
    const actor = page.locator('[data-diagram] rect.actor').first();
    const fill = () => actor.evaluate((el) => getComputedStyle(el).fill);
    const light = await fill();
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    expect(await fill()).not.toBe(light);

    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await gotoHydrated(page, '/connect');
    const fetched = page.waitForResponse(/\/diagrams\/d[0-9a-f]{16}\.json$/);
    await openFulfillmentFromSidebar(page);
    await expect(page).toHaveURL(/\/connect\/fulfillment$/);
    expect((await fetched).status()).toBe(200);
    // In dark mode the state diagram shows its dark drawing only.
    await expect(page.locator('[data-diagram] .aisle-diagram__dark svg').first()).toBeVisible();
    await expect(page.locator('[data-diagram] .aisle-diagram__light svg').first()).toBeHidden();
  });

  test('pan/zoom loads only on diagram pages; wheel, keys and double click work', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('response', async (r) => {
      if (r.request().resourceType() === 'script') scripts.push(await r.text().catch(() => ''));
    });
    await gotoHydrated(page, '/support'); // a page without diagrams
    await page.waitForTimeout(1300);
    expect(scripts.some((s) => s.includes('panzoomchange'))).toBe(false);

    await page.goto('/connect/fulfillment');
    const diagram = page.locator('.aisle-panzoom').first();
    await expect(diagram).toBeAttached({ timeout: 5000 });
    await expect.poll(() => scripts.some((s) => s.includes('panzoomchange'))).toBe(true);
    const canvas = diagram.locator('[data-panzoom-target]');
    const transform = () => canvas.evaluate((el) => (el as HTMLElement).style.transform);
    await diagram.focus();
    await page.keyboard.press('+');
    await expect.poll(transform).toMatch(/scale\(1\.3/);
    await page.keyboard.press('0');
    await expect.poll(transform).toMatch(/scale\(1\)/);
    await diagram.hover();
    await page.mouse.wheel(0, -200);
    await expect.poll(transform).not.toMatch(/scale\(1\)/);
    await diagram.dblclick();
    await expect.poll(transform).toMatch(/scale\(1\)/);
  });

  test('a diagram that appears after the start delay still gets pan/zoom', async ({ page }) => {
    await gotoHydrated(page, '/connect');
    // From here on every script and drawing arrives 2.5 s late, so the diagram appears well
    // after the 1000 ms start delay that follows the route change.
    await page.route(/\.(js|json)$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.continue();
    });
    await openFulfillmentFromSidebar(page);
    await expect(page).toHaveURL(/\/connect\/fulfillment$/);
    await expect(page.locator('.docusaurus-mermaid-container').first()).toBeAttached({
      timeout: 15000,
    });
    await expect(page.locator('.aisle-panzoom').first()).toBeAttached({ timeout: 5000 });
  });
});

test('a home page whose scripts and styles cannot load shows the wrong-base-URL banner', async ({
  page,
}) => {
  // A host that serves the site at another base URL than it was built for answers its
  // /assets/ URLs with errors: the page then stays as the server rendered it, and Docusaurus's
  // inline banner script (baseUrlIssueBanner) shows the banner. The same failure without a
  // build of its own: the default build with its assets refused.
  await page.route('**/assets/**', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/');
  await expect(page.getByText('Your Docusaurus site did not load properly.')).toBeVisible();
  await expect(page.locator('#__docusaurus-base-url-issue-banner')).toContainText('baseUrl');
});

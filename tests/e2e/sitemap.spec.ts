import { expect, test as base, type Page } from '@playwright/test';
import { documentationRoots } from '../../src/data/products';
import { gotoHydrated, recordProblems, seriousViolations, sitemapPaths } from './helpers';

/**
 * One page per worker, reused by every crawl test: a fresh browser context per page cost
 * about 160 ms of the crawl's 1.45 s per page (design/ci-time.md). The crawl neither clicks
 * nor stores anything, so nothing one page does reaches the next.
 */
const test = base.extend<object, { crawlPage: Page }>({
  crawlPage: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } =
        workerInfo.project.use;
      const context = await browser.newContext({
        baseURL,
        viewport,
        userAgent,
        deviceScaleFactor,
        isMobile,
        hasTouch,
      });
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
});

// A failure names the page and lists its errors; a trace of every one of 375 pages would
// cost another 30 % of the crawl's time (design/ci-time.md).
test.use({ trace: 'off' });

// Every published page: answers 200, has exactly one h1, has no serious or critical axe
// violation (WCAG 2.1 A and AA, every rule, light mode; tests/e2e/a11y.spec.ts scans one page
// of each kind in dark mode), raises no console error and no failed request, and does not
// scroll sideways on a 390 px phone. Instead of Playwright's
// 'networkidle' (a fixed 500 ms of silence, 40 % of the crawl's time), the test waits until
// every request the page started has finished. Route chunks prefetched at idle after that
// point are not waited for: each is a chunk of another sitemap page, which loads it itself.
for (const path of sitemapPaths()) {
  test(`sitemap page ${path}`, async ({ crawlPage: page }) => {
    await page.setViewportSize(test.info().project.use.viewport ?? { width: 1280, height: 720 });
    const problems = recordProblems(page);
    try {
      const response = await gotoHydrated(page, path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('h1')).toHaveCount(1);
      expect(await seriousViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(390);
      await expect
        .poll(() => problems.openRequests.size, { message: 'requests still open' })
        .toBe(0);
      expect(problems.consoleErrors).toEqual([]);
      expect(problems.failedRequests).toEqual([]);
    } finally {
      problems.stop();
      // Leave the page before the next test attaches its listeners, so that requests this
      // page still has open are aborted here and not counted against the next page.
      await page.goto('about:blank');
    }
  });
}

test('sitemap lists the home page and every documentation root', async () => {
  const paths = sitemapPaths();
  for (const root of ['/', ...documentationRoots]) expect(paths).toContain(root);
});

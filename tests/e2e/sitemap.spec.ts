import { expect, test } from '@playwright/test';
import { documentationRoots } from '../../src/data/products';
import { gotoHydrated, recordProblems, sitemapPaths } from './helpers';

// Every published page: answers 200, has exactly one h1, raises no console error and no
// failed request once hydrated, and does not scroll sideways on a 390 px phone.
for (const path of sitemapPaths()) {
  test(`sitemap page ${path}`, async ({ page }) => {
    const problems = recordProblems(page);
    const response = await gotoHydrated(page, path);
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    expect(problems.consoleErrors).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
  });
}

test('sitemap lists the home page and every documentation root', async () => {
  const paths = sitemapPaths();
  for (const root of ['/', ...documentationRoots]) expect(paths).toContain(root);
});

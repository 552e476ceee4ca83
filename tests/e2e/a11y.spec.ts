import { expect, test } from '@playwright/test';
import { documentationRoots } from '../../src/data/products';
import { gotoHydrated, seriousViolations } from './helpers';

/** One page of each generated kind: an operation with a body, a webhook, a category index. */
const generatedPages = [
  '/connect/fulfillment/api/create_delivery_order',
  '/connect/fulfillment/api/callbacks/delivered',
  '/category/api/fulfillment',
];

// axe-core scan (WCAG 2.1 A and AA) of the home page, every documentation root and the
// generated API page kinds in dark mode: no serious or critical violation. Light mode is
// scanned on every sitemap page by the crawl (tests/e2e/sitemap.spec.ts).
for (const mode of ['dark'] as const) {
  for (const path of ['/', ...documentationRoots, ...generatedPages]) {
    test(`axe ${mode} ${path}`, async ({ page }) => {
      await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
      await gotoHydrated(page, path);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}

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

// Small text and targets, at a desktop and a phone width in both modes: the glossary's A–Z
// letters are 24 × 24 px targets at least (WCAG 2.2 target size, AA), and no button's text on an
// operation page (Try it, Copy page as Markdown) is under 12 px.
for (const width of [1440, 390])
  for (const mode of ['light', 'dark'] as const)
    test(`targets and button text are large enough at ${width} px, ${mode}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
      await gotoHydrated(page, '/glossary');
      const letters = await page.locator('.az-index a, .az-index__empty').evaluateAll((els) =>
        els.map((el) => {
          const box = el.getBoundingClientRect();
          return `${el.textContent} ${Math.floor(box.width)}x${Math.floor(box.height)}`;
        }),
      );
      expect(letters).toHaveLength(26);
      expect(
        letters.filter((l) =>
          /(\d+)x(\d+)/
            .exec(l)!
            .slice(1)
            .some((n) => +n < 24),
        ),
      ).toEqual([]);
      await gotoHydrated(page, '/connect/fulfillment/api/create_delivery_order');
      const small = await page.locator('main .button').evaluateAll((els) =>
        els
          .filter((el) => (el as HTMLElement).offsetParent !== null)
          .map((el) => `${el.textContent?.trim()} ${getComputedStyle(el).fontSize}`)
          .filter((s) => parseFloat(s.split(' ').pop()!) < 12),
      );
      expect(await page.locator('main .button', { hasText: 'Try it' }).count()).toBeGreaterThan(0);
      expect(small).toEqual([]);
    });

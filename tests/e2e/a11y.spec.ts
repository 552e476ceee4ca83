import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { documentationRoots } from '../../src/data/products';
import { gotoHydrated } from './helpers';

// axe-core scan (WCAG 2.1 A and AA) of the home page and every documentation root, in
// both colour modes: no serious or critical violation. No rule is disabled.
for (const mode of ['light', 'dark'] as const) {
  for (const path of ['/', ...documentationRoots]) {
    test(`axe ${mode} ${path}`, async ({ page }) => {
      await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
      await gotoHydrated(page, path);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
    });
  }
}

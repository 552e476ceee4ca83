import { expect, test } from '@playwright/test';
import { darkCodeTheme, lightCodeTheme } from '../../config/prism';
import { gotoHydrated, recordProblems } from './helpers';

/** `#rrggbb` as the `rgb(r, g, b)` that getComputedStyle reports. */
function rgb(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
}

function keywordColour(theme: typeof lightCodeTheme): string {
  const entry = theme.styles.find((s) => s.types.includes('keyword'));
  return rgb(entry!.style.color!);
}

const PAGE = '/connect/fulfillment/api/create_delivery_order';

for (const [mode, theme] of [
  ['light', lightCodeTheme],
  ['dark', darkCodeTheme],
] as const) {
  test(`${mode} mode: code blocks keep their server-rendered elements and take the ${mode} colours`, async ({
    page,
  }) => {
    const problems = recordProblems(page);
    await page.addInitScript((m) => {
      localStorage.setItem('theme', m);
      // Counts code blocks, or their lines, taken out of the page, e.g. by a re-mount after
      // hydration or by their inner HTML being set again on a re-render.
      const w = window as unknown as { removedCodeBlocks: number };
      w.removedCodeBlocks = 0;
      new MutationObserver((records) => {
        for (const r of records)
          for (const n of r.removedNodes)
            if (n instanceof Element && (n.matches('pre, .token-line') || n.querySelector('pre')))
              w.removedCodeBlocks++;
      }).observe(document, { childList: true, subtree: true });
    }, mode);
    await gotoHydrated(page, PAGE);
    await page.waitForTimeout(500);
    expect(
      await page.evaluate(
        () => (window as unknown as { removedCodeBlocks: number }).removedCodeBlocks,
      ),
    ).toBe(0);

    const block = page.locator('.theme-code-block').first();
    await expect(block).toHaveCSS('background-color', rgb(theme.plain.backgroundColor!));
    const keyword = page.locator('.prism-code .token.keyword').first();
    await expect(keyword).toHaveCSS('color', keywordColour(theme));
    // Colours come from the stylesheet, not from inline styles that differ by mode.
    expect(await page.locator('.prism-code .token[style*="color"]').count()).toBe(0);
    expect(problems.consoleErrors).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
  });
}

test('switching the colour mode recolours code blocks without reloading', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'light'));
  await gotoHydrated(page, PAGE);
  const keyword = page.locator('.prism-code .token.keyword').first();
  await expect(keyword).toHaveCSS('color', keywordColour(lightCodeTheme));
  await page
    .getByRole('button', { name: /Switch between dark and light mode/ })
    .first()
    .click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(keyword).toHaveCSS('color', keywordColour(darkCodeTheme));
});

test('a code block wider than the screen has a word-wrap toggle that wraps it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, '/catalog/catalog_api/test');
  const block = page.locator('.theme-code-block', { has: page.locator('pre') }).first();
  const pre = block.locator('pre');
  const overflow = () => pre.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(await overflow()).toBeGreaterThan(0);
  await block.hover();
  await block.getByRole('button', { name: 'Toggle word wrap' }).click();
  await expect.poll(overflow).toBeLessThanOrEqual(0);
});

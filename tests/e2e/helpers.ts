import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Paths of every page in the built sitemap (`build/sitemap.xml`), read at collection time
 * so that each page becomes its own test. Hosts are dropped: the sitemap carries SITE_URL,
 * the suite runs against localhost.
 * @throws Error naming the missing file when the site has not been built.
 */
export function sitemapPaths(): string[] {
  const file = join(__dirname, '..', '..', 'build', 'sitemap.xml');
  let xml: string;
  try {
    xml = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`${file} is missing: run "npm run build" before the e2e suite.`);
  }
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

/** Problems seen by a page: console errors, failed requests, and HTTP error answers. */
export interface PageProblems {
  consoleErrors: string[];
  failedRequests: string[];
}

/**
 * Starts recording console errors and failed requests on `page`.
 * @param allowStatus HTTP statuses not counted as failures (e.g. 404 on the not-found test).
 */
export function recordProblems(page: Page, allowStatus: number[] = []): PageProblems {
  const problems: PageProblems = { consoleErrors: [], failedRequests: [] };
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => problems.consoleErrors.push(String(err)));
  page.on('requestfailed', (req) => {
    problems.failedRequests.push(`${req.url()} (${req.failure()?.errorText ?? 'failed'})`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400 && !allowStatus.includes(res.status())) {
      problems.failedRequests.push(`${res.url()} (HTTP ${res.status()})`);
    }
  });
  return problems;
}

/** Navigates to `path` and waits until React has hydrated the page. */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
  return response;
}

/**
 * axe-core scan of the current page against WCAG 2.1 A and AA; no rule is disabled.
 * @param include CSS selector of the part to scan (default: the whole page).
 * @returns the serious and critical violations as `rule: selectors` lines (empty when clean).
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Holds back every JavaScript bundle of the site (`/assets/js/`) until `release()` is called,
 * so that a test can act on the server-rendered page before hydration.
 */
export async function holdScripts(page: Page): Promise<{ release: () => void }> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/js/**', async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

/**
 * Loads `path` with its bundles held back, presses `key` on the painted page, then lets the
 * bundles load: the search modal must open on hydration (spec §4, src/search/earlyShortcut.ts).
 * @returns whether the page had hydrated when the key was pressed (must be false).
 */
export async function pressBeforeHydration(page: Page, path: string, key: string) {
  const held = await holdScripts(page);
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await expect(page.locator('main').first()).toBeVisible();
  const hydrated = await page.locator('html[data-has-hydrated="true"]').count();
  await page.keyboard.press(key);
  held.release();
  await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
  await expect(page.locator('.DocSearch-Input')).toBeFocused();
  return { hydratedBeforeKey: hydrated > 0 };
}

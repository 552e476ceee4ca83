import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  type ConsoleMessage,
  type Page,
  type Request,
  type Response,
} from '@playwright/test';

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
  /** Requests started and not yet finished or failed. */
  openRequests: Set<Request>;
  /** Stops recording (detaches every listener), for a page reused by the next test. */
  stop(): void;
}

/**
 * Starts recording console errors, failed requests and open requests on `page`.
 * @param allowStatus HTTP statuses not counted as failures (e.g. 404 on the not-found test).
 */
export function recordProblems(page: Page, allowStatus: number[] = []): PageProblems {
  const consoleErrors: string[] = [];
  const failedRequests: string[] = [];
  const openRequests = new Set<Request>();
  const onConsole = (msg: ConsoleMessage) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  };
  const onPageError = (err: Error) => consoleErrors.push(String(err));
  const onRequest = (req: Request) => openRequests.add(req);
  const onFinished = (req: Request) => openRequests.delete(req);
  const onFailed = (req: Request) => {
    openRequests.delete(req);
    failedRequests.push(`${req.url()} (${req.failure()?.errorText ?? 'failed'})`);
  };
  const onResponse = (res: Response) => {
    if (res.status() >= 400 && !allowStatus.includes(res.status())) {
      failedRequests.push(`${res.url()} (HTTP ${res.status()})`);
    }
  };
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  page.on('request', onRequest);
  page.on('requestfinished', onFinished);
  page.on('requestfailed', onFailed);
  page.on('response', onResponse);
  return {
    consoleErrors,
    failedRequests,
    openRequests,
    stop() {
      page.off('console', onConsole);
      page.off('pageerror', onPageError);
      page.off('request', onRequest);
      page.off('requestfinished', onFinished);
      page.off('requestfailed', onFailed);
      page.off('response', onResponse);
    },
  };
}

/**
 * Longest wait for a page to hydrate (ms). A wait, not a measurement: in CI at a load of 10–13
 * on 2 cores, hydration took over Playwright's 5 s default (the diagram page in a 1440 × 12,000
 * viewport; a page whose bundles were held and released at once). Load times are the
 * benchmarks' to hold (`npm run bench*`).
 */
export const HYDRATION_MS = 20_000;

/** Navigates to `path` and waits until React has hydrated the page. */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1, {
    timeout: HYDRATION_MS,
  });
  return response;
}

/**
 * axe-core scan of the current page against WCAG 2.1 A and AA; no rule is disabled.
 * @param include CSS selector of the part to scan (default: the whole page).
 * @returns the serious and critical violations as `rule: selectors` lines (empty when clean).
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // axe.run in the page itself: the default runs each frame apart and finishes in a new
    // page, twice the time on these pages, which have no frames. Only violations are read.
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Holds back every request of `page` matching `pattern` (a Playwright route glob) until
 * `release()` is called; the held requests then go on to the server as they were.
 */
export async function holdRequests(page: Page, pattern: string): Promise<{ release: () => void }> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

/**
 * Holds back every JavaScript bundle of the site (`/assets/js/`) until `release()` is called,
 * so that a test can act on the server-rendered page before hydration.
 */
export async function holdScripts(page: Page): Promise<{ release: () => void }> {
  return holdRequests(page, '**/assets/js/**');
}

/**
 * Loads `path` with its bundles held back, presses `key` on the painted page: the modal's shell
 * must open at once with its box focused, and keep `typed`; then lets the bundles load: the
 * search modal must replace the shell on hydration with what was typed (spec §4,
 * plugins/search-index/client/earlyShortcut.ts).
 * @returns whether the page had hydrated when the key was pressed (must be false).
 */
export async function pressBeforeHydration(page: Page, path: string, key: string, typed = '') {
  const held = await holdScripts(page);
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await expect(page.locator('main').first()).toBeVisible();
  const hydrated = await page.locator('html[data-has-hydrated="true"]').count();
  await page.keyboard.press(key);
  const shell = page.getByRole('dialog', { name: 'Search' }).locator('.aisle-search-shell__input');
  await expect(shell).toBeFocused();
  if (typed) await page.keyboard.type(typed);
  held.release();
  // Every bundle of the page arrives at once on release and then runs (see HYDRATION_MS). How
  // soon the modal comes is bench:search's to hold ("opens before hydration").
  const afterRelease = { timeout: HYDRATION_MS };
  await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1, afterRelease);
  await expect(page.locator('.DocSearch-Input')).toBeFocused(afterRelease);
  await expect(page.locator('.DocSearch-Input')).toHaveValue(typed);
  await expect(page.locator('.aisle-search-shell')).toHaveCount(0);
  return { hydratedBeforeKey: hydrated > 0 };
}

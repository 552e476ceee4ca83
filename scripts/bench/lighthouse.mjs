/**
 * Lighthouse part of the site benchmark: the home page, a guide page, a generated API page and a
 * page with diagrams, served by the production nginx configuration (npm run serve:nginx),
 * mobile preset (Lighthouse's default: Moto G Power emulation, simulated slow 4G), 5 runs
 * each, median. Budgets of the production build: performance ≥ 95 (≥ 98 on the API and
 * diagram pages; CLS 0 on the diagram page), accessibility,
 * best practices and SEO 100, total blocking time ≤ 200 ms, LCP ≤ 2.0 s, CLS ≤ 0.02, JS ≤ 200 KB per page
 * (transferred, i.e. compressed as served).
 *
 * Used by scripts/bench/site.mjs; run alone with `node scripts/bench/lighthouse.mjs [--check]`
 * against the current build/. LIGHTHOUSE_RUNS overrides the run count.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { startFlow } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';
import { startNginx } from './serve.mjs';
import { median } from './stats.mjs';

/** Pages measured: one per page kind. */
export const LIGHTHOUSE_PAGES = {
  home: '/',
  guide: '/connect/fulfillment_guide/get_started',
  api: '/connect/fulfillment/api/create_delivery_order',
  diagram: '/connect/fulfillment',
};

/** Budgets of the production build, medians of 5 mobile runs. */
export const BUDGETS = {
  performance: { min: 95 },
  accessibility: { min: 100 },
  'best-practices': { min: 100 },
  seo: { min: 100 },
  tbtMs: { max: 200 },
  lcpMs: { max: 2000 },
  cls: { max: 0.02 },
  jsKb: { max: 200 },
};

/**
 * Stricter budgets for one page kind: the API page's performance score, from the API reference
 * budgets in design/openapi-pages.md; the diagram page's score and no layout shift at all,
 * from design/diagrams.md, section 3.
 */
export const PAGE_BUDGETS = {
  api: { performance: { min: 98 } },
  diagram: { performance: { min: 98 }, cls: { max: 0 } },
};

/** The budgets that apply to a page kind. */
export function budgetsFor(kind) {
  return { ...BUDGETS, ...PAGE_BUDGETS[kind] };
}

/** Debian's Chromium, headless, with the flags every browser-driving script uses. */
export function launchChrome() {
  return chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
}

const ALL_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/**
 * One Lighthouse run of `url` in `chrome` (launchChrome()), mobile preset (Lighthouse's
 * default: Moto G Power emulation, simulated slow 4G and 4× CPU slowdown).
 * @param categories the categories run; scores of the others are undefined.
 * @returns scores 0–100; tbtMs, lcpMs (simulated); cls; mainThreadMs (main-thread work) and
 *   bootupMs (JavaScript execution, Lighthouse's `bootup-time`), observed times scaled by the
 *   CPU slowdown; jsKb (scripts transferred, as compressed on the wire); failing audits of the
 *   non-performance categories.
 * @throws Error when Lighthouse reports a runtime error (page not loaded).
 */
export async function measurePage(chrome, url, { categories = ALL_CATEGORIES } = {}) {
  const { lhr } = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: categories,
  });
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const score = (id) =>
    lhr.categories[id] ? Math.round(lhr.categories[id].score * 100) : undefined;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    ...performanceFigures(lhr),
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    failing: Object.values(lhr.categories)
      .filter((c) => c.score < 1 && c.id !== 'performance')
      .flatMap((c) =>
        c.auditRefs
          .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null)
          .filter((ref) => lhr.audits[ref.id].score < 1)
          .map((ref) => `${c.id}: ${ref.id}`),
      ),
  };
}

/**
 * The timing and weight figures of one Lighthouse result (a navigation or a timespan):
 * tbtMs, lcpMs (undefined in a timespan, which has no LCP), mainThreadMs, bootupMs, jsKb.
 * @throws TypeError when one of the other audits is missing from the result.
 */
function performanceFigures(lhr) {
  const scripts = lhr.audits['resource-summary'].details.items.find(
    (i) => i.resourceType === 'script',
  );
  return {
    tbtMs: lhr.audits['total-blocking-time'].numericValue,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue,
    mainThreadMs: lhr.audits['mainthread-work-breakdown'].numericValue,
    bootupMs: lhr.audits['bootup-time'].numericValue,
    jsKb: (scripts?.transferSize ?? 0) / 1024,
  };
}

/** Time the page is left to settle after an interaction (or none), before a timespan ends. */
const SETTLE_MS = 1500;

/**
 * A page's load followed by an interaction, as one Lighthouse user flow in `chrome`: a
 * navigation of `url`, then a timespan in which `interact(page)` runs (a puppeteer-core Page)
 * and the page settles for 1.5 s. Both steps use DevTools throttling (the mobile preset's
 * 4× CPU slowdown and slow 4G, applied to the page): a timespan has no simulated
 * throttling, so a figure compared with this one must be measured the same way, e.g. with
 * `interact` omitted (load, then 1.5 s idle).
 * @returns tbtMs, mainThreadMs, bootupMs and jsKb of both steps added; lcpMs of the
 *   navigation; performance: the navigation's score.
 * @throws Error when a step reports a runtime error, or `interact` throws.
 */
export async function measureFlow(chrome, url, interact) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  let page;
  try {
    page = await browser.newPage();
    const flow = await startFlow(page, {
      config: {
        extends: 'lighthouse:default',
        settings: { onlyCategories: ['performance'], throttlingMethod: 'devtools' },
      },
    });
    await flow.navigate(url);
    await flow.startTimespan();
    if (interact) await interact(page);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    await flow.endTimespan();
    const [navigation, timespan] = (await flow.createFlowResult()).steps.map((step) => step.lhr);
    for (const lhr of [navigation, timespan]) {
      if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    }
    const [a, b] = [performanceFigures(navigation), performanceFigures(timespan)];
    return {
      performance: Math.round(navigation.categories.performance.score * 100),
      tbtMs: a.tbtMs + b.tbtMs,
      lcpMs: a.lcpMs,
      mainThreadMs: a.mainThreadMs + b.mainThreadMs,
      bootupMs: a.bootupMs + b.bootupMs,
      jsKb: a.jsKb + b.jsKb,
    };
  } finally {
    await page?.close().catch(() => undefined);
    browser.disconnect();
  }
}

/**
 * Runs every page `runs` times behind nginx and returns the medians per page, plus a list of
 * budget failures (empty when all hold).
 * @throws Error when nginx cannot start or a Lighthouse run fails.
 */
export async function runLighthouse({ runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5) } = {}) {
  const port = Number(process.env.LIGHTHOUSE_PORT ?? 4392);
  const nginx = await startNginx({ port });
  const base = nginx.origin;
  const results = {};
  let chrome;
  try {
    chrome = await launchChrome();
    for (const [kind, path] of Object.entries(LIGHTHOUSE_PAGES)) {
      const samples = [];
      for (let i = 0; i < runs; i++) samples.push(await measurePage(chrome, `${base}${path}`));
      const out = { path, runs };
      for (const key of Object.keys(BUDGETS)) {
        out[key] = median(samples.map((s) => s[key]));
        out[`${key}Range`] = [
          Math.min(...samples.map((s) => s[key])),
          Math.max(...samples.map((s) => s[key])),
        ];
      }
      out.failing = [...new Set(samples.flatMap((s) => s.failing))];
      results[kind] = out;
    }
  } finally {
    await chrome?.kill();
    nginx.stop();
  }
  const failures = budgetFailures(results);
  return { results, failures };
}

/**
 * Budgets missed by a set of medians.
 * @param results `{[pageKind]: {[budgetKey]: median}}` as runLighthouse builds it.
 * @returns lines such as `api tbtMs 678.00 > 200`; empty when every budget holds.
 */
export function budgetFailures(results) {
  const failures = [];
  for (const [kind, r] of Object.entries(results)) {
    for (const [key, budget] of Object.entries(budgetsFor(kind))) {
      if (budget.min !== undefined && r[key] < budget.min)
        failures.push(`${kind} ${key} ${r[key]} < ${budget.min}`);
      if (budget.max !== undefined && r[key] > budget.max)
        failures.push(`${kind} ${key} ${r[key].toFixed(2)} > ${budget.max}`);
    }
  }
  return failures;
}

/** Prints the table of medians (with the min–max spread over the runs). */
export function printLighthouse({ results, failures }) {
  const fmt = {
    tbtMs: (v) => `${Math.round(v)} ms`,
    lcpMs: (v) => `${(v / 1000).toFixed(2)} s`,
    cls: (v) => v.toFixed(3),
    jsKb: (v) => `${v.toFixed(1)} KB`,
  };
  console.log('\nLighthouse, mobile preset, behind nginx (median of runs; min–max)');
  for (const [kind, r] of Object.entries(results)) {
    console.log(`\n${kind} ${r.path} (${r.runs} runs)`);
    for (const key of Object.keys(BUDGETS)) {
      const f = fmt[key] ?? ((v) => String(v));
      const [lo, hi] = r[`${key}Range`];
      const own = budgetsFor(kind)[key];
      const budget = own.min !== undefined ? `≥ ${own.min}` : `≤ ${own.max}`;
      console.log(
        `  ${key.padEnd(15)} ${f(r[key]).padEnd(10)} (${f(lo)}–${f(hi)})  budget ${budget}`,
      );
    }
    if (r.failing.length) console.log(`  audits below 100: ${r.failing.join(', ')}`);
  }
  console.log(
    failures.length ? `\nBudgets FAILED:\n  ${failures.join('\n  ')}` : '\nAll budgets hold.',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outcome = await runLighthouse();
  printLighthouse(outcome);
  if (process.argv.includes('--check') && outcome.failures.length) process.exit(1);
}

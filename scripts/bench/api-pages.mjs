#!/usr/bin/env node
/**
 * API reference layout benchmark (`npm run bench:api`), on the existing build/ served by
 * `docusaurus serve`: every generated operation, webhook and schemas page (the built HTML files
 * holding `class="api-page"`) is loaded at 1440 px and at 390 px, with every `<details>` opened
 * so that nested rows are measured too, and checked against the budgets of
 * design/openapi-pages.md:
 * - field names drawn on more than one line box (a name broken inside itself): 0 at both widths;
 * - pages wider than the 390 px viewport (the document scrolls sideways): 0;
 * - height of create_delivery_order at 1440 px with its parts collapsed: at most half of the
 *   21,945 px the flat tables took (API_HEIGHT_MAX), reported with a plain doc page measured in
 *   the same run for scale.
 * Pages load with JavaScript off: the layout is the server-rendered HTML and CSS (what a reader
 * sees first), and 2 × 150 pages then take about a minute rather than five. `--check` exits 1
 * on a missed budget. Results also go to .bench/api-pages.json.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';

const root = join(import.meta.dirname, '..', '..');
const buildDir = join(root, 'build');
const port = Number(process.env.BENCH_API_PORT ?? 4393);
const base = `http://127.0.0.1:${port}`;
/** Height budget of the delivery-order page at 1440 px: half of 21,945 px (the flat tables). */
const API_HEIGHT_MAX = 21_945 / 2;
const HEIGHT_PAGE = '/connect/fulfillment/api/create_delivery_order';
const PLAIN_PAGE = '/storefront/concepts';

/** URL paths of the built pages rendered by plugins/openapi-pages. */
function apiPages() {
  const out = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.html') && /class="?api-page[\s">]/.test(readFileSync(full, 'utf8')))
        out.push(
          `/${relative(buildDir, full)
            .split(sep)
            .join('/')
            .replace(/\.html$/, '')}`,
        );
    }
  };
  walk(buildDir);
  return out.sort();
}

async function waitForServer(url, timeoutMs = 30_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server at ${url} did not answer within ${timeoutMs} ms`);
}

/** Layout figures of the page loaded in `page`, after opening every `<details>` if asked. */
function measure(page, openAll) {
  return page.evaluate((open) => {
    const height = document.documentElement.scrollHeight;
    if (open) for (const d of document.querySelectorAll('details')) d.open = true;
    const broken = [...document.querySelectorAll('.api-field__name code')]
      .filter((el) => el.getClientRects().length > 1)
      .map((el) => el.textContent);
    return { height, width: document.documentElement.scrollWidth, broken };
  }, openAll);
}

async function main() {
  const pages = apiPages();
  if (!pages.length) throw new Error('no API pages in build/: run `npm run build` first');
  const server = spawn(
    'npx',
    ['docusaurus', 'serve', '--no-open', '--host', '127.0.0.1', '--port', String(port)],
    { cwd: root, stdio: 'ignore', detached: true },
  );
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const results = { pages: pages.length, broken: [], sideways: [], heights: {} };
  try {
    await waitForServer(`${base}/`);
    for (const width of [1440, 390]) {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        javaScriptEnabled: false,
      });
      const page = await context.newPage();
      for (const path of [...pages, PLAIN_PAGE]) {
        await page.goto(base + path, { waitUntil: 'load' });
        if (width === 1440 && (path === HEIGHT_PAGE || path === PLAIN_PAGE))
          results.heights[path] = (await measure(page, false)).height;
        if (path === PLAIN_PAGE) continue;
        const m = await measure(page, true);
        for (const name of m.broken) results.broken.push(`${width} px ${path}: ${name}`);
        if (width === 390 && m.width > 390) results.sideways.push(`${path}: ${m.width} px`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    process.kill(-server.pid);
  }
  const height = results.heights[HEIGHT_PAGE];
  const failures = [];
  if (results.broken.length) failures.push(`${results.broken.length} field names broken`);
  if (results.sideways.length) failures.push(`${results.sideways.length} pages scroll sideways`);
  if (!(height <= API_HEIGHT_MAX)) failures.push(`${HEIGHT_PAGE} is ${height} px tall`);
  results.failures = failures;

  console.log('\nAPI reference layout (JavaScript off, every <details> opened)');
  console.log(`pages measured            ${pages.length} × 1440 px and 390 px`);
  console.log(`field names broken        ${results.broken.length} (budget 0)`);
  for (const line of results.broken.slice(0, 20)) console.log(`  ${line}`);
  console.log(`pages wider than 390 px   ${results.sideways.length} (budget 0)`);
  for (const line of results.sideways.slice(0, 20)) console.log(`  ${line}`);
  console.log(
    `${HEIGHT_PAGE} at 1440 px: ${height} px (budget ≤ ${API_HEIGHT_MAX}; plain doc page ${PLAIN_PAGE}: ${results.heights[PLAIN_PAGE]} px)`,
  );
  console.log(failures.length ? `FAILED: ${failures.join('; ')}` : 'All budgets met.');
  mkdirSync(join(root, '.bench'), { recursive: true });
  writeFileSync(join(root, '.bench', 'api-pages.json'), JSON.stringify(results, null, 2));
  if (process.argv.includes('--check') && failures.length) process.exit(1);
}

main().catch((error) => {
  console.error(`bench:api: ${error.message}`);
  process.exit(1);
});

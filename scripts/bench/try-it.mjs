#!/usr/bin/env node
/**
 * Try it benchmark (`npm run bench:try-it`), on the existing build/ behind the production nginx
 * configuration (scripts/bench/serve.mjs), with the budgets of design/try-it.md:
 * - before the panel is opened, a guide and an API page fetch no file of the panel, the twin or
 *   msw, and the runtime every page loads lists only the panel's own chunks (at most 3);
 * - first opening of the panel, in a browser that never had it: the scripts it runs (the
 *   panel, the twin with its operation module, msw, and msw's worker script; not the linked
 *   pages' chunks Docusaurus prefetches meanwhile) at most 60 KB gzip (61,440 B; gzip level 6
 *   of the built files, the method of `npm run bench`);
 * - Send to the answer on screen (the time the panel shows, `data-ms`), median of 5 sends
 *   after the worker started: at most 150 ms on this machine.
 * Pages: the Connect `create_user` operation (with the Connect state model) and the Catalog
 * `get_item` operation (an API answered from its examples). `--check` exits 1 on a missed
 * budget.
 * Results also go to .bench/try-it.json.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';
import { startNginx } from './serve.mjs';
import { median } from './stats.mjs';

const root = join(import.meta.dirname, '..', '..');
const buildDir = join(root, 'build');
const port = Number(process.env.BENCH_TRY_IT_PORT ?? 4398);
/** Panel plus twin on first open, gzip bytes: 60 KB (issue budget; KB = 1,024 B here). */
const FIRST_OPEN_MAX = 60 * 1024;
/** Send to answer, ms (issue budget, "on this machine"). */
const ANSWER_MAX_MS = 150;
const GUIDE = '/connect/fulfillment_guide/get_started';
const OPERATIONS = ['/connect/fulfillment/api/create_user', '/catalog/catalog_api/api/get_item'];
const SENDS = 5;

const gzip = (pathname) =>
  gzipSync(readFileSync(join(buildDir, decodeURIComponent(pathname))), { level: 6 }).length;

/** Whether a URL path is a file of the panel, the twin or msw. */
const isTryIt = (pathname) =>
  /^\/assets\/js\/try-it-/.test(pathname) ||
  pathname.startsWith('/assets/sandbox-twin/') ||
  pathname === '/mockServiceWorker.js';

/** Chunk names of the panel in `runtime~main` (the only Try it entries it may list). */
function runtimeEntries() {
  const file = readdirSync(join(buildDir, 'assets', 'js')).find((f) =>
    /^runtime~main\.[0-9a-f]+\.js$/.test(f),
  );
  const code = readFileSync(join(buildDir, 'assets', 'js', file), 'utf8');
  return {
    tryIt: [...new Set(code.match(/"try-it-[a-z-]+"/g) ?? [])],
    operations: (code.match(/\bsandboxServer\b/g) ?? []).length,
  };
}

async function main() {
  const { origin, stop } = await startNginx({ port });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const results = { runtime: runtimeEntries(), pages: {} };
  try {
    for (const path of [GUIDE, ...OPERATIONS]) {
      // A new context per page: no service worker, no cache, as a first visit.
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      // Every .js file fetched, and apart those the page ran: Docusaurus prefetches the chunks
      // of the pages that links in view lead to (<link rel="prefetch">, resource type "other"),
      // in an idle callback that a loaded machine may run only after the click. Those are the
      // linked pages' cost, not the panel's, so first open counts the scripts run.
      const fetched = new Set();
      const run = new Set();
      const onRequest = (r) => {
        const url = new URL(r.url());
        if (url.origin !== origin || !url.pathname.endsWith('.js')) return;
        fetched.add(url.pathname);
        if (r.resourceType() === 'script') run.add(url.pathname);
      };
      page.on('request', onRequest);
      // The worker script is fetched by the browser for the registration, not by the page.
      context.on('serviceworker', (w) => {
        fetched.add(new URL(w.url()).pathname);
        run.add(new URL(w.url()).pathname);
      });
      await page.goto(origin + path, { waitUntil: 'networkidle' });
      // Hydrated: the page's own chunks have all been run. A loaded machine can reach
      // 'networkidle' with them preloaded but not yet run (main.js still evaluating), and they
      // would be counted as the panel's.
      await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
      const before = [...fetched];
      const ranBefore = [...run];
      const row = { before: before.filter(isTryIt) };
      if (path !== GUIDE) {
        await page.getByRole('button', { name: 'Try it' }).click();
        const panel = page.locator('.try-it__panel');
        await panel.getByRole('button', { name: 'Send' }).waitFor();
        await page.waitForLoadState('networkidle');
        const opened = [...run].filter((p) => !ranBefore.includes(p));
        row.opened = Object.fromEntries(opened.map((p) => [p, gzip(p)]));
        row.openedBytes = opened.reduce((n, p) => n + gzip(p), 0);
        row.notTryIt = opened.filter((p) => !isTryIt(p));
        const times = [];
        // The panel fetches a token by itself, which renames the button from "Get a sandbox token"
        // to "Get a new sandbox token" at any moment: match both, or the click can wait forever.
        const token = panel.getByRole('button', {
          name: /Get a (new )?sandbox token|Use the test key/,
        });
        if (await token.count()) await token.first().click();
        for (let i = 0; i < SENDS; i++) {
          const send = panel.getByRole('button', { name: 'Send' });
          await send.click();
          await page.locator('.try-it__answer[data-ms]').waitFor();
          await page.waitForFunction(() => {
            const b = [...document.querySelectorAll('.try-it__panel button')].find(
              (e) => e.textContent === 'Send',
            );
            return b && !b.disabled;
          });
          times.push(Number(await page.locator('.try-it__answer').getAttribute('data-ms')));
        }
        row.answerMs = times;
        row.mode = (await panel.textContent()).includes('answered in the page') ? 'page' : 'worker';
      }
      results.pages[path] = row;
      await context.close();
    }
  } finally {
    await browser.close();
    stop();
  }

  const failures = [];
  console.log('\nTry it (build/ behind nginx; gzip -6 of the built files)');
  console.log(
    `runtime~main lists ${results.runtime.tryIt.length} panel chunks (${results.runtime.tryIt.join(', ')}) and ${results.runtime.operations} operation modules (budget ≤ 3 and 0)`,
  );
  if (results.runtime.tryIt.length > 3 || results.runtime.operations > 0)
    failures.push('runtime~main lists more than the panel');
  for (const [path, row] of Object.entries(results.pages)) {
    console.log(`${path}`);
    console.log(`  before opening: ${row.before.length} Try it files (budget 0)`);
    if (row.before.length) failures.push(`${path} fetched ${row.before.join(', ')} unopened`);
    if (row.opened === undefined) continue;
    for (const [file, bytes] of Object.entries(row.opened))
      console.log(`    ${file.padEnd(60)} ${String(bytes).padStart(7)} B`);
    console.log(
      `  first open: ${row.openedBytes} B = ${(row.openedBytes / 1024).toFixed(1)} KB (budget ≤ ${FIRST_OPEN_MAX / 1024} KB)`,
    );
    if (row.openedBytes > FIRST_OPEN_MAX) failures.push(`${path} first open ${row.openedBytes} B`);
    const answer = median(row.answerMs);
    console.log(
      `  Send to answer (${row.mode}): ${row.answerMs.join(', ')} ms, median ${answer} (budget ≤ ${ANSWER_MAX_MS})`,
    );
    if (row.mode !== 'worker') failures.push(`${path} answered in the page, not by the worker`);
    if (!(answer <= ANSWER_MAX_MS)) failures.push(`${path} answer ${answer} ms`);
  }
  results.failures = failures;
  console.log(failures.length ? `FAILED: ${failures.join('; ')}` : 'All budgets met.');
  mkdirSync(join(root, '.bench'), { recursive: true });
  writeFileSync(join(root, '.bench', 'try-it.json'), JSON.stringify(results, null, 2));
  if (process.argv.includes('--check') && failures.length) process.exit(1);
}

main().catch((error) => {
  console.error(`bench:try-it: ${error.message}`);
  process.exit(1);
});

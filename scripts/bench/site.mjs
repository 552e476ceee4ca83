#!/usr/bin/env node
/**
 * Site benchmark (`npm run bench`): builds the site (wall time), then reports the number of
 * HTML pages, total build size, and the JavaScript that the home page, a guide page and an
 * API page actually load in Chromium once hydrated (raw bytes and gzip at level 6, the usual
 * server setting). Then the Lighthouse part (./lighthouse.mjs): home, guide and API page
 * behind nginx, mobile preset, 5 runs, medians against the production-serving budgets;
 * `--no-lighthouse` skips it, `--check` exits 1 when a budget fails.
 * `--no-build` measures the existing build/. Results also go to
 * .bench/site.json so runs can be compared.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';
import { printLighthouse, runLighthouse } from './lighthouse.mjs';

const root = join(import.meta.dirname, '..', '..');
const buildDir = join(root, 'build');
const port = Number(process.env.BENCH_PORT ?? 4391);
/**
 * Pages measured for JS weight: one per page kind. `plain` is a doc page without tabs or
 * diagrams, the yardstick for the page kinds in OVER_PLAIN_MAX.
 */
const PAGES = {
  home: '/',
  guide: '/connect/fulfillment_guide/get_started',
  diagram: '/connect/fulfillment',
  reference: '/glossary',
  plain: '/storefront/concepts',
  api: '/connect/fulfillment/api/create_delivery_order',
};
/**
 * Budgets: JS a page kind loads over the plain doc page, gzip. API page +10 %
 * (design/openapi-pages.md); diagram page +5 % (design/diagrams.md, section 3).
 */
const OVER_PLAIN_MAX = { api: 0.1, diagram: 0.05 };

function walk(dir) {
  const files = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) files.push(...walk(full));
    else files.push(full);
  }
  return files;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

async function waitForServer(url, timeoutMs = 30_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server at ${url} did not answer within ${timeoutMs} ms`);
}

async function measureJs(browser, url) {
  const page = await browser.newPage();
  const scripts = new Map();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    try {
      scripts.set(res.url(), await res.body());
    } catch {
      // body unavailable (redirect); not counted
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForSelector('html[data-has-hydrated="true"]');
  await page.waitForLoadState('networkidle');
  await page.close();
  let raw = 0;
  let gzip = 0;
  for (const body of scripts.values()) {
    raw += body.length;
    gzip += gzipSync(body, { level: 6 }).length;
  }
  return { files: scripts.size, raw, gzip };
}

async function main() {
  const results = {};
  if (!process.argv.includes('--no-build')) {
    const start = process.hrtime.bigint();
    const build = spawnSync('npx', ['docusaurus', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
    results.buildSeconds = Number(process.hrtime.bigint() - start) / 1e9;
  }
  const files = walk(buildDir);
  results.htmlPages = files.filter((f) => f.endsWith('.html')).length;
  results.totalBytes = files.reduce((sum, f) => sum + statSync(f).size, 0);

  const server = spawn(
    'npx',
    ['docusaurus', 'serve', '--no-open', '--host', '127.0.0.1', '--port', String(port)],
    { cwd: root, stdio: 'ignore', detached: true },
  );
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    await waitForServer(`http://127.0.0.1:${port}/`);
    results.js = {};
    for (const [kind, path] of Object.entries(PAGES)) {
      results.js[kind] = { path, ...(await measureJs(browser, `http://127.0.0.1:${port}${path}`)) };
    }
  } finally {
    await browser.close();
    process.kill(-server.pid);
  }

  console.log('\nAisle Docs site benchmark');
  if (results.buildSeconds) console.log(`build wall time   ${results.buildSeconds.toFixed(1)} s`);
  console.log(`HTML pages        ${results.htmlPages}`);
  console.log(`build size        ${(results.totalBytes / 1024 / 1024).toFixed(2)} MB`);
  console.log('\nJS loaded once hydrated (Chromium):');
  console.log('page        path                       files   raw         gzip');
  for (const [kind, m] of Object.entries(results.js)) {
    console.log(
      `${kind.padEnd(11)} ${m.path.padEnd(26)} ${String(m.files).padStart(5)}   ${kb(m.raw).padEnd(11)} ${kb(m.gzip)}`,
    );
  }
  results.overPlain = {};
  const jsFailures = [];
  for (const [kind, max] of Object.entries(OVER_PLAIN_MAX)) {
    const over = results.js[kind].gzip / results.js.plain.gzip - 1;
    results.overPlain[kind] = over;
    if (over > max) jsFailures.push(kind);
    console.log(
      `${kind} page JS vs plain doc page: ${over >= 0 ? '+' : ''}${(over * 100).toFixed(1)}% gzip (${over <= max ? 'within' : 'OVER'} the +${max * 100}% budget)`,
    );
  }
  if (!process.argv.includes('--no-lighthouse')) {
    results.lighthouse = await runLighthouse();
    printLighthouse(results.lighthouse);
  }
  mkdirSync(join(root, '.bench'), { recursive: true });
  writeFileSync(join(root, '.bench', 'site.json'), JSON.stringify(results, null, 2));
  const failed = jsFailures.length > 0 || results.lighthouse?.failures.length > 0;
  if (process.argv.includes('--check') && failed) process.exit(1);
}

main().catch((error) => {
  console.error(`bench: ${error.message}`);
  process.exit(1);
});

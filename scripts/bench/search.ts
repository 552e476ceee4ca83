/**
 * Search benchmark (`npm run bench:search`), over the built site's search data:
 * records, index + store bytes (raw and gzip level 6) per shard, engine chunk gzip, shard load
 * time, query latency p50/p95 over a fixed query set (5 warm passes), and relevance on the
 * labelled set in tests/search-relevance.json (correct page in the top 3).
 *
 * Budgets (design/search-engine.md): engine ≤ 8 KB gzip; search data ≤ 600 KB gzip in total;
 * query p95 ≤ 10 ms; relevance ≥ 95 % of the labelled questions (right page in the top 3; the
 * misses are listed in design/search-engine.md). Exits 1 when a budget
 * fails. With `--check` (used by `npm test`), only the deterministic budgets (sizes,
 * relevance) decide the exit code; latency depends on the machine and is reported from one
 * pass only.
 *
 * `--browser` (not passed by `npm test`: about a minute) also measures the first search in
 * Chromium on Lighthouse's mobile profile, behind the production nginx serving build/ on
 * 127.0.0.1 (`--port N`, default 4601; or `--origin URL` for a server already running):
 * time to first hits, bytes before them, longest main-thread task, and the time from Ctrl+K to
 * an open search box (before hydration, first opening, a later one; ≤ 300 ms each), on a
 * Connect page and the home page (./search-first-use.ts), median of `--runs N` (default 3).
 * Its budgets fail the run like the others.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import MiniSearch from 'minisearch';
import { recordsFile } from '../../plugins/search-index/paths';
import { headingDocs, miniSearchOptions } from '../../plugins/search-index/client/engine';
import { createLocalClient } from '../../plugins/search-index/client/localClient';
import type { SearchFile, SearchManifest } from '../../plugins/search-index/client/types';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';
import {
  FIRST_USE_BUDGET,
  FIRST_USE_CASES,
  measureFirstUse,
  measureOpenBeforeHydration,
  type FirstUseRun,
} from './search-first-use';
import { startNginx } from './serve.mjs';

const root = join(__dirname, '..', '..');
const searchDir = join(root, 'build', 'search');
const checkOnly = process.argv.includes('--check');
const argValue = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const inBrowser = process.argv.includes('--browser');

const BUDGET = { engineGzipKB: 8, dataGzipKB: 600, p95Ms: 10, relevance: 0.95 };
const ORIGIN = 'https://docs.aisle.example';

const kb = (n: number) => n / 1024;
const gz = (s: string | Buffer) => gzipSync(s, { level: 6 }).length;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

function read(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    console.error(`bench:search: ${file} is missing; run "npm run build" first.`);
    process.exit(1);
  }
}

async function main() {
  const manifest = JSON.parse(read(join(searchDir, 'manifest.json'))) as SearchManifest;
  const records = (JSON.parse(read(recordsFile(join(root, 'build')))) as unknown[]).length;
  const shardTexts = new Map(
    [...manifest.headings, ...manifest.shards].map((s) => [s.file, read(join(searchDir, s.file))]),
  );

  console.log('\nAisle Docs search benchmark');
  console.log(`DocSearch records (Algolia export)  ${records}`);
  console.log(
    '\nshard                               docs    raw KB   gzip KB   load ms (median of 5)',
  );
  let dataGzip = gz(JSON.stringify(manifest));
  let headingsGzip = 0;
  // The headings files (first tier): load = parse + indexing their headings in the browser.
  for (const s of [
    ...manifest.headings.map((h) => ({ ...h, section: '(headings)' })),
    ...manifest.shards,
  ]) {
    const text = shardTexts.get(s.file)!;
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      const file = JSON.parse(text) as SearchFile;
      if (file.kind === 'shard') MiniSearch.loadJS(file.index as never, miniSearchOptions);
      else new MiniSearch(miniSearchOptions).addAll(headingDocs(file));
      times.push(performance.now() - t0);
    }
    if (s.section === '(headings)') headingsGzip += gz(text);
    dataGzip += gz(text);
    console.log(
      `${`${s.language}/${s.section}`.padEnd(34)} ${String(s.records).padStart(6)} ${kb(text.length).toFixed(1).padStart(9)} ${kb(gz(text)).toFixed(1).padStart(9)} ${median(times).toFixed(1).padStart(9)}`,
    );
  }

  const jsDir = join(root, 'build', 'assets', 'js');
  const engineChunk = readdirSync(jsDir)
    .map((f) => readFileSync(join(jsDir, f)))
    .find((b) => b.includes('loadJSONAsync'));
  const engineGzip = engineChunk ? gz(engineChunk) : Number.NaN;

  const client = createLocalClient({
    manifest: async () => manifest,
    shard: async (file) => JSON.parse(shardTexts.get(file)!) as SearchFile,
    engine: async () => MiniSearch,
    origin: () => ORIGIN,
  });
  const modalParams = {
    indexName: 'aisle-docs',
    hitsPerPage: 5,
    highlightPreTag: '<mark>',
    highlightPostTag: '</mark>',
    attributesToSnippet: ['hierarchy.lvl1:10', 'hierarchy.lvl2:10', 'content:10'],
    facetFilters: [
      'language:en',
      ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'],
    ],
  };
  // Latency and relevance are the shards' (fullIndex): the first tier answers only while they load.
  const search = (query: string, hitsPerPage = 5) =>
    client.search({ requests: [{ ...modalParams, hitsPerPage, query, fullIndex: true }] });

  const labelled = JSON.parse(read(join(root, 'tests', 'search-relevance.json'))) as {
    queries: { kind: string; query: string; page: string }[];
  };
  // Latency set: every labelled query, then each typed keystroke by keystroke.
  const allLatencyQueries = labelled.queries.flatMap(({ query }) =>
    [query, ...Array.from({ length: query.length - 1 }, (_, i) => query.slice(0, i + 2))].filter(
      (q, i, all) => all.indexOf(q) === i,
    ),
  );
  // Under --check, every third: a global query searches 13 section shards (design/search-engine.md,
  // "First use on a phone"), and the whole set took the check from 25 s to 48 s at load 13.
  const latencyQueries = checkOnly
    ? allLatencyQueries.filter((_, i) => i % 3 === 0)
    : allLatencyQueries;
  await search('warm up');
  const times: number[] = [];
  // Under --check latency decides nothing, so one pass reports it (5 passes took 18 s of CI).
  const passes = checkOnly ? 1 : 5;
  for (let pass = 0; pass < passes; pass++) {
    for (const q of latencyQueries) {
      const t0 = performance.now();
      await search(q);
      times.push(performance.now() - t0);
    }
  }
  const p50 = pct(times, 0.5);
  const p95 = pct(times, 0.95);

  let correct = 0;
  const misses: string[] = [];
  const byKind = new Map<string, [number, number]>();
  for (const { kind, query, page } of labelled.queries) {
    const { results } = await search(query, 3);
    const pages = results[0].hits.map((h) => new URL(h.url_without_anchor).pathname);
    const ok = pages.includes(page);
    const [c, n] = byKind.get(kind) ?? [0, 0];
    byKind.set(kind, [c + (ok ? 1 : 0), n + 1]);
    if (ok) correct++;
    else misses.push(`  "${query}" expected ${page}, got ${pages.join(', ') || 'nothing'}`);
  }
  const relevance = correct / labelled.queries.length;

  // The first tier alone, as a reader meets it while the shards load: shards never arrive.
  const headingsOnly = createLocalClient({
    manifest: async () => manifest,
    shard: async (file) => {
      const parsed = JSON.parse(shardTexts.get(file)!) as SearchFile;
      if (parsed.kind === 'shard') throw new Error('first tier only');
      return parsed;
    },
    engine: async () => MiniSearch,
    origin: () => ORIGIN,
  });
  let tierCorrect = 0;
  for (const { query, page } of labelled.queries) {
    try {
      const { results } = await headingsOnly.search({
        requests: [{ ...modalParams, hitsPerPage: 3, query }],
      });
      if (results[0].hits.some((h) => new URL(h.url_without_anchor).pathname === page)) {
        tierCorrect++;
      }
    } catch {
      // nothing among the headings: the modal waits for the shards
    }
  }

  console.log(`\nengine chunk (MiniSearch)            ${kb(engineGzip).toFixed(1)} KB gzip`);
  console.log(
    `search data, all files + manifest    ${kb(dataGzip).toFixed(1)} KB gzip (headings ${kb(headingsGzip).toFixed(1)} KB)`,
  );
  console.log(
    `query latency (${latencyQueries.length} queries x ${passes})    p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms`,
  );
  console.log(
    `relevance (top 3)                    ${correct}/${labelled.queries.length} (${(relevance * 100).toFixed(0)} %): ` +
      [...byKind].map(([k, [c, n]]) => `${k} ${c}/${n}`).join(', '),
  );
  if (misses.length) console.log(`misses:\n${misses.join('\n')}`);
  console.log(
    `first tier alone (headings), top 3   ${tierCorrect}/${labelled.queries.length} (reported only: answers while the shards load)`,
  );

  const firstUse = inBrowser ? await browserFirstUse() : [];

  const checks: [string, boolean, boolean][] = [
    ...firstUse.flatMap(({ label, run, openBefore }): [string, boolean, boolean][] => [
      [
        `${label}: first hits ≤ ${FIRST_USE_BUDGET.firstHitsMs} ms`,
        run.firstHitsMs <= FIRST_USE_BUDGET.firstHitsMs,
        true,
      ],
      [
        `${label}: ≤ ${FIRST_USE_BUDGET.bytesKB} KB before them`,
        kb(run.bytes) <= FIRST_USE_BUDGET.bytesKB,
        true,
      ],
      [
        `${label}: no main-thread task over ${FIRST_USE_BUDGET.longestTaskMs} ms`,
        run.longestTaskMs <= FIRST_USE_BUDGET.longestTaskMs,
        true,
      ],
      ...(
        [
          ['before hydration', openBefore],
          ['first after hydration', run.openFirstMs],
          ['later', run.openAgainMs],
        ] as const
      ).map(([when, ms]): [string, boolean, boolean] => [
        `${label}: search opens ≤ ${FIRST_USE_BUDGET.openMs} ms after Ctrl+K, ${when}`,
        ms <= FIRST_USE_BUDGET.openMs,
        true,
      ]),
    ]),
    [`engine ≤ ${BUDGET.engineGzipKB} KB gzip`, kb(engineGzip) <= BUDGET.engineGzipKB, true],
    [`search data ≤ ${BUDGET.dataGzipKB} KB gzip`, kb(dataGzip) <= BUDGET.dataGzipKB, true],
    [`relevance ≥ ${BUDGET.relevance * 100} %`, relevance >= BUDGET.relevance, true],
    [`query p95 ≤ ${BUDGET.p95Ms} ms`, p95 <= BUDGET.p95Ms, false],
  ];
  console.log('\nbudgets');
  let failed = false;
  for (const [name, ok, deterministic] of checks) {
    console.log(
      `  ${ok ? 'PASS' : 'FAIL'}  ${name}${deterministic ? '' : checkOnly ? ' (reported only)' : ''}`,
    );
    if (!ok && (deterministic || !checkOnly)) failed = true;
  }
  if (failed) process.exit(1);
}

/**
 * The first-use figures in Chromium (see ./search-first-use.ts), median of each figure over
 * `--runs` runs per page.
 */
async function browserFirstUse(): Promise<
  { label: string; run: FirstUseRun; openBefore: number }[]
> {
  const runs = Math.max(1, Number(argValue('--runs') ?? 3) || 3);
  const given = argValue('--origin');
  const server = given
    ? { origin: given.replace(/\/$/, ''), stop: () => undefined }
    : await startNginx({ port: Number(argValue('--port') ?? 4601), buildDir: undefined });
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const out: { label: string; run: FirstUseRun; openBefore: number }[] = [];
  try {
    const [load1] = loadavg();
    console.log(
      `\nfirst search on the mobile profile (CPU 4x, 1.6 Mbit/s, 150 ms RTT), median of ${runs}, ` +
        `load average ${load1.toFixed(2)} on this machine`,
    );
    console.log(
      'page                               query           first hits ms (measured + 3 x worker)   KB before   longest task ms   opens ms: before hydration / first / later',
    );
    for (const c of FIRST_USE_CASES) {
      const all: FirstUseRun[] = [];
      const before: number[] = [];
      for (let i = 0; i < runs; i++) {
        all.push(await measureFirstUse(browser, server.origin, c));
        before.push(await measureOpenBeforeHydration(browser, server.origin, c));
      }
      const openBefore = median(before);
      const med = (pick: (r: FirstUseRun) => number) => median(all.map(pick));
      const run: FirstUseRun = {
        measuredMs: med((r) => r.measuredMs),
        workerMs: med((r) => r.workerMs),
        firstHitsMs: med((r) => r.firstHitsMs),
        bytes: med((r) => r.bytes),
        longestTaskMs: med((r) => r.longestTaskMs),
        worker: all.every((r) => r.worker),
        openFirstMs: med((r) => r.openFirstMs),
        openAgainMs: med((r) => r.openAgainMs),
      };
      console.log(
        `${c.label.padEnd(34)} ${c.query.padEnd(15)} ${`${run.firstHitsMs.toFixed(0)} (${run.measuredMs.toFixed(0)} + 3 x ${run.workerMs.toFixed(0)})`.padEnd(39)} ${kb(run.bytes).toFixed(1).padStart(9)}   ${longest(run.longestTaskMs, all).padStart(15)}   ${[openBefore, run.openFirstMs, run.openAgainMs].map((ms) => ms.toFixed(0)).join(' / ')}${run.worker ? '' : '  (main thread: no worker answered)'}`,
      );
      out.push({ label: c.label, run, openBefore });
    }
  } finally {
    await browser.close();
    server.stop();
  }
  return out;
}

/**
 * The longest-task cell: the median of the runs' longest tasks over 50 ms (or 'none > 50'),
 * then the range over the runs when they differ, e.g. `none > 50 (0–61)`; 0 is a run without a
 * long task.
 */
function longest(medianMs: number, all: FirstUseRun[]): string {
  const ms = all.map((r) => r.longestTaskMs);
  const [lo, hi] = [Math.min(...ms), Math.max(...ms)];
  const mid = medianMs ? medianMs.toFixed(0) : 'none > 50';
  return lo === hi ? mid : `${mid} (${lo.toFixed(0)}–${hi.toFixed(0)})`;
}

main().catch((error: Error) => {
  console.error(`bench:search: ${error.message}`);
  process.exit(1);
});

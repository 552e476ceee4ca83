/**
 * Catalog file checker benchmark (`npm run bench:catalog`): builds a 50 MB inventory file in
 * memory (valid rows with one bad value in every 50th row), checks it with the same code the
 * browser's Web Worker runs (Papa Parse in 1 MB chunks + InventoryFileCheck), and prints the
 * throughput and the heap growth. `--browser <url>` also drops two files on the file
 * requirements page of a served build in Chromium: that file, and a header of 1,000,000 columns
 * (the checker must list 20 unknown names, not a million); for each it reports the time to the
 * report and the longest main-thread task seen meanwhile, and exits 1 when a task passes
 * LONGEST_TASK_BUDGET_MS (the page must stay responsive: the work is in a worker).
 * Size: BENCH_CATALOG_MB (default 50, the Catalog issue's figure).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { catalogColumns } from '../../src/data/catalog-columns';
import { InventoryFileCheck } from '../../src/catalog/fileChecker';
import { parseInto } from '../../src/catalog/parse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';

const megabytes = Number(process.env.BENCH_CATALOG_MB ?? 50);
const browserUrl = process.argv.includes('--browser')
  ? process.argv[process.argv.indexOf('--browser') + 1]
  : undefined;

/** Longest main-thread task allowed while a file is checked, in ms (design/catalog-files.md). */
export const LONGEST_TASK_BUDGET_MS = 200;

/** A valid value of each required column, quoted for CSV where needed. */
function exampleRow(header: string[]): string[] {
  return header.map((name) => {
    const value = catalogColumns.find((c) => c.name === name)!.example;
    return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  });
}

/**
 * A file of `columns` columns in all: the required ones, then unknown names x1, x2, …, and one
 * row of valid values for the required columns.
 */
export function makeWideHeader(columns: number): Buffer {
  const header = catalogColumns.filter((c) => c.required).map((c) => c.name);
  const extra = Array.from({ length: columns - header.length }, (_, i) => `x${i + 1}`);
  return Buffer.from(`${[...header, ...extra].join(',')}\n${exampleRow(header).join(',')}\n`);
}

/** A realistic file of about `mb` megabytes; every 50th row has a bad price. */
export function makeInventory(mb: number): Buffer {
  const header = catalogColumns.filter((c) => c.required).map((c) => c.name);
  const parts = [header.join(',')];
  let bytes = parts[0].length;
  for (let i = 0; bytes < mb * 1024 * 1024; i++) {
    const row = exampleRow(header).map((value, c) =>
      header[c] === 'price' && i % 50 === 49 ? 'abc' : value,
    );
    const line = row.join(',');
    parts.push(line);
    bytes += line.length + 1;
  }
  return Buffer.from(parts.join('\n'));
}

async function node(file: Buffer) {
  const started = performance.now();
  const check = new InventoryFileCheck(catalogColumns, '0142_full_2026-03-01.csv', file.length);
  check.setEncoding('UTF-8');
  const stream = Readable.from(
    (function* () {
      for (let i = 0; i < file.length; i += 1 << 20) yield file.subarray(i, i + (1 << 20));
    })(),
  );
  await parseInto(stream, check);
  const report = check.finish();
  const seconds = (performance.now() - started) / 1000;
  // Peak resident memory of the whole process, the 50 MB test file included.
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  return { report, seconds, peakRssMb };
}

/** Drops `file` on the file requirements page; the seconds to the report and the longest task. */
async function browser(file: Buffer, url: string) {
  const { chromium } = await import('@playwright/test');
  const b = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await b.newPage();
    await page.goto(`${url}/catalog/catalog_inventory_file/file_requirements`);
    await page.waitForSelector('html[data-has-hydrated="true"]');
    await page.evaluate(() => {
      (window as unknown as { longest: number }).longest = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const w = window as unknown as { longest: number };
          w.longest = Math.max(w.longest, entry.duration);
        }
      }).observe({ type: 'longtask', buffered: false });
    });
    // Playwright passes files over 50 MB by path only.
    const dir = mkdtempSync(join(tmpdir(), 'catalog-bench-'));
    const path = join(dir, '0142_full_2026-03-01.csv');
    writeFileSync(path, file);
    const started = Date.now();
    await page.setInputFiles('#catalog-file-input', path);
    await page.waitForSelector('#catalog-check-report', { timeout: 300_000 });
    const seconds = (Date.now() - started) / 1000;
    const longest = await page.evaluate(() => (window as unknown as { longest: number }).longest);
    return { seconds, longest };
  } finally {
    await b.close();
  }
}

const file = makeInventory(megabytes);
const mb = file.length / 1024 / 1024;
const result = await node(file);
console.log('\nCatalog file checker benchmark');
console.log(
  `file                ${mb.toFixed(1)} MB, ${result.report.rows.toLocaleString('en-US')} rows`,
);
console.log(
  `problems found      ${result.report.errorCount.toLocaleString('en-US')} (expected ${Math.floor(result.report.rows / 50).toLocaleString('en-US')})`,
);
console.log(
  `Node check time     ${result.seconds.toFixed(2)} s (${(mb / result.seconds).toFixed(1)} MB/s)`,
);
console.log(
  `peak RSS            ${result.peakRssMb.toFixed(0)} MB (process, file in memory included)`,
);
if (browserUrl) {
  const cases = [
    { name: `the ${mb.toFixed(0)} MB file`, file },
    { name: 'a header of 1,000,000 columns', file: makeWideHeader(1_000_000) },
  ];
  let missed = false;
  for (const c of cases) {
    const inBrowser = await browser(c.file, browserUrl);
    const ok = inBrowser.longest <= LONGEST_TASK_BUDGET_MS;
    missed ||= !ok;
    console.log(
      `Chromium, ${c.name}: ${inBrowser.seconds.toFixed(2)} s from drop to report (Web Worker); ` +
        // The Long Tasks API reports only tasks over 50 ms.
        `longest main-thread task ${inBrowser.longest ? `${inBrowser.longest.toFixed(0)} ms` : 'none over 50 ms'} ` +
        `(budget ${LONGEST_TASK_BUDGET_MS} ms) ${ok ? 'PASS' : 'FAIL'}`,
    );
  }
  if (missed) process.exit(1);
}

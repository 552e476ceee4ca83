#!/usr/bin/env node
/**
 * Writers' preview against plain Docusaurus (`npm run bench:preview`): `docusaurus start` of
 * Aisle Docs and of the plain Docusaurus site of `npm run bench:compare` (350 generated pages,
 * made by the shared make-baseline.sh into BENCH_BASELINE_DIR), measured the same way in one
 * run, the sites alternated (design/performance.md, "Writers' preview").
 *
 * Each round starts each site with `npm start -- --no-open` (`docusaurus start`), then:
 * 1. start: from the spawn to two pages served (HTTP 200) and rendered in Chromium (their
 *    `<h1>` on screen), both opened at once: ours the guide page and the API page, the plain
 *    site two doc pages;
 * 2. edits: for each page, two edits, each a sentence with a unique word saved into its
 *    source; the time to that word on screen in the open page is taken, then the source is
 *    restored (always, try/finally, also on Ctrl-C) and the restored page awaited:
 *    - body edit: the sentence is added to the page's text and its metadata stays the same;
 *    - description edit: the sentence is also the page's meta description, so the docs plugin
 *      writes new metadata too (a second compile in the dev server, design/performance.md,
 *      "The split in the preview").
 *    The guide page's and the plain pages' sources are their Markdown/MDX files (the sentence
 *    appended; for the description edit also their front-matter `description`). The API page
 *    is generated from openapi/fulfillment.yaml by plugins/openapi-pages, whose meta
 *    description is the first sentences of the operation's `description`: the body edit puts
 *    the sentence at that description's end, the description edit at its start.
 * The server is then stopped (its whole process group) before the other site starts.
 *
 * Report: per figure median (min–max) over `--runs N` rounds (default 3), the load average at
 * start, end and before each measurement; ratios ours / plain of the medians against the
 * budget (1.5 ×, the performance work item "Writers' preview"): the guide page against the
 * first plain page, the API page against the second. Exits 1 when one is missed, unless
 * `--report`; 2 when the run itself fails. Writes `<out>.json` and `<out>.md` (`--out`, default
 * .bench/preview) and the servers' output to `<out>-logs/`.
 *
 * Ports: BENCH_PREVIEW_PORT (ours, default 4388) and the next one (plain).
 */
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';
import { baselineDirOf, ensureBaseline, plainOrderPages } from './baseline.mjs';
import {
  PREVIEW_BUDGET,
  PREVIEW_METRICS,
  evaluatePreviewBudgets,
  misses,
} from './ratio-budgets.mjs';
import { summarize } from './stats.mjs';
import { portFromEnv } from './serve.mjs';

const root = join(import.meta.dirname, '..', '..');
const baselineDir = baselineDirOf(root);

/** Longest wait for a start (ms): a cold start of ours on the loaded 2-core machine is ~2 min. */
const START_TIMEOUT_MS = 10 * 60_000;
/** Longest wait for an edit to show (ms). */
const EDIT_TIMEOUT_MS = 5 * 60_000;

const USAGE = `usage: npm run bench:preview -- [--runs N] [--report] [--out PATH]
  --runs N     rounds, each starting both sites once (default 3, 1–20)
  --report     report only: exit 0 even when a budget is missed
  --out PATH   write PATH.json, PATH.md and the servers' output to PATH-logs/
               (default .bench/preview)`;

function fail(message) {
  console.error(`bench:preview: ${message}`);
  process.exit(2);
}

function options() {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        runs: { type: 'string', default: '3' },
        report: { type: 'boolean', default: false },
        out: { type: 'string', default: join('.bench', 'preview') },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    fail(`${error.message}\n${USAGE}`);
  }
  if (parsed.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const runs = Number(parsed.runs);
  if (!/^\d+$/.test(parsed.runs) || runs < 1 || runs > 20) {
    fail(`--runs must be a whole number from 1 to 20; got "${parsed.runs}".`);
  }
  let port;
  try {
    port = portFromEnv('BENCH_PREVIEW_PORT', '4388');
  } catch (error) {
    fail(error.message);
  }
  return { ...parsed, runs, port, out: resolve(root, parsed.out) };
}

const load = () => {
  const [one, five, fifteen] = loadavg().map((x) => Number(x.toFixed(2)));
  return { at: new Date().toISOString(), one, five, fifteen };
};

const indentOf = (line) => line.length - line.trimStart().length;

/**
 * `yaml` with `sentence` as the first (`where` 'start') or last ('end') paragraph of the
 * `operationId` operation's block description.
 * @throws Error when the operation or its `description: |` is not found.
 */
function withOperationSentence(yaml, operationId, sentence, where) {
  const lines = yaml.split('\n');
  const op = lines.findIndex((l) => l.trim() === `operationId: ${operationId}`);
  if (op === -1) throw new Error(`no operation "${operationId}"`);
  const indent = indentOf(lines[op]);
  const at = lines.findIndex(
    (l, i) => i > op && l.trim() === 'description: |' && indentOf(l) === indent,
  );
  if (at === -1) throw new Error(`operation "${operationId}" has no block description`);
  const pad = ' '.repeat(indent + 2);
  if (where === 'start') {
    lines.splice(at + 1, 0, `${pad}${sentence}`, '');
  } else {
    // The block ends at the first non-blank line indented no deeper than its key.
    let last = at;
    for (let i = at + 1; i < lines.length; i++) {
      if (lines[i].trim() === '') continue;
      if (indentOf(lines[i]) <= indent) break;
      last = i;
    }
    lines.splice(last + 1, 0, '', `${pad}${sentence}`);
  }
  return lines.join('\n');
}

/** `text` (Markdown or MDX) with `sentence` appended as its last paragraph. */
const appended = (text, sentence) => `${text.replace(/\s*$/, '')}\n\n${sentence}\n`;

/**
 * `text` with `sentence` appended and as its front-matter `description`.
 * @throws Error when the front matter has no one-line `description:`.
 */
function withDescription(text, sentence) {
  const front = /^---\n[\s\S]*?\n---\n/.exec(text);
  if (!front || !/^description: .+$/m.test(front[0])) {
    throw new Error('no one-line front-matter description to edit');
  }
  const head = front[0].replace(/^description: .+$/m, `description: ${JSON.stringify(sentence)}`);
  return appended(head + text.slice(front[0].length), sentence);
}

/** The two edits of each page, in the order made: figure name → edit. */
const EDIT_KINDS = [
  { figure: 'bodyEditMs', kind: 'body' },
  { figure: 'metaEditMs', kind: 'description' },
];

/** The first two doc pages of the plain site's Orders category: URL path and source file. */
function plainPages() {
  return plainOrderPages(baselineDir, 2).map(({ path, file }, i) => ({
    name: i ? 'plain doc 2' : 'plain doc',
    path,
    file,
    edits: { body: appended, description: withDescription },
  }));
}

/** Our two pages: the guide page (its MDX) and the API page (its operation in the YAML). */
const OUR_PAGES = [
  {
    name: 'guide',
    path: '/connect/fulfillment_guide/get_started',
    file: join(root, 'docs', 'connect', 'fulfillment_guide', 'get_started.mdx'),
    edits: { body: appended, description: withDescription },
  },
  {
    name: 'api',
    path: '/connect/fulfillment/api/create_delivery_order',
    file: join(root, 'openapi', 'fulfillment.yaml'),
    edits: {
      body: (text, sentence) =>
        withOperationSentence(text, 'create_delivery_order', sentence, 'end'),
      description: (text, sentence) =>
        withOperationSentence(text, 'create_delivery_order', sentence, 'start'),
    },
  },
];

/** Files edited and not yet restored: path → original text (restored on exit and Ctrl-C). */
const pendingRestores = new Map();
function restoreAll() {
  for (const [file, text] of pendingRestores) {
    writeFileSync(file, text);
    pendingRestores.delete(file);
  }
}
/** Process groups of running servers (stopped on exit and Ctrl-C). */
const running = new Set();
function stopAll() {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // gone already
    }
    running.delete(pid);
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    restoreAll();
    stopAll();
    console.error(`bench:preview: stopped by ${signal}; sources restored`);
    process.exit(130);
  });
}

/**
 * Starts `npm start` in `dir` on 127.0.0.1:`port` in its own process group.
 * @returns `{ child, stop }`; stop() ends the group (SIGTERM, SIGKILL after 10 s), never throws.
 */
function startServer(dir, port, logFile) {
  const fd = openSync(logFile, 'w');
  const child = spawn(
    'npm',
    ['start', '--', '--no-open', '--host', '127.0.0.1', '--port', String(port)],
    {
      cwd: dir,
      stdio: ['ignore', fd, fd],
      detached: true,
      env: { ...process.env, BROWSER: 'none', FORCE_COLOR: '0' },
    },
  );
  closeSync(fd);
  running.add(child.pid);
  const exited = new Promise((r) => child.once('exit', r));
  const stop = async () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      running.delete(child.pid);
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }, 10_000);
    await exited;
    clearTimeout(timer);
    running.delete(child.pid);
  };
  return { child, exited, stop };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Resolves with the time (performance.now()) `url` first answered 200, polling every 100 ms.
 * @throws Error when the server exits or `deadline` (performance.now() ms) passes.
 */
async function servedAt(url, server, deadline) {
  let exited = false;
  server.exited.then(() => (exited = true));
  while (performance.now() < deadline) {
    if (exited) throw new Error(`the server stopped before ${url} answered (see its log)`);
    try {
      const res = await fetch(url, {
        signal: AbortSignal.timeout(Math.max(1, Math.ceil(deadline - performance.now()))),
      });
      await res.arrayBuffer();
      if (res.ok) return performance.now();
    } catch (error) {
      // Not listening yet ('fetch failed'), or the deadline passed (below); nothing else.
      if (!(error.message === 'fetch failed' || error.name === 'TimeoutError')) throw error;
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer within ${START_TIMEOUT_MS / 1000} s`);
}

/**
 * Waits until `test(bodyText)` holds in `page`, through hot updates and full reloads.
 * @returns performance.now() when it first held. @throws Error after `timeoutMs`.
 */
async function waitForText(page, test, timeoutMs, what) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    try {
      const text = await page.evaluate(() => document.body?.innerText ?? '');
      if (test(text)) return performance.now();
    } catch {
      // the page is reloading
    }
    await sleep(50);
  }
  throw new Error(`${what}: not on screen within ${timeoutMs / 1000} s`);
}

/** One round of one site: start, both pages, both edits of each; the server stopped after. */
async function measureSite(browser, site, pages, port, logFile) {
  const origin = `http://127.0.0.1:${port}`;
  const figures = {};
  const started = performance.now();
  const server = startServer(site === 'ours' ? root : baselineDir, port, logFile);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const deadline = started + START_TIMEOUT_MS;
    const opened = await Promise.all(
      pages.map(async (p) => {
        const served = await servedAt(`${origin}${p.path}`, server, deadline);
        const page = await context.newPage();
        await page.goto(`${origin}${p.path}`, { timeout: START_TIMEOUT_MS });
        await page
          .locator('article h1, main h1')
          .first()
          .waitFor({ timeout: Math.max(1, Math.ceil(deadline - performance.now())) });
        const rendered = performance.now();
        figures[p.name] = { servedMs: served - started, startMs: rendered - started };
        return page;
      }),
    );
    // Let the dev server settle (its file watchers and the hot-update socket) before editing.
    await sleep(2000);
    for (const [i, p] of pages.entries()) {
      const page = opened[i];
      figures[p.name].loadAtEdit = [];
      for (const { figure, kind } of EDIT_KINDS) {
        const word = `preview${Date.now().toString(36)}`;
        const sentence = `This sentence checks the writers' preview ${word}.`;
        const original = readFileSync(p.file, 'utf8');
        const what = `${p.name} ${kind} edit`;
        pendingRestores.set(p.file, original);
        try {
          writeFileSync(p.file, p.edits[kind](original, sentence));
          const saved = performance.now();
          figures[p.name].loadAtEdit.push(load().one);
          const shown = await waitForText(page, (t) => t.includes(word), EDIT_TIMEOUT_MS, what);
          figures[p.name][figure] = shown - saved;
        } finally {
          writeFileSync(p.file, original);
          pendingRestores.delete(p.file);
        }
        // The restored page, so that the next measurement starts from an idle server.
        await waitForText(page, (t) => !t.includes(word), EDIT_TIMEOUT_MS, `${what} restored`);
        await sleep(1000);
      }
    }
  } finally {
    await context.close().catch(() => {});
    await server.stop();
  }
  return figures;
}

const sec = (v) => (v / 1000).toFixed(1);
const cell = (s) => (s ? `${sec(s.median)} (${sec(s.min)}–${sec(s.max)})` : 'no data');
const ratioText = (c) => {
  if (c.status === 'no data') return 'no data ✗';
  const r = c.ratio === null ? '0/0' : c.ratio === Infinity ? '∞' : c.ratio.toFixed(2);
  return `${r} ${c.status === 'pass' ? '✓' : '✗'}`;
};

/** The Markdown report of one run's results. */
function markdown(r) {
  const lines = [];
  const l = (s = '') => lines.push(s);
  l("### Writers' preview against plain Docusaurus (`npm run bench:preview`)");
  l();
  l(
    `${r.finishedAt.slice(0, 16).replace('T', ' ')} UTC · ${r.runs} round(s), \`npm start\` of each site per round, sites alternated · Chromium ${r.versions.chromium}, Node ${r.versions.node}`,
  );
  l();
  const during = r.load.during;
  l(
    `Load average (1, 5, 15 min; ${r.cores} cores): start ${r.load.start.one}, ${r.load.start.five}, ${r.load.start.fifteen}; end ${r.load.end.one}, ${r.load.end.five}, ${r.load.end.fifteen}; 1-min load during the runs ${Math.min(...during)}–${Math.max(...during)}.`,
  );
  l();
  l(
    '| page | path | runs | served s | start to rendered s | body edit to shown s | description edit to shown s |',
  );
  l('|---|---|---|---|---|---|---|');
  for (const [name, p] of Object.entries(r.pages)) {
    l(
      `| ${name} | \`${p.path}\` | ${p.runs} | ${cell(p.stats.servedMs)} | ${cell(p.stats.startMs)} | ${cell(p.stats.bodyEditMs)} | ${cell(p.stats.metaEditMs)} |`,
    );
  }
  l();
  l(
    `| page | held to | ${PREVIEW_METRICS.map((m) => `${m.label} ours/plain (≤ ${PREVIEW_BUDGET})`).join(' | ')} |`,
  );
  l(`|---|---|${PREVIEW_METRICS.map(() => '---|').join('')}`);
  for (const kind of ['guide', 'api']) {
    const checks = r.checks.filter((c) => c.kind === kind);
    l(`| ${kind} | ${checks[0].ref} | ${checks.map(ratioText).join(' | ')} |`);
  }
  l();
  const missed = misses(r.checks);
  l(
    missed.length
      ? `**${missed.length} budget(s) missed:** ${missed.map((c) => `${c.kind} ${c.budget} ${ratioText(c)}`).join('; ')}.`
      : '**Every budget holds.**',
  );
  return lines.join('\n');
}

async function main() {
  const opts = options();
  const logDir = `${opts.out}-logs`;
  mkdirSync(logDir, { recursive: true });
  ensureBaseline(baselineDir, join(logDir, 'plain-make.log'));
  const plain = plainPages();
  const startLoad = load();
  console.log(
    `bench:preview: load ${startLoad.one}, ${startLoad.five}, ${startLoad.fifteen}; ${opts.runs} round(s)`,
  );
  const sites = { ours: OUR_PAGES, plain };
  const samples = {};
  for (const p of [...OUR_PAGES, ...plain]) samples[p.name] = [];
  const during = [];
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (let round = 0; round < opts.runs; round++) {
      const order = round % 2 ? ['ours', 'plain'] : ['plain', 'ours'];
      for (const site of order) {
        during.push(load().one);
        const port = site === 'ours' ? opts.port : opts.port + 1;
        const figures = await measureSite(
          browser,
          site,
          sites[site],
          port,
          join(logDir, `${site}-${round + 1}.log`),
        );
        for (const [name, f] of Object.entries(figures)) {
          samples[name].push(f);
          during.push(...f.loadAtEdit);
          console.log(
            `  round ${round + 1} ${name.padEnd(11)} served ${sec(f.servedMs)} s, rendered ${sec(f.startMs)} s, body edit shown ${sec(f.bodyEditMs)} s, description edit ${sec(f.metaEditMs)} s (load ${f.loadAtEdit.join(', ')})`,
          );
        }
      }
    }
  } finally {
    restoreAll();
    stopAll();
    await browser.close();
  }

  const pages = {};
  for (const p of [...OUR_PAGES, ...plain]) {
    const stats = {};
    for (const key of ['servedMs', 'startMs', 'bodyEditMs', 'metaEditMs']) {
      stats[key] = summarize(samples[p.name].map((f) => f[key]));
    }
    pages[p.name] = {
      site: p.name.startsWith('plain') ? 'plain' : 'ours',
      path: p.path,
      runs: samples[p.name].length,
      stats,
    };
  }
  const medians = (name) =>
    Object.fromEntries(PREVIEW_METRICS.map((m) => [m.metric, pages[name].stats[m.metric].median]));
  const checks = evaluatePreviewBudgets({
    ours: { guide: medians('guide'), api: medians('api') },
    plain: { guide: medians('plain doc'), api: medians('plain doc 2') },
    refs: { guide: `plain doc \`${plain[0].path}\``, api: `plain doc 2 \`${plain[1].path}\`` },
  });
  const results = {
    startedAt: startLoad.at,
    finishedAt: new Date().toISOString(),
    runs: opts.runs,
    cores: availableParallelism(),
    versions: {
      chromium: execFileSync(CHROMIUM_PATH, ['--version'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      })
        .trim()
        .replace(/^Chromium /, ''),
      node: process.versions.node,
    },
    baselineDir,
    load: { start: startLoad, end: load(), during: during.filter((x) => x !== undefined) },
    pages,
    checks,
  };
  const md = markdown(results);
  mkdirSync(dirname(opts.out), { recursive: true });
  writeFileSync(`${opts.out}.json`, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(`${opts.out}.md`, `${md}\n`);
  console.log(`\n${md}\n`);
  console.log(`Written: ${relative(root, opts.out)}.json, .md`);
  if (misses(checks).length && !opts.report) process.exit(1);
}

main().catch((error) => {
  restoreAll();
  stopAll();
  console.error(`bench:preview: ${error.message}`);
  process.exit(2);
});

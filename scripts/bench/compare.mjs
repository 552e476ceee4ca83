#!/usr/bin/env node
/**
 * Aisle Docs against plain Docusaurus (`npm run bench:compare`), both measured in one run so
 * that the ratios hold however loaded the machine is (design/performance.md).
 *
 * 1. The plain site: a Docusaurus 3.10.2 classic site of 350 generated pages, same dependency
 *    versions, `future.faster`, no search, made by the shared make-baseline.sh
 *    (BENCH_BASELINE_SCRIPT) into BENCH_BASELINE_DIR (default .bench/baseline-350, ignored by
 *    git, ESLint and Prettier; not under node_modules/.cache, since Docusaurus does not
 *    transpile sources on a node_modules path, nor under a home folder that nginx's worker
 *    user cannot read); made once, then reused.
 * 2. Builds: cold (after `docusaurus clear`: no .docusaurus, build or node_modules/.cache,
 *    so our diagrams are drawn again) then warm, `npm run build` of each site under
 *    /usr/bin/time -v, the sites alternated: wall time per page (URLs in sitemap.xml), CPU
 *    time (user + system, all processes; less moved by load than wall time) and peak memory
 *    (largest resident set of the build's processes). `--reuse-build` measures
 *    the existing build/ and skips the build figures and their budgets.
 * 3. Serving: both sites behind the production nginx configuration (scripts/serve-nginx.ts)
 *    with NGINX_BROTLI=off, both precompressed by scripts/precompress.mjs: the same server,
 *    headers and gzip level 9 files for both, so transferred bytes compare.
 * 4. Lighthouse, mobile preset, performance only, `--runs N` (default 5) per page, in rounds
 *    that load every page once, the sites alternated and the order reversed every other round,
 *    so each page's runs span the whole run: our home, guide, API, diagram, glossary and
 *    catalog column pages; the plain home and a plain doc page as references.
 * 5. Report: per page median (min–max) of the performance score, TBT, LCP, main-thread time,
 *    JS execution (bootup) time and JS transferred; builds; the load average at start and
 *    end and the 1-minute load during the runs; ratios ours / plain against the budgets of
 *    scripts/bench/ratio-budgets.mjs. Exits 1 when one is missed, unless `--report`.
 *    Writes `<out>.json` and `<out>.md` (`--out`, default .bench/compare).
 *
 * Ports: BENCH_COMPARE_PORT (ours, default 4394) and the next one (plain).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CHROMIUM_PATH } from '../chromium.mjs';
import { launchChrome, measureFlow, measurePage } from './lighthouse.mjs';
import { BUILD_BUDGETS, PAGE_BUDGETS, evaluateBudgets, misses } from './ratio-budgets.mjs';
import { startNginx, portFromEnv } from './serve.mjs';
import { baselineDirOf, ensureBaseline } from './baseline.mjs';
import { PAGE_KINDS, apiPagePath, plainDocPath } from './pages.mjs';
import { summarize } from './stats.mjs';

const root = join(import.meta.dirname, '..', '..');
const baselineDir = baselineDirOf(root);
const TIME = '/usr/bin/time';

const usage =
  () => `usage: npm run bench:compare -- [--runs N] [--pages KINDS] [--reuse-build] [--report] [--out PATH]
  --runs N        Lighthouse runs per page (default 5, 1–50)
  --pages KINDS   only these page kinds, comma-separated (default all: ${KINDS.join(', ')}),
                  with the plain pages they are held to
  --reuse-build   measure the existing build/ (and the plain site's build when present);
                  no build figures, their budgets skipped
  --report        report only: exit 0 even when a budget is missed
  --out PATH      write PATH.json and PATH.md (default .bench/compare)`;

/**
 * Opens the Try it panel of an operation page (plugins/sandbox-twin/theme/TryIt) and waits
 * until it can send: the panel chunk, the sandbox twin and msw's worker loaded and started.
 * @param page a puppeteer-core Page. @throws Error after 60 s without a Send button.
 */
async function openTryIt(page) {
  await page.click('.try-it__toggle');
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('.try-it button')].some((b) => b.textContent.trim() === 'Send'),
    // Every 250 ms: puppeteer's default polls on every animation frame, work that the
    // timespan would count as the page's (150–220 ms of its JS run in a trial).
    { timeout: 60_000, polling: 250 },
  );
}

/**
 * Our page kinds (scripts/bench/pages.mjs) and `try-it`: the API page loaded and then its Try
 * it panel opened, one Lighthouse user flow (measureFlow: DevTools throttling, as a timespan has
 * no simulated throttling), so it is held to the plain doc page measured the same way: loaded,
 * then left idle as long (`doc-flow`).
 */
const OUR_PAGES = [
  ...PAGE_KINDS,
  { kind: 'try-it', path: null, ref: 'doc-flow', flow: true, interact: openTryIt },
];
const KINDS = OUR_PAGES.map((p) => p.kind);
/** The plain site's reference pages, by the `ref` names OUR_PAGES use. */
const PLAIN_REFS = {
  home: { name: 'plain home', flow: false },
  doc: { name: 'plain doc', flow: false },
  'doc-flow': { name: 'plain doc, flow', flow: true },
};
const METRICS = ['performance', 'tbtMs', 'lcpMs', 'mainThreadMs', 'bootupMs', 'jsKb'];

function fail(message) {
  console.error(`bench:compare: ${message}`);
  process.exit(2);
}

function options() {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        runs: { type: 'string', default: '5' },
        pages: { type: 'string', default: KINDS.join(',') },
        'reuse-build': { type: 'boolean', default: false },
        report: { type: 'boolean', default: false },
        out: { type: 'string', default: join('.bench', 'compare') },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    fail(`${error.message}\n${usage()}`);
  }
  if (parsed.help) {
    console.log(usage());
    process.exit(0);
  }
  const runs = Number(parsed.runs);
  if (!/^\d+$/.test(parsed.runs) || runs < 1 || runs > 50) {
    fail(`--runs must be a whole number from 1 to 50; got "${parsed.runs}".`);
  }
  const pages = parsed.pages.split(',').map((k) => k.trim());
  const unknown = pages.filter((k) => !KINDS.includes(k));
  if (unknown.length || !pages.length) {
    fail(`--pages takes page kinds from ${KINDS.join(', ')}; got "${parsed.pages}".`);
  }
  let port;
  try {
    port = portFromEnv('BENCH_COMPARE_PORT', '4394');
  } catch (error) {
    fail(error.message);
  }
  return { ...parsed, runs, port, pages, out: resolve(root, parsed.out) };
}

/** `uptime` as printed, and the three load averages. */
function load() {
  const text = execFileSync('uptime', { encoding: 'utf8' }).trim();
  const [one, five, fifteen] = readFileSync('/proc/loadavg', 'utf8').split(' ').map(Number);
  return { uptime: text, one, five, fifteen, at: new Date().toISOString() };
}

/** Runs a command to completion, its output into `log`. @throws Error naming the log. */
function run(command, args, { cwd, log, env = process.env }) {
  const fd = openSync(log, 'a');
  try {
    const r = spawnSync(command, args, { cwd, env, stdio: ['ignore', fd, fd] });
    if (r.error) throw new Error(`${command}: ${r.error.message}`);
    if (r.status !== 0) {
      throw new Error(`${command} ${args.join(' ')} in ${cwd} exited ${r.status}; see ${log}`);
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * One `npm run build` of the site in `cwd` under /usr/bin/time -v; cold after
 * `docusaurus clear`. @returns `{ seconds, cpuSeconds, peakRssKb }` (wall and CPU time, s;
 * largest resident set, KB).
 */
function timedBuild(cwd, name, phase, logDir) {
  const log = join(logDir, `${name}-${phase}.log`);
  const timeFile = join(logDir, `${name}-${phase}.time`);
  rmSync(log, { force: true });
  if (phase === 'cold') run('npx', ['docusaurus', 'clear'], { cwd, log });
  console.log(`  ${name}, ${phase} build… (log: ${relative(root, log)})`);
  const start = process.hrtime.bigint();
  run(TIME, ['-v', '-o', timeFile, 'npm', 'run', 'build'], { cwd, log });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const report = readFileSync(timeFile, 'utf8');
  /** A figure of the `time -v` report, e.g. "User time (seconds): 12.3". */
  const figure = (label) => {
    const line = report.split('\n').find((x) => x.trim().startsWith(`${label}:`));
    const value = Number(line?.split(': ')[1]);
    if (!Number.isFinite(value)) throw new Error(`no "${label}" in ${timeFile}`);
    return value;
  };
  const peakRssKb = figure('Maximum resident set size (kbytes)');
  const cpuSeconds = figure('User time (seconds)') + figure('System time (seconds)');
  console.log(
    `    ${seconds.toFixed(1)} s (CPU ${cpuSeconds.toFixed(1)} s), peak ${Math.round(peakRssKb / 1024)} MB`,
  );
  return { seconds, cpuSeconds, peakRssKb };
}

/** URLs listed in a build's sitemap.xml: the page count builds are divided by. */
function pageCount(buildDir) {
  const file = join(buildDir, 'sitemap.xml');
  if (!existsSync(file)) throw new Error(`${file} is missing: is the site built?`);
  return (readFileSync(file, 'utf8').match(/<loc>/g) ?? []).length;
}

/** Gzip and brotli twins of the plain build, as our build writes them (served: gzip only). */
function precompress(buildDir, logDir) {
  run('node', [join(root, 'scripts', 'precompress.mjs')], {
    cwd: root,
    log: join(logDir, 'plain-precompress.log'),
    env: { ...process.env, BUILD_DIR: buildDir },
  });
}

/**
 * One Lighthouse run of a schedule entry `s` at `url` in `browser.chrome` (a user flow when
 * `s.flow`), retried once in a fresh Chromium when it fails (on a busy machine a run now and
 * then loses its trace, NO_NAVSTART, and the next one in the same browser tends to as well).
 */
async function lighthouseSample(browser, url, s) {
  const once = () =>
    s.flow
      ? measureFlow(browser.chrome, url, s.interact)
      : measurePage(browser.chrome, url, { categories: ['performance'] });
  try {
    return await once();
  } catch (error) {
    console.log(`    retrying once in a new browser: ${error.message}`);
    await browser.chrome.kill();
    browser.chrome = await launchChrome();
    return once();
  }
}

const ms = (v) => `${Math.round(v)}`;
const sec = (v) => (v / 1000).toFixed(2);
const FORMAT = {
  performance: (v) => String(Math.round(v)),
  tbtMs: ms,
  lcpMs: sec,
  mainThreadMs: sec,
  bootupMs: sec,
  jsKb: (v) => v.toFixed(1),
};
const cell = (s, key) =>
  s ? `${FORMAT[key](s.median)} (${FORMAT[key](s.min)}–${FORMAT[key](s.max)})` : 'no data';
const ratioText = (c) => {
  if (c.status === 'skipped') return 'not measured';
  if (c.status === 'no data') return 'no data ✗';
  // Three decimals where two would round onto the limit and hide which side it is on.
  const digits = c.ratio !== null && Number(c.ratio.toFixed(2)) === c.max ? 3 : 2;
  const r = c.ratio === null ? '0/0' : c.ratio === Infinity ? '∞' : c.ratio.toFixed(digits);
  return `${r} ${c.status === 'pass' ? '✓' : '✗'}`;
};

/** The Markdown report of one run's results. */
function markdown(r) {
  const lines = [];
  const l = (s = '') => lines.push(s);
  l(`### Aisle Docs against plain Docusaurus (\`npm run bench:compare\`)`);
  l();
  l(
    `${r.finishedAt.slice(0, 16).replace('T', ' ')} UTC · ${r.runs} Lighthouse run(s) per page (mobile preset, performance), sites alternated · ` +
      `nginx, production configuration, gzip only, both sites precompressed · Lighthouse ${r.versions.lighthouse}, ${r.versions.chromium}, Node ${r.versions.node}`,
  );
  l();
  l(
    `Load average (1, 5, 15 min; ${r.cores} cores): ${[r.load.start, r.load.end]
      .map((x, i) => `${i ? 'end' : 'start'} ${x.one}, ${x.five}, ${x.fifteen}`)
      .join(
        '; ',
      )}; 1-min load during the Lighthouse runs ${r.load.duringRuns.min}–${r.load.duringRuns.max}.`,
  );
  l();
  l(
    '| page | path | runs | perf. score | TBT ms | LCP s | main thread s | JS run s | JS transferred KB (gzip) |',
  );
  l('|---|---|---|---|---|---|---|---|---|');
  for (const [name, p] of Object.entries(r.pages)) {
    l(
      `| ${name} | \`${p.path}\` | ${p.runs} | ${METRICS.map((k) => cell(p.stats[k], k)).join(' | ')} |`,
    );
  }
  l();
  l(
    `| page | held to | ${PAGE_BUDGETS.map((b) => `${b.label} ours/plain (≤ ${b.max})`).join(' | ')} |`,
  );
  l(`|---|---|${PAGE_BUDGETS.map(() => '---').join('|')}|`);
  for (const p of OUR_PAGES.filter((x) => r.pageKinds.includes(x.kind))) {
    const checks = r.checks.filter((c) => c.kind === p.kind);
    l(`| ${p.kind} | ${PLAIN_REFS[p.ref].name} | ${checks.map(ratioText).join(' | ')} |`);
  }
  if (r.pageKinds.length < KINDS.length) {
    l();
    l(`Page kinds measured in this run: ${r.pageKinds.join(', ')} (\`--pages\`); not the others.`);
  }
  l();
  if (r.builds) {
    const b = r.builds;
    l(
      '| site | pages | cold build s (CPU s) | cold ms/page | warm build s (CPU s) | warm ms/page | peak memory MB |',
    );
    l('|---|---|---|---|---|---|---|');
    const t = (x) => `${x.seconds.toFixed(0)} (${x.cpuSeconds.toFixed(0)})`;
    for (const site of ['ours', 'plain']) {
      const s = b[site];
      l(
        `| ${site} | ${s.pages} | ${t(s.cold)} | ${s.coldMsPerPage.toFixed(0)} | ${t(s.warm)} | ${s.warmMsPerPage.toFixed(0)} | ${Math.round(s.peakRssKb / 1024)} |`,
      );
    }
    const [cold, mem] = BUILD_BUDGETS.map((bb) => r.checks.find((c) => c.budget === bb.label));
    const cpu = (phase) =>
      (
        b.ours[phase].cpuSeconds /
        b.ours.pages /
        (b.plain[phase].cpuSeconds / b.plain.pages)
      ).toFixed(2);
    l(
      `| ours/plain, per page | | CPU ${cpu('cold')} | ${ratioText(cold)} (≤ ${cold.max}) | CPU ${cpu('warm')} | ${(b.ours.warmMsPerPage / b.plain.warmMsPerPage).toFixed(2)} | ${ratioText(mem)} (≤ ${mem.max}, whole build) |`,
    );
  } else {
    l('Builds not measured in this run (`--reuse-build`): their budgets are skipped.');
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
  const logDir = join(dirname(opts.out), 'compare-logs');
  mkdirSync(logDir, { recursive: true });
  const startLoad = load();
  console.log(`bench:compare: ${startLoad.uptime}`);
  const oursBuild = join(root, 'build');
  const plainBuild = join(baselineDir, 'build');
  ensureBaseline(baselineDir, join(logDir, 'plain-make.log'));

  let builds = null;
  if (!opts['reuse-build']) {
    if (!existsSync(TIME)) {
      throw new Error(`${TIME} is missing (Debian package "time"); or use --reuse-build`);
    }
    console.log('builds (cold, then warm; the sites alternated):');
    const m = { ours: {}, plain: {} };
    for (const phase of ['cold', 'warm']) {
      m.plain[phase] = timedBuild(baselineDir, 'plain', phase, logDir);
      m.ours[phase] = timedBuild(root, 'ours', phase, logDir);
    }
    builds = {};
    for (const [site, dir] of [
      ['ours', oursBuild],
      ['plain', plainBuild],
    ]) {
      const pages = pageCount(dir);
      const { cold, warm } = m[site];
      builds[site] = {
        pages,
        cold,
        warm,
        coldMsPerPage: (cold.seconds * 1000) / pages,
        warmMsPerPage: (warm.seconds * 1000) / pages,
        peakRssKb: Math.max(cold.peakRssKb, warm.peakRssKb),
      };
    }
    precompress(plainBuild, logDir);
  } else {
    if (!existsSync(join(oursBuild, 'index.html'))) {
      throw new Error('build/ has no index.html: run "npm run build" or drop --reuse-build');
    }
    if (!existsSync(join(plainBuild, 'index.html'))) {
      console.log('plain site: building it once (not timed)');
      run('npm', ['run', 'build'], { cwd: baselineDir, log: join(logDir, 'plain-build.log') });
    }
    if (!existsSync(join(plainBuild, 'index.html.gz'))) precompress(plainBuild, logDir);
  }

  const ourPages = OUR_PAGES.filter((p) => opts.pages.includes(p.kind));
  const refs = [...new Set(ourPages.map((p) => p.ref))];
  const schedule = [
    ...refs.map((ref) => ({
      site: 'plain',
      ref,
      name: PLAIN_REFS[ref].name,
      flow: PLAIN_REFS[ref].flow,
      path: ref === 'home' ? '/' : plainDocPath(baselineDir, plainBuild),
    })),
    ...ourPages.map((p) => ({
      site: 'ours',
      name: p.kind,
      flow: p.flow ?? false,
      interact: p.interact,
      path: p.path ?? apiPagePath(oursBuild),
    })),
  ];
  for (const s of schedule) {
    const dir = s.site === 'ours' ? oursBuild : plainBuild;
    const file = join(dir, s.path === '/' ? 'index.html' : `${s.path.slice(1)}.html`);
    if (!existsSync(file) && !existsSync(join(dir, s.path.slice(1), 'index.html'))) {
      throw new Error(`${s.name}: ${s.path} is not in ${dir}`);
    }
  }

  const servers = [];
  const browser = { chrome: null };
  const samples = Object.fromEntries(schedule.map((s) => [s.name, []]));
  const errors = [];
  const loads = [];
  try {
    servers.push(await startNginx({ port: opts.port, buildDir: oursBuild, brotli: false }));
    servers.push(await startNginx({ port: opts.port + 1, buildDir: plainBuild, brotli: false }));
    const origin = { ours: servers[0].origin, plain: servers[1].origin };
    browser.chrome = await launchChrome();
    console.log(`Lighthouse: ${opts.runs} round(s) of ${schedule.length} pages`);
    for (let round = 0; round < opts.runs; round++) {
      const order = round % 2 ? [...schedule].reverse() : schedule;
      for (const s of order) {
        loads.push(load().one);
        try {
          const m = await lighthouseSample(browser, `${origin[s.site]}${s.path}`, s);
          samples[s.name].push(m);
          console.log(
            `  round ${round + 1} ${s.name.padEnd(10)} score ${m.performance}, TBT ${Math.round(m.tbtMs)} ms, LCP ${Math.round(m.lcpMs)} ms, JS run ${Math.round(m.bootupMs)} ms (load ${loads.at(-1)})`,
          );
        } catch (error) {
          errors.push(`${s.name} round ${round + 1}: ${error.message}`);
          console.log(`  round ${round + 1} ${s.name}: FAILED ${error.message}`);
        }
      }
    }
  } finally {
    await browser.chrome?.kill();
    servers.forEach((s) => s.stop());
  }

  const pages = {};
  for (const s of schedule) {
    const stats = {};
    for (const key of METRICS) {
      const values = samples[s.name].map((m) => m[key]);
      stats[key] = values.length ? summarize(values) : null;
    }
    pages[s.name] = { site: s.site, path: s.path, runs: samples[s.name].length, stats };
  }
  const medians = (name) =>
    Object.fromEntries(METRICS.map((k) => [k, pages[name].stats[k]?.median]));
  const checks = evaluateBudgets({
    pages: Object.fromEntries(ourPages.map((p) => [p.kind, { ref: p.ref, ...medians(p.kind) }])),
    plain: Object.fromEntries(refs.map((ref) => [ref, medians(PLAIN_REFS[ref].name)])),
    builds,
  });
  const lighthouseVersion = JSON.parse(
    readFileSync(join(root, 'node_modules', 'lighthouse', 'package.json'), 'utf8'),
  ).version;
  const results = {
    startedAt: startLoad.at,
    finishedAt: new Date().toISOString(),
    runs: opts.runs,
    pageKinds: opts.pages,
    cores: availableParallelism(),
    versions: {
      lighthouse: lighthouseVersion,
      chromium: execFileSync(CHROMIUM_PATH, ['--version'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim(),
      node: process.versions.node,
    },
    baselineDir,
    load: {
      start: startLoad,
      end: load(),
      duringRuns: { min: Math.min(...loads), max: Math.max(...loads) },
    },
    pages,
    builds,
    checks,
    errors,
  };
  const md = markdown(results);
  mkdirSync(dirname(opts.out), { recursive: true });
  writeFileSync(`${opts.out}.json`, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(`${opts.out}.md`, `${md}\n`);
  console.log(`\n${md}\n`);
  if (errors.length) console.log(`Failed runs:\n  ${errors.join('\n  ')}`);
  console.log(`Written: ${relative(root, opts.out)}.json, .md`);
  if (misses(checks).length && !opts.report) process.exit(1);
}

main().catch((error) => {
  console.error(`bench:compare: ${error.message}`);
  process.exit(2);
});

#!/usr/bin/env node
/**
 * What runs on the main thread of each page kind, ours against plain Docusaurus (`npm run
 * bench:profile`; design/main-thread.md). Where `bench:compare` says how much, this says what.
 *
 * 1. Builds: the client bundles of both sites with source maps (`devtool: 'source-map'`
 *    added by a wrapper configuration; the code is the same minified code as production's),
 *    `docusaurus build` into .bench/profile/ours and .bench/profile/plain. `--reuse-build`
 *    keeps them. The plain site is the one of `bench:compare` (scripts/bench/baseline.mjs).
 * 2. Serving: both behind the production nginx configuration (scripts/bench/serve.mjs),
 *    gzip only.
 * 3. Loads: Debian's Chromium, 412 × 823 px, CPU slowed 4× (Lighthouse's mobile factor), one
 *    new browser context per load; a CPU profile (V8 sampling every 200 µs) from navigation
 *    to 3 s after `load`. Each page kind and the plain page it is held to (scripts/bench/
 *    pages.mjs) alternate, `--runs N` loads each (default 4).
 * 4. Report: per page kind, the busy time per load (median, min–max) and the self time per
 *    load of each group of code (scripts/bench/profile-lib.mjs: a package, a theme component,
 *    a generated module, one of our plugins), ours and plain side by side, the `--top N`
 *    largest (default 25). Writes `<out>.md` and `<out>.json` (`--out`, default
 *    .bench/profile). Times are of the throttled CPU, so they read as Lighthouse's do.
 *
 * Ports: BENCH_PROFILE_PORT (ours, default 4384) and the next one (plain).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';
import { baselineDirOf, ensureBaseline } from './baseline.mjs';
import { PAGE_KINDS, apiPagePath, plainDocPath } from './pages.mjs';
import { selfTimeByGroup, sideBySide, sourceGroup } from './profile-lib.mjs';
import { startNginx, portFromEnv } from './serve.mjs';
import { summarize } from './stats.mjs';

const root = join(import.meta.dirname, '..', '..');
const baselineDir = baselineDirOf(root);
const KINDS = PAGE_KINDS.map((p) => p.kind);
/** Lighthouse's mobile preset slows the CPU 4×; the figures then read as its figures do. */
const CPU_SLOWDOWN = 4;
/** Sampling interval of V8's profiler, µs (DevTools' default is 1,000). */
const SAMPLING_US = 200;
/** Idle time after `load` that the profile still covers: hydration, idle prefetch, ms. */
const AFTER_LOAD_MS = 3000;

const usage =
  () => `usage: npm run bench:profile -- [--runs N] [--pages KINDS] [--top N] [--reuse-build] [--out PATH]
  --runs N        loads per page (default 4, 1–30)
  --pages KINDS   page kinds, comma-separated (default all: ${KINDS.join(', ')})
  --top N         groups listed per page kind (default 25)
  --reuse-build   keep the source-mapped builds in .bench/profile/ (made when missing)
  --out PATH      write PATH.md and PATH.json (default .bench/profile)`;

function fail(message) {
  console.error(`bench:profile: ${message}`);
  process.exit(2);
}

function options() {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        runs: { type: 'string', default: '4' },
        pages: { type: 'string', default: KINDS.join(',') },
        top: { type: 'string', default: '25' },
        'reuse-build': { type: 'boolean', default: false },
        out: { type: 'string', default: join('.bench', 'profile') },
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
  const top = Number(parsed.top);
  if (!Number.isInteger(runs) || runs < 1 || runs > 30)
    fail(`--runs takes 1–30; got "${parsed.runs}".`);
  if (!Number.isInteger(top) || top < 1)
    fail(`--top takes a positive whole number; got "${parsed.top}".`);
  const pages = parsed.pages
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  const unknown = pages.filter((k) => !KINDS.includes(k));
  if (unknown.length || !pages.length) {
    fail(`--pages takes page kinds from ${KINDS.join(', ')}; got "${parsed.pages}".`);
  }
  let port;
  try {
    port = portFromEnv('BENCH_PROFILE_PORT', '4384');
  } catch (error) {
    fail(error.message);
  }
  return { ...parsed, runs, top, pages, port, out: resolve(root, parsed.out) };
}

/**
 * `docusaurus build` of the site in `siteDir` with source maps for the client bundle, into
 * `outDir`, through a wrapper configuration written beside the output (the site's own
 * configuration plus one plugin that sets `devtool`). @throws Error naming the log on failure.
 */
function sourceMappedBuild(siteDir, outDir, log) {
  mkdirSync(dirname(outDir), { recursive: true });
  const wrapper = `${outDir}.config.mjs`;
  writeFileSync(
    wrapper,
    [
      '// Written by scripts/bench/profile.mjs: the site configuration, client source maps on.',
      `import config from ${JSON.stringify(join(siteDir, 'docusaurus.config.ts'))};`,
      'const sourceMaps = () => ({',
      "  name: 'bench-profile-source-maps',",
      "  configureWebpack: (_config, isServer) => (isServer ? {} : { devtool: 'source-map' }),",
      '});',
      'export default { ...config, plugins: [...(config.plugins ?? []), sourceMaps] };',
      '',
    ].join('\n'),
  );
  rmSync(outDir, { recursive: true, force: true });
  console.log(
    `  building ${relative(root, siteDir) || '.'} with source maps… (log: ${relative(root, log)})`,
  );
  const r = spawnSync('npx', ['docusaurus', 'build', '--config', wrapper, '--out-dir', outDir], {
    cwd: siteDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  writeFileSync(log, `${r.stdout ?? ''}${r.stderr ?? ''}`);
  if (r.status !== 0) throw new Error(`the source-mapped build of ${siteDir} failed; see ${log}`);
}

/**
 * A script's name for code its source map does not name (the bundler's require function and
 * module wrappers), the content hash left out so that both sites' rows align:
 * `(main.js)`, `(runtime~main.js)`; a page's own URL is its inline scripts.
 */
function scriptName(pathname) {
  const file = pathname.split('/').pop() ?? '';
  if (!file.endsWith('.js')) return '(inline scripts of the page)';
  return `(${file.replace(/\.[0-9a-f]{8}\.js$/, '.js')})`;
}

/**
 * Maps a profile frame to its group through the source map beside its script, read once per
 * script. Scripts without a map (inline scripts, another origin) are named by file.
 */
function locator(buildDir) {
  const maps = new Map();
  return async function locate(frame) {
    const { pathname } = new URL(frame.url);
    if (!maps.has(pathname)) {
      const file = join(buildDir, `${decodeURIComponent(pathname)}.map`);
      const inside = resolve(file).startsWith(resolve(buildDir));
      maps.set(
        pathname,
        inside && existsSync(file)
          ? await new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8')))
          : null,
      );
    }
    const map = maps.get(pathname);
    const name = scriptName(pathname);
    if (!map || frame.lineNumber < 0) return name;
    const at = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    return at.source ? sourceGroup(at.source) : name;
  };
}

/** Groups of one profile: selfTimeByGroup with an async locator resolved first. */
async function groupsOf(profile, locate) {
  const frames = new Map();
  for (const node of profile.nodes) {
    if (node.callFrame.url) frames.set(node.callFrame, await locate(node.callFrame));
  }
  return selfTimeByGroup(profile, (frame) => frames.get(frame));
}

/** One load of `url` in a fresh context, profiled. @returns the CDP profile. */
async function profileLoad(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_US });
    await cdp.send('Profiler.start');
    const response = await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
    await page.waitForTimeout(AFTER_LOAD_MS);
    const { profile } = await cdp.send('Profiler.stop');
    return profile;
  } finally {
    await context.close();
  }
}

const ms = (x) => String(Math.round(x));

async function main() {
  const opts = options();
  const dir = join(root, '.bench', 'profile');
  const builds = { ours: join(dir, 'ours'), plain: join(dir, 'plain') };
  mkdirSync(dir, { recursive: true });
  ensureBaseline(baselineDir, join(dir, 'baseline.log'));
  for (const [site, siteDir] of [
    ['ours', root],
    ['plain', baselineDir],
  ]) {
    if (!opts['reuse-build'] || !existsSync(join(builds[site], 'index.html'))) {
      sourceMappedBuild(siteDir, builds[site], join(dir, `${site}-build.log`));
    }
  }

  const kinds = PAGE_KINDS.filter((p) => opts.pages.includes(p.kind));
  const plainPaths = { home: '/', doc: plainDocPath(baselineDir, builds.plain) };
  const entries = [
    ...kinds.map((p) => ({ site: 'ours', name: p.kind, path: p.path ?? apiPagePath(builds.ours) })),
    ...[...new Set(kinds.map((p) => p.ref))].map((ref) => ({
      site: 'plain',
      name: `plain ${ref}`,
      path: plainPaths[ref],
    })),
  ];
  const results = Object.fromEntries(
    entries.map((e) => [e.name, { ...e, totals: [], groups: new Map() }]),
  );
  const locate = { ours: locator(builds.ours), plain: locator(builds.plain) };

  const servers = [];
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const loads = [];
  try {
    servers.push(await startNginx({ port: opts.port, buildDir: builds.ours, brotli: false }));
    servers.push(await startNginx({ port: opts.port + 1, buildDir: builds.plain, brotli: false }));
    const origin = { ours: servers[0].origin, plain: servers[1].origin };
    for (let round = 0; round < opts.runs; round++) {
      for (const e of round % 2 ? [...entries].reverse() : entries) {
        loads.push(Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]));
        const profile = await profileLoad(browser, `${origin[e.site]}${e.path}`);
        const { totalMs, groups } = await groupsOf(profile, locate[e.site]);
        const r = results[e.name];
        r.totals.push(totalMs);
        for (const [g, t] of groups) r.groups.set(g, (r.groups.get(g) ?? 0) + t);
        console.log(
          `  round ${round + 1} ${e.name.padEnd(11)} busy ${ms(totalMs)} ms (load ${loads.at(-1)})`,
        );
      }
    }
  } finally {
    await browser.close();
    servers.forEach((s) => s.stop());
  }

  const summary = (r) => summarize(r.totals);
  const md = [
    '### What runs on the main thread, ours against plain Docusaurus (`npm run bench:profile`)',
    '',
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · ${opts.runs} load(s) per page, sites alternated · 412 × 823 px, CPU ${CPU_SLOWDOWN}× slower, V8 profile every ${SAMPLING_US} µs from navigation to ${AFTER_LOAD_MS / 1000} s after \`load\` · self time per load, ms of the slowed CPU · 1-minute load ${Math.min(...loads)}–${Math.max(...loads)}`,
    '',
  ];
  const json = { at: new Date().toISOString(), runs: opts.runs, loads, pages: {} };
  for (const p of kinds) {
    const ours = results[p.kind];
    const plain = results[`plain ${p.ref}`];
    const rows = sideBySide(ours.groups, ours.totals.length, plain.groups, plain.totals.length);
    const [o, q] = [summary(ours), summary(plain)];
    md.push(
      `#### ${p.kind} \`${ours.path}\` against plain ${p.ref} \`${plain.path}\``,
      '',
      `Busy per load: ours ${ms(o.median)} ms (${ms(o.min)}–${ms(o.max)}), plain ${ms(q.median)} ms (${ms(q.min)}–${ms(q.max)}).`,
      '',
      '| code | ours ms | plain ms | ours − plain |',
      '|---|---|---|---|',
      ...rows
        .slice(0, opts.top)
        .map(
          ([g, a, b]) =>
            `| \`${g}\` | ${ms(a)} | ${ms(b)} | ${a - b >= 0 ? '+' : '−'}${ms(Math.abs(a - b))} |`,
        ),
      '',
    );
    json.pages[p.kind] = {
      path: ours.path,
      plainPath: plain.path,
      busy: { ours: o, plain: q },
      groups: rows,
    };
  }
  mkdirSync(dirname(opts.out), { recursive: true });
  writeFileSync(`${opts.out}.md`, md.join('\n'));
  writeFileSync(`${opts.out}.json`, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`\n${md.join('\n')}\nWritten: ${relative(root, opts.out)}.md, .json`);
}

main().catch((error) => {
  console.error(`bench:profile: ${error.stack ?? error.message}`);
  process.exit(1);
});

/**
 * Server load benchmark (`npm run bench:server`): the production nginx configuration
 * (`npm run serve:nginx`, deploy/nginx/render.ts) on loopback, loaded by wrk (Debian package,
 * installed by scripts/ensure-system-deps.sh like nginx).
 *
 * Phases, each `--duration` seconds (default 20):
 * - a fixed mix of pages, hashed assets and search files (`mixPaths`), at 10, 100 and 500
 *   connections, without and with `Accept-Encoding: br, gzip`: req/s, p50/p99 latency, errors
 *   (connect, read, write, timeout, and answers outside 2xx/3xx);
 * - pages alone at a steady 2,000 req/s (10 connections, one request each per 5 ms), then
 *   again while 8 connections loop as fast as they can on the largest file under
 *   build/search/ (what a scraper does). Paced, not flat out: on 2 cores, a saturating page
 *   load measures how the CPU is split between wrk processes rather than how nginx serves
 *   pages beside a large download (design/production-server.md).
 *
 * Budgets (design/production-server.md; ratios within one run, so the machine's load cancels):
 * - compressed throughput ≥ 0.8 × uncompressed at every connection count;
 * - 0 errors at 100 and 500 connections;
 * - paced page p50 latency with the search-file loop < 2 × without it.
 * `--check` exits 1 when a budget fails. Results also go to .bench/server.json.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const build = join(root, process.env.BUILD_DIR ?? 'build');
const port = Number(process.env.BENCH_PORT ?? 4397);
const origin = `http://127.0.0.1:${port}`;
const args = process.argv.slice(2);
const check = args.includes('--check');
const durationArg = args.includes('--duration') ? args[args.indexOf('--duration') + 1] : '20';
const duration = Number(durationArg);
const COMPRESSED = 'br, gzip';
const CONNECTIONS = [10, 100, 500];
/** Connections looping on the largest search file (design/production-server.md). */
const LOOPERS = 8;
/** Pause between two page requests of one connection in the paced phase, ms. */
const PACE_MS = 5;
const BUDGET = { compressedOverPlain: 0.8, loopSlowdown: 2 };

/** One wrk run's summary, as printed by the Lua `done` hook below. */
interface WrkResult {
  requests: number;
  seconds: number;
  rps: number;
  p50ms: number;
  p99ms: number;
  errors: { connect: number; read: number; write: number; timeout: number; status: number };
}

const PAGES = [
  '/',
  '/connect',
  '/connect/fulfillment',
  '/connect/fulfillment/api/create_delivery_order',
  '/catalog',
  '/glossary',
  '/search',
];

/** The largest file under build/search/ (bytes, URL path). */
function largestSearchFile(): string {
  const dir = join(build, 'search');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ f, size: statSync(join(dir, f)).size }))
    .sort((a, b) => b.size - a.size);
  return `/search/${files[0].f}`;
}

/**
 * The mix: 7 pages, the home page's hashed scripts and stylesheet, the search manifest and
 * its shards. Read from the build, so the mix follows the build without edits here.
 */
function mixPaths(): string[] {
  const home = readFileSync(join(build, 'index.html'), 'utf8');
  // Entry scripts are started by the page template, not by <script src>: take every asset path.
  const assets = [...home.matchAll(/\/assets\/(?:js|css)\/[\w.~-]+\.(?:js|css)/g)].map((m) => m[0]);
  const manifest = JSON.parse(readFileSync(join(build, 'search', 'manifest.json'), 'utf8')) as {
    headings?: { file: string }[];
    shards: { file: string }[];
  };
  return [
    ...PAGES,
    ...new Set(assets),
    '/search/manifest.json',
    ...[...(manifest.headings ?? []), ...manifest.shards].map((s) => `/search/${s.file}`),
  ];
}

/**
 * A wrk Lua script that cycles through `paths` and prints a JSON summary; with `paceMs`, each
 * connection waits that long between requests.
 */
function luaScript(paths: string[], paceMs?: number): string {
  return `${paceMs ? `delay = function() return ${paceMs} end\n` : ''}
local paths = { ${paths.map((p) => JSON.stringify(p)).join(', ')} }
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
local statusErrors = 0
response = function(status)
  if status >= 400 then statusErrors = statusErrors + 1 end
end
done = function(summary, latency)
  local e = summary.errors
  io.write(string.format('WRK_JSON {"requests":%d,"micros":%d,"p50":%d,"p99":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,"status":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect, e.read, e.write, e.timeout, e.status))
end
`;
}

/**
 * Runs wrk against `paths`.
 * @param conns open connections; @param seconds run length; @param encoding Accept-Encoding or
 * none; @param paceMs pause between a connection's requests, ms (none: flat out).
 * @throws Error when wrk prints no summary (not installed, or crashed).
 */
function wrk(
  paths: string[],
  conns: number,
  seconds: number,
  encoding?: string,
  paceMs?: number,
): WrkResult {
  const dir = join(root, '.bench');
  mkdirSync(dir, { recursive: true });
  const script = join(dir, `wrk-${paths.length}-${paceMs ?? 0}.lua`);
  writeFileSync(script, luaScript(paths, paceMs));
  const cmd = [
    `ulimit -n 65536 2>/dev/null || true;`,
    'exec wrk',
    '-t2',
    `-c${conns}`,
    `-d${seconds}s`,
    '--timeout 10s',
    `-s ${script}`,
    encoding ? `-H 'Accept-Encoding: ${encoding}'` : '',
    origin,
  ].join(' ');
  const out = spawnSync('bash', ['-c', cmd], { encoding: 'utf8' });
  return parseWrk(out.stdout + out.stderr);
}

function parseWrk(text: string): WrkResult {
  const line = text.split('\n').find((l) => l.startsWith('WRK_JSON '));
  if (!line) throw new Error(`wrk printed no summary:\n${text}`);
  const j = JSON.parse(line.slice(9)) as Record<string, number>;
  const seconds = j.micros / 1e6;
  return {
    requests: j.requests,
    seconds,
    rps: j.requests / seconds,
    p50ms: j.p50 / 1000,
    p99ms: j.p99 / 1000,
    errors: {
      connect: j.connect,
      read: j.read,
      write: j.write,
      timeout: j.timeout,
      status: j.status,
    },
  };
}

const errorCount = (r: WrkResult) => Object.values(r.errors).reduce((a, b) => a + b, 0);

async function startNginx(): Promise<ChildProcess> {
  const child = spawn('npx', ['vite-node', 'scripts/serve-nginx.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const start = Date.now();
  while (Date.now() - start < 30_000) {
    try {
      if ((await fetch(`${origin}/`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  process.kill(-child.pid!, 'SIGTERM');
  throw new Error(`nginx did not answer on ${origin} within 30 s`);
}

async function main() {
  if (!existsSync(join(build, 'index.html'))) {
    console.error('bench:server: build/ is missing; run "npm run build" first.');
    process.exit(1);
  }
  if (!Number.isFinite(duration) || duration < 1) {
    console.error(`bench:server: --duration takes seconds (≥ 1); got "${durationArg}".`);
    process.exit(1);
  }
  if (spawnSync('bash', ['-c', 'command -v wrk']).status !== 0) {
    spawnSync('bash', [join(root, 'scripts', 'ensure-system-deps.sh')], { stdio: 'inherit' });
  }
  const nginx = await startNginx();
  const stop = () => {
    try {
      process.kill(-nginx.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.on('exit', stop);
  process.on('SIGINT', () => process.exit(130));

  const mix = mixPaths();
  const loopFile = largestSearchFile();
  console.log(`\nAisle Docs server benchmark: nginx on ${origin}, wrk, ${duration} s per run`);
  console.log(`mix: ${mix.length} paths (7 pages, ${mix.length - 7} assets and search files)`);
  const rows: { name: string; conns: number; encoding: string; r: WrkResult }[] = [];
  console.log(
    '\nencoding      conns      req/s    p50 ms    p99 ms   errors (connect/read/write/timeout/status)',
  );
  for (const encoding of [undefined, COMPRESSED]) {
    for (const conns of CONNECTIONS) {
      const r = wrk(mix, conns, duration, encoding);
      rows.push({ name: 'mix', conns, encoding: encoding ?? 'none', r });
      const e = r.errors;
      console.log(
        `${(encoding ?? 'none').padEnd(10)} ${String(conns).padStart(8)} ${r.rps.toFixed(0).padStart(10)} ${r.p50ms.toFixed(1).padStart(9)} ${r.p99ms.toFixed(1).padStart(9)}   ${errorCount(r)} (${e.connect}/${e.read}/${e.write}/${e.timeout}/${e.status})`,
      );
    }
  }

  // Paced pages alone, then while LOOPERS connections loop on the largest search file.
  const alone = wrk(PAGES, 10, duration, COMPRESSED, PACE_MS);
  const looper = spawn(
    'bash',
    [
      '-c',
      `exec wrk -t1 -c${LOOPERS} -d${duration + 4}s --timeout 30s -H 'Accept-Encoding: ${COMPRESSED}' ${origin}${loopFile}`,
    ],
    { stdio: 'ignore' },
  );
  await new Promise((r) => setTimeout(r, 2000));
  const loaded = wrk(PAGES, 10, duration, COMPRESSED, PACE_MS);
  looper.kill('SIGTERM');
  const slowdown = loaded.p50ms / alone.p50ms;
  console.log(
    `\npages at ${alone.rps.toFixed(0)} req/s (10 connections, ${PACE_MS} ms apart): p50 ${alone.p50ms.toFixed(2)} ms alone, ${loaded.p50ms.toFixed(2)} ms while ${LOOPERS} connections loop on ${loopFile} (${slowdown.toFixed(2)}×); p99 ${alone.p99ms.toFixed(1)} → ${loaded.p99ms.toFixed(1)} ms`,
  );

  const failures: string[] = [];
  for (const conns of CONNECTIONS) {
    const plain = rows.find((x) => x.conns === conns && x.encoding === 'none')!.r;
    const comp = rows.find((x) => x.conns === conns && x.encoding === COMPRESSED)!.r;
    const ratio = comp.rps / plain.rps;
    console.log(
      `compressed/uncompressed throughput at ${conns}: ${ratio.toFixed(2)} (budget ≥ ${BUDGET.compressedOverPlain})`,
    );
    if (ratio < BUDGET.compressedOverPlain) failures.push(`compressed throughput at ${conns}`);
    if (conns >= 100) {
      for (const r of [plain, comp]) {
        if (errorCount(r) > 0) failures.push(`${errorCount(r)} errors at ${conns} connections`);
      }
    }
  }
  if (slowdown >= BUDGET.loopSlowdown) failures.push(`search-file loop slows pages ${slowdown}×`);
  mkdirSync(join(root, '.bench'), { recursive: true });
  writeFileSync(
    join(root, '.bench', 'server.json'),
    JSON.stringify(
      { date: new Date().toISOString(), duration, rows, alone, loaded, loopFile },
      null,
      2,
    ),
  );
  console.log(failures.length ? `\nBudgets missed: ${failures.join('; ')}` : '\nAll budgets met.');
  stop();
  if (check && failures.length) process.exit(1);
}

main().catch((err: unknown) => {
  console.error(`bench:server: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

/**
 * The plain Docusaurus site that `npm run bench:compare` and `npm run bench:preview` measure
 * against (design/performance.md): a Docusaurus 3.10.2 classic site of BASELINE_PAGES generated
 * pages, made by the shared make-baseline.sh (BENCH_BASELINE_SCRIPT) into BENCH_BASELINE_DIR
 * (default .bench/baseline-350 under the repository, ignored by git, ESLint and Prettier), once,
 * then reused.
 */
import { closeSync, existsSync, openSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';

/** Page count of the plain site, as the comparison's brief fixes it (close to ours). */
export const BASELINE_PAGES = 350;

/** The script that makes the plain site: BENCH_BASELINE_SCRIPT, or the shared one. */
export const BASELINE_SCRIPT =
  process.env.BENCH_BASELINE_SCRIPT ?? '/work/shared/baseline/make-baseline.sh';

/** Where the plain site is: BENCH_BASELINE_DIR, resolved against `root`, or its default. */
export function baselineDirOf(root) {
  return resolve(
    root,
    process.env.BENCH_BASELINE_DIR ?? join('.bench', `baseline-${BASELINE_PAGES}`),
  );
}

/**
 * Makes the plain site in `dir` (generated pages, npm install: about a minute) unless it has its
 * node_modules already; the script's output goes to `log`.
 * @throws Error when the script is missing or fails (naming the log).
 */
export function ensureBaseline(dir, log) {
  if (existsSync(join(dir, 'node_modules', '@docusaurus', 'core', 'package.json'))) {
    console.log(`plain site: reusing ${dir}`);
    return;
  }
  if (!existsSync(BASELINE_SCRIPT)) {
    throw new Error(
      `${BASELINE_SCRIPT} is missing; set BENCH_BASELINE_SCRIPT to make-baseline.sh, or BENCH_BASELINE_DIR to a made plain site`,
    );
  }
  console.log(`plain site: making it in ${dir} (npm install, about a minute)`);
  const fd = openSync(log, 'a');
  try {
    const r = spawnSync('bash', [BASELINE_SCRIPT, dir, String(BASELINE_PAGES)], {
      stdio: ['ignore', fd, fd],
    });
    if (r.error) throw new Error(`bash: ${r.error.message}`);
    if (r.status !== 0) throw new Error(`${BASELINE_SCRIPT} exited ${r.status}; see ${log}`);
  } finally {
    closeSync(fd);
  }
}

/**
 * The plain site's reference doc pages: those of its Orders category, by file name, as
 * `{ path: '/orders/<name>', file }` (source file under docs/orders).
 * @throws Error when there are fewer than `count`.
 */
export function plainOrderPages(dir, count) {
  const orders = join(dir, 'docs', 'orders');
  const files = existsSync(orders)
    ? readdirSync(orders)
        .filter((n) => /\.mdx?$/.test(n) && !/^index\.mdx?$/.test(n))
        .sort()
    : [];
  if (files.length < count) {
    throw new Error(`fewer than ${count} doc pages under ${orders}: is the plain site made?`);
  }
  return files.slice(0, count).map((name) => ({
    path: `/orders/${name.replace(/\.mdx?$/, '')}`,
    file: join(orders, name),
  }));
}

/**
 * Budgets of `npm run bench:compare` (design/performance.md): Aisle Docs against a plain
 * Docusaurus classic site measured in the same run, as ratios ours / plain, so that the
 * machine's load, which moves both sites' figures, does not decide the outcome.
 * Pure functions; unit-tested in tests/unit/ratio-budgets.test.ts.
 */

/**
 * Per page kind, against the plain site's reference page (its home page for our home page,
 * a plain doc page for every other kind), on medians of the Lighthouse runs:
 * total blocking time ≤ 0.6 ×, JavaScript execution (Lighthouse `bootup-time`) ≤ 0.9 ×,
 * largest contentful paint not worse (≤ 1 ×).
 */
export const PAGE_BUDGETS = [
  { metric: 'tbtMs', label: 'TBT', max: 0.6 },
  { metric: 'bootupMs', label: 'JS run', max: 0.9 },
  { metric: 'lcpMs', label: 'LCP', max: 1 },
];

/**
 * Per site, on the builds: cold build time per page ≤ 1.5 ×, peak memory (largest resident
 * set of the build's processes) ≤ 1.3 ×.
 */
export const BUILD_BUDGETS = [
  { metric: 'coldMsPerPage', label: 'cold build per page', max: 1.5 },
  { metric: 'peakRssKb', label: 'peak memory', max: 1.3 },
];

const isFigure = (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/**
 * One budget check: passes when `ours ≤ max × plain` (so 0 against 0 passes).
 * @returns `{ ours, plain, max, ratio, status }`: ratio is ours / plain (Infinity when only
 *   plain is 0, null when both are); status is 'pass', 'fail', or 'no data' when a figure is
 *   missing, negative or not a finite number (a broken measurement, which counts as a miss).
 */
export function checkRatio(ours, plain, max) {
  if (!isFigure(ours) || !isFigure(plain)) {
    return { ours: ours ?? null, plain: plain ?? null, max, ratio: null, status: 'no data' };
  }
  const ratio = plain === 0 ? (ours === 0 ? null : Infinity) : ours / plain;
  return { ours, plain, max, ratio, status: ours <= max * plain ? 'pass' : 'fail' };
}

/**
 * Every budget of design/performance.md on one run's figures.
 * @param pages `{ [kind]: { ref: 'home' | 'doc', tbtMs, bootupMs, lcpMs } }`: medians of our
 *   page kinds and the plain reference page each one is held to.
 * @param plain `{ home: {...}, doc: {...} }`: medians of the plain site's reference pages.
 * @param builds `{ ours: { coldMsPerPage, peakRssKb }, plain: {...} }`, or null when the builds
 *   were not measured in this run (their checks are then 'skipped', not passed).
 * @returns a list of `{ budget, kind, ref, ours, plain, max, ratio, status }`, page checks first.
 * @throws TypeError when a page names a reference the plain figures do not have.
 */
export function evaluateBudgets({ pages, plain, builds }) {
  const checks = [];
  for (const [kind, figures] of Object.entries(pages)) {
    const reference = plain[figures.ref];
    if (!reference) throw new TypeError(`page kind ${kind}: no plain reference "${figures.ref}"`);
    for (const b of PAGE_BUDGETS) {
      checks.push({
        budget: b.label,
        kind,
        ref: figures.ref,
        ...checkRatio(figures[b.metric], reference[b.metric], b.max),
      });
    }
  }
  for (const b of BUILD_BUDGETS) {
    const base = { budget: b.label, kind: 'build', ref: 'build' };
    checks.push(
      builds
        ? { ...base, ...checkRatio(builds.ours[b.metric], builds.plain[b.metric], b.max) }
        : { ...base, ours: null, plain: null, max: b.max, ratio: null, status: 'skipped' },
    );
  }
  return checks;
}

/** The checks that make the benchmark fail: 'fail' and 'no data' ('skipped' does not). */
export function misses(checks) {
  return checks.filter((c) => c.status === 'fail' || c.status === 'no data');
}

/**
 * Budget of `npm run bench:preview` (design/performance.md, "Writers' preview"): under
 * `docusaurus start`, the time to a page rendered and the time from a saved edit to the edit
 * on screen, each at most 1.5 × the plain site's (the performance work item's limit).
 */
export const PREVIEW_BUDGET = 1.5;

/** The figures `bench:preview` holds to PREVIEW_BUDGET, with their labels. */
export const PREVIEW_METRICS = [
  { metric: 'startMs', label: 'start' },
  { metric: 'bodyEditMs', label: 'body edit' },
  { metric: 'metaEditMs', label: 'description edit' },
];

/**
 * The preview budgets on one run's medians.
 * @param ours `{ [kind]: { startMs, bodyEditMs, metaEditMs } }`: our page kinds (ms).
 * @param plain `{ [kind]: { startMs, bodyEditMs, metaEditMs } }`: the plain page each kind is
 *   held to (ms).
 * @param refs `{ [kind]: label }`: how the report names that plain page.
 * @returns `{ budget, kind, ref, ours, plain, max, ratio, status }` per kind and figure.
 * @throws TypeError when a kind has no plain figures.
 */
export function evaluatePreviewBudgets({ ours, plain, refs = {} }) {
  const checks = [];
  for (const [kind, figures] of Object.entries(ours)) {
    const reference = plain[kind];
    if (!reference) throw new TypeError(`page kind ${kind}: no plain figures`);
    for (const m of PREVIEW_METRICS) {
      checks.push({
        budget: m.label,
        kind,
        ref: refs[kind] ?? kind,
        ...checkRatio(figures[m.metric], reference[m.metric], PREVIEW_BUDGET),
      });
    }
  }
  return checks;
}

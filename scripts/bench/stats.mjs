/**
 * Small statistics for the benchmarks: the median and the spread of a set of runs.
 * Pure functions; unit-tested in tests/unit/bench-stats.test.ts.
 */

/**
 * Checks that `values` is a non-empty list of finite numbers.
 * @throws RangeError naming `what` and the first bad value.
 */
function checked(values, what) {
  if (!Array.isArray(values) || values.length === 0) {
    throw new RangeError(`${what}: no values`);
  }
  const bad = values.findIndex((v) => typeof v !== 'number' || !Number.isFinite(v));
  if (bad !== -1) throw new RangeError(`${what}: not a finite number: ${String(values[bad])}`);
  return values;
}

/**
 * Median of a list of finite numbers: the middle value, or the mean of the two middle values
 * when the count is even.
 * @throws RangeError on an empty list or a value that is not a finite number.
 */
export function median(values) {
  const sorted = [...checked(values, 'median')].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Median, lowest and highest value and count of a list of finite numbers.
 * @returns `{ median, min, max, n }`
 * @throws RangeError on an empty list or a value that is not a finite number.
 */
export function summarize(values) {
  checked(values, 'summarize');
  return {
    median: median(values),
    min: Math.min(...values),
    max: Math.max(...values),
    n: values.length,
  };
}

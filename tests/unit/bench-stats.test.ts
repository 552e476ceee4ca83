import { describe, expect, it } from 'vitest';
import { median, summarize } from '../../scripts/bench/stats.mjs';

describe('benchmark statistics', () => {
  it('takes the middle value of an odd count, whatever the order', () => {
    expect(median([310, 90, 120])).toBe(120);
    expect(median([5])).toBe(5);
  });

  it('takes the mean of the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([100, 300])).toBe(200);
  });

  it('leaves its input in place', () => {
    const runs = [3, 1, 2];
    median(runs);
    expect(runs).toEqual([3, 1, 2]);
  });

  it('gives the median, lowest, highest and count', () => {
    expect(summarize([250, 180, 900, 210, 240])).toEqual({ median: 240, min: 180, max: 900, n: 5 });
  });

  it('refuses an empty list and values that are not finite numbers', () => {
    expect(() => median([])).toThrow(RangeError);
    expect(() => median([1, Number.NaN])).toThrow(/not a finite number: NaN/);
    expect(() => summarize([1, undefined as unknown as number])).toThrow(/undefined/);
    expect(() => summarize([Infinity])).toThrow(RangeError);
  });
});

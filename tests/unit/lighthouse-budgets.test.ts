import { describe, expect, it } from 'vitest';
import { budgetFailures } from '../../scripts/bench/lighthouse.mjs';

const passing = {
  performance: 98,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  tbtMs: 120,
  lcpMs: 1500,
  cls: 0.01,
  jsKb: 150,
};

describe('Lighthouse budgets', () => {
  it('passes medians within every budget and names each one missed', () => {
    expect(budgetFailures({ home: passing })).toEqual([]);
    expect(
      budgetFailures({ api: { ...passing, performance: 83, tbtMs: 678, jsKb: 242.4 } }),
    ).toEqual(['api performance 83 < 98', 'api tbtMs 678.00 > 200', 'api jsKb 242.40 > 200']);
  });

  it('holds the API page to its own performance budget (98), other pages to 95', () => {
    const at96 = { ...passing, performance: 96 };
    expect(budgetFailures({ guide: at96 })).toEqual([]);
    expect(budgetFailures({ api: at96 })).toEqual(['api performance 96 < 98']);
  });

  it('holds the diagram page to 98 and to no layout shift at all', () => {
    expect(budgetFailures({ diagram: { ...passing, cls: 0 } })).toEqual([]);
    expect(budgetFailures({ diagram: { ...passing, performance: 97, cls: 0.001 } })).toEqual([
      'diagram performance 97 < 98',
      'diagram cls 0.00 > 0',
    ]);
  });
});

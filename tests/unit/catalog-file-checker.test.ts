import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkFileName,
  gs1CheckDigitValid,
  InventoryFileCheck,
  isClean,
  sniffBytes,
  validateValue,
  type CheckReport,
} from '../../src/catalog/fileChecker';
import { parseInto } from '../../src/catalog/parse';
import { catalogColumns } from '../../src/data/catalog-columns';
import type { CatalogColumn } from '../../src/data/catalog-columns.types';

const fixtures = join(__dirname, '..', 'fixtures', 'catalog');

/** Runs the checker on a fixture file as the worker does: sniff, then parse. */
async function checkFixture(name: string): Promise<CheckReport> {
  const bytes = readFileSync(join(fixtures, name));
  const check = new InventoryFileCheck(catalogColumns, name, bytes.length);
  const sniff = sniffBytes(new Uint8Array(bytes.subarray(0, 64 * 1024)));
  check.setEncoding(sniff.encoding, sniff.fatal);
  if (!check.stopped) await parseInto(bytes.toString('utf8'), check);
  return check.finish();
}

describe('catalog file checker: sample files', () => {
  it('passes a valid CSV file', async () => {
    const report = await checkFixture('0142_full_2026-03-01.csv');
    expect(report).toMatchObject({ encoding: 'UTF-8', delimiter: 'comma', rows: 2, errorCount: 0 });
    expect(isClean(report)).toBe(true);
  });

  it('passes a valid TSV file', async () => {
    const report = await checkFixture('0142_delta_2026-03-02.tsv');
    expect(report.delimiter).toBe('tab');
    expect(isClean(report)).toBe(true);
  });

  it('reports name, unknown column, required, type and allowed-value errors with lines', async () => {
    const report = await checkFixture('0142-test_full_2026-02-30.csv');
    expect(report.fileNameProblems).toEqual([
      '2026-02-30 is not a calendar date',
      'the name contains "test": such files are ignored',
    ]);
    expect(report.unknownColumns).toEqual(['colour']);
    const found = report.errors.map((e) => [e.line, e.column, e.message]);
    expect(found).toContainEqual([2, 'available', 'not "true" or "false"']);
    expect(found).toContainEqual([3, 'lookup_code', 'is required']);
    expect(found).toContainEqual([3, 'price', expect.stringMatching(/^not a decimal number/)]);
    expect(found).toContainEqual([3, 'cost_unit', expect.stringMatching(/^not one of/)]);
    // The unclosed quote on line 4 is reported, not swallowed.
    expect(report.errors.some((e) => e.line >= 4 && /quote|values/.test(e.message))).toBe(true);
    expect(isClean(report)).toBe(false);
  });

  it('refuses a semicolon-separated file with a clear message', async () => {
    const report = await checkFixture('0142_full_2026-03-03.csv');
    expect(report.fatal).toMatch(/separated by semicolon; Aisle reads comma-separated/);
  });

  it('refuses binary, empty and non-UTF-8 files with a clear message', async () => {
    expect((await checkFixture('0142_full_2026-03-04.csv')).fatal).toMatch(/not a text file/);
    expect((await checkFixture('0142_full_2026-03-05.csv')).fatal).toBe('The file is empty.');
    expect((await checkFixture('0142_full_2026-03-06.csv')).fatal).toMatch(/not UTF-8/);
  });

  it('counts every problem but keeps only the first 500', async () => {
    const rows = Array.from({ length: 2000 }, () => '0001234567890,Milk,x,each,true,0142');
    const text = `lookup_code,item_name,price,cost_unit,available,store_identifier\n${rows.join('\n')}`;
    const check = new InventoryFileCheck(catalogColumns, '0142_full_2026-03-01.csv', text.length);
    await parseInto(text, check);
    const report = check.finish();
    expect(report.errorCount).toBeGreaterThanOrEqual(2000);
    expect(report.errors).toHaveLength(500);
    expect(report.errors[499].line).toBeLessThan(600);
  });
});

describe('catalog file checker: rules', () => {
  it('validates file names', () => {
    expect(checkFileName('0142_full_2026-03-01.csv')).toEqual([]);
    expect(checkFileName('0142_promotions_2026-03-01.tsv')).toEqual([]);
    expect(checkFileName('inventory.csv')[0]).toMatch(/does not follow/);
    expect(checkFileName('0142_weekly_2026-03-01.csv')[0]).toMatch(/file type "weekly"/);
    expect(checkFileName('0142_full_2026-03-01_bad_data.csv').join()).toMatch(/does not follow/);
  });

  it('checks GS1 check digits', () => {
    expect(gs1CheckDigitValid('036000291452')).toBe(true);
    expect(gs1CheckDigitValid('036000291453')).toBe(false);
    expect(gs1CheckDigitValid('4006381333931')).toBe(true);
  });

  it('accepts every registry example and the types it declares', () => {
    for (const column of catalogColumns) {
      expect(validateValue(column, column.example), `${column.name}=${column.example}`).toBeNull();
    }
  });

  it('rejects values outside each declared rule', () => {
    const base = { required: false, topic: 'pricing', description: '', example: '' } as const;
    const cases: [Partial<CatalogColumn>, string][] = [
      [{ type: 'integer', min: 1 }, '0'],
      [{ type: 'integer' }, '1.5'],
      [{ type: 'decimal', decimals: 2 }, '1.999'],
      [{ type: 'decimal', max: 100 }, '100.01'],
      [{ type: 'boolean' }, 'TRUE'],
      [{ type: 'enum', allowedValues: ['each', 'lb'] }, 'kg'],
      [{ type: 'enum_list', allowedValues: ['milk', 'egg'] }, 'milk|soy'],
      [{ type: 'date' }, '03/01/2026'],
      [{ type: 'datetime' }, '2026-03-01 08:00'],
      [{ type: 'url' }, 'http://images.fresh-market.example/a.jpg'],
      [{ type: 'string', maxLength: 3 }, 'abcd'],
      [{ type: 'string', pattern: '[A-Z]{2}' }, 'abc'],
    ];
    for (const [rule, value] of cases)
      expect(
        validateValue({ ...base, name: 'x', ...rule } as CatalogColumn, value),
        value,
      ).not.toBeNull();
  });

  it('lists every required registry column as missing from an empty header', () => {
    const check = new InventoryFileCheck(catalogColumns, '0142_full_2026-03-01.csv', 10);
    check.setDelimiter(',');
    check.setHeader(['item_name']);
    const required = catalogColumns.filter((c) => c.required).map((c) => c.name);
    expect(check.finish().missingRequired).toEqual(required.filter((n) => n !== 'item_name'));
  });
});

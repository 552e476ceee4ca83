import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  checkFileName,
  formulaTrigger,
  gs1CheckDigitValid,
  InventoryFileCheck,
  isClean,
  sniffBytes,
  summarize,
  validateValue,
  type CheckReport,
} from '../../src/catalog/fileChecker';
import { parseInto } from '../../src/catalog/parse';
import { catalogColumns } from '../../src/data/catalog-columns';
import type { CatalogColumn } from '../../src/data/catalog-columns.types';
import { HEADER, ROW, UNCLOSED_QUOTE } from '../fixtures/catalog/samples';

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

/** Checks `bytes` as the worker does a dropped file: sniff the head, then stream the bytes. */
async function checkBytes(
  bytes: Uint8Array,
  name = '0142_full_2026-03-01.csv',
): Promise<CheckReport> {
  const check = new InventoryFileCheck(catalogColumns, name, bytes.length);
  const sniff = sniffBytes(bytes.subarray(0, 64 * 1024));
  check.setEncoding(sniff.encoding, sniff.fatal);
  if (!check.stopped) await parseInto(Readable.from([Buffer.from(bytes)]), check);
  return check.finish();
}

const checkText = (text: string, name?: string) => checkBytes(Buffer.from(text, 'utf8'), name);

/** Every message a reader sees in a report: its lists first, then its summary. */
function messages(report: CheckReport): string[] {
  const listed = [
    report.fatal ?? '',
    ...report.errors.flatMap((e) => [e.message, e.consequence ?? '']),
    ...(report.warnings ?? []).map((w) => w.message),
  ];
  // Checked before the summary is built, so a raw parser message fails here first.
  expect(listed.join('\n')).not.toMatch(/Quoted field|unterminated|malformed|InvalidQuotes/i);
  return [
    ...listed,
    ...summarize(report).flatMap((item) => [item.message, item.consequence ?? '']),
  ].filter(Boolean);
}

describe('catalog file checker: root cause first', () => {
  it('names an unclosed quote first and groups the errors it causes', async () => {
    const report = await checkText(UNCLOSED_QUOTE);
    // The row the quote breaks has 2 values: no "is required" knock-ons are listed for it.
    expect(report.errors.map((e) => [e.line, e.column])).toEqual([[3, 'item_name']]);
    expect(report.knockOnCount).toBe(4);
    const [first, ...rest] = summarize(report);
    expect(first).toMatchObject({ severity: 'error', rootCause: true, line: 3 });
    expect(first.message).toMatch(/^A quote \("\) opens this value and is never closed/);
    expect(first.consequence).toBe(
      '5 later rows (lines 4 to 8) could not be read because of it, and this row has 2 values instead of 6.',
    );
    expect(rest).toEqual([]);
  });

  it('reports the unclosed quote on the line where it opens, not where the file ends', async () => {
    const report = await checkText(`${UNCLOSED_QUOTE}\n\n`);
    expect(report.errors[0]).toMatchObject({ line: 3, code: 'unclosed_quote' });
    const fixture = await checkFixture('0142-test_full_2026-02-30.csv');
    expect(fixture.errors.find((e) => e.code === 'unclosed_quote')?.line).toBe(4);
  });

  it('blames a quote closed lines later on the line it opens', async () => {
    const text = [HEADER, '4011,"Bananas,0.69,lb,true,0142', '4131,"Apples",1.29,lb,true,0142'];
    const report = await checkText(text.join('\n'));
    expect(summarize(report)[0]).toMatchObject({
      line: 2,
      column: 'item_name',
      consequence: expect.stringMatching(/^1 later row \(line 3\) could not be read/),
    });
  });

  it('puts a row with a value too many before the value errors that follow from it', async () => {
    const report = await checkText([HEADER, '4011,Bananas,ripe,0.69,lb,true,0142', ROW].join('\n'));
    expect(report.errors).toHaveLength(1);
    expect(report.errors[0]).toMatchObject({ line: 2, code: 'value_count' });
    expect(report.errors[0].message).toBe(
      'This row has 7 values; the header has 6 columns. A value that contains a comma needs double quotes around it.',
    );
    expect(summarize(report)[0].consequence).toMatch(/^The 3 other problems on this row/);
  });

  // Line 5 is empty: the row on line 4 ends with CR, then CRLF ends an empty line.
  it('counts lines through empty lines, CRLF and CR line ends, and multi-line values', async () => {
    const text = `${HEADER}\r\n\r\n4011,"Bananas\r\nripe",x,lb,true,0142\r\r\n4011,Bananas,0.69,lb,yes,0142\r\n`;
    const report = await checkText(text);
    expect(report.errors.map((e) => [e.line, e.column])).toEqual([
      [4, 'price'],
      [6, 'available'],
    ]);
  });

  it("uses plain words, never the parser's own messages", async () => {
    const files = [
      UNCLOSED_QUOTE,
      [HEADER, '4011,"Bananas "ripe",0.69,lb,true,0142'].join('\n'),
      [HEADER, '4011,"Bananas",0.69,lb,true,0142,"x'].join('\n'),
    ];
    for (const text of files) {
      const all = messages(await checkText(text));
      expect(all.length).toBeGreaterThan(0);
      for (const message of all) {
        expect(message).not.toMatch(/Quoted field|unterminated|malformed|InvalidQuotes|\(row\)/i);
        expect(message).toMatch(/^[A-Z0-9]/);
      }
    }
  });
});

describe('catalog file checker: capped lists', () => {
  it('lists 20 unknown columns and counts the rest', async () => {
    const extra = Array.from({ length: 25 }, (_, i) => `extra_${i + 1}`);
    const report = await checkText(`${HEADER},${extra.join(',')}\n${ROW}${',x'.repeat(25)}\n`);
    expect(report.unknownColumns).toEqual(extra.slice(0, 20));
    expect(report.unknownColumnCount).toBe(25);
    const item = summarize(report).find((i) => i.items?.includes('extra_1'));
    expect(item).toMatchObject({ severity: 'warning', total: 25 });
  });

  it('checks a header of 1,000,000 columns quickly and reports a small, capped result', async () => {
    const extra = Array.from({ length: 999_994 }, (_, i) => `extra_column_${i + 1}`);
    const text = `${HEADER},${extra.join(',')}\n`;
    const started = performance.now();
    const report = await checkText(text);
    const elapsed = performance.now() - started;
    expect(report.columnCount).toBe(1_000_000);
    expect(report.unknownColumnCount).toBe(999_994);
    expect(report.unknownColumns).toHaveLength(20);
    expect(report.header.length).toBeLessThanOrEqual(1000);
    expect(report.missingRequired).toEqual([]);
    // What the worker posts to the page: a few kilobytes, not megabytes.
    expect(JSON.stringify(report).length).toBeLessThan(50_000);
    expect(elapsed).toBeLessThan(5000);
  });
});

describe('catalog file checker: encodings', () => {
  const text = `${HEADER}\n${ROW}\n`;
  const utf16le = Buffer.from(text, 'utf16le');
  const utf16be = Buffer.from(utf16le).swap16();

  it('names UTF-16 little- and big-endian files, with or without a byte order mark', async () => {
    const cases: [Uint8Array, string][] = [
      [Buffer.concat([Buffer.from([0xff, 0xfe]), utf16le]), 'UTF-16 LE'],
      [Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be]), 'UTF-16 BE'],
      [utf16le, 'UTF-16 LE'],
      [utf16be, 'UTF-16 BE'],
    ];
    for (const [bytes, encoding] of cases) {
      const report = await checkBytes(bytes);
      expect(report.encoding).toBe(encoding);
      expect(report.fatal).toMatch(/^This file is UTF-16 encoded \((little|big)-endian/);
      expect(report.fatal).toMatch(/Save it again as UTF-8/);
      expect(report.fatal).not.toMatch(/not a text file/);
    }
  });

  it('names a Windows-1252 file and shows the line it goes wrong on', async () => {
    const latin = Buffer.from(
      `${HEADER}\n0001234567890,Cr\xe8me fra\xeeche,4.99,each,true,0142\n`,
      'latin1',
    );
    const report = await checkBytes(latin);
    expect(report.encoding).toBe('Windows-1252');
    expect(report.fatal).toMatch(/not UTF-8: it looks like Windows-1252/);
    expect(report.fatal).toContain('Line 2 reads "');
    expect(report.fatal).toContain('Crème fraîche');
  });

  it('names known binary formats', () => {
    const xls = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    expect(sniffBytes(xls).fatal).toMatch(/not a text file: it is an Excel 97–2003 workbook/);
  });

  it('reports bytes that are not UTF-8 after the first 64 KB once, on their line', async () => {
    const rows = Array.from({ length: 3000 }, () => ROW);
    const head = Buffer.from(`${HEADER}\n${rows.join('\n')}\n`);
    const bad = Buffer.from(
      '4011,Cr\xe8me,0.69,lb,true,0142\n4011,Cr\xe8me,0.69,lb,true,0142\n',
      'latin1',
    );
    const report = await checkBytes(Buffer.concat([head, bad]));
    expect(report.errors).toHaveLength(1);
    expect(report.errors[0]).toMatchObject({ line: 3002, column: 'item_name', code: 'not_utf8' });
    expect(summarize(report)[0].consequence).toBe('1 later value with such bytes is not listed.');
  });
});

describe('catalog file checker: formula-like values (CSV injection)', () => {
  it('warns about values starting with =, +, -, @, tab or a line break, in any column', async () => {
    const text = [
      `${HEADER},brand_name`,
      '4011,=HYPERLINK("https://evil.example"),0.69,lb,true,0142,Greenrow Farms',
      '4011,Bananas,0.69,lb,true,0142,@SUM(A1:A9)',
      '4011,"\tBananas",0.69,lb,true,0142,+1+2',
      '4011,Bananas,0.69,lb,true,0142,-2+3',
    ].join('\n');
    const report = await checkText(text);
    expect(report.warnings.map((w) => [w.line, w.column])).toEqual([
      [2, 'item_name'],
      [3, 'brand_name'],
      [4, 'item_name'],
      [4, 'brand_name'],
      [5, 'brand_name'],
    ]);
    expect(report.warnings[0].message).toMatch(
      /^starts with "=", so a spreadsheet app may run it as a formula when someone opens the file \(CSV injection/,
    );
    expect(report.warnings[2].message).toMatch(/^starts with a tab/);
  });

  it('does not warn about a negative number in a numeric column', async () => {
    const report = await checkText([HEADER, '4011,Bananas,-1.5,lb,true,0142'].join('\n'));
    expect(report.warningCount).toBe(0);
    // The value is still checked against the column's rules.
    expect(report.errors[0]).toMatchObject({ column: 'price', message: 'below the minimum 0.01' });
    const numeric = { name: 'n', type: 'decimal', required: false } as CatalogColumn;
    expect(formulaTrigger('-1.5', numeric)).toBeNull();
    expect(formulaTrigger('+3', numeric)).toBeNull();
    expect(formulaTrigger('-1+5', numeric)).toBe('-');
    expect(formulaTrigger('-1.5', { ...numeric, type: 'string' })).toBe('-');
    expect(formulaTrigger('  =1+1')).toBe('=');
  });

  it('lists the first 20 formula-like values and counts the rest', async () => {
    const rows = Array.from({ length: 30 }, () => '4011,@Bananas,0.69,lb,true,0142');
    const report = await checkText([HEADER, ...rows].join('\n'));
    expect(report.warnings).toHaveLength(20);
    expect(report.warningCount).toBe(30);
    expect(summarize(report).at(-1)?.message).toMatch(/^30 values start with =, \+, -, @/);
  });
});

describe('catalog file checker: bad input', () => {
  it('never throws; names random bytes, even without NUL bytes, as not a text file', async () => {
    let seed = 7;
    const random = Uint8Array.from({ length: 200_000 }, () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed & 0xff;
    });
    for (const bytes of [random, random.map((b) => b || 1)]) {
      const report = await checkBytes(bytes);
      expect(report.encoding).toBe('binary');
      expect(report.fatal).toMatch(/^This is not a text file/);
    }
    expect((await checkText(',,,,\n,,,\n')).fatal).toBe('The file is empty.');
    expect((await checkText(`${HEADER}\n`)).fatal).toBe('The file has a header row but no items.');
    const long = await checkText(`${HEADER}\n${'x'.repeat(3_000_000)}\n`);
    expect(long.errors[0]).toMatchObject({ line: 2, code: 'value_count' });
  });

  it('reads an unclosed quote at the start of a 20 MB file in one pass', async () => {
    const rows = Array.from({ length: 650_000 }, () => ROW);
    const text = `${HEADER}\n4011,"Bananas,0.69,lb,true,0142\n${rows.join('\n')}\n`;
    const started = performance.now();
    const report = await checkText(text);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(report.errors[0]).toMatchObject({ line: 2, code: 'unclosed_quote' });
    expect(report.errors[0].consequence).toMatch(/^650,000 later rows \(lines 3 to 650,002\)/);
  });
});

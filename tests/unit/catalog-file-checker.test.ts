import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkInventoryFile } from '../../src/catalog/checkFile';
import {
  checkFileName,
  fileNameParts,
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
import { inventoryFileMaxBytes } from '../../src/data/facts/limits';
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

/** `text` compressed with gzip, as `gzip` writes a .csv.gz file. */
const gz = (text: string | Buffer) => gzipSync(typeof text === 'string' ? Buffer.from(text) : text);

/** A gzip file whose trailer claims `isize` bytes uncompressed (RFC 1952: last 4 bytes). */
function withIsize(gzip: Buffer, isize: number): Buffer {
  const copy = Buffer.from(gzip);
  copy.writeUInt32LE(isize, copy.length - 4);
  return copy;
}

/** Runs the whole check on `bytes` as the worker does with a dropped file. */
const checkWhole = (bytes: Uint8Array, name: string, maxBytes?: number) =>
  checkInventoryFile(catalogColumns, new Blob([new Uint8Array(bytes)]), name, { maxBytes });

const rowsText = (n: number, row = ROW) => `${HEADER}\n${Array(n).fill(row).join('\n')}\n`;

describe('catalog file checker: compressed files', () => {
  it('reads .csv.gz and .tsv.gz files as the text they hold', async () => {
    const csv = await checkWhole(gz(rowsText(3)), '0142_full_2026-03-01.csv.gz');
    expect(csv).toMatchObject({ compression: 'gzip', delimiter: 'comma', rows: 3, errorCount: 0 });
    expect(csv.uncompressedBytes).toBe(Buffer.byteLength(rowsText(3)));
    expect(isClean(csv)).toBe(true);
    const tsv = rowsText(2).replace(/,/g, '\t');
    const report = await checkWhole(gz(tsv), '0142_delta_2026-03-02.tsv.gz');
    expect(report).toMatchObject({ compression: 'gzip', delimiter: 'tab', rows: 2 });
    expect(isClean(report)).toBe(true);
    expect(checkFileName('0142_delta_2026-03-02.tsv.gz')).toEqual([]);
  });

  it('wants .gz on a compressed file and gzip data in a .gz file', async () => {
    const unnamed = await checkWhole(gz(rowsText(2)), '0142_full_2026-03-01.csv');
    expect(unnamed.fileNameProblems.join()).toMatch(/gzip-compressed, so its name must end in .gz/);
    expect(unnamed.rows).toBe(2);
    const plain = await checkWhole(Buffer.from(rowsText(2)), '0142_full_2026-03-01.csv.gz');
    expect(plain.fatal).toMatch(/^The name ends in .gz, but the file is not gzip-compressed/);
  });

  it('names damaged and cut-short gzip data, keeping what it read before', async () => {
    const whole = gz(rowsText(20_000));
    const cut = await checkWhole(
      whole.subarray(0, whole.length / 2),
      '0142_full_2026-03-01.csv.gz',
    );
    expect(cut.fatal).toMatch(/^The gzip data is damaged or cut short/);
    const damaged = Buffer.from(whole);
    for (let i = 200; i < 260; i++) damaged[i] ^= 0xa5;
    const report = await checkWhole(damaged, '0142_full_2026-03-01.csv.gz');
    expect(report.fatal).toMatch(/^The gzip data is damaged or cut short/);
    expect(summarize(report)[0]).toMatchObject({ severity: 'fatal', rootCause: true });
  });

  it('refuses a file over 200 MB, the limit of the facts, without reading it', async () => {
    expect(inventoryFileMaxBytes).toBe(200 * 1024 * 1024);
    const big = new Blob([new Uint8Array(inventoryFileMaxBytes + 1)]);
    const report = await checkInventoryFile(catalogColumns, big, '0142_full_2026-03-01.csv');
    // Not read: a file of NUL bytes would otherwise be "not a text file".
    expect(report.encoding).toBe('unknown');
    expect(report.fatal).toBe(
      'Uncompressed, this file is larger than 200 MB, the most Aisle reads (it is 209,715,201 bytes). Aisle rejects it with file_too_large. Split it, or leave out columns that have not changed since the last file.',
    );
    expect(report.rows).toBe(0);
  });

  it('stops inflating a gzip bomb whose trailer lies at the size limit', async () => {
    const text = rowsText(200_000); // 6.2 MB of text in about 6 KB of gzip
    const bomb = withIsize(gz(text), 1000);
    const report = await checkWhole(bomb, '0142_full_2026-03-01.csv.gz', 1024 * 1024);
    expect(report.fatal).toMatch(
      /larger than 1 MB, the most Aisle reads \(the checker stopped reading there\)/,
    );
    expect(report.uncompressedBytes).toBe(1024 * 1024);
    expect(report.rows).toBeGreaterThan(30_000);
    expect(report.rows).toBeLessThan(34_000);
    // The row cut at the limit is not read as a broken row.
    expect(report.errorCount).toBe(0);
  });

  it('refuses a plain file over the size limit without reading it', async () => {
    const report = await checkWhole(
      Buffer.from(rowsText(50_000)),
      '0142_full_2026-03-01.csv',
      1024 * 1024,
    );
    expect(report.fatal).toMatch(/larger than 1 MB, the most Aisle reads \(it is 1\.5 MB\)/);
    expect(report.rows).toBe(0);
  });

  it('names a tar archive, a ZIP file and data compressed twice', async () => {
    const tar = Buffer.alloc(1024);
    tar.write('0142_full_2026-03-01.csv', 0);
    tar.write('ustar', 257);
    expect((await checkWhole(gz(tar), '0142_full_2026-03-01.csv.gz')).fatal).toMatch(
      /^This is not a text file: it is a tar archive/,
    );
    expect((await checkWhole(gz(gz(rowsText(2))), '0142_full_2026-03-01.csv.gz')).fatal).toMatch(
      /compressed twice/,
    );
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]);
    expect((await checkWhole(zip, '0142_full_2026-03-01.csv')).fatal).toMatch(
      /ZIP archive.*gzip the CSV or TSV file once/,
    );
  });
});

describe('catalog file checker: delimiters', () => {
  it('says so when the first line has no comma and no tab', async () => {
    const text = 'lookup_code item_name price\n4011 Bananas 0.69\n4131 Apples 1.99\n';
    const report = await checkWhole(Buffer.from(text), '0142_full_2026-03-01.csv');
    expect(report.delimiter).toBeNull();
    expect(report.fatal).toMatch(
      /^Aisle cannot tell how this file separates its columns: the first line, "lookup_code item_name price", has no comma and no tab/,
    );
    expect(report.rows).toBe(0);
  });

  it('refuses pipes and semicolons, and a delimiter the extension does not declare', async () => {
    const pipe = await checkWhole(
      Buffer.from(rowsText(2).replace(/,/g, '|')),
      '0142_full_2026-03-01.csv',
    );
    expect(pipe.fatal).toMatch(
      /separated by pipe; Aisle reads comma-separated \(.csv\) or tab-separated/,
    );
    const tabs = await checkWhole(
      gz(rowsText(2).replace(/,/g, '\t')),
      '0142_full_2026-03-01.csv.gz',
    );
    expect(tabs.fileNameProblems).toEqual([
      'the extension says comma-separated but the file uses tab',
    ]);
  });
});

describe('catalog file checker: stores', () => {
  it('reads a file for several stores; a one-store file keeps to its store', async () => {
    const rows = [HEADER, ROW, '4011,Bananas,0.69,lb,true,0143', '4011,Bananas,0.69,lb,true,0188'];
    const text = `${rows.join('\n')}\n`;
    const multi = await checkWhole(Buffer.from(text), 'stores_reinventory_2026-03-14.csv');
    expect(isClean(multi)).toBe(true);
    expect(fileNameParts('stores_reinventory_2026-03-14.csv.gz')).toEqual({
      multiStore: true,
      store: undefined,
      delimiter: ',',
      gzip: true,
    });
    const single = await checkWhole(Buffer.from(text), '0142_reinventory_2026-03-14.csv');
    expect(single.errors.map((e) => [e.line, e.column, e.value])).toEqual([
      [3, 'store_identifier', '0143'],
      [4, 'store_identifier', '0188'],
    ]);
    expect(single.errors[0].message).toMatch(
      /^not the store in the file name, 0142 \(a file for several stores is named stores_/,
    );
  });

  it('names one store in a promotion file', () => {
    expect(checkFileName('stores_promotions_2026-03-11.csv')).toEqual([
      'a file for several stores is a full, delta, reinventory file; a promotions file names one store',
    ]);
  });
});

describe('catalog file checker: lead times, blackouts and promotion groups', () => {
  const column = (name: string) => catalogColumns.find((c) => c.name === name)!;

  it('takes lead times of 0 to 168 hours', () => {
    expect(validateValue(column('lead_time_hours'), '0')).toBeNull();
    expect(validateValue(column('lead_time_hours'), '168')).toBeNull();
    expect(validateValue(column('lead_time_hours'), '169')).toBe('above the maximum 168');
    expect(validateValue(column('lead_time_hours'), '1.5')).toBe('not a whole number');
  });

  it('takes dates and periods separated by |, each period ending after it starts', () => {
    const blackout = column('blackout_periods');
    const valid = [
      '2026-12-25',
      '2026-11-26|2026-12-25',
      '2026-12-24T15:00:00-06:00/2026-12-26T00:00:00-06:00',
      '2026-12-31T18:00Z/2027-01-01T12:00Z|2026-07-04',
    ];
    for (const value of valid) expect(validateValue(blackout, value), value).toBeNull();
    const invalid: [string, string][] = [
      ['2026-02-30', 'has a date that is not in the calendar'],
      ['12/25/2026', 'has an entry that is neither a date YYYY-MM-DD nor a period start/end'],
      [
        '2026-12-25, 2026-12-26',
        'has an entry that is neither a date YYYY-MM-DD nor a period start/end',
      ],
      [
        '2026-12-24T15:00/2026-12-26T00:00',
        'has a period whose start or end is not an ISO 8601 date-time with offset',
      ],
      [
        '2026-12-26T00:00:00-06:00/2026-12-24T15:00:00-06:00',
        'has a period that does not end after it starts',
      ],
      ['2026-12-01T00:00:00Z/2027-01-02T00:00:00Z', 'has a period longer than 31 days'],
      [Array(21).fill('2026-12-25').join('|'), 'more than 20 entries'],
    ];
    for (const [value, message] of invalid)
      expect(validateValue(blackout, value), value).toBe(message);
  });

  it('needs an offer for a promotion group, and checks the rows of a file', async () => {
    const header = `${HEADER},lead_time_hours,blackout_periods,offer_id,offer_discount_type,offer_discount_value,offer_starts_at,offer_ends_at,promotion_group_id`;
    const offer =
      'FM-2026-W11-YOGURT,fixed_price,3.00,2026-03-12T00:00:00-05:00,2026-03-19T00:00:00-05:00,FM-2026-W11';
    const text = [
      header,
      `0001234568502,Chocolate birthday cake,24.99,each,true,0142,48,2026-12-25,,,,,,`,
      `0001234568014,"Greek yogurt, vanilla",1.29,each,true,0142,,,${offer}`,
      `4011,Bananas,0.69,lb,true,0142,200,2026-12-25/2026-12-26,,,,,,FM-2026-W11`,
    ].join('\n');
    const report = await checkWhole(Buffer.from(text), '0142_delta_2026-03-10.csv');
    expect(report.unknownColumnCount).toBe(0);
    expect(report.errors.map((e) => [e.line, e.column, e.message])).toEqual([
      [4, 'lead_time_hours', 'above the maximum 168'],
      [
        4,
        'blackout_periods',
        'has a period whose start or end is not an ISO 8601 date-time with offset',
      ],
      [4, 'promotion_group_id', 'needs a value in offer_id'],
    ]);
  });
});

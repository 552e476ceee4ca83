/**
 * Inventory file checks, run in the reader's browser (no upload) by the file checker on
 * /catalog/catalog_inventory_file/file_requirements, and in Node by its tests and benchmark.
 * Every rule comes from the column registry (src/data/catalog-columns.ts), the same source as
 * the specification tables, so the pages and the checker cannot disagree.
 *
 * The class is fed rows by Papa Parse (./csv.ts via ./parse.ts) and keeps only
 * counts and the first few problems of each kind, so memory stays flat whatever the file size
 * and the report sent to the page stays small (a header of 1,000,000 unknown columns reports 20
 * of them and a count). Problems are reported on the line where they start. A problem that
 * makes others happen (an unclosed quote that swallows the rest of the file, a row with one
 * value too many) is a root cause: it is listed, and the problems it causes are only counted.
 */
import type { CatalogColumn } from '../data/catalog-columns.types';
import type { CsvRowPosition } from './csv';

/** Problems listed one by one in a report; later ones are only counted. */
export const MAX_REPORTED_ERRORS = 500;

/** Names listed in one finding (unknown or repeated columns); the rest are counted. */
export const MAX_LISTED_COLUMNS = 20;

/** Header names kept in a report (`columnCount` has the full number). */
export const MAX_REPORTED_HEADER = 1000;

/** Root causes kept in a report (`rootCauseCount` has the full number). */
export const MAX_ROOT_CAUSES = 20;

/** Formula-like values listed in a report (`warningCount` has the full number). */
export const MAX_REPORTED_WARNINGS = 20;

/** Kinds of value problem (same column, same message) kept in a report, the commonest first. */
export const MAX_VALUE_PROBLEM_KINDS = 50;

/** Characters of a value kept in a report. */
const MAX_VALUE_CHARS = 80;

/** File types in the name `<store_identifier>_<type>_<YYYY-MM-DD>.csv` (CONTRIBUTING.md). */
export const FILE_TYPES = ['full', 'delta', 'reinventory', 'promotions'] as const;

/**
 * First part of the name of a file for several stores, `stores_<type>_<YYYY-MM-DD>.csv`, in place
 * of a store code (CONTRIBUTING.md "Catalog"; no store may have this code).
 */
export const MULTI_STORE_PREFIX = 'stores';

/** Inventory file types a file for several stores may have (promotion files name one store). */
export const MULTI_STORE_TYPES = ['full', 'delta', 'reinventory'] as const;

/**
 * What kind of problem a row error is. Root causes: `unclosed_quote`, `runaway_quote`,
 * `text_after_quote`, `value_count`, `not_utf8`; `value` is a cell that breaks its column's
 * rule; `formula` a value a spreadsheet app may run (a warning); `read` a file the browser
 * could not read.
 */
export type ProblemCode =
  | 'unclosed_quote'
  | 'runaway_quote'
  | 'text_after_quote'
  | 'value_count'
  | 'not_utf8'
  | 'value'
  | 'formula'
  | 'read';

/** One problem in a data row. */
export interface RowError {
  /** 1-based line of the file where the problem starts (the header is line 1). */
  line: number;
  /** Column name, `column N` past the header's end, or `(row)` / `(file)`. */
  column: string;
  /** The value, cut to 80 characters; empty for problems of a whole row. */
  value: string;
  /** What is wrong, in plain words. */
  message: string;
  code?: ProblemCode;
  /** For a root cause: the problems it causes, which are counted, not listed. */
  consequence?: string;
}

/** Problems of one kind (same column, same message), counted over the whole file. */
export interface ValueProblemKind {
  column: string;
  message: string;
  count: number;
  /** Line and value of the first occurrence. */
  firstLine: number;
  firstValue: string;
}

/** Encoding of the file, as found in its first bytes (see `sniffBytes`). */
export type Encoding =
  | 'UTF-8'
  | 'UTF-8 with BOM'
  | 'UTF-16 LE'
  | 'UTF-16 BE'
  | 'UTF-32 LE'
  | 'UTF-32 BE'
  | 'Windows-1252'
  | 'not UTF-8'
  | 'binary'
  | 'unknown';

/** A report with nothing found yet; with `fatal`, the report of a check that could not run. */
export function emptyReport(fileName: string, bytes: number, fatal?: string): CheckReport {
  return {
    fileName,
    bytes,
    compression: null,
    encoding: 'unknown',
    delimiter: null,
    header: [],
    columnCount: 0,
    rows: 0,
    fileNameProblems: [],
    missingRequired: [],
    unknownColumns: [],
    unknownColumnCount: 0,
    duplicateColumns: [],
    duplicateColumnCount: 0,
    rootCauses: [],
    rootCauseCount: 0,
    rootCauseCounts: {},
    knockOnCount: 0,
    errors: [],
    errorCount: 0,
    errorsByColumn: {},
    valueProblems: [],
    valueProblemKindCount: 0,
    warnings: [],
    warningCount: 0,
    ...(fatal && { fatal }),
  };
}

/**
 * What a check found. `fatal` means the file could not be read as an inventory file at all.
 * Every list is capped (see the MAX_ constants) and has a count beside it, so the report stays
 * a few kilobytes whatever the file.
 */
export interface CheckReport {
  fileName: string;
  /** Size of the file in bytes, as sent (compressed, for a gzip file). */
  bytes: number;
  /** `gzip` for a gzip-compressed file, null for plain text. */
  compression: 'gzip' | null;
  /** Bytes of text read after decompression (a gzip file only); at most the size limit. */
  uncompressedBytes?: number;
  encoding: Encoding;
  /** Delimiter found in the file, as a name (`comma`, `tab`, `semicolon`…). */
  delimiter: string | null;
  /** The first MAX_REPORTED_HEADER names of the header row. */
  header: string[];
  /** Columns in the header row. */
  columnCount: number;
  /** Data rows read (header excluded, empty lines skipped). */
  rows: number;
  fileNameProblems: string[];
  missingRequired: string[];
  /** The first MAX_LISTED_COLUMNS unknown names; `unknownColumnCount` counts them all. */
  unknownColumns: string[];
  unknownColumnCount: number;
  /** The first MAX_LISTED_COLUMNS repeated names; `duplicateColumnCount` counts them all. */
  duplicateColumns: string[];
  duplicateColumnCount: number;
  /** Problems that cause others, in file order: the first MAX_ROOT_CAUSES. */
  rootCauses: RowError[];
  rootCauseCount: number;
  /** Root causes by kind, over the whole file. */
  rootCauseCounts: Partial<Record<ProblemCode, number>>;
  /** Problems caused by a root cause: counted, never listed. */
  knockOnCount: number;
  /** Row problems in file order (root causes included, knock-ons left out), the first 500. */
  errors: RowError[];
  /** All row problems, including those beyond MAX_REPORTED_ERRORS (knock-ons left out). */
  errorCount: number;
  errorsByColumn: Record<string, number>;
  /** Value problems grouped by column and message, the commonest first. */
  valueProblems: ValueProblemKind[];
  valueProblemKindCount: number;
  /** Formula-like values (CSV injection risk), the first MAX_REPORTED_WARNINGS. */
  warnings: RowError[];
  warningCount: number;
  fatal?: string;
}

const DELIMITER_NAMES: Record<string, string> = {
  ',': 'comma',
  '\t': 'tab',
  ';': 'semicolon',
  '|': 'pipe',
};

/** Name of a delimiter character for messages (`\t` → `tab`). */
export function delimiterName(delimiter: string): string {
  return DELIMITER_NAMES[delimiter] ?? JSON.stringify(delimiter);
}

/** `n` with thousands separators, as the page shows numbers (`999,980`). */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** `n` and its noun in the right number: `1 row` / `5 rows`. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/**
 * The tail of a capped list: `and 999,980 more`, or '' when nothing was left out.
 * @param shown items listed.
 * @param total items in all.
 */
export function andMore(shown: number, total: number): string {
  return total > shown ? `and ${formatCount(total - shown)} more` : '';
}

/** What a file name says about the file, read as `checkFileName` reads it. */
export interface FileNameParts {
  /** The store code of a one-store file; undefined for a file for several stores or a bad name. */
  store?: string;
  /** True for `stores_<type>_<YYYY-MM-DD>.csv`: the rows name their stores. */
  multiStore: boolean;
  /** Delimiter the extension declares: `.csv` comma, `.tsv` tab (`.gz` left aside). */
  delimiter?: ',' | '\t';
  /** True when the name ends in `.gz`. */
  gzip: boolean;
}

const FILE_NAME = /^([A-Za-z0-9-]+)_([a-z]+)_(\d{4})-(\d{2})-(\d{2})\.(csv|tsv)(\.gz)?$/;

/** Store, delimiter and compression a file name declares (see `checkFileName` for its rules). */
export function fileNameParts(name: string): FileNameParts {
  const match = FILE_NAME.exec(name);
  const gzip = name.toLowerCase().endsWith('.gz');
  const base = name.toLowerCase().replace(/\.gz$/, '');
  const delimiter = base.endsWith('.csv') ? ',' : base.endsWith('.tsv') ? '\t' : undefined;
  const multiStore = match?.[1] === MULTI_STORE_PREFIX;
  return { store: match && !multiStore ? match[1] : undefined, multiStore, delimiter, gzip };
}

/**
 * File-name rules: `<store_identifier>_<type>_<YYYY-MM-DD>.csv` (or `.tsv`, either with `.gz`
 * after it when gzip-compressed), or `stores_<type>_<YYYY-MM-DD>.csv` for a file of several
 * stores (full, delta or reinventory only); a real date; never `test` or `_bad_data`.
 * @returns problems in words; empty when the name is valid.
 */
export function checkFileName(name: string): string[] {
  const problems: string[] = [];
  const match = FILE_NAME.exec(name);
  if (!match) {
    problems.push(
      `"${name}" does not follow <store_identifier>_<type>_<YYYY-MM-DD>.csv (or .tsv, and .gz after either when compressed), e.g. 0142_full_2026-03-01.csv`,
    );
  } else {
    const [, store, type, y, m, d] = match;
    if (!(FILE_TYPES as readonly string[]).includes(type))
      problems.push(`file type "${type}" is not one of ${FILE_TYPES.join(', ')}`);
    else if (
      store === MULTI_STORE_PREFIX &&
      !(MULTI_STORE_TYPES as readonly string[]).includes(type)
    )
      problems.push(
        `a file for several stores is a ${MULTI_STORE_TYPES.join(', ')} file; a ${type} file names one store`,
      );
    const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
    if (
      date.getUTCFullYear() !== Number(y) ||
      date.getUTCMonth() !== Number(m) - 1 ||
      date.getUTCDate() !== Number(d)
    )
      problems.push(`${y}-${m}-${d} is not a calendar date`);
  }
  if (/test/i.test(name)) problems.push('the name contains "test": such files are ignored');
  if (/_bad_data/i.test(name))
    problems.push('the name contains "_bad_data": such files are ignored');
  return problems;
}

/** How to fix any encoding problem; the page's "Encoding" section says the same. */
const SAVE_AS_UTF8 =
  'Save it again as UTF-8: in a spreadsheet app choose "CSV UTF-8", in a text editor choose the encoding UTF-8.';

/** First bytes of file formats a retailer may pick by mistake, and their names. */
const SIGNATURES: { bytes: number[]; name: string }[] = [
  {
    bytes: [0x50, 0x4b, 0x03, 0x04],
    name: 'a ZIP archive or a spreadsheet workbook (.xlsx, .ods)',
  },
  { bytes: [0x50, 0x4b, 0x05, 0x06], name: 'an empty ZIP archive' },
  {
    bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
    name: 'an Excel 97–2003 workbook (.xls)',
  },
  { bytes: [0x1f, 0x8b], name: 'gzip data inside gzip data: the file was compressed twice' },
  { bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], name: 'a PDF document' },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], name: 'a 7-Zip archive' },
  { bytes: [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07], name: 'a RAR archive' },
];

/**
 * Offset of the first byte that is not valid UTF-8 (RFC 3629: no overlong forms, no
 * surrogates, nothing above U+10FFFF), or -1. A sequence cut by the end of `bytes` is valid:
 * `bytes` is usually the start of a longer file.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const c = bytes[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let low = 0x80;
    let high = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) need = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      if (c === 0xe0) low = 0xa0;
      if (c === 0xed) high = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      if (c === 0xf0) low = 0x90;
      if (c === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      if (i + k >= n) return -1;
      const b = bytes[i + k];
      if (k === 1 ? b < low || b > high : b < 0x80 || b > 0xbf) return i;
    }
    i += need + 1;
  }
  return -1;
}

/** Windows-1252 characters of bytes 0x80–0x9F (WHATWG Encoding; 0 = not assigned). */
const CP1252_80_9F = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152,
  0, 0x017d, 0, 0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161,
  0x203a, 0x0153, 0, 0x017e, 0x0178,
];

/** Bytes read as Windows-1252 (one byte, one character). */
function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes)
    text += String.fromCharCode(b >= 0x80 && b <= 0x9f ? CP1252_80_9F[b - 0x80] || 0xfffd : b);
  return text;
}

/**
 * True when the bytes above 0x7F mostly stand alone between ASCII bytes, as the accented
 * letters of a Windows-1252 or Latin-1 file do (`Cr\xE8me`); legacy Asian encodings use runs of
 * two bytes and more.
 */
function looksSingleByte(bytes: Uint8Array): boolean {
  let runs = 0;
  let short = 0;
  let run = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i < bytes.length && bytes[i] >= 0x80) run++;
    else if (run > 0) {
      runs++;
      if (run <= 2) short++;
      run = 0;
    }
  }
  return runs > 0 && short / runs >= 0.75;
}

/** Line number (1-based) and the text around `offset`, read as Windows-1252. */
function lineAround(head: Uint8Array, offset: number): { line: number; excerpt: string } {
  let line = 1;
  for (let i = 0; i < offset; i++) if (head[i] === 0x0a) line++;
  let start = offset;
  while (start > 0 && offset - start < 30 && head[start - 1] !== 0x0a && head[start - 1] !== 0x0d)
    start--;
  let end = offset;
  while (end < head.length && end - offset < 30 && head[end] !== 0x0a && head[end] !== 0x0d) end++;
  return { line, excerpt: decodeWindows1252(head.subarray(start, end)) };
}

/** Share of NUL bytes at even and odd offsets of the first 4 KB. */
function nulPattern(head: Uint8Array): { even: number; odd: number } {
  const n = Math.min(head.length, 4096) & ~1;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < n; i += 2) {
    if (head[i] === 0) even++;
    if (head[i + 1] === 0) odd++;
  }
  const pairs = Math.max(1, n / 2);
  return { even: even / pairs, odd: odd / pairs };
}

function startsWith(head: Uint8Array, bytes: number[]): boolean {
  return bytes.every((b, i) => head[i] === b);
}

/** A tar archive: `ustar` at offset 257 of its first header (POSIX.1-1988 and later). */
function isTar(head: Uint8Array): boolean {
  return [0x75, 0x73, 0x74, 0x61, 0x72].every((b, i) => head[257 + i] === b);
}

function utf16Fatal(encoding: 'UTF-16 LE' | 'UTF-16 BE' | 'UTF-32 LE' | 'UTF-32 BE', bom: boolean) {
  const [family, order] = encoding.split(' ');
  return `This file is ${family} encoded (${order === 'LE' ? 'little' : 'big'}-endian${bom ? ', with a byte order mark' : ''}), not UTF-8, so Aisle cannot read it. ${SAVE_AS_UTF8}`;
}

/**
 * Reads the first bytes of a file: byte-order mark, UTF-16/UTF-32 (by BOM, or by NUL bytes at
 * every other offset), known binary formats (ZIP/XLSX, XLS, gzip, PDF…), other NUL bytes or
 * control characters (over 1 % of the bytes), and whether the rest decodes as UTF-8 (if not,
 * whether it looks like Windows-1252/Latin-1).
 * @param head up to the first 64 KB of the file.
 * @returns the encoding, and a fatal message naming it for anything Aisle cannot read.
 */
export function sniffBytes(head: Uint8Array): { encoding: Encoding; fatal?: string } {
  if (head.length === 0) return { encoding: 'unknown', fatal: 'The file is empty.' };
  if (startsWith(head, [0xff, 0xfe, 0, 0]))
    return { encoding: 'UTF-32 LE', fatal: utf16Fatal('UTF-32 LE', true) };
  if (startsWith(head, [0, 0, 0xfe, 0xff]))
    return { encoding: 'UTF-32 BE', fatal: utf16Fatal('UTF-32 BE', true) };
  if (startsWith(head, [0xff, 0xfe]))
    return { encoding: 'UTF-16 LE', fatal: utf16Fatal('UTF-16 LE', true) };
  if (startsWith(head, [0xfe, 0xff]))
    return { encoding: 'UTF-16 BE', fatal: utf16Fatal('UTF-16 BE', true) };
  const bom = startsWith(head, [0xef, 0xbb, 0xbf]);
  const format = SIGNATURES.find((s) => startsWith(head, s.bytes));
  if (format)
    return {
      encoding: 'binary',
      fatal: `This is not a text file: it is ${format.name}. Export the inventory as CSV or TSV, not as a spreadsheet workbook or archive; to compress it, gzip the CSV or TSV file once (0142_full_2026-03-01.csv.gz).`,
    };
  if (isTar(head))
    return {
      encoding: 'binary',
      fatal:
        'This is not a text file: it is a tar archive. Aisle reads one CSV or TSV file per gzip file, without tar: gzip 0142_full_2026-03-01.csv makes 0142_full_2026-03-01.csv.gz.',
    };
  if (head.includes(0)) {
    // ASCII text in UTF-16 has a NUL in every other byte: odd offsets little-endian, even big.
    const nul = nulPattern(head);
    if (nul.odd >= 0.4 && nul.even <= 0.05)
      return { encoding: 'UTF-16 LE', fatal: utf16Fatal('UTF-16 LE', false) };
    if (nul.even >= 0.4 && nul.odd <= 0.05)
      return { encoding: 'UTF-16 BE', fatal: utf16Fatal('UTF-16 BE', false) };
    return {
      encoding: 'binary',
      fatal:
        'This is not a text file (it contains NUL bytes): export the inventory as CSV or TSV, not as a spreadsheet workbook or archive.',
    };
  }
  // Text has no control characters but tab, CR and LF; a few may slip into a real export.
  let control = 0;
  for (const b of head)
    if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) || b === 0x7f) control++;
  if (control > head.length / 100)
    return {
      encoding: 'binary',
      fatal:
        'This is not a text file (it contains control characters): export the inventory as CSV or TSV, not as a spreadsheet workbook or archive.',
    };
  const invalid = firstInvalidUtf8(head);
  if (invalid >= 0) {
    const { line, excerpt } = lineAround(head, invalid);
    if (looksSingleByte(head))
      return {
        encoding: 'Windows-1252',
        fatal: `This file is not UTF-8: it looks like Windows-1252 (also called ANSI or Latin-1). Line ${formatCount(line)} reads "${excerpt}" in that encoding. Aisle reads UTF-8 only. ${SAVE_AS_UTF8}`,
      };
    return {
      encoding: 'not UTF-8',
      fatal: `This file is not UTF-8: from line ${formatCount(line)} its bytes look like another encoding, such as Shift_JIS, GBK or Big5. Aisle reads UTF-8 only. ${SAVE_AS_UTF8}`,
    };
  }
  return { encoding: bom ? 'UTF-8 with BOM' : 'UTF-8' };
}

/** True for `YYYY-MM-DD` naming a day of the calendar (no February 30). */
function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2})$/;

/** Milliseconds of an ISO 8601 date-time with offset, or NaN when it is not one. */
function dateTimeMs(value: string): number {
  const m = DATE_TIME.exec(value);
  return m && isCalendarDate(m[1]) ? Date.parse(value) : NaN;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What is wrong with one entry of a `period_list` value, or null: a calendar date, or
 * `start/end`, two date-times with offset, the end after the start and at most `maxDays` later.
 */
function periodProblem(entry: string, maxDays?: number): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(entry))
    return isCalendarDate(entry) ? null : 'has a date that is not in the calendar';
  const parts = entry.split('/');
  if (parts.length !== 2)
    return 'has an entry that is neither a date YYYY-MM-DD nor a period start/end';
  const [start, end] = parts.map(dateTimeMs);
  if (Number.isNaN(start) || Number.isNaN(end))
    return 'has a period whose start or end is not an ISO 8601 date-time with offset';
  if (end <= start) return 'has a period that does not end after it starts';
  if (maxDays !== undefined && end - start > maxDays * DAY_MS)
    return `has a period longer than ${maxDays} days`;
  return null;
}

const LOOKUP_CODE = /^(\d{4,5}|\d{8}|\d{12,14}|[A-Za-z0-9-]{1,32})$/;

/** GS1 check digit of a UPC-A/EAN-13/GTIN-14 code (all digits). */
export function gs1CheckDigitValid(code: string): boolean {
  const digits = code.split('').map(Number);
  const check = digits.pop()!;
  const sum = digits
    .reverse()
    .reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/**
 * Validates one non-empty cell against its column.
 * @returns a message, or null when the value is valid.
 */
export function validateValue(column: CatalogColumn, value: string): string | null {
  const number = () => (/^-?\d+(\.\d+)?$/.test(value) ? Number(value) : NaN);
  const bounds = (n: number): string | null => {
    if (column.min !== undefined && n < column.min) return `below the minimum ${column.min}`;
    if (column.max !== undefined && n > column.max) return `above the maximum ${column.max}`;
    return null;
  };
  switch (column.type) {
    case 'integer': {
      if (!/^-?\d+$/.test(value)) return 'not a whole number';
      return bounds(Number(value));
    }
    case 'decimal': {
      const n = number();
      if (Number.isNaN(n)) return 'not a decimal number (use "." and no currency sign)';
      const places = value.split('.')[1]?.length ?? 0;
      if (column.decimals !== undefined && places > column.decimals)
        return `more than ${column.decimals} decimal places`;
      return bounds(n);
    }
    case 'boolean':
      return value === 'true' || value === 'false' ? null : 'not "true" or "false"';
    case 'enum':
      return column.allowedValues?.includes(value)
        ? null
        : `not one of ${column.allowedValues?.join(', ')}`;
    case 'enum_list': {
      const values = value.split('|');
      if (column.maxItems !== undefined && values.length > column.maxItems)
        return `more than ${column.maxItems} entries`;
      const bad = values.filter((v) => !column.allowedValues?.includes(v));
      return bad.length ? `${bad.join(', ')} not in ${column.allowedValues?.join(', ')}` : null;
    }
    case 'period_list': {
      const entries = value.split('|');
      if (column.maxItems !== undefined && entries.length > column.maxItems)
        return `more than ${column.maxItems} entries`;
      for (const entry of entries) {
        const problem = periodProblem(entry, column.maxPeriodDays);
        if (problem) return problem;
      }
      return null;
    }
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))
        ? null
        : 'not a date YYYY-MM-DD';
    case 'datetime':
      return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
        !Number.isNaN(Date.parse(value))
        ? null
        : 'not an ISO 8601 date-time with offset';
    case 'url':
      return /^https:\/\/[^\s/]+\.[^\s]+$/.test(value) ? null : 'not an https:// URL';
    case 'lookup_code': {
      if (!LOOKUP_CODE.test(value)) return 'not a UPC, EAN, PLU or retailer code';
      if (/^\d{12,14}$/.test(value) && !gs1CheckDigitValid(value)) return 'check digit is wrong';
      return null;
    }
    case 'string':
    default: {
      if (column.maxLength !== undefined && value.length > column.maxLength)
        return `longer than ${column.maxLength} characters`;
      if (column.pattern && !new RegExp(`^(?:${column.pattern})$`).test(value))
        return `does not match ${column.pattern}`;
      return null;
    }
  }
}

/**
 * First characters that make a spreadsheet app read a cell as a formula, from OWASP's "CSV
 * Injection" page (https://owasp.org/www-community/attacks/CSV_Injection): `=`, `+`, `-`, `@`,
 * tab (0x09), carriage return (0x0D) and line feed (0x0A).
 */
export const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r', '\n'] as const;

const TRIGGERS = new Set<string>(FORMULA_TRIGGERS);

/** A plain number, as a spreadsheet reads it: `-1.5`, `+3`, `.5`. */
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * The character that makes `value` formula-like (CSV injection, see FORMULA_TRIGGERS), or null.
 * A tab or line break counts as the very first character; `=`, `+`, `-` and `@` also after
 * spaces, since spreadsheet apps and Aisle trim them. A plain number in a numeric column
 * (`-1.5` in an `integer` or `decimal` column) is not a formula: spreadsheet apps read it as a
 * number, and it is the column's legitimate content.
 * @param column the value's column, or undefined for an unknown column (no number exemption).
 */
export function formulaTrigger(value: string, column?: CatalogColumn): string | null {
  if (!value) return null;
  const first = value[0];
  if (first !== ' ' && !TRIGGERS.has(first)) return null;
  if (first === '\t' || first === '\r' || first === '\n') return first;
  const trimmed = value.trim();
  const trigger = trimmed[0];
  if (!TRIGGERS.has(trigger)) return null;
  if ((column?.type === 'integer' || column?.type === 'decimal') && PLAIN_NUMBER.test(trimmed))
    return null;
  return trigger;
}

/** A first character named for a message: `"="`, `a tab`, `a line break`. */
function characterName(c: string): string {
  if (c === '\t') return 'a tab';
  if (c === '\r' || c === '\n') return 'a line break';
  return `"${c}"`;
}

/** The warning shown for a formula-like value starting with `trigger`. */
export function formulaMessage(trigger: string): string {
  return `starts with ${characterName(trigger)}, so a spreadsheet app may run it as a formula when someone opens the file (CSV injection; OWASP advises that no cell start with =, +, -, @, a tab or a line break). If it is a formula, export the value it computes; if it is text, reword it so it starts differently.`;
}

/**
 * A running check of one file: give it the header, then every data row, then call `finish()`.
 * Throws nothing; every problem ends up in the report.
 */
export class InventoryFileCheck {
  private readonly byName: Map<string, CatalogColumn>;
  private header: string[] = [];
  /** Header indexes of the columns the registry knows, with their column. */
  private known: {
    index: number;
    name: string;
    column: CatalogColumn;
    /** Columns this one needs, with their header index (-1 when the header lacks them). */
    needs: { name: string; index: number }[];
  }[] = [];
  private readonly report: CheckReport;
  private line = 1;
  private delimiter = ',';
  private readonly valueKinds = new Map<string, ValueProblemKind>();
  private notUtf8Root: RowError | undefined;
  private notUtf8Later = 0;
  private readonly name: FileNameParts;

  constructor(columns: readonly CatalogColumn[], fileName: string, bytes: number) {
    this.byName = new Map(columns.map((c) => [c.name, c]));
    this.report = { ...emptyReport(fileName, bytes), fileNameProblems: checkFileName(fileName) };
    this.name = fileNameParts(fileName);
  }

  /** Records the encoding, or a fatal problem found before parsing. */
  setEncoding(encoding: Encoding, fatal?: string) {
    this.report.encoding = encoding;
    if (fatal) this.report.fatal = fatal;
  }

  /**
   * Records that the file is gzip-compressed. A name without `.gz` is a file-name problem (Aisle
   * rejects the file with `invalid_compression`); the content is still checked.
   */
  setCompressed() {
    this.report.compression = 'gzip';
    if (!this.name.gzip)
      this.report.fileNameProblems.push(
        'the file is gzip-compressed, so its name must end in .gz, e.g. 0142_full_2026-03-01.csv.gz',
      );
  }

  /** Records the bytes of text read so far from a compressed file. */
  setUncompressedBytes(bytes: number) {
    this.report.uncompressedBytes = bytes;
  }

  /** A problem that makes the file unreadable as a whole (the first one is kept). */
  stop(message: string) {
    this.report.fatal ??= message;
  }

  /** Records the delimiter found in the file; anything but comma or tab is fatal. */
  setDelimiter(delimiter: string) {
    this.delimiter = delimiter;
    this.report.delimiter = delimiterName(delimiter);
    if (delimiter !== ',' && delimiter !== '\t') {
      this.report.fatal = `The columns are separated by ${delimiterName(delimiter)}; Aisle reads comma-separated (.csv) or tab-separated (.tsv) files.`;
      return;
    }
    const declared = this.name.delimiter;
    if (declared && declared !== delimiter)
      this.report.fileNameProblems.push(
        `the extension says ${declared === '\t' ? 'tab' : 'comma'}-separated but the file uses ${delimiterName(delimiter)}`,
      );
  }

  /**
   * The first line holds no comma, tab, semicolon or pipe: the columns cannot be told apart
   * (one column, or values separated by spaces or another character). Fatal.
   * @param firstLine the header line as read, shown cut to 80 characters.
   */
  delimiterNotFound(firstLine: string) {
    this.report.delimiter = null;
    const shown = firstLine.replace(/^\uFEFF/, '').slice(0, MAX_VALUE_CHARS);
    this.report.fatal = `Aisle cannot tell how this file separates its columns: the first line, "${shown}", has no comma and no tab. Write the header row with the column names separated by commas (.csv) or tabs (.tsv), such as lookup_code,item_name,price.`;
  }

  /**
   * The header row. Works in one pass over the names, so a header of 1,000,000 columns takes
   * well under a second and the report keeps only capped lists.
   * @param position where the reader found the row; an unclosed quote in it is fatal.
   */
  setHeader(fields: string[], position?: CsvRowPosition) {
    const unclosed = position?.quoteProblems?.find((p) => p.kind === 'unclosed');
    this.header = fields.map((f, i) => (i === 0 ? f.replace(/^\uFEFF/, '') : f).trim());
    const report = this.report;
    report.columnCount = this.header.length;
    report.header = this.header.slice(0, MAX_REPORTED_HEADER);
    this.line = (position?.line ?? 1) + (position?.breaks ?? 0);
    if (unclosed) {
      report.header = report.header.slice(0, unclosed.field);
      report.columnCount = unclosed.field;
      report.fatal = `Line ${formatCount(unclosed.line)}, the header row: a quote (") opens column ${unclosed.field + 1} and is never closed, so the rest of the file was read as part of the header. Remove the quote or close it.`;
      return;
    }
    const seen = new Set<string>();
    this.known = [];
    this.header.forEach((name, index) => {
      if (seen.has(name)) {
        report.duplicateColumnCount++;
        if (report.duplicateColumns.length < MAX_LISTED_COLUMNS) report.duplicateColumns.push(name);
      }
      seen.add(name);
      const column = this.byName.get(name);
      if (column) {
        this.known.push({ index, name, column, needs: [] });
      } else if (name) {
        report.unknownColumnCount++;
        if (report.unknownColumns.length < MAX_LISTED_COLUMNS) report.unknownColumns.push(name);
      }
    });
    const firstIndex = new Map<string, number>();
    for (const { index, name } of this.known)
      if (!firstIndex.has(name)) firstIndex.set(name, index);
    for (const known of this.known)
      known.needs = (known.column.requires ?? []).map((name) => ({
        name,
        index: firstIndex.get(name) ?? -1,
      }));
    report.missingRequired = [...this.byName.values()]
      .filter((c) => c.required && !seen.has(c.name))
      .map((c) => c.name);
    if (this.header.every((h) => !h)) report.fatal = 'The first line, the header row, is empty.';
    else if (report.unknownColumnCount === this.header.length)
      report.fatal =
        'None of the first line is a known column: the file needs a header row with column names such as lookup_code, item_name, price.';
  }

  /** Name of the column at `index`, for messages. */
  private columnName(index: number): string {
    return this.header[index] || `column ${index + 1}`;
  }

  /**
   * One data row, in file order.
   * @param position lines and quoting problems from the reader; without it, lines are
   * counted from the rows (each row on the line after the last one).
   */
  addRow(fields: string[], position?: CsvRowPosition) {
    let start: number;
    if (position) {
      start = position.line;
      this.line = position.line + position.breaks;
    } else {
      this.line += 1;
      start = this.line;
      // A quoted value may span lines; count them so later line numbers stay right.
      for (const field of fields) for (const ch of field) if (ch === '\n') this.line += 1;
    }
    const lineOf = (i: number) => position?.fieldLines?.[i] ?? start;
    this.report.rows += 1;

    // Problems of single values, collected first: a root cause below turns them into knock-ons.
    const found: RowError[] = [];
    let storeAt = -1;
    for (const { index, name, column, needs } of this.known) {
      const value = (fields[index] ?? '').trim();
      if (value.includes('\uFFFD')) {
        this.notUtf8(lineOf(index), name, value);
        continue;
      }
      if (!value) {
        if (column.required)
          found.push({ line: lineOf(index), column: name, value, message: 'is required' });
        continue;
      }
      const message = validateValue(column, value);
      if (message) found.push({ line: lineOf(index), column: name, value, message });
      else if (name === 'store_identifier') storeAt = index;
      for (const needed of needs)
        if (needed.index < 0 || !(fields[needed.index] ?? '').trim())
          found.push({
            line: lineOf(index),
            column: name,
            value,
            message: `needs a value in ${needed.name}`,
          });
    }

    const root = this.rootCause(fields, position, start);
    if (root) {
      this.report.knockOnCount += found.length;
      this.addRoot(root, found.length);
    } else {
      for (const error of found) this.error(error, 'value');
      // A one-store file's rows name its store; in a row with a root cause the values are off.
      const store = storeAt >= 0 ? fields[storeAt].trim() : '';
      if (store && this.name.store && store !== this.name.store)
        this.error(
          {
            line: lineOf(storeAt),
            column: 'store_identifier',
            value: store,
            message: `not the store in the file name, ${this.name.store} (a file for several stores is named ${MULTI_STORE_PREFIX}_<type>_<YYYY-MM-DD>.csv)`,
          },
          'value',
        );
    }

    // Formula-like values, in every column (unknown ones too: the file may be opened anyway).
    if (!root || root.code !== 'unclosed_quote')
      for (let i = 0; i < fields.length; i++) {
        const value = fields[i];
        if (!value) continue;
        const trigger = formulaTrigger(value, this.byName.get(this.header[i]));
        if (trigger) this.warn(lineOf(i), this.columnName(i), value, formulaMessage(trigger));
      }
  }

  /** The problem of a row that explains its other problems, if it has one. */
  private rootCause(
    fields: string[],
    position: CsvRowPosition | undefined,
    start: number,
  ): RowError | undefined {
    const expected = this.header.length;
    const got = fields.length;
    if (got === expected && !position?.quoteProblems) return undefined;
    const countText = `this row has ${plural(got, 'value')} instead of ${formatCount(expected)}`;
    const unclosed = position?.quoteProblems?.find((p) => p.kind === 'unclosed');
    if (unclosed) {
      const rows = position?.swallowedRows ?? 0;
      const last = position?.swallowedTo ?? unclosed.line;
      const lost =
        rows > 0
          ? `${plural(rows, 'later row')} (${rows === 1 ? `line ${formatCount(last)}` : `lines ${formatCount(unclosed.line + 1)} to ${formatCount(last)}`}) could not be read because of it`
          : 'the rest of this row could not be read because of it';
      return {
        line: unclosed.line,
        column: this.columnName(unclosed.field),
        value: fields[unclosed.field] ?? '',
        code: 'unclosed_quote',
        message:
          'A quote (") opens this value and is never closed, so everything after it, to the end of the file, was read as one value. Close the quote, or write a quote inside a value as two quotes ("").',
        consequence: `${lost[0].toUpperCase()}${lost.slice(1)}${got !== expected ? `, and ${countText}` : ''}.`,
      };
    }
    const stray = position?.quoteProblems?.find((p) => p.kind === 'text_after_quote');
    // A quoted value that runs over lines, in a row of the wrong length or with text after its
    // closing quote: a quote is missing or not doubled, and the value swallowed the lines up
    // to the next quote. The lines a value spans come from the positions, not from its text
    // (a long value is cut).
    const lastLine = position ? position.line + position.breaks : start;
    const endLine = (i: number) => position?.fieldLines?.[i + 1] ?? lastLine;
    const k =
      position?.quotedFields && position.breaks > 0
        ? position.quotedFields.find((i) => endLine(i) > (position.fieldLines?.[i] ?? start))
        : undefined;
    if (k !== undefined && (got !== expected || stray?.field === k)) {
      const from = position?.fieldLines?.[k] ?? start;
      const to = endLine(k);
      const breaks = to - from;
      const lines =
        breaks === 1
          ? `line ${formatCount(to)}`
          : `lines ${formatCount(from + 1)} to ${formatCount(to)}`;
      return {
        line: from,
        column: this.columnName(k),
        value: fields[k],
        code: 'runaway_quote',
        message: `A quote (") opens this value and the next quote is only on line ${formatCount(to)}, so the lines between were read as part of it. A closing quote is probably missing, or a quote inside the value is not written as two quotes ("").`,
        consequence: `${plural(breaks, 'later row')} (${lines}) could not be read because of it${got !== expected ? `, and ${countText}` : ''}.`,
      };
    }
    if (stray)
      return {
        line: stray.line,
        column: this.columnName(stray.field),
        value: fields[stray.field] ?? '',
        code: 'text_after_quote',
        message:
          'Text follows the closing quote of this value. Inside a quoted value, write a quote as two quotes (""), and end the value with one quote.',
        ...(got !== expected && { consequence: `Because of it, ${countText}.` }),
      };
    if (got !== expected) {
      const name = delimiterName(this.delimiter);
      const more = got > expected;
      return {
        line: start,
        column: '(row)',
        value: '',
        code: 'value_count',
        message: `This row has ${plural(got, 'value')}; the header has ${plural(expected, 'column')}. ${
          more
            ? `A value that contains a ${name} needs double quotes around it.`
            : `A value or a ${name} is missing.`
        }`,
      };
    }
    return undefined;
  }

  private addRoot(root: RowError, knockOns: number) {
    root.value = root.value.slice(0, MAX_VALUE_CHARS);
    if (knockOns > 0 && !root.consequence)
      root.consequence = `The ${plural(knockOns, 'other problem')} on this row probably follow from it and are not listed.`;
    this.report.rootCauseCount++;
    const code = root.code ?? 'read';
    this.report.rootCauseCounts[code] = (this.report.rootCauseCounts[code] ?? 0) + 1;
    if (this.report.rootCauses.length < MAX_ROOT_CAUSES) this.report.rootCauses.push(root);
    this.error(root, root.code!);
  }

  /** A value with bytes that are not UTF-8: the first is a root cause, later ones are counted. */
  private notUtf8(line: number, column: string, value: string) {
    if (this.notUtf8Root) {
      this.notUtf8Later++;
      this.report.knockOnCount++;
      return;
    }
    this.notUtf8Root = {
      line,
      column,
      value,
      code: 'not_utf8',
      message:
        'This value has bytes that are not UTF-8 (shown as �). One such byte makes Aisle reject the whole file. Save the file again as UTF-8: in a spreadsheet app choose "CSV UTF-8".',
    };
    this.addRoot(this.notUtf8Root, 0);
  }

  /**
   * A problem the CSV reader met, reported at the current line.
   * @param message plain words for the reader (never a parser's own text).
   */
  addParseProblem(message: string) {
    this.error({ line: this.line, column: '(file)', value: '', message }, 'read');
  }

  /** The browser or Node could not read the file to its end. */
  addReadProblem() {
    this.addParseProblem(
      'The file could not be read to its end. It may have been moved or changed since you chose it: choose it again.',
    );
  }

  private error(error: RowError, code: ProblemCode) {
    const report = this.report;
    const stored = { ...error, value: error.value.slice(0, MAX_VALUE_CHARS), code };
    report.errorCount += 1;
    report.errorsByColumn[error.column] = (report.errorsByColumn[error.column] ?? 0) + 1;
    if (report.errors.length < MAX_REPORTED_ERRORS) report.errors.push(stored);
    if (code !== 'value') return;
    const key = `${error.column}\u0000${error.message}`;
    const kind = this.valueKinds.get(key);
    if (kind) kind.count++;
    // A message that quotes values (enum lists) could make a kind per row: cap the kinds.
    else if (this.valueKinds.size < 1000)
      this.valueKinds.set(key, {
        column: error.column,
        message: error.message,
        count: 1,
        firstLine: error.line,
        firstValue: stored.value,
      });
  }

  private warn(line: number, column: string, value: string, message: string) {
    this.report.warningCount++;
    if (this.report.warnings.length < MAX_REPORTED_WARNINGS)
      this.report.warnings.push({
        line,
        column,
        value: value.slice(0, MAX_VALUE_CHARS),
        message,
        code: 'formula',
      });
  }

  /** The report; call once, after the last row. */
  finish(): CheckReport {
    const report = this.report;
    if (!report.fatal && report.header.length === 0) report.fatal = 'The file is empty.';
    else if (!report.fatal && report.rows === 0)
      report.fatal = 'The file has a header row but no items.';
    if (this.notUtf8Root && this.notUtf8Later > 0)
      this.notUtf8Root.consequence = `${plural(this.notUtf8Later, 'later value')} with such bytes ${this.notUtf8Later === 1 ? 'is' : 'are'} not listed.`;
    const kinds = [...this.valueKinds.values()].sort(
      (a, b) => b.count - a.count || a.firstLine - b.firstLine,
    );
    report.valueProblemKindCount = kinds.length;
    report.valueProblems = kinds.slice(0, MAX_VALUE_PROBLEM_KINDS);
    return report;
  }

  /** True once a fatal problem makes further rows pointless. */
  get stopped(): boolean {
    return Boolean(this.report.fatal);
  }
}

/** True when a report has nothing to fix (formula-like values are warnings, not problems). */
export function isClean(report: CheckReport): boolean {
  return (
    !report.fatal &&
    report.errorCount === 0 &&
    report.missingRequired.length === 0 &&
    report.unknownColumnCount === 0 &&
    report.unknownColumns.length === 0 &&
    report.duplicateColumns.length === 0 &&
    report.fileNameProblems.length === 0
  );
}

/** One line of a report's summary. */
export interface SummaryItem {
  /**
   * `fatal`: Aisle cannot read the file; `error`: Aisle rejects the file or rows;
   * `warning`: accepted, but worth fixing.
   */
  severity: 'fatal' | 'error' | 'warning';
  /** True for the first item when it explains other problems: fix it first. */
  rootCause?: boolean;
  /** 1-based line where the problem starts, when it is in one place. */
  line?: number;
  /** Column of the problem, when it is in one. */
  column?: string;
  /** What is wrong and what to do, in plain words. */
  message: string;
  /** The knock-on problems it causes, grouped: "5 later rows could not be read because of it". */
  consequence?: string;
  /** Names or values the item is about (shown as code), at most MAX_LISTED_COLUMNS. */
  items?: string[];
  /** How many there are in all, when more than `items`. */
  total?: number;
}

/** Order of root causes in the summary: what breaks the most comes first. */
const ROOT_ORDER: ProblemCode[] = [
  'unclosed_quote',
  'runaway_quote',
  'not_utf8',
  'text_after_quote',
  'value_count',
  'read',
];

/** A value message (`is required`, `not a whole number`) as the start of a sentence. */
function asSentence(message: string): string {
  if (message === 'is required') return 'Required, but empty';
  return message[0].toUpperCase() + message.slice(1);
}

/** Value problem kinds shown one by one in the summary; the rest are counted. */
export const SUMMARY_VALUE_KINDS = 8;

/**
 * The report in reading order: the root cause first (a fatal problem, or the problem that makes
 * other rows fail, with its knock-ons grouped in `consequence`), then the header and file-name
 * problems, value problems grouped by kind (the commonest first), and formula-like values.
 * Pure, and bounded by the report's caps: cheap to call on the main thread.
 * @returns an empty list for a clean report without warnings.
 */
export function summarize(report: CheckReport): SummaryItem[] {
  const items: SummaryItem[] = [];
  if (report.fatal) items.push({ severity: 'fatal', rootCause: true, message: report.fatal });

  const roots = [...report.rootCauses].sort(
    (x, y) =>
      ROOT_ORDER.indexOf(x.code ?? 'read') - ROOT_ORDER.indexOf(y.code ?? 'read') ||
      x.line - y.line,
  );
  const listedKinds = new Set<ProblemCode | undefined>();
  for (const root of roots) {
    // One item per kind of root cause; the other rows with the same problem are counted.
    if (listedKinds.has(root.code)) continue;
    listedKinds.add(root.code);
    const others = (report.rootCauseCounts[root.code ?? 'read'] ?? 1) - 1;
    const consequence = [
      root.consequence,
      others > 0
        ? `${plural(others, 'other row')} ${others === 1 ? 'has' : 'have'} the same problem.`
        : '',
    ]
      .filter(Boolean)
      .join(' ');
    items.push({
      severity: 'error',
      rootCause: true,
      line: root.line,
      column: root.column === '(row)' || root.column === '(file)' ? undefined : root.column,
      message: root.message,
      ...(consequence && { consequence }),
    });
  }
  for (const error of report.errors)
    if (error.code === 'read')
      items.push({ severity: 'error', line: error.line, message: error.message });

  if (report.missingRequired.length)
    items.push({
      severity: 'error',
      message: `Required ${report.missingRequired.length === 1 ? 'column is' : 'columns are'} missing from the header, so Aisle rejects the file:`,
      items: report.missingRequired,
    });
  if (report.duplicateColumnCount)
    items.push({
      severity: 'error',
      message: 'These columns appear more than once in the header, so Aisle rejects the file:',
      items: report.duplicateColumns,
      total: report.duplicateColumnCount,
    });
  if (report.fileNameProblems.length)
    items.push({
      severity: 'error',
      message: `File name: ${report.fileNameProblems.join('; ')}.`,
    });
  for (const kind of report.valueProblems.slice(0, SUMMARY_VALUE_KINDS))
    items.push({
      severity: 'error',
      ...(kind.count === 1 && { line: kind.firstLine }),
      column: kind.column,
      message: `${asSentence(kind.message)}${kind.count > 1 ? ` in ${plural(kind.count, 'row')}, the first on line ${formatCount(kind.firstLine)}` : ''}.`,
    });
  const otherKinds =
    report.valueProblemKindCount - Math.min(SUMMARY_VALUE_KINDS, report.valueProblems.length);
  if (otherKinds > 0)
    items.push({
      severity: 'error',
      message: `${plural(otherKinds, 'other kind')} of value problem: see the table of problems by line.`,
    });
  if (report.unknownColumnCount)
    items.push({
      severity: 'warning',
      message: `Aisle ignores ${report.unknownColumnCount === 1 ? 'a column it does not know' : `${formatCount(report.unknownColumnCount)} columns it does not know`}; check the spelling, since a misspelled column's values are silently dropped:`,
      items: report.unknownColumns,
      total: report.unknownColumnCount,
    });
  if (report.warningCount) {
    const first = report.warnings[0];
    items.push({
      severity: 'warning',
      line: first?.line,
      column: first?.column,
      message: `${plural(report.warningCount, 'value')} ${report.warningCount === 1 ? 'starts' : 'start'} with =, +, -, @, a tab or a line break, so a spreadsheet app may run ${report.warningCount === 1 ? 'it as a formula when someone opens the file (CSV injection). It is' : 'them as formulas when someone opens the file (CSV injection). They are'} listed below.`,
    });
  }
  return items;
}

/**
 * Inventory file checks, run in the reader's browser (no upload) by the file checker on
 * /catalog/catalog_inventory_file/file_requirements, and in Node by its tests and benchmark.
 * Every rule comes from the column registry (src/data/catalog-columns.ts), the same source as
 * the specification tables, so the pages and the checker cannot disagree.
 *
 * The class is fed parsed rows (Papa Parse does the CSV work) and keeps only counts and the
 * first MAX_REPORTED_ERRORS problems, so memory stays flat whatever the file size.
 */
import type { CatalogColumn } from '../data/catalog-columns.types';

/** Problems listed one by one in a report; later ones are only counted. */
export const MAX_REPORTED_ERRORS = 500;

/** File types in the name `<store_identifier>_<type>_<YYYY-MM-DD>.csv` (CONTRIBUTING.md). */
export const FILE_TYPES = ['full', 'delta', 'reinventory', 'promotions'] as const;

/** One problem in a data row. */
export interface RowError {
  /** 1-based line of the file where the row starts (the header is line 1). */
  line: number;
  column: string;
  value: string;
  message: string;
}

/** A report with nothing found yet; with `fatal`, the report of a check that could not run. */
export function emptyReport(fileName: string, bytes: number, fatal?: string): CheckReport {
  return {
    fileName,
    bytes,
    encoding: 'unknown',
    delimiter: null,
    header: [],
    rows: 0,
    fileNameProblems: [],
    missingRequired: [],
    unknownColumns: [],
    duplicateColumns: [],
    errors: [],
    errorCount: 0,
    errorsByColumn: {},
    ...(fatal && { fatal }),
  };
}

/** What a check found. `fatal` means the file could not be read as an inventory file at all. */
export interface CheckReport {
  fileName: string;
  bytes: number;
  encoding: 'UTF-8' | 'UTF-8 with BOM' | 'not UTF-8' | 'unknown';
  /** Delimiter found in the file, as a name (`comma`, `tab`, `semicolon`…). */
  delimiter: string | null;
  header: string[];
  /** Data rows read (header excluded, empty lines skipped). */
  rows: number;
  fileNameProblems: string[];
  missingRequired: string[];
  unknownColumns: string[];
  duplicateColumns: string[];
  errors: RowError[];
  /** All row problems, including those beyond MAX_REPORTED_ERRORS. */
  errorCount: number;
  errorsByColumn: Record<string, number>;
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

/**
 * File-name rules: `<store_identifier>_<type>_<YYYY-MM-DD>.csv` (or `.tsv`), a real date, and
 * never `test` or `_bad_data` in the name.
 * @returns problems in words; empty when the name is valid.
 */
export function checkFileName(name: string): string[] {
  const problems: string[] = [];
  const match = /^([A-Za-z0-9-]+)_([a-z]+)_(\d{4})-(\d{2})-(\d{2})\.(csv|tsv)$/.exec(name);
  if (!match) {
    problems.push(
      `"${name}" does not follow <store_identifier>_<type>_<YYYY-MM-DD>.csv, e.g. 0142_full_2026-03-01.csv`,
    );
  } else {
    const [, , type, y, m, d] = match;
    if (!(FILE_TYPES as readonly string[]).includes(type))
      problems.push(`file type "${type}" is not one of ${FILE_TYPES.join(', ')}`);
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

/**
 * Reads the first bytes of a file: byte-order mark, NUL bytes (binary file), and whether they
 * decode as UTF-8.
 * @param head up to the first 64 KB of the file.
 * @returns the encoding, or a fatal message for an empty, binary or non-UTF-8 file.
 */
export function sniffBytes(head: Uint8Array): {
  encoding: CheckReport['encoding'];
  fatal?: string;
} {
  if (head.length === 0) return { encoding: 'unknown', fatal: 'The file is empty.' };
  const bom = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf;
  if (head.includes(0))
    return {
      encoding: 'unknown',
      fatal:
        'This is not a text file (it contains NUL bytes): export the inventory as CSV or TSV, not as a spreadsheet workbook or archive.',
    };
  try {
    // `stream: true` so a character cut at the end of the sample is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return {
      encoding: 'not UTF-8',
      fatal:
        'The file is not UTF-8 (it looks like Windows-1252 or Latin-1). Save it again as "CSV UTF-8".',
    };
  }
  return { encoding: bom ? 'UTF-8 with BOM' : 'UTF-8' };
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
      const bad = value.split('|').filter((v) => !column.allowedValues?.includes(v));
      return bad.length ? `${bad.join(', ')} not in ${column.allowedValues?.join(', ')}` : null;
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
 * A running check of one file: give it the header, then every data row, then call `finish()`.
 * Throws nothing; every problem ends up in the report.
 */
export class InventoryFileCheck {
  private readonly byName: Map<string, CatalogColumn>;
  private header: string[] = [];
  private columns: (CatalogColumn | undefined)[] = [];
  private readonly report: CheckReport;
  private line = 1;

  constructor(columns: readonly CatalogColumn[], fileName: string, bytes: number) {
    this.byName = new Map(columns.map((c) => [c.name, c]));
    this.report = { ...emptyReport(fileName, bytes), fileNameProblems: checkFileName(fileName) };
  }

  /** Records the encoding, or a fatal problem found before parsing. */
  setEncoding(encoding: CheckReport['encoding'], fatal?: string) {
    this.report.encoding = encoding;
    if (fatal) this.report.fatal = fatal;
  }

  /** Records the delimiter Papa Parse detected; anything but comma or tab is fatal. */
  setDelimiter(delimiter: string) {
    this.report.delimiter = delimiterName(delimiter);
    if (delimiter !== ',' && delimiter !== '\t') {
      this.report.fatal = `The columns are separated by ${delimiterName(delimiter)}; Aisle reads comma-separated (.csv) or tab-separated (.tsv) files.`;
      return;
    }
    const tsv = this.report.fileName.toLowerCase().endsWith('.tsv');
    const csv = this.report.fileName.toLowerCase().endsWith('.csv');
    if ((tsv && delimiter !== '\t') || (csv && delimiter !== ','))
      this.report.fileNameProblems.push(
        `the extension says ${tsv ? 'tab' : 'comma'}-separated but the file uses ${delimiterName(delimiter)}`,
      );
  }

  /** The header row. */
  setHeader(fields: string[]) {
    this.header = fields.map((f, i) => (i === 0 ? f.replace(/^\uFEFF/, '') : f).trim());
    this.report.header = this.header;
    this.columns = this.header.map((name) => this.byName.get(name));
    const seen = new Set<string>();
    for (const name of this.header) {
      if (seen.has(name)) this.report.duplicateColumns.push(name);
      seen.add(name);
    }
    this.report.unknownColumns = this.header.filter((name) => name && !this.byName.has(name));
    this.report.missingRequired = [...this.byName.values()]
      .filter((c) => c.required && !seen.has(c.name))
      .map((c) => c.name);
    if (this.header.every((h) => !h))
      this.report.fatal = 'The first line, the header row, is empty.';
    else if (this.report.unknownColumns.length === this.header.length)
      this.report.fatal =
        'None of the first line is a known column: the file needs a header row with column names such as lookup_code, item_name, price.';
  }

  /** One data row, in file order. */
  addRow(fields: string[]) {
    this.line += 1;
    const start = this.line;
    this.report.rows += 1;
    // A quoted value may span lines; count them so later line numbers stay right.
    for (const field of fields) for (const ch of field) if (ch === '\n') this.line += 1;
    if (fields.length !== this.header.length)
      this.error(
        start,
        '(row)',
        '',
        `has ${fields.length} values; the header has ${this.header.length}`,
      );
    const present = new Map<string, string>();
    this.header.forEach((name, i) => present.set(name, (fields[i] ?? '').trim()));
    this.header.forEach((name, i) => {
      const column = this.columns[i];
      if (!column) return;
      const value = (fields[i] ?? '').trim();
      if (value.includes('\uFFFD')) {
        this.error(start, name, value, 'holds a character that is not UTF-8');
        return;
      }
      if (!value) {
        if (column.required) this.error(start, name, value, 'is required');
        return;
      }
      const message = validateValue(column, value);
      if (message) this.error(start, name, value, message);
      for (const needed of column.requires ?? [])
        if (!present.get(needed)) this.error(start, name, value, `needs a value in ${needed}`);
    });
  }

  /** A problem the CSV parser met (e.g. an unclosed quote), reported at the current line. */
  addParseProblem(message: string) {
    this.error(this.line, '(file)', '', message);
  }

  private error(line: number, column: string, value: string, message: string) {
    this.report.errorCount += 1;
    this.report.errorsByColumn[column] = (this.report.errorsByColumn[column] ?? 0) + 1;
    if (this.report.errors.length < MAX_REPORTED_ERRORS)
      this.report.errors.push({ line, column, value: value.slice(0, 80), message });
  }

  /** The report; call once, after the last row. */
  finish(): CheckReport {
    if (!this.report.fatal && this.report.header.length === 0)
      this.report.fatal = 'The file is empty.';
    else if (!this.report.fatal && this.report.rows === 0)
      this.report.fatal = 'The file has a header row but no items.';
    return this.report;
  }

  /** True once a fatal problem makes further rows pointless. */
  get stopped(): boolean {
    return Boolean(this.report.fatal);
  }
}

/** True when a report has nothing to fix. */
export function isClean(report: CheckReport): boolean {
  return (
    !report.fatal &&
    report.errorCount === 0 &&
    report.missingRequired.length === 0 &&
    report.unknownColumns.length === 0 &&
    report.duplicateColumns.length === 0 &&
    report.fileNameProblems.length === 0
  );
}

/**
 * A streaming CSV/TSV tokenizer for the inventory file checker. It is fed text in chunks of any
 * size and calls back once per row, with the line each row and field starts on and the quoting
 * problems met in it, so the checker can report a problem on the line where it starts (an
 * unclosed quote on the line of its opening quote, not where the parser gave up).
 *
 * Quoting follows the convention on /catalog/catalog_inventory_file/file_requirements (RFC 4180):
 * a value in double quotes may hold the delimiter, line breaks and doubled quotes (`""`). A quote
 * inside an unquoted value is kept as text. Lines end with LF, CRLF or CR, mixed or not.
 *
 * Memory stays flat: no text is kept between rows, and one value keeps at most MAX_FIELD_CHARS
 * characters (an unclosed quote can swallow a 200 MB file into one value; only its size and
 * the lines it covers are counted past that point).
 */

/** Characters kept of one value; longer values are cut (every column's maximum is far below). */
export const MAX_FIELD_CHARS = 1 << 20;

/** Delimiters tried by `guessDelimiter`, in order of preference on a tie. */
export const CANDIDATE_DELIMITERS = [',', '\t', ';', '|'] as const;

/** A quoting problem in one value of a row. */
export interface QuoteProblem {
  /**
   * `unclosed`: a quote opens the value and the file ends before it is closed.
   * `text_after_quote`: the value's closing quote is followed by text instead of a delimiter or
   * a line break (usually a quote inside the value that is not doubled).
   */
  kind: 'unclosed' | 'text_after_quote';
  /** 0-based index of the value in its row. */
  field: number;
  /** 1-based line of the opening quote (`unclosed`) or of the text after the quote. */
  line: number;
}

/** Where a row sits in the file, and what went wrong while reading it. */
export interface CsvRowPosition {
  /** 1-based line where the row starts. */
  line: number;
  /** Line breaks inside the row's quoted values: the row ends on line `line + breaks`. */
  breaks: number;
  /** 1-based line where each value starts; absent when the whole row is on one line. */
  fieldLines?: number[];
  /** 0-based indexes of the values that were enclosed in quotes; absent when none was. */
  quotedFields?: number[];
  quoteProblems?: QuoteProblem[];
  /**
   * For an `unclosed` quote: the lines after the quote's line that hold text (the rows that
   * could not be read because the quote swallowed them).
   */
  swallowedRows?: number;
  /** For an `unclosed` quote: the last line with text that it swallowed. */
  swallowedTo?: number;
}

/** One row: its values, as text, and its position. */
export interface CsvRow extends CsvRowPosition {
  fields: string[];
}

const QUOTE = 34; // "
const LF = 10;
const CR = 13;

/** Tokenizer states: at the start of a value. */
const FIELD_START = 0;
/** Inside a value that did not start with a quote. */
const UNQUOTED = 1;
/** Inside a quoted value. */
const QUOTED = 2;
/** Just after a quote inside a quoted value: a closing quote, or the first of `""`. */
const QUOTE_IN_QUOTED = 3;
type State = 0 | 1 | 2 | 3;

/**
 * Streaming tokenizer: call `push(text)` for each chunk, then `end()`. `onRow` gets each row in
 * file order, empty lines included (as one empty value); it returns `true` to stop reading.
 */
export class CsvTokenizer {
  private readonly delimiter: number;
  private state: State = FIELD_START;
  private prevCR = false;
  private line = 1;
  private fields: string[] = [];
  private rowLine = 1;
  private fieldLine = 1;
  private fieldLines: number[] | undefined;
  private quotedFields: number[] | undefined;
  private quoteProblems: QuoteProblem[] | undefined;
  /** Text of the current value carried over from earlier chunks (or earlier `""` pieces). */
  private buffer = '';
  private quoteLine = 0;
  private linesWithText = 0;
  private lastTextLine = 0;
  private breakPending = false;
  private swallowed: { rows: number; to: number } | undefined;
  private stoppedByCaller = false;

  /**
   * @param delimiter one character, e.g. `,` or `\t`.
   * @param onRow called per row; return `true` to stop (later text is ignored).
   */
  constructor(
    delimiter: string,
    private readonly onRow: (row: CsvRow) => boolean | void,
  ) {
    this.delimiter = delimiter.charCodeAt(0);
  }

  /** True once `onRow` asked to stop. */
  get stopped(): boolean {
    return this.stoppedByCaller;
  }

  /** Reads the next piece of text; a value or row may continue in the next piece. */
  push(text: string): void {
    if (this.stoppedByCaller) return;
    const delimiter = this.delimiter;
    const length = text.length;
    let i = 0;
    let segment = 0;
    while (i < length) {
      const c = text.charCodeAt(i);
      switch (this.state) {
        case FIELD_START:
          if (c === LF && this.prevCR) {
            // Second half of a CRLF that already ended the row.
            this.prevCR = false;
            i++;
            continue;
          }
          this.prevCR = false;
          this.fieldLine = this.line;
          if (c === QUOTE) {
            this.state = QUOTED;
            this.quoteLine = this.line;
            this.linesWithText = 0;
            this.breakPending = false;
            (this.quotedFields ??= []).push(this.fields.length);
            segment = i + 1;
            i++;
          } else if (c === delimiter) {
            this.endField('');
            i++;
          } else if (c === LF || c === CR) {
            this.endField('');
            this.prevCR = c === CR;
            if (this.endRow()) return;
            i++;
          } else {
            this.state = UNQUOTED;
            segment = i;
            i++;
          }
          break;
        case UNQUOTED: {
          // Fast scan to the end of the value.
          while (i < length) {
            const d = text.charCodeAt(i);
            if (d === delimiter || d === LF || d === CR) break;
            i++;
          }
          if (i === length) break;
          const d = text.charCodeAt(i);
          this.endField(this.take(text, segment, i));
          this.state = FIELD_START;
          i++;
          if (d !== delimiter) {
            this.prevCR = d === CR;
            if (this.endRow()) return;
          }
          break;
        }
        case QUOTED: {
          while (i < length) {
            const d = text.charCodeAt(i);
            if (d === QUOTE) break;
            if (d === LF) {
              if (!this.prevCR) this.newLineInQuotes();
              this.prevCR = false;
            } else if (d === CR) {
              this.newLineInQuotes();
              this.prevCR = true;
            } else {
              this.prevCR = false;
              if (this.breakPending) {
                this.breakPending = false;
                this.linesWithText++;
                this.lastTextLine = this.line;
              }
            }
            i++;
          }
          if (i === length) break;
          this.buffer = this.take(text, segment, i);
          this.state = QUOTE_IN_QUOTED;
          i++;
          segment = i;
          break;
        }
        case QUOTE_IN_QUOTED:
          if (c === QUOTE) {
            // A doubled quote: one quote in the value.
            this.buffer = this.take('"', 0, 1);
            this.state = QUOTED;
            i++;
            segment = i;
          } else if (c === delimiter || c === LF || c === CR) {
            this.endField(this.takeBuffer());
            this.state = FIELD_START;
            i++;
            if (c !== delimiter) {
              this.prevCR = c === CR;
              if (this.endRow()) return;
            }
          } else {
            // Text after the closing quote: keep it in the value, report it.
            (this.quoteProblems ??= []).push({
              kind: 'text_after_quote',
              field: this.fields.length,
              line: this.line,
            });
            this.state = UNQUOTED;
            segment = i;
          }
          break;
      }
    }
    // Carry the unfinished value over to the next chunk.
    if (this.state === UNQUOTED || this.state === QUOTED)
      this.buffer = this.take(text, segment, length);
  }

  /** Ends the input: the last row (without a final line break) is reported. */
  end(): void {
    if (this.stoppedByCaller) return;
    switch (this.state) {
      case QUOTED:
        (this.quoteProblems ??= []).push({
          kind: 'unclosed',
          field: this.fields.length,
          line: this.quoteLine,
        });
        this.swallowed = { rows: this.linesWithText, to: this.lastTextLine };
        this.endField(this.takeBuffer());
        this.endRow();
        break;
      case UNQUOTED:
      case QUOTE_IN_QUOTED:
        this.endField(this.takeBuffer());
        this.endRow();
        break;
      case FIELD_START:
        // "a,b," at the very end: the row has a last, empty value.
        if (this.fields.length > 0) {
          this.fieldLine = this.line;
          this.endField('');
          this.endRow();
        }
        break;
    }
    this.state = FIELD_START;
  }

  private newLineInQuotes() {
    this.line++;
    this.breakPending = true;
  }

  /** `buffer` + `text[from, to)`, cut at MAX_FIELD_CHARS. */
  private take(text: string, from: number, to: number): string {
    const room = MAX_FIELD_CHARS - this.buffer.length;
    if (room <= 0) return this.buffer;
    const piece = to - from > room ? text.slice(from, from + room) : text.slice(from, to);
    return this.buffer ? this.buffer + piece : piece;
  }

  private takeBuffer(): string {
    const value = this.buffer;
    this.buffer = '';
    return value;
  }

  private endField(value: string) {
    this.buffer = '';
    const index = this.fields.length;
    if (index === 0) this.rowLine = this.fieldLine;
    if (this.fieldLine !== this.rowLine) {
      this.fieldLines ??= Array.from({ length: index }, () => this.rowLine);
      this.fieldLines.push(this.fieldLine);
    } else this.fieldLines?.push(this.fieldLine);
    this.fields.push(value);
  }

  /** Reports the row; returns true when the caller asked to stop. */
  private endRow(): boolean {
    const row: CsvRow = {
      fields: this.fields,
      line: this.rowLine,
      breaks: this.line - this.rowLine,
    };
    if (this.fieldLines) row.fieldLines = this.fieldLines;
    if (this.quotedFields) row.quotedFields = this.quotedFields;
    if (this.quoteProblems) row.quoteProblems = this.quoteProblems;
    if (this.swallowed) {
      row.swallowedRows = this.swallowed.rows;
      row.swallowedTo = this.swallowed.to;
    }
    this.fields = [];
    this.fieldLines = undefined;
    this.quotedFields = undefined;
    this.quoteProblems = undefined;
    this.swallowed = undefined;
    this.line++;
    this.rowLine = this.line;
    this.fieldLine = this.line;
    if (this.onRow(row) === true) this.stoppedByCaller = true;
    return this.stoppedByCaller;
  }
}

/**
 * Guesses the delimiter of a file from its first rows, as Papa Parse did for the checker before
 * (same candidates and rule): per candidate, read up to 10 non-empty rows, respecting quotes;
 * keep the candidate whose rows have the steadiest number of values (smallest total change from
 * row to row) with, on average, at least 2 values per row; a tie goes to more values per row.
 * @param sample the start of the file (a partial last line is left out when there are others).
 * @returns one of CANDIDATE_DELIMITERS; `,` when none fits.
 */
export function guessDelimiter(sample: string): string {
  let best = ',';
  let bestDelta = Infinity;
  let bestAverage = 0;
  for (const candidate of CANDIDATE_DELIMITERS) {
    const counts: number[] = [];
    const tokenizer = new CsvTokenizer(candidate, (row) => {
      if (row.fields.length === 1 && !row.fields[0].trim()) return;
      counts.push(row.fields.length);
      return counts.length >= 10;
    });
    tokenizer.push(sample);
    if (counts.length === 0) tokenizer.end();
    if (counts.length === 0) continue;
    const average = counts.reduce((a, b) => a + b, 0) / counts.length;
    let delta = 0;
    for (let i = 1; i < counts.length; i++) delta += Math.abs(counts[i] - counts[i - 1]);
    if (average > 1.99 && (delta < bestDelta || (delta === bestDelta && average > bestAverage))) {
      best = candidate;
      bestDelta = delta;
      bestAverage = average;
    }
  }
  return best;
}

/**
 * Reads CSV/TSV text for the inventory file checker with Papa Parse (`papaparse`), which splits
 * rows and values, unescapes quotes, guesses the delimiter and reports quoting problems. This
 * module is only the adapter around it: it hands Papa the file's text piece by piece, holds back
 * the row a piece ends in, and works out from Papa's outputs (each row's `meta.cursor`, each
 * error's `index`) the line each row and value starts on, so the checker can report a problem on
 * the line where it starts (an unclosed quote on the line of its opening quote).
 *
 * Lines are counted as they end, with LF, CRLF or CR. Papa splits rows at one kind of line break,
 * the one it finds at the file's start (`meta.linebreak`): in a file that mixes them, a line
 * break of another kind stays inside a value.
 *
 * Memory stays flat: only the row being read is kept, and a quoted value that Papa finds unclosed
 * keeps its first MAX_FIELD_CHARS characters; of the whole lines after those (an unclosed quote
 * can swallow a 200 MB file), only the count is kept (see `CsvReader.dropSwallowedLines`).
 */
import Papa, { type ParseError } from 'papaparse';

/** Characters kept of one value; longer values are cut (every column's maximum is far below). */
export const MAX_FIELD_CHARS = 1 << 20;

/** Delimiters Papa Parse may guess (`delimitersToGuess`), in order of preference on a tie. */
export const CANDIDATE_DELIMITERS = [',', '\t', ';', '|'] as const;

/** A quoting problem in one value of a row. */
export interface QuoteProblem {
  /**
   * `unclosed`: a quote opens the value and the file ends before it is closed (Papa's
   * `MissingQuotes`). `text_after_quote`: a quote inside the quoted value is followed by text
   * instead of a delimiter or a line break (Papa's `InvalidQuotes`; usually a quote inside the
   * value that is not doubled).
   */
  kind: 'unclosed' | 'text_after_quote';
  /** 0-based index of the value in its row. */
  field: number;
  /** 1-based line of the opening quote (`unclosed`) or of the first quote not doubled. */
  line: number;
}

/** Where a row sits in the file, and what went wrong while reading it. */
export interface CsvRowPosition {
  /** 1-based line where the row starts. */
  line: number;
  /** Line breaks inside the row's values: the row ends on line `line + breaks`. */
  breaks: number;
  /** 1-based line where each value starts; absent when the whole row is on one line. */
  fieldLines?: number[];
  /**
   * 0-based indexes of the values that were enclosed in quotes; set only for a row over several
   * lines or with a quoting problem, and absent when none was quoted.
   */
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

/** How a file's text is split: the delimiter and the line break that ends rows. */
export interface CsvFormat {
  delimiter: string;
  newline: '\n' | '\r\n' | '\r';
}

/**
 * Guesses the delimiter and the line break of a file from its start, with Papa Parse: among
 * CANDIDATE_DELIMITERS, the one whose first 10 non-empty rows have the steadiest number of
 * values, at least 2 on average (a tie goes to more values); `,` when none fits. The line break
 * is Papa's guess from the breaks outside quotes (`meta.linebreak`): LF, CRLF or CR.
 * @param sample the start of the file; a partial last line is left out when there are others.
 */
export function guessFormat(sample: string): CsvFormat {
  const lastBreak = Math.max(sample.lastIndexOf('\n'), sample.lastIndexOf('\r'));
  const { meta } = Papa.parse<string[]>(lastBreak > 0 ? sample.slice(0, lastBreak + 1) : sample, {
    delimitersToGuess: [...CANDIDATE_DELIMITERS],
    skipEmptyLines: 'greedy',
    preview: 10,
  });
  return { delimiter: meta.delimiter, newline: meta.linebreak as CsvFormat['newline'] };
}

const QUOTE = 34; // "
const LF = 10;
const CR = 13;

/** Whole lines left out of the middle of an unclosed quoted value (see `dropSwallowedLines`). */
interface Gap {
  /** Offset, in the text handed to Papa, where the lines were: the start of a line. */
  at: number;
  /** Line breaks left out. */
  lines: number;
  /** Lines with text among them. */
  textLines: number;
  /** 0-based index, among them, of the last line with text; -1 when none has text. */
  lastText: number;
}

/**
 * Counts the line breaks (LF, CRLF, CR) of one text while moving forward through it, with
 * `indexOf` (each character is searched once), and the lines that hold text.
 */
class LineCounter {
  /** Line at `pos`. */
  line: number;
  /** Lines with text met so far (a line counts once its first character is passed). */
  textLines = 0;
  /** Last of those lines. */
  lastTextLine = 0;
  private nextLF = -1;
  private nextCR = -1;
  private gapPassed = false;

  constructor(
    private readonly text: string,
    line: number,
    /** The character before `pos` is a CR: an LF at `pos` ends no line. */
    private prevCR: boolean,
    private readonly gap: Gap | undefined,
    private pos = 0,
    private atLineStart = true,
  ) {
    this.line = line;
  }

  /** State at the current position, to start another counter there. */
  get state(): { line: number; prevCR: boolean; atLineStart: boolean } {
    return { line: this.line, prevCR: this.prevCR, atLineStart: this.atLineStart };
  }

  /** Moves to offset `to`, counting lines (and the lines of the gap, when passing it). */
  advance(to: number): void {
    const gap = this.gap;
    if (gap && !this.gapPassed && to >= gap.at) {
      this.scan(gap.at);
      this.gapPassed = true;
      if (gap.lastText >= 0) this.lastTextLine = this.line + gap.lastText;
      this.line += gap.lines;
      this.textLines += gap.textLines;
      this.atLineStart = true;
    }
    this.scan(to);
  }

  private scan(to: number): void {
    const text = this.text;
    let pos = this.pos;
    while (pos < to) {
      if (this.prevCR) {
        this.prevCR = false;
        if (text.charCodeAt(pos) === LF) {
          pos++;
          continue;
        }
      }
      if (this.nextLF < pos) this.nextLF = indexOrInfinity(text, '\n', pos);
      if (this.nextCR < pos) this.nextCR = indexOrInfinity(text, '\r', pos);
      const end = Math.min(this.nextLF, this.nextCR);
      if (end > pos) {
        if (this.atLineStart) {
          this.textLines++;
          this.lastTextLine = this.line;
        }
        this.atLineStart = false;
      }
      if (end >= to) {
        pos = to;
        break;
      }
      this.line++;
      this.atLineStart = true;
      this.prevCR = text.charCodeAt(end) === CR;
      pos = end + 1;
    }
    this.pos = pos;
  }
}

function indexOrInfinity(text: string, search: string, from: number): number {
  const i = text.indexOf(search, from);
  return i < 0 ? Infinity : i;
}

function countQuotes(value: string): number {
  let n = 0;
  for (let i = value.indexOf('"'); i >= 0; i = value.indexOf('"', i + 1)) n++;
  return n;
}

/**
 * Streaming reader: call `push(text)` for each piece of the file's text, then `end()`. `onRow`
 * gets each row in file order, empty lines included (as one empty value); it returns `true` to
 * stop reading. Each piece that completes a row is parsed with `Papa.parse`, together with the
 * unfinished row held back from the pieces before it.
 */
export class CsvReader {
  /** Text not read into rows yet: the start of an unfinished row, then the new pieces. */
  private pending = '';
  /** Line where `pending` starts, and whether the text before it ended with a CR. */
  private line = 1;
  private prevCR = false;
  private gap: Gap | undefined;
  /** Offset in `pending` of the value Papa found unclosed (after its quote), or -1. */
  private openAt = -1;
  /** Every quote in `pending` before this offset is settled: later text cannot close it. */
  private settled = 0;
  private stoppedByCaller = false;

  /**
   * @param format delimiter and line break, usually from `guessFormat`.
   * @param onRow called per row; return `true` to stop (later text is ignored).
   */
  constructor(
    private readonly format: CsvFormat,
    private readonly onRow: (row: CsvRow) => boolean | void,
  ) {}

  /** True once `onRow` asked to stop. */
  get stopped(): boolean {
    return this.stoppedByCaller;
  }

  /** Reads the next piece of text; a value or row may continue in the next piece. */
  push(text: string): void {
    if (this.stoppedByCaller || !text) return;
    const newline = this.format.newline;
    const lineEnds =
      text.includes(newline) ||
      (newline === '\r\n' && text.charCodeAt(0) === LF && this.pending.endsWith('\r'));
    if (this.openAt >= 0 && !text.includes('"') && !this.pending.includes('"', this.settled)) {
      // Inside a value Papa found unclosed, and no quote that could close it: nothing to parse.
      this.pending += text;
      this.dropSwallowedLines();
      return;
    }
    this.pending += text;
    // A row ends only at a line break: parse once one has come.
    if (lineEnds) this.parse(false);
  }

  /** Ends the input: the last row (without a final line break) is reported. */
  end(): void {
    if (!this.stoppedByCaller) this.parse(true);
    this.pending = '';
    this.gap = undefined;
    this.openAt = -1;
  }

  /**
   * Parses `pending` with Papa Parse and reports its complete rows; unless `final`, the last row
   * (which may continue in the next piece) is held back in `pending`.
   */
  private parse(final: boolean): void {
    const text = this.pending;
    const { delimiter, newline } = this.format;
    // Papa.parse drops a byte order mark at the start of its input: its offsets move by one.
    const shift = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    const lines = new LineCounter(text, this.line, this.prevCR, this.gap);
    let rowStart = 0;
    let held = text.length;
    let openAt = -1;
    Papa.parse<string[]>(text, {
      delimiter,
      newline,
      step: (result, parser) => {
        const end = result.meta.cursor + shift;
        const missing = result.errors.find((e) => e.code === 'MissingQuotes');
        const terminated =
          end < text.length ||
          (end > rowStart && !missing && text.startsWith(newline, end - newline.length));
        if (!final && !terminated) {
          held = rowStart;
          // Papa's `index` for MissingQuotes: the first character after the opening quote.
          openAt = missing ? (missing.index ?? -1) + shift : -1;
          parser.abort();
          return;
        }
        const start = lines.state;
        lines.advance(end);
        const breaks = lines.line - start.line - (terminated ? 1 : 0);
        const row: CsvRow = { fields: result.data, line: start.line, breaks };
        if (breaks > 0 || result.errors.length > 0)
          this.locate(row, text, rowStart, rowStart === 0 ? shift : rowStart, end, start, {
            errors: result.errors,
            shift,
          });
        for (let i = 0; i < row.fields.length; i++)
          if (row.fields[i].length > MAX_FIELD_CHARS)
            row.fields[i] = row.fields[i].slice(0, MAX_FIELD_CHARS);
        rowStart = end;
        if (this.onRow(row) === true) {
          this.stoppedByCaller = true;
          parser.abort();
        }
      },
    });
    if (final || this.stoppedByCaller) {
      this.pending = '';
      return;
    }
    lines.advance(held);
    ({ line: this.line, prevCR: this.prevCR } = lines.state);
    this.pending = text.slice(held);
    this.gap = this.gap && this.gap.at > held ? { ...this.gap, at: this.gap.at - held } : undefined;
    this.openAt = openAt >= 0 ? openAt - held : -1;
    if (this.openAt >= 0) {
      const lastLineEnd = this.pending.lastIndexOf(newline);
      this.settled = Math.max(this.openAt, lastLineEnd < 0 ? 0 : lastLineEnd + newline.length);
      this.dropSwallowedLines();
    }
  }

  /**
   * Finds where each value of a row over several lines, or with a quoting problem, starts, from
   * the values Papa returned: an unquoted value takes its length in the text; a quoted one its
   * length, plus one for each doubled quote (each quote in the value, less those Papa reported
   * as `InvalidQuotes`), plus its two quotes, then any spaces up to the delimiter.
   */
  private locate(
    row: CsvRow,
    text: string,
    rowStart: number,
    fieldsStart: number,
    end: number,
    start: { line: number; prevCR: boolean; atLineStart: boolean },
    { errors, shift }: { errors: ParseError[]; shift: number },
  ): void {
    const { delimiter } = this.format;
    const lone = new Map<number, number>();
    let unclosedAt = -1;
    for (const error of errors) {
      const at = (error.index ?? -1) + shift - rowStart;
      if (error.code === 'InvalidQuotes') lone.set(at, (lone.get(at) ?? 0) + 1);
      else if (error.code === 'MissingQuotes') unclosedAt = at;
    }
    // The row's own text, so that searches stop at its end.
    const raw = text.slice(rowStart, end);
    const gap =
      this.gap && this.gap.at > rowStart ? { ...this.gap, at: this.gap.at - rowStart } : undefined;
    const lines = new LineCounter(raw, start.line, start.prevCR, gap, 0, start.atLineStart);
    const fields = row.fields;
    const fieldLines: number[] = [];
    const quoted: number[] = [];
    const problems: QuoteProblem[] = [];
    let p = fieldsStart - rowStart;
    for (let i = 0; i < fields.length && p >= 0; i++) {
      lines.advance(p);
      fieldLines.push(lines.line);
      if (raw.charCodeAt(p) !== QUOTE) {
        p += fields[i].length + delimiter.length;
        continue;
      }
      quoted.push(i);
      const content = p + 1;
      if (content === unclosedAt) {
        // The last value: it runs to the end of the text.
        problems.push({ kind: 'unclosed', field: i, line: lines.line });
        lines.advance(content);
        const before = lines.textLines;
        lines.advance(raw.length);
        row.swallowedRows = lines.textLines - before;
        row.swallowedTo = lines.lastTextLine;
        break;
      }
      const notDoubled = lone.get(content) ?? 0;
      if (notDoubled > 0) {
        let q = raw.indexOf('"', content);
        while (q >= 0 && raw.charCodeAt(q + 1) === QUOTE) q = raw.indexOf('"', q + 2);
        if (q >= 0) lines.advance(q);
        problems.push({ kind: 'text_after_quote', field: i, line: lines.line });
      }
      const closing = content + fields[i].length + countQuotes(fields[i]) - notDoubled;
      const next = raw.indexOf(delimiter, closing + 1);
      p = next < 0 ? -1 : next + delimiter.length;
    }
    if (row.breaks > 0) row.fieldLines = fieldLines;
    if (quoted.length) row.quotedFields = quoted;
    if (problems.length) row.quoteProblems = problems;
  }

  /**
   * The smallest part of the reading that is our own, because Papa Parse cannot do it: Papa
   * keeps an unfinished row whole and parses it again with each new piece, so an unclosed quote
   * near the start of a 200 MB file would keep the file in memory and take quadratic time. So,
   * once Papa reports the held-back row's quoted value unclosed (`MissingQuotes`) and the value
   * is over MAX_FIELD_CHARS, the whole lines past that point are counted and left out of the
   * text handed to Papa. That changes nothing Papa decides: the lines left out have no quote
   * whose fate is open (Papa settled each quote before them from the text up to the line break
   * after it, and a new piece with a quote is parsed again first), so Papa closes the value at
   * the same quote as in the whole text; only the value is shorter, and it is cut anyway.
   */
  private dropSwallowedLines(): void {
    const text = this.pending;
    const newline = this.format.newline;
    let from = this.gap ? this.gap.at : -1;
    if (from < 0) {
      const i = text.indexOf(newline, this.openAt + MAX_FIELD_CHARS);
      if (i < 0) return;
      from = i + newline.length;
    }
    const last = text.lastIndexOf(newline);
    const to = last + newline.length;
    if (last < 0 || to <= from) return;
    const counter = new LineCounter(text, 0, text.charCodeAt(from - 1) === CR, undefined, from);
    counter.advance(to);
    const gap = this.gap ?? { at: from, lines: 0, textLines: 0, lastText: -1 };
    if (counter.textLines > 0) gap.lastText = gap.lines + counter.lastTextLine;
    gap.lines += counter.line;
    gap.textLines += counter.textLines;
    this.gap = gap;
    this.pending = text.slice(0, from) + text.slice(to);
    this.settled = from;
  }
}

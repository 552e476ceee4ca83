/**
 * Feeds a file to InventoryFileCheck through Papa Parse (./csv.ts), 1 MB at a time, so a 200 MB
 * file never sits in memory as rows or as one string. Works on a browser File/Blob (in the
 * checker's Web Worker) and on a string or Node stream (tests, benchmark). Bytes are decoded
 * here, as UTF-8 with one streaming TextDecoder, not by Papa Parse: Papa decodes each chunk on
 * its own, which turns a character split between two chunks into U+FFFD. A byte that is not
 * UTF-8 becomes U+FFFD, which the check reports.
 */
import { CsvReader, guessFormat, type CsvRow } from './csv';
import type { InventoryFileCheck } from './fileChecker';

/** Bytes (characters, for a string) read per step. */
export const CHUNK_BYTES = 1 << 20;

/** Characters of the file's start from which Papa Parse guesses the delimiter. */
export const DELIMITER_SAMPLE_CHARS = 64 * 1024;

/**
 * A file as a Blob (the browser's File), a string, a Node stream, or the bytes of a
 * decompressed file as an async iterable (./checkFile.ts).
 */
export type ParseInput = Blob | string | NodeJS.ReadableStream | AsyncIterable<Uint8Array>;

type Input = ParseInput;

function isBlob(input: Input): input is Blob {
  return (
    typeof input === 'object' &&
    typeof (input as Blob).arrayBuffer === 'function' &&
    typeof (input as Blob).size === 'number'
  );
}

/** The input as text, one piece per step, with the bytes (or characters) read so far. */
async function* textChunks(input: Input): AsyncGenerator<{ text: string; read: number }> {
  if (typeof input === 'string') {
    for (let i = 0; i < input.length; i += CHUNK_BYTES)
      yield {
        text: input.slice(i, i + CHUNK_BYTES),
        read: Math.min(input.length, i + CHUNK_BYTES),
      };
    return;
  }
  // Not fatal: a byte that is not UTF-8 becomes U+FFFD and is reported on its line.
  const decoder = new TextDecoder('utf-8');
  let read = 0;
  if (isBlob(input)) {
    for (let i = 0; i < input.size; i += CHUNK_BYTES) {
      const bytes = new Uint8Array(await input.slice(i, i + CHUNK_BYTES).arrayBuffer());
      read = Math.min(input.size, i + CHUNK_BYTES);
      yield { text: decoder.decode(bytes, { stream: true }), read };
    }
  } else {
    for await (const chunk of input as AsyncIterable<Uint8Array | string>) {
      read += chunk.length;
      yield {
        text: typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }),
        read,
      };
    }
  }
  const rest = decoder.decode();
  if (rest) yield { text: rest, read };
}

/** An empty line, or one with only spaces and delimiters: skipped, as Aisle does. */
function isEmptyRow(row: CsvRow): boolean {
  return !row.quoteProblems && row.fields.every((field) => !field.trim());
}

/**
 * Parses `input` into `check`: header first, then every row with its line numbers; stops early
 * on a fatal problem. The delimiter is guessed by Papa Parse from the first
 * DELIMITER_SAMPLE_CHARS characters (comma, tab, semicolon or pipe; the check refuses the last
 * two); a header line with none of them is fatal (`delimiterNotFound`).
 * @param onProgress called after each chunk with the bytes (characters, for a string) read.
 * @returns when the whole input is read; never rejects (a read error goes into the report).
 */
export async function parseInto(
  input: Input,
  check: InventoryFileCheck,
  onProgress?: (read: number) => void,
): Promise<void> {
  let reader: CsvReader | undefined;
  let head = '';
  let delimiter = ',';
  let headerSeen = false;
  const onRow = (row: CsvRow): boolean => {
    if (isEmptyRow(row)) return false;
    if (!headerSeen) {
      headerSeen = true;
      // No delimiter at all in the header: Papa's guess falls back to a comma that is not there.
      if (row.fields.length === 1 && !row.quoteProblems) check.delimiterNotFound(row.fields[0]);
      else check.setDelimiter(delimiter);
      if (!check.stopped) check.setHeader(row.fields, row);
    } else check.addRow(row.fields, row);
    return check.stopped;
  };
  const start = (text: string): CsvReader => {
    const format = guessFormat(text.slice(0, DELIMITER_SAMPLE_CHARS));
    delimiter = format.delimiter;
    const started = new CsvReader(format, onRow);
    started.push(text);
    return started;
  };
  try {
    for await (const { text, read } of textChunks(input)) {
      if (reader) reader.push(text);
      else {
        // Enough of the file's start to guess from, even when the pieces are small.
        head += text;
        if (head.length >= DELIMITER_SAMPLE_CHARS) reader = start(head);
      }
      onProgress?.(read);
      if (check.stopped) return;
    }
    // Stopped by the source (a compressed file over the size limit, or damaged): the last row
    // may be cut, so it is not read.
    if (check.stopped) return;
    if (!reader && head) reader = start(head);
    reader?.end();
  } catch {
    check.addReadProblem();
  }
}

/**
 * Feeds a file to InventoryFileCheck through Papa Parse, 1 MB at a time, so a 50 MB file never
 * sits in memory as rows. Works on a browser File/Blob (in the checker's Web Worker) and on a
 * string or Node stream (tests, benchmark).
 */
import Papa from 'papaparse';
import type { InventoryFileCheck } from './fileChecker';

/** Bytes handed to the parser per step (Papa Parse `chunkSize`). */
export const CHUNK_BYTES = 1 << 20;

type Input = Blob | string | NodeJS.ReadableStream;

/**
 * Parses `input` into `check`: header first, then every row; stops early on a fatal problem.
 * @param onProgress called after each chunk with the characters read so far.
 * @returns when the whole input is read; never rejects (parser errors go into the report).
 */
export function parseInto(
  input: Input,
  check: InventoryFileCheck,
  onProgress?: (read: number) => void,
): Promise<void> {
  return new Promise((resolve) => {
    let headerSeen = false;
    Papa.parse<string[]>(input as never, {
      skipEmptyLines: 'greedy',
      chunkSize: CHUNK_BYTES,
      delimitersToGuess: [',', '\t', ';', '|'],
      chunk(results, parser) {
        for (const row of results.data) {
          if (!headerSeen) {
            headerSeen = true;
            check.setDelimiter(results.meta.delimiter);
            if (!check.stopped) check.setHeader(row);
            if (check.stopped) break;
            continue;
          }
          check.addRow(row);
        }
        for (const error of results.errors)
          if (error.type === 'Quotes')
            check.addParseProblem(`a quoted value is not closed (${error.message})`);
        onProgress?.(results.meta.cursor);
        if (check.stopped) parser.abort();
      },
      complete: () => resolve(),
      error: (error: Error) => {
        check.addParseProblem(error.message);
        resolve();
      },
    });
  });
}

/**
 * Checks one whole inventory file as the file checker's Web Worker does (and its tests, in
 * Node): reads the first bytes, decompresses a gzip file while reading it, sniffs the encoding of
 * the first 64 KB of text, then streams the text to the parser (./parse.ts) and the column
 * checks (./fileChecker.ts).
 *
 * Compression: a file whose first bytes are gzip's (1F 8B) is inflated with the platform's own
 * `DecompressionStream('gzip')` (browsers and Node 18+; no package). Aisle reads at most
 * `inventoryFileMaxBytes` (200 MB, src/data/facts/limits.ts) of text, compressed or not, so a
 * file that inflates past it, such as a gzip bomb, is refused when the inflated bytes reach the
 * limit, where reading stops. The gzip trailer's size field (RFC 1952 ISIZE) is not trusted for
 * this: it is the size modulo 2^32, and in a cut-short upload it is whatever bytes came last.
 * Memory stays flat: the inflated text is read and dropped piece by piece, like a plain file.
 * Damaged or cut-short gzip data ends the check with a message, never an exception.
 */
import type { CatalogColumn } from '../data/catalog-columns.types';
import { inventoryFileMaxBytes } from '../data/facts/limits';
import { formatCount, InventoryFileCheck, sniffBytes, type CheckReport } from './fileChecker';
import { parseInto } from './parse';

/** Bytes sniffed for encoding and binary content before parsing (text, after decompression). */
export const SNIFF_BYTES = 64 * 1024;

/** gzip's magic number (RFC 1952, ID1 and ID2). */
export const GZIP_MAGIC = [0x1f, 0x8b] as const;

/** Sizes in messages: `200 MB`, `12.5 MB` (1 MB = 1,048,576 bytes, as the checker shows sizes). */
function megabytes(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** The message for a file over the limit; `found` says how that was learned. */
export function tooLargeMessage(limit: number, found: string): string {
  return `Uncompressed, this file is larger than ${megabytes(limit)}, the most Aisle reads (${found}). Aisle rejects it with file_too_large. Split it, or leave out columns that have not changed since the last file.`;
}

/** Options of `checkInventoryFile`, for tests; the worker uses the defaults. */
export interface CheckFileOptions {
  /** Most bytes of text read; default `inventoryFileMaxBytes`. */
  maxBytes?: number;
  /** Called as the file is read, with the bytes of the file (compressed, for gzip) read so far. */
  onProgress?: (read: number) => void;
}

/** Each chunk of a web stream, cancelling it when the consumer stops early. */
async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  let done = false;
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) {
        done = true;
        return;
      }
      yield next.value;
    }
  } finally {
    if (!done) await reader.cancel().catch(() => undefined);
  }
}

function concat(chunks: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk.subarray(0, length - at), at);
    at += chunk.length;
    if (at >= length) break;
  }
  return out;
}

/**
 * Checks a gzip file: inflates, sniffs and parses it, stopping at `maxBytes` of text.
 * Never throws: damaged data and the size limit end the check with a fatal message.
 */
async function checkGzip(
  file: Blob,
  check: InventoryFileCheck,
  maxBytes: number,
  onProgress?: (read: number) => void,
): Promise<void> {
  check.setCompressed();
  let compressedRead = 0;
  const counted = file.stream().pipeThrough(
    new TransformStream<Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>>({
      transform(chunk, controller) {
        compressedRead += chunk.length;
        controller.enqueue(chunk);
      },
    }),
  );
  const inflated = counted.pipeThrough(new DecompressionStream('gzip'));
  let text = 0;
  /** The inflated bytes, up to the limit; a problem ends it with a fatal message on `check`. */
  async function* limited(): AsyncGenerator<Uint8Array> {
    try {
      for await (const chunk of chunksOf(inflated)) {
        if (text + chunk.length > maxBytes) {
          text = maxBytes;
          check.setUncompressedBytes(text);
          check.stop(tooLargeMessage(maxBytes, 'the checker stopped reading there'));
          return;
        }
        text += chunk.length;
        check.setUncompressedBytes(text);
        yield chunk;
      }
    } catch {
      check.stop(
        `The gzip data is damaged or cut short: it could not be decompressed after ${megabytes(text)} of text. Compress the file again and check that the upload is complete; Aisle rejects this file with invalid_compression.`,
      );
    }
  }

  const source = limited();
  const head: Uint8Array[] = [];
  let headBytes = 0;
  while (headBytes < SNIFF_BYTES) {
    const next = await source.next();
    if (next.done) break;
    head.push(next.value);
    headBytes += next.value.length;
  }
  if (check.stopped) return;
  const sniff = sniffBytes(concat(head, Math.min(headBytes, SNIFF_BYTES)));
  check.setEncoding(sniff.encoding, sniff.fatal);
  if (check.stopped) {
    await source.return(undefined);
    return;
  }
  async function* all(): AsyncGenerator<Uint8Array> {
    yield* head;
    yield* source;
  }
  await parseInto(all(), check, () => onProgress?.(compressedRead));
  await source.return(undefined);
}

/**
 * Checks an inventory file against the column registry: the same steps and messages as the
 * checker on /catalog/catalog_inventory_file/file_requirements.
 * @param file the file's bytes (a browser File, or a Blob in Node).
 * @param name the file name, checked against the naming rules.
 * @returns the report; never rejects (every problem, even a read error, is in the report).
 */
export async function checkInventoryFile(
  columns: readonly CatalogColumn[],
  file: Blob,
  name: string,
  { maxBytes = inventoryFileMaxBytes, onProgress }: CheckFileOptions = {},
): Promise<CheckReport> {
  const check = new InventoryFileCheck(columns, name, file.size);
  try {
    const first = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
    const gzip = GZIP_MAGIC.every((b, i) => first[i] === b);
    if (gzip) await checkGzip(file, check, maxBytes, onProgress);
    else if (name.toLowerCase().endsWith('.gz') && first.length > 0)
      check.stop(
        'The name ends in .gz, but the file is not gzip-compressed. Compress it with gzip, or take .gz off the name; Aisle rejects it as it is with invalid_compression.',
      );
    else if (file.size > maxBytes) {
      // Just over the limit, MB would read as the limit itself: give the bytes then.
      const shown = megabytes(file.size).replace(/\.0 MB$/, ' MB');
      const size = shown === megabytes(maxBytes) ? `${formatCount(file.size)} bytes` : shown;
      check.stop(tooLargeMessage(maxBytes, `it is ${size}`));
    } else {
      const sniff = sniffBytes(first);
      check.setEncoding(sniff.encoding, sniff.fatal);
      if (!check.stopped) await parseInto(file, check, onProgress);
    }
  } catch {
    check.addReadProblem();
  }
  return check.finish();
}

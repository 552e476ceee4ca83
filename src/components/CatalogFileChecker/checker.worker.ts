/**
 * Web Worker of the catalog file checker: reads the dropped file 1 MB at a time and checks it
 * against the column registry off the main thread, so the page stays responsive on any file
 * (a 200 MB export, a header of 1,000,000 columns). Messages in: `{file: File}`. Out:
 * `{type: 'progress', read, total}` (bytes) after each 1 MB chunk, then `{type: 'done',
 * report}`; the report's lists are capped (src/catalog/fileChecker.ts), so it is a few
 * kilobytes whatever the file and the page renders it in one short task.
 */
import { catalogColumns } from '@site/src/data/catalog-columns';
import { InventoryFileCheck, sniffBytes } from '@site/src/catalog/fileChecker';
import { parseInto } from '@site/src/catalog/parse';

/** Bytes sniffed for encoding and binary content before parsing. */
const SNIFF_BYTES = 64 * 1024;

const worker = self as unknown as {
  onmessage: ((event: MessageEvent<{ file: File }>) => void) | null;
  postMessage(message: unknown): void;
};

worker.onmessage = async (event) => {
  const { file } = event.data;
  const check = new InventoryFileCheck(catalogColumns, file.name, file.size);
  try {
    const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
    const sniff = sniffBytes(head);
    check.setEncoding(sniff.encoding, sniff.fatal);
    if (!check.stopped)
      await parseInto(file, check, (read) =>
        worker.postMessage({ type: 'progress', read, total: file.size }),
      );
  } catch {
    check.addReadProblem();
  }
  worker.postMessage({ type: 'done', report: check.finish() });
};

/**
 * Web Worker of the catalog file checker: reads the dropped file 1 MB at a time, decompressing a
 * gzip file as it goes, and checks it against the column registry off the main thread
 * (src/catalog/checkFile.ts), so the page stays responsive on any file (a 200 MB export, a gzip
 * file that would inflate without end, a header of 1,000,000 columns). Messages in:
 * `{file: File}`. Out: `{type: 'progress', read, total}` (bytes of the file as sent) after each
 * chunk, then `{type: 'done', report}`; the report's lists are capped (src/catalog/fileChecker.ts),
 * so it is a few kilobytes whatever the file and the page renders it in one short task.
 */
import { catalogColumns } from '@site/src/data/catalog-columns';
import { checkInventoryFile } from '@site/src/catalog/checkFile';

const worker = self as unknown as {
  onmessage: ((event: MessageEvent<{ file: File }>) => void) | null;
  postMessage(message: unknown): void;
};

worker.onmessage = async (event) => {
  const { file } = event.data;
  const report = await checkInventoryFile(catalogColumns, file, file.name, {
    onProgress: (read) => worker.postMessage({ type: 'progress', read, total: file.size }),
  });
  worker.postMessage({ type: 'done', report });
};

/**
 * Worker thread of the search plugin's postBuild (./index.ts, `extractInWorker`): extracts the
 * records of every built page (./pages.ts, loaded through jiti, which Docusaurus also uses to
 * load the site's TypeScript) and posts `{ records }`, or `{ error }` with the message.
 */
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import createJiti from 'jiti';

const jiti = createJiti(fileURLToPath(import.meta.url), { interopDefault: true });
const { extractPages } = jiti('./pages.ts');
extractPages(workerData).then(
  (records) => parentPort.postMessage({ records }),
  (error) =>
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) }),
);

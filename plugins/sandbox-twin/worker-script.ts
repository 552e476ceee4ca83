/**
 * msw's service worker script, published at the site root so that it controls every page:
 * `mockServiceWorker.js` from `node_modules/msw/lib/` (the copy matching the installed msw,
 * 2.15.0; msw's install script, which would copy it into a folder, is denied by allowScripts).
 * A build copies it into the output folder; `docusaurus start` serves it from a copy in the
 * generated-files folder (the dev server's static folders are merged, not replaced).
 * nginx serves it like every root file, `Cache-Control: no-cache` (deploy/nginx/render.ts), so a
 * new msw version reaches readers at their next visit.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** File name of the worker at the site root (msw's default `serviceWorker.url`). */
export const WORKER_FILE = 'mockServiceWorker.js';

/** Absolute path of the installed msw's worker script. */
export function workerSource(): string {
  return join(dirname(require.resolve('msw/package.json')), 'lib', WORKER_FILE);
}

/**
 * Copies the worker script into `dir` (the build's outDir, or the folder start serves).
 * @throws Error naming the path when msw's worker script is missing.
 */
export async function publishWorker(dir: string): Promise<string> {
  const source = workerSource();
  const target = join(dir, WORKER_FILE);
  await mkdir(dir, { recursive: true });
  try {
    await copyFile(source, target);
  } catch (error) {
    throw new Error(
      `[sandbox-twin] cannot publish ${WORKER_FILE} from ${source}: ${(error as Error).message}`,
    );
  }
  return target;
}

/**
 * The built pages the search indexes, and their records: run in a worker thread by the
 * plugin's postBuild (./worker.mjs), beside the other plugins' postBuild on the main thread.
 */
import { readFile } from 'node:fs/promises';
import { basename, relative, sep } from 'node:path';
import { builtPages } from '../lib/built-pages';
import { extractRecords, type ExtractedRecord } from './extract';
import { sectionLabel } from './client/scope';
import { SEARCH_DIR } from './paths';

/**
 * Built HTML pages under `outDir` the search reads, sorted: the build's pages
 * (plugins/lib/built-pages.ts) but 404.html and anything under the search files' folder.
 */
function searchedPages(outDir: string): string[] {
  return builtPages(outDir).filter((file) => {
    const rel = relative(outDir, file);
    return basename(file) !== '404.html' && !rel.startsWith(`${SEARCH_DIR}${sep}`);
  });
}

/** URL path of a built HTML file (`catalog.html` → `/catalog`, `a/index.html` → `/a`). */
export function routeOfFile(file: string, baseUrl: string): string {
  const rel = file
    .split(sep)
    .join('/')
    .replace(/(^|\/)index\.html$/, '')
    .replace(/\.html$/, '');
  return `${baseUrl}${rel}`.replace(/\/$/, '') || '/';
}

/** Section facet of a route: its first path segment after the base URL, `home` for `/`. */
export function sectionOf(route: string, baseUrl: string): string {
  const rest = route.slice(baseUrl.length - 1).replace(/^\//, '');
  return rest.split('/')[0] || 'home';
}

/** What the worker is given: the build folder, the site's base URL and origin (no slash at the end). */
export interface ExtractJob {
  outDir: string;
  baseUrl: string;
  origin: string;
}

/**
 * The DocSearch records of every built page but the search page, in page order.
 * @throws Error naming the page when one cannot be read or parsed.
 */
export async function extractPages({
  outDir,
  baseUrl,
  origin,
}: ExtractJob): Promise<ExtractedRecord[]> {
  const records: ExtractedRecord[] = [];
  for (const file of searchedPages(outDir)) {
    const route = routeOfFile(relative(outDir, file), baseUrl);
    if (route === `${baseUrl}search`) continue; // the search page itself
    const html = await readFile(file, 'utf8');
    const section = sectionOf(route, baseUrl);
    const area = section === 'home' ? undefined : sectionLabel(section);
    try {
      records.push(...extractRecords(html, origin + route, section, area));
    } catch (error) {
      throw new Error(`${relative(outDir, file)}: ${(error as Error).message}`);
    }
  }
  return records;
}

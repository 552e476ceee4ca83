/**
 * Local plugin `search-index`: the site's search, its data and its theme components.
 * - postBuild: extracts DocSearch records from every built page (./extract), writes the
 *   records in the Algolia record format beside the build (`recordsFile`, ./paths), and the
 *   local index shards plus `search/manifest.json` into it (./build).
 * - getThemePath: the navbar's `SearchBar` (ejected from @docusaurus/theme-search-algolia, with
 *   the site's additions in ./theme/SearchBar/ModalExtras) and the ejected `SearchPage`. A
 *   site plugin's theme path comes after the preset's themes, so these replace
 *   theme-search-algolia's components (@docusaurus/core, `loadPluginConfigs`).
 * - injectHtmlTags: the inline script of client/earlyShortcut.ts in `<head>` of every page:
 *   Ctrl/Cmd+K, `/` or a tap on the search button before hydration open the modal's shell at
 *   once (spec §4). It only adds listeners (no fetch, no layout work), so it does not hold back
 *   the first paint; it is static text, so the CSP hash step (deploy/inline-scripts.ts) allows
 *   it like the theme's scripts.
 * - configureWebpack: keeps the modal's styles out of the stylesheet every page loads
 *   (MODAL_STYLES), and names the SearchBar's and SearchPage's upstream stylesheets
 *   (upstreamStylesheetAliases).
 * Both components use the search seam (client/seam, wired by client/client).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import type { Plugin } from '@docusaurus/types';
import { buildShards } from './build';
import type { ExtractedRecord } from './extract';
import type { ExtractJob } from './pages';
import { earlyShortcutScript } from './client/earlyShortcut';
import { SEARCH_DIR, recordsFile } from './paths';
import { keepStylesWithTheirChunks } from '../lib/chunk-styles';

export { routeOfFile, sectionOf } from './pages';

/**
 * The records of every built page, extracted in a worker thread (./worker.mjs): the
 * extraction (about 7 s of one core on a cold build of 400 pages) then runs beside the other
 * plugins' postBuild, the Markdown twins' cleaning first (design/performance.md, section 8).
 * @throws Error with the worker's message when a page cannot be extracted or the worker fails.
 */
export function extractInWorker(job: ExtractJob): Promise<ExtractedRecord[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(join(__dirname, 'worker.mjs'), { workerData: job });
    let settled = false;
    worker.once('message', (message: { records?: ExtractedRecord[]; error?: string }) => {
      settled = true;
      if (message.records) resolve(message.records);
      else reject(new Error(`[search-index] ${message.error ?? 'no records from the worker'}`));
      void worker.terminate();
    });
    worker.once('error', (error) => {
      settled = true;
      reject(new Error(`[search-index] the extraction worker failed: ${error.message}`));
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`[search-index] the extraction worker exited (${code})`));
    });
  });
}

/**
 * The modal's styles, loaded with the modal's code, not in the stylesheet every page loads
 * (plugins/lib/chunk-styles.ts): DocSearch's and the site's additions to it
 * (./theme/SearchBar/modal.css). No page renders the modal on the server, so no page links
 * them.
 */
export const MODAL_STYLES =
  /[\\/](?:@docsearch[\\/]css[\\/]dist[\\/]modal\.css|search-index[\\/]theme[\\/]SearchBar[\\/]modal\.css)$/;

/**
 * The upstream stylesheets of the ejected SearchBar and SearchPage, under the package's `lib/`
 * (./theme/SearchBar/index.tsx and ./theme/SearchPage/index.tsx import them by these names
 * rather than copying them).
 */
const UPSTREAM_STYLESHEETS = ['theme/SearchBar/styles.css', 'theme/SearchPage/styles.module.css'];

/**
 * `{['@docusaurus/theme-search-algolia/lib/<file>']: path}` of UPSTREAM_STYLESHEETS, for the
 * bundler: the package's `exports` map hides `lib/theme`, so each name is an alias of the
 * installed file (`lib/` is the folder of the package's main entry, `lib/index.js`).
 * @throws Error when the package is not installed.
 */
export function upstreamStylesheetAliases(): Record<string, string> {
  const lib = dirname(require.resolve('@docusaurus/theme-search-algolia'));
  return Object.fromEntries(
    UPSTREAM_STYLESHEETS.map((file) => [
      `@docusaurus/theme-search-algolia/lib/${file}`,
      join(lib, file),
    ]),
  );
}

/** The plugin; see the module comment. */
export default function searchIndexPlugin(): Plugin {
  return {
    name: 'search-index',

    getThemePath() {
      return join(__dirname, 'theme');
    },

    getTypeScriptThemePath() {
      return join(__dirname, 'theme');
    },

    configureWebpack(config, isServer) {
      keepStylesWithTheirChunks(config, isServer, MODAL_STYLES);
      return { resolve: { alias: upstreamStylesheetAliases() } };
    },

    injectHtmlTags() {
      return { headTags: [{ tagName: 'script', innerHTML: earlyShortcutScript }] };
    },

    async postBuild({ outDir, siteConfig }) {
      const started = Date.now();
      const records = await extractInWorker({
        outDir,
        baseUrl: siteConfig.baseUrl,
        origin: siteConfig.url.replace(/\/$/, ''),
      });
      const dir = join(outDir, SEARCH_DIR);
      await mkdir(dir, { recursive: true });
      const recordsPath = recordsFile(outDir);
      await mkdir(dirname(recordsPath), { recursive: true });
      await writeFile(recordsPath, JSON.stringify(records));
      const { manifest, files } = buildShards(records);
      let gzipBytes = 0;
      for (const [name, json] of files) {
        await writeFile(join(dir, name), json);
        gzipBytes += gzipSync(json).length;
      }
      await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest));
      console.log(
        `[search-index] ${records.length} records in ${manifest.shards.length} shard(s), ` +
          `${(gzipBytes / 1024).toFixed(1)} KB gzip, in ${Date.now() - started} ms`,
      );
    },
  };
}

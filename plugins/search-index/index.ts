/**
 * Local plugin `search-index`: the site's search, its data and its theme components.
 * - postBuild: extracts DocSearch records from every built page (./extract), writes the
 *   records in the Algolia record format beside the build (`recordsFile`, ./paths), and the
 *   local index shards plus `search/manifest.json` into it (./build).
 * - getThemePath: the navbar's `SearchBar` (ejected from @docusaurus/theme-search-algolia, with
 *   the site's additions in ./theme/SearchBar/ModalExtras) and the ejected `SearchPage`. A
 *   site plugin's theme path comes after the preset's themes, so these replace
 *   theme-search-algolia's components (@docusaurus/core, `loadPluginConfigs`).
 * - injectHtmlTags: the inline script of src/search/earlyShortcut.ts in `<head>` of every page:
 *   Ctrl/Cmd+K, `/` or a tap on the search button before hydration open the modal's shell at
 *   once (spec §4). It only adds listeners (no fetch, no layout work), so it does not hold back
 *   the first paint; it is static text, so the CSP hash step (deploy/inline-scripts.ts) allows
 *   it like the theme's scripts.
 * - configureWebpack: keeps the modal's styles out of the stylesheet every page loads
 *   (MODAL_STYLES).
 * Both components use the search seam (src/search/seam, wired by src/search/client).
 */
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from '@docusaurus/types';
import { buildShards } from './build';
import type { ExtractedRecord } from './extract';
import { earlyShortcutScript } from '../../src/search/earlyShortcut';
import { sectionLabel } from '../../src/search/scope';
import { SEARCH_DIR, recordsFile } from './paths';
import { keepStylesWithTheirChunks } from '../lib/chunk-styles';

async function htmlFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'assets' && entry.name !== SEARCH_DIR)
        out.push(...(await htmlFiles(full)));
    } else if (entry.name.endsWith('.html') && entry.name !== '404.html') {
      out.push(full);
    }
  }
  return out.sort();
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

/**
 * The modal's styles, loaded with the modal's code, not in the stylesheet every page loads
 * (plugins/lib/chunk-styles.ts): DocSearch's and the site's additions to it
 * (./theme/SearchBar/modal.css). No page renders the modal on the server, so no page links
 * them.
 */
export const MODAL_STYLES =
  /[\\/](?:@docsearch[\\/]css[\\/]dist[\\/]modal\.css|search-index[\\/]theme[\\/]SearchBar[\\/]modal\.css)$/;

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
      return {};
    },

    injectHtmlTags() {
      return { headTags: [{ tagName: 'script', innerHTML: earlyShortcutScript }] };
    },

    async postBuild({ outDir, siteConfig }) {
      const started = Date.now();
      // Loaded here, not with the site configuration: cheerio and what it imports take
      // 0.1 s that `docusaurus start`, which never runs postBuild, would wait for.
      const { extractRecords } = await import('./extract');
      const origin = siteConfig.url.replace(/\/$/, '');
      const records: ExtractedRecord[] = [];
      for (const file of await htmlFiles(outDir)) {
        const route = routeOfFile(relative(outDir, file), siteConfig.baseUrl);
        if (route === `${siteConfig.baseUrl}search`) continue; // the search page itself
        const html = await readFile(file, 'utf8');
        const section = sectionOf(route, siteConfig.baseUrl);
        const area = section === 'home' ? undefined : sectionLabel(section);
        records.push(...extractRecords(html, origin + route, section, area));
      }
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

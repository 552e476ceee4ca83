/**
 * Where the search plugin writes its files, for the plugin and for the scripts and tests that
 * read them (kept free of the plugin's build-time imports).
 */
import { basename, dirname, join } from 'node:path';

/** Folder of the local index (manifest and shards) inside the build output. */
export const SEARCH_DIR = 'search';

/**
 * The DocSearch records in the Algolia record format (the export an Algolia upload job reads),
 * beside the build output rather than in it: `build/` → `build-records/records.json`. Readers'
 * browsers never load it, so it is not published (9.3 MB; design/production-server.md).
 */
export function recordsFile(outDir: string): string {
  return join(dirname(outDir), `${basename(outDir)}-records`, 'records.json');
}

/**
 * Keeps what `generateApi` made for a definition between builds, under
 * `node_modules/.cache/openapi-pages` (emptied by `docusaurus clear`), so a build whose
 * definitions and generator are unchanged reads the pages instead of rendering them again
 * (6–7 s of every build for the site's definitions; design/performance.md, "Where the build
 * time goes").
 *
 * An entry is used only when both still match:
 * - the generator: the SHA-256 of every file of this plugin folder, of package-lock.json
 *   (the versions of the libraries that render: Redocly, openapi-to-postmanv2, mdast…) and of
 *   the call's arguments (site and output folders, the API's options, the wording);
 * - the definition: the SHA-256 of every file it was bundled from (the entry lists them, as
 *   `loadSpec` reported them, so a changed `$ref`'d file is seen too).
 * Anything unreadable (no entry, a damaged one, a source file gone) counts as a miss.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ApiSummary, FileSet } from './generate';

/** What `generateApi` returns. */
export interface GeneratedApi {
  files: FileSet;
  sources: string[];
  pageCount: number;
  summary: ApiSummary;
}

/** An entry as stored (JSON). */
interface Entry {
  generator: string;
  sources: Array<[file: string, sha256: string]>;
  files: Array<[file: string, content: string]>;
  pageCount: number;
  summary: ApiSummary;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(full)));
    else out.push(full);
  }
  return out.sort();
}

/**
 * Hash of the generator for one call: this folder's files, package-lock.json of the site, and
 * `args` (JSON-serialisable).
 */
export async function generatorKey(siteDir: string, args: unknown): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await filesUnder(__dirname)) {
    hash
      .update(`${file}\0`)
      .update(await readFile(file))
      .update('\0');
  }
  hash.update(await readFile(join(siteDir, 'package-lock.json')).catch(() => ''));
  hash.update(JSON.stringify(args));
  return hash.digest('hex');
}

/**
 * `generate()`'s result, from `cacheFile` when it holds one for `generator` and unchanged
 * sources, else generated and stored (written under a temporary name and renamed, so an
 * interrupted build leaves no half-written entry).
 * @returns the result and whether it came from the cache.
 * @throws whatever `generate` throws (nothing is stored then).
 */
export async function cachedGenerate(
  cacheFile: string,
  generator: string,
  generate: () => Promise<GeneratedApi>,
): Promise<{ result: GeneratedApi; hit: boolean }> {
  const stored = await readEntry(cacheFile, generator);
  if (stored) return { result: stored, hit: true };
  const result = await generate();
  const entry: Entry = {
    generator,
    sources: await Promise.all(
      result.sources.map(async (f): Promise<[string, string]> => [f, sha256(await readFile(f))]),
    ),
    files: [...result.files],
    pageCount: result.pageCount,
    summary: result.summary,
  };
  await mkdir(dirname(cacheFile), { recursive: true });
  const temp = `${cacheFile}.${process.pid}.tmp`;
  await writeFile(temp, JSON.stringify(entry));
  await rename(temp, cacheFile);
  return { result, hit: false };
}

async function readEntry(cacheFile: string, generator: string): Promise<GeneratedApi | null> {
  try {
    const entry = JSON.parse(await readFile(cacheFile, 'utf8')) as Entry;
    if (entry.generator !== generator || !Array.isArray(entry.sources)) return null;
    for (const [file, hash] of entry.sources) {
      if (sha256(await readFile(file)) !== hash) return null;
    }
    return {
      files: new Map(entry.files),
      sources: entry.sources.map(([file]) => file),
      pageCount: entry.pageCount,
      summary: entry.summary,
    };
  } catch {
    return null;
  }
}

#!/usr/bin/env node
/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) twin beside every compressible file of the build
 * (run by `npm run build` last), so the production server sends them with `brotli_static` and
 * `gzip_static` instead of compressing each answer again (deploy/nginx/render.ts).
 *
 * - Compressible: HTML, JS, CSS, JSON, Markdown, txt, XML, SVG, YAML of 512 bytes and more
 *   (deploy/compressible.json; below that the headers cost more than compression saves).
 * - Levels: brotli quality `BROTLI_QUALITY` and gzip level 9, chosen by measuring build time
 *   against bytes (design/production-server.md); zlib's async calls run on libuv's thread
 *   pool, so both cores work.
 * - A twin is written only when it is smaller than its file; twins left from an earlier build
 *   whose file is gone are removed, and every other twin is rewritten, so none is stale.
 * - Compressed bytes are kept between builds under node_modules/.cache/precompress, named by
 *   the SHA-256 of the file's bytes and the levels, so a rebuild compresses only files whose
 *   bytes changed (`docusaurus clear` empties it); entries no file used in this run are
 *   deleted. PRECOMPRESS_CACHE=off, or a BUILD_DIR other than the site's build/, compresses
 *   everything and leaves the cache alone.
 * Prints files, bytes before and after, and the time taken. BUILD_DIR picks the folder
 * (relative to the project or absolute).
 * Exits 1 with a message when the folder does not exist.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const buildDir = resolve(root, process.env.BUILD_DIR ?? 'build');

/**
 * Extensions given twins and the smallest file given them, bytes (nginx's gzip_min_length):
 * deploy/compressible.json, shared with the nginx configuration, which refuses direct
 * requests for the twins.
 */
const { extensions: COMPRESSIBLE_EXTENSIONS, minBytes: MIN_BYTES } = JSON.parse(
  readFileSync(join(root, 'deploy', 'compressible.json'), 'utf8'),
);
/** Brotli quality 0–11: 8 (design/production-server.md: 11 took 8× as long for 9 % fewer bytes). */
export const BROTLI_QUALITY = 8;
const GZIP_LEVEL = 9;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const compressible = new RegExp(`\\.(${COMPRESSIBLE_EXTENSIONS.join('|')})$`);
const twin = new RegExp(`\\.(${COMPRESSIBLE_EXTENSIONS.join('|')})\\.(br|gz)$`);

async function walk(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(full)));
    else out.push(full);
  }
  return out;
}

/** Where compressed bytes are kept between builds (see the module comment). */
export const CACHE_DIR = join(root, 'node_modules', '.cache', 'precompress');

/** Brotli and gzip bytes of `data`, at BROTLI_QUALITY and GZIP_LEVEL. */
async function compress(data) {
  return Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gz(data, { level: GZIP_LEVEL }),
  ]);
}

/**
 * compress(data), from `cacheDir` when an earlier run stored it, else compressed and stored.
 * Entries are written under a temporary name and renamed, so an interrupted run leaves no
 * half-written entry. `used` collects the entry names read or written.
 * @returns `{ bytes: [brotli, gzip], hit }`, hit true when both came from the cache.
 */
async function compressCached(data, cacheDir, used) {
  const key = createHash('sha256')
    .update(`br${BROTLI_QUALITY}gz${GZIP_LEVEL}\0`)
    .update(data)
    .digest('hex');
  used.add(`${key}.br`).add(`${key}.gz`);
  // Files with the same bytes (a page and its copy) share one lookup and one write.
  const inFlight = pending.get(key);
  if (inFlight) return inFlight;
  const work = (async () => {
    const paths = [join(cacheDir, `${key}.br`), join(cacheDir, `${key}.gz`)];
    const cached = await Promise.all(paths.map((p) => readFile(p).catch(() => null)));
    if (cached[0] && cached[1]) return { bytes: cached, hit: true };
    const fresh = await compress(data);
    await Promise.all(
      paths.map(async (p, i) => {
        const temp = `${p}.${process.pid}.${++tempCount}.tmp`;
        await writeFile(temp, fresh[i]);
        await rename(temp, p);
      }),
    );
    return { bytes: fresh, hit: false };
  })();
  pending.set(key, work);
  try {
    return await work;
  } finally {
    pending.delete(key);
  }
}

/** Cache lookups under way, by key; and a counter that makes temporary names unique. */
const pending = new Map();
let tempCount = 0;

/**
 * Compresses one file into its twins.
 * @param cache `{ dir, used }` to reuse and keep compressed bytes (see the module comment), or
 *   undefined to compress without a cache.
 * @returns bytes of the file and of the twins written (the file's size where none was), and
 *   `cached`: whether both twins' bytes came from the cache.
 */
export async function compressFile(file, cache) {
  const data = await readFile(file);
  const { bytes, hit } = cache
    ? await compressCached(data, cache.dir, cache.used)
    : { bytes: await compress(data), hit: false };
  const [br, gzipped] = bytes;
  const written = { raw: data.length, br: data.length, gz: data.length, cached: hit };
  for (const [ext, bytes] of [
    ['br', br],
    ['gz', gzipped],
  ]) {
    if (bytes.length < data.length) {
      await writeFile(`${file}.${ext}`, bytes);
      written[ext] = bytes.length;
    } else if (existsSync(`${file}.${ext}`)) {
      await unlink(`${file}.${ext}`);
    }
  }
  return written;
}

/** Runs `task` over `items`, `limit` at a time. */
async function pool(items, limit, task) {
  const results = [];
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function main() {
  if (!existsSync(buildDir)) {
    console.error(`precompress: ${buildDir} does not exist; run "docusaurus build" first.`);
    process.exit(1);
  }
  const started = Date.now();
  const files = await walk(buildDir);
  const present = new Set(files);
  let orphans = 0;
  for (const f of files.filter((f) => twin.test(f))) {
    if (!present.has(f.replace(/\.(br|gz)$/, ''))) {
      await unlink(f);
      orphans++;
    }
  }
  const sized = await Promise.all(
    files.filter((f) => compressible.test(f)).map(async (f) => ({ f, size: (await stat(f)).size })),
  );
  // Largest first, so one big file does not finish alone at the end.
  const targets = sized
    .filter((t) => t.size >= MIN_BYTES)
    .sort((a, b) => b.size - a.size)
    .map((t) => t.f);
  // Another site's folder (BUILD_DIR: bench:compare's plain site) would evict this site's entries.
  const cache =
    process.env.PRECOMPRESS_CACHE === 'off' || buildDir !== join(root, 'build')
      ? undefined
      : { dir: CACHE_DIR, used: new Set() };
  if (cache) await mkdir(cache.dir, { recursive: true });
  const results = await pool(targets, 8, (file) => compressFile(file, cache));
  let reused = 0;
  if (cache) {
    const stale = (await readdir(cache.dir)).filter((name) => !cache.used.has(name));
    await Promise.all(stale.map((name) => unlink(join(cache.dir, name))));
    reused = results.filter((r) => r.cached).length;
  }
  const sum = (k) => results.reduce((a, r) => a + r[k], 0);
  const mb = (n) => `${(n / 1e6).toFixed(1)} MB`;
  console.log(
    `precompress: ${targets.length} files, ${mb(sum('raw'))} → brotli ${mb(sum('br'))}, gzip ${mb(sum('gz'))}` +
      `${orphans ? `, ${orphans} stale twins removed` : ''}` +
      `${cache ? `, ${reused} from the cache` : ''}, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(`precompress: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}

/**
 * Generated output kept between `docusaurus start` runs and reloads, per definition, until one
 * of the files it was made from changes (design/performance.md, "Writers' preview").
 *
 * An entry holds a value (JSON), the files it was made from (the definition and every file it
 * references) and a SHA-256 over those files' contents, the generator's code (`codeDirs`),
 * package-lock.json and the entry's options. It is used while all of that hashes the same;
 * anything else (a changed, added or missing file, another package version, other options, a
 * cache file that does not parse) regenerates. Production builds never use it.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

interface Entry<T> {
  key: string;
  sources: string[];
  value: T;
}

/** Version of the cache file's layout; another one is ignored. */
const FORMAT = 1;

async function codeFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && /\.(m?[jt]sx?|json|css)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

async function hashFiles(hash: ReturnType<typeof createHash>, files: string[]): Promise<void> {
  for (const file of files) {
    hash.update(`${file}\0`);
    // A missing file hashes differently from an empty one.
    const content = await readFile(file).catch(() => null);
    hash.update(content === null ? '\u0001missing' : content);
    hash.update('\0');
  }
}

/**
 * The memo of one plugin, stored in one JSON file.
 * @typeParam T the generated value of one definition (JSON-serialisable).
 */
export class SourceMemo<T> {
  private entries = new Map<string, Entry<T>>();
  private salt = '';

  /**
   * @param file where the memo is kept (under `.docusaurus/`).
   * @param siteDir the site folder (its package-lock.json is part of every key).
   * @param codeDirs absolute folders of the generator's code, hashed into every key.
   */
  constructor(
    private readonly file: string,
    private readonly siteDir: string,
    private readonly codeDirs: string[],
  ) {}

  /**
   * Reads the memo file and hashes the generator's code. A missing or unreadable file gives an
   * empty memo; never throws.
   */
  async load(): Promise<this> {
    const hash = createHash('sha256');
    const code = (await Promise.all(this.codeDirs.map(codeFiles))).flat();
    await hashFiles(hash, [join(this.siteDir, 'package-lock.json'), ...code]);
    this.salt = hash.digest('hex');
    try {
      const stored = JSON.parse(await readFile(this.file, 'utf8')) as {
        format: number;
        entries: [string, Entry<T>][];
      };
      if (stored.format === FORMAT && Array.isArray(stored.entries))
        this.entries = new Map(stored.entries);
    } catch {
      this.entries = new Map();
    }
    return this;
  }

  private async key(options: unknown, sources: string[]): Promise<string> {
    const hash = createHash('sha256');
    hash.update(`${this.salt}\0${JSON.stringify(options)}\0`);
    await hashFiles(hash, sources);
    return hash.digest('hex');
  }

  /**
   * The value stored for `id` when `options` and every file it was made from are unchanged.
   * @returns undefined when there is none or anything changed.
   */
  async get(id: string, options: unknown): Promise<T | undefined> {
    const entry = this.entries.get(id);
    if (!entry || !Array.isArray(entry.sources)) return undefined;
    return entry.key === (await this.key(options, entry.sources)) ? entry.value : undefined;
  }

  /**
   * Stores `value` for `id`, made with `options` from `sources` (absolute paths), unless a
   * source was saved at or after `since` (ms since the epoch, when generation started): the
   * value may then be of the older text, and the watcher's next reload regenerates it.
   */
  async set(
    id: string,
    options: unknown,
    sources: string[],
    value: T,
    since: number,
  ): Promise<void> {
    const times = await Promise.all(
      sources.map((f) =>
        stat(f).then(
          (s) => s.mtimeMs,
          () => Infinity,
        ),
      ),
    );
    if (times.some((t) => t >= since)) {
      this.entries.delete(id);
      return;
    }
    this.entries.set(id, { key: await this.key(options, sources), sources, value });
  }

  /**
   * Writes the memo file, under a temporary name renamed over it: a server stopped during the
   * write (5.5 MB for the site's definitions) leaves the previous memo, not a truncated file
   * that makes the next start regenerate everything. A failed write only costs the next start
   * its reuse: it is logged by the caller's `onError`, never thrown.
   */
  async save(onError: (error: Error) => void): Promise<void> {
    const temp = `${this.file}.${process.pid}.tmp`;
    try {
      await mkdir(dirname(this.file), { recursive: true });
      await writeFile(temp, JSON.stringify({ format: FORMAT, entries: [...this.entries] }));
      await rename(temp, this.file);
    } catch (error) {
      await rm(temp, { force: true }).catch(() => {});
      onError(error as Error);
    }
  }
}

/**
 * Regeneration after a saved OpenAPI definition under `docusaurus start` (design/performance.md,
 * "Writers' preview"): one watcher for the files that plugins/openapi-pages and
 * plugins/sandbox-twin generate from, instead of each plugin's `getPathsToWatch`.
 *
 * Through `getPathsToWatch`, one save reloaded both plugins at once, each one a Docusaurus
 * plugin reload (every plugin's `contentLoaded` and the routes code), once per change event of
 * the file (an editor's save often gives two): up to four generations of the same definition
 * ran side by side on the machine's two cores before the changed page was written. Neither
 * plugin has content or routes for Docusaurus to reload; they only write files, which the docs
 * plugin and the bundler watch themselves. Here, change events are gathered for `DEBOUNCE_MS`,
 * then every job whose files changed runs, one cycle at a time:
 * 1. `now` parts (the API pages), in the order the jobs were registered;
 * 2. once the bundler has rebuilt what they wrote and is quiet, `later` parts (downloads, the
 *    sandbox twin's data), so they do not slow down the page the writer is looking at.
 * A job part that throws is reported by the job itself; the watcher logs what escapes and goes on.
 */
import { type FSWatcher, watch } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Change events within this many ms (an editor's truncate and write) make one cycle. */
export const DEBOUNCE_MS = 50;
/** The bundler counts as quiet after this many ms without starting or finishing a build. */
export const QUIET_MS = 400;
/** `later` parts wait for a quiet bundler at most this many ms. */
export const MAX_WAIT_MS = 15_000;
/** Work that can wait for a writer who is reading, not saving: this many ms of quiet bundler. */
export const IDLE_MS = 10_000;
/** `idle()` resolves after this many ms at most, quiet bundler or not. */
export const IDLE_MAX_WAIT_MS = 120_000;

/** What one plugin regenerates when one of its files changes. */
export interface WatchJob {
  /** Absolute paths of the files the job generates from; asked again after every cycle. */
  files(): string[];
  /** Work whose result the writer waits for (the pages), run first. */
  now?(): Promise<void>;
  /** Work that can wait until the bundler has rebuilt the pages (downloads, twin data). */
  later?(): Promise<void>;
}

/** Minimal shape of the Rspack/webpack compiler hooks used here. */
interface CompilerHooks {
  hooks: {
    invalid: { tap(name: string, fn: () => void): void };
    watchRun: { tap(name: string, fn: () => void): void };
    done: { tap(name: string, fn: () => void): void };
  };
}

/**
 * Whether the dev server's bundler is building, from its compiler hooks (`invalid` and
 * `watchRun` start a build, `done` ends one).
 */
export class BundlerActivity {
  private building = false;
  private lastEvent = 0;
  private built!: () => void;
  private readonly firstDone = new Promise<void>((r) => (this.built = r));

  /** Resolves when the first build has finished (never without a bundler). */
  firstBuild(): Promise<void> {
    return this.firstDone;
  }

  /** An Rspack/webpack plugin that reports the client compiler's builds here. */
  plugin(): { name: string; apply(compiler: CompilerHooks): void } {
    const name = 'definition-watch-bundler-activity';
    return {
      name,
      apply: (compiler) => {
        compiler.hooks.invalid.tap(name, () => this.mark(true));
        compiler.hooks.watchRun.tap(name, () => this.mark(true));
        compiler.hooks.done.tap(name, () => this.mark(false));
      },
    };
  }

  /** Records a build starting (`true`) or ending (`false`). */
  mark(building: boolean): void {
    this.building = building;
    this.lastEvent = Date.now();
    if (!building) this.built();
  }

  /**
   * Resolves when no build is running and none started or ended for `quietMs`, counting from
   * `since` (ms since the epoch) at the earliest, or after `maxWaitMs` from `since` at most.
   */
  async quiet(since: number, quietMs = QUIET_MS, maxWaitMs = MAX_WAIT_MS): Promise<void> {
    for (;;) {
      const now = Date.now();
      if (now - since >= maxWaitMs) return;
      if (!this.building && now - Math.max(this.lastEvent, since) >= quietMs) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** A started watcher: more files can be added; `close` stops it. */
export interface FileWatcher {
  add(files: string[]): void;
  close(): void;
}

/**
 * Watches `files` through their folders (`fs.watch`, not keeping the process alive: the dev
 * server does): an editor that saves by writing a new file and renaming it over the old one is
 * seen too, which a watch of the file itself misses. Reports every changed name in those
 * folders; a folder that cannot be watched is reported once on the console.
 */
export function watchFolders(files: string[], onChange: (file: string) => void): FileWatcher {
  const folders = new Map<string, FSWatcher>();
  const add = (list: string[]) => {
    for (const dir of new Set(list.map((f) => dirname(f)))) {
      if (folders.has(dir)) continue;
      try {
        const watcher = watch(dir, { persistent: false }, (_event, name) => {
          if (name) onChange(join(dir, name.toString()));
        });
        watcher.on('error', (error) =>
          console.warn(`[definition-watch] stopped watching ${dir}: ${error.message}`),
        );
        folders.set(dir, watcher);
      } catch (error) {
        console.warn(`[definition-watch] cannot watch ${dir}: ${(error as Error).message}`);
      }
    }
  };
  add(files);
  return {
    add,
    close() {
      for (const watcher of folders.values()) watcher.close();
      folders.clear();
    },
  };
}

/** Options of a DefinitionWatch (tests shorten the waits). */
export interface DefinitionWatchOptions {
  debounceMs?: number;
  quietMs?: number;
  maxWaitMs?: number;
  idleMs?: number;
  /** Starts watching `files`; default watchFolders. */
  watch?: (files: string[], onChange: (file: string) => void) => FileWatcher;
}

/** The jobs of one process and the watcher of their files. */
export class DefinitionWatch {
  readonly bundler = new BundlerActivity();
  private readonly jobs = new Map<string, WatchJob>();
  private watcher?: FileWatcher;
  private readonly watched = new Set<string>();
  private changed = new Set<string>();
  /** Jobs whose `later` part was left for the next cycle (files saved again meanwhile). */
  private carried = new Set<string>();
  private timer?: NodeJS.Timeout;
  private chain: Promise<void> = Promise.resolve();
  private readonly debounceMs: number;
  private readonly quietMs: number;
  private readonly maxWaitMs: number;
  private readonly idleMs: number;
  private readonly startWatch: NonNullable<DefinitionWatchOptions['watch']>;

  constructor(options: DefinitionWatchOptions = {}) {
    this.debounceMs = options.debounceMs ?? DEBOUNCE_MS;
    this.quietMs = options.quietMs ?? QUIET_MS;
    this.maxWaitMs = options.maxWaitMs ?? MAX_WAIT_MS;
    this.idleMs = options.idleMs ?? IDLE_MS;
    this.startWatch = options.watch ?? watchFolders;
  }

  /**
   * Adds `job` under `key`, replacing the job of that key (a plugin created again when the
   * site configuration is reloaded), and watches its files.
   */
  register(key: string, job: WatchJob): void {
    this.jobs.set(key, job);
    this.watchFiles();
  }

  /** Reports a changed file (absolute, or relative to the working directory). */
  notify(file: string): void {
    this.changed.add(resolve(file));
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.chain = this.chain.then(() => this.cycle());
    }, this.debounceMs);
  }

  /**
   * Resolves once the bundler has been quiet for IDLE_MS (no save, no page compiled), or after
   * IDLE_MAX_WAIT_MS: for work whose result the writer is not waiting for.
   */
  async idle(): Promise<void> {
    await this.bundler.quiet(Date.now(), this.idleMs, IDLE_MAX_WAIT_MS);
  }

  /**
   * Runs the `later` part of the job registered under `key` in turn with the cycles, without
   * waiting for a change: work a start left for later (openapi-pages calls it once the preview
   * is idle).
   */
  runLater(key: string): void {
    this.chain = this.chain.then(() => {
      const job = this.jobs.get(key);
      return this.run(key, job?.later?.bind(job));
    });
  }

  /** Resolves when the changes reported so far have been regenerated. */
  async settled(): Promise<void> {
    let last;
    do {
      while (this.timer) await new Promise((r) => setTimeout(r, this.debounceMs));
      last = this.chain;
      await last;
    } while (last !== this.chain || this.timer);
  }

  /** Stops watching. */
  close(): void {
    clearTimeout(this.timer);
    this.watcher?.close();
    this.watcher = undefined;
    this.watched.clear();
  }

  private watchFiles(): void {
    const files = [...this.jobs.values()]
      .flatMap((job) => job.files())
      .filter((f) => !this.watched.has(f));
    if (!files.length) return;
    for (const f of files) this.watched.add(f);
    if (this.watcher) this.watcher.add(files);
    else this.watcher = this.startWatch(files, (file) => this.notify(file));
  }

  private async cycle(): Promise<void> {
    const changed = this.changed;
    this.changed = new Set();
    const hit = [...this.jobs].filter(([, job]) => job.files().some((f) => changed.has(f)));
    for (const [key, job] of hit) await this.run(key, job.now?.bind(job));
    const since = Date.now();
    const later = [...this.jobs].filter(
      ([key, job]) => job.later && (this.carried.has(key) || hit.some(([k]) => k === key)),
    );
    this.carried = new Set();
    if (later.length) {
      await this.bundler.quiet(since, this.quietMs, this.maxWaitMs);
      if (this.changed.size) {
        // Saved again: the next cycle writes the pages first, then runs these.
        for (const [key] of later) this.carried.add(key);
      } else {
        for (const [key, job] of later) await this.run(key, job.later?.bind(job));
      }
    }
    this.watchFiles();
  }

  private async run(key: string, part: (() => Promise<void>) | undefined): Promise<void> {
    try {
      await part?.();
    } catch (error) {
      console.error(`[${key}] regeneration failed: ${(error as Error).message}`);
    }
  }
}

/** The process's watcher, shared by plugins/openapi-pages and plugins/sandbox-twin. */
export const definitionWatch = new DefinitionWatch();

/**
 * Local plugin `preview-reload`, added under `docusaurus start` only (docusaurus.config.ts):
 * after a saved edit, the docs plugin reads every doc again only once the compile that the
 * save started has finished, not beside it (design/performance.md, "The docs reload after
 * the compile": what was measured, and the cases that do not wait).
 *
 * How: a compiler plugin (`CompileTracker`) on the client compiler records when a watched file
 * changed (`invalid`) and when the compile ends (`done`, `failed`, `watchClose`). The wrapped
 * docs plugin (plugins/lean-docs-metadata) awaits `compileSettled()` before its
 * `loadContent`. A body edit changes no metadata, so the reload after it writes nothing; an
 * edit of the front matter is written by the reload as before, one compile later.
 */
import type { Plugin } from '@docusaurus/types';

/**
 * How long a reload waits for the bundler to see the same save (ms). Docusaurus's watcher
 * (chokidar) and Rspack's (watchpack) both hear the file system's event; the bundler's comes
 * within a few milliseconds, or not at all when the file is not in its module graph (a page
 * not yet visited, with lazy compilation). With `docusaurus start --poll`, Rspack polls every
 * 5 s, so the grace passes first and the reload does not wait.
 */
export const GRACE_MS = 50;

/** The longest a reload waits for a compile (ms): a stuck compile never holds the reload. */
export const MAX_WAIT_MS = 10_000;

/** The hooks used, as Rspack's and Webpack's compilers both have them. */
export interface TrackedCompiler {
  hooks: {
    invalid: { tap: (name: string, fn: () => void) => void };
    done: { tap: (name: string, fn: () => void) => void };
    failed: { tap: (name: string, fn: () => void) => void };
    watchClose: { tap: (name: string, fn: () => void) => void };
  };
}

interface CompileState {
  /** A `CompileTracker` is applied to a compiler (the preview has started compiling). */
  tracking: boolean;
  /** When a watched file changed and the compile it started has not ended (ms), else 0. */
  busySince: number;
  waiters: Set<() => void>;
}

/**
 * The compile state of the preview's client compiler, one per process. Kept on `globalThis`:
 * Docusaurus evaluates the site configuration, and with it this module, afresh when the
 * configuration changes, while the compiler keeps the tracker it was given at start.
 */
const state: CompileState = ((globalThis as Record<symbol, CompileState | undefined>)[
  Symbol.for('aisle.preview-reload')
] ??= { tracking: false, busySince: 0, waiters: new Set() });

/** Forgets the tracker and any compile under way (tests: one process, many trackers). */
export function resetCompileState(): void {
  state.tracking = false;
  settle();
}

function settle(): void {
  state.busySince = 0;
  for (const resolve of state.waiters) resolve();
  state.waiters.clear();
}

/** Compiler plugin: keeps the state busy from a watched file's change to the compile's end. */
export class CompileTracker {
  apply(compiler: TrackedCompiler): void {
    const name = 'preview-reload';
    state.tracking = true;
    compiler.hooks.invalid.tap(name, () => {
      state.busySince ||= Date.now();
    });
    compiler.hooks.done.tap(name, settle);
    compiler.hooks.failed.tap(name, settle);
    compiler.hooks.watchClose.tap(name, settle);
  }
}

/**
 * Resolves once no compile is pending: at once when no `CompileTracker` is applied (a build,
 * the preview's first load before its compiler exists); else after `graceMs` (default
 * GRACE_MS) and, if a compile began by then, when it ends or `maxWaitMs` (default MAX_WAIT_MS)
 * after it began, whichever comes first. Never rejects.
 */
export async function compileSettled(
  graceMs: number = GRACE_MS,
  maxWaitMs: number = MAX_WAIT_MS,
): Promise<void> {
  if (!state.tracking) return;
  await new Promise<void>((resolve) => setTimeout(resolve, graceMs));
  if (!state.busySince) return;
  const left = state.busySince + maxWaitMs - Date.now();
  if (left <= 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await new Promise<void>((resolve) => {
    state.waiters.add(resolve);
    timer = setTimeout(() => {
      state.waiters.delete(resolve);
      resolve();
    }, left);
  });
  clearTimeout(timer);
}

/** The plugin; see the module comment. */
export default function previewReloadPlugin(): Plugin {
  return {
    name: 'preview-reload',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return { plugins: [new CompileTracker()] };
    },
  };
}

/**
 * Local plugin `preview-reload`, added under `docusaurus start` only (docusaurus.config.ts):
 * after a saved edit, the docs plugin reads every doc again only once the compile that the
 * save started has finished (design/performance.md, "The docs reload after the compile").
 *
 * Why: one save starts two things at once in the writers' preview. Rspack recompiles the
 * edited page, and Docusaurus reloads the docs plugin (every doc read again, its metadata and
 * routes written). Both need Node's one JavaScript thread, and the reload held it while the
 * compile waited to seal: the edited text reached the page later by the reload's length. A
 * body edit changes no metadata, so the reload that follows it writes nothing; an edit of the
 * metadata is written by the reload as before, one compile later.
 *
 * How: a compiler plugin (`CompileTracker`) on the client compiler records when a watched file
 * changed (`invalid`), and when the compile ends (`done`, `failed`, `watchClose`). The wrapped
 * docs plugin (plugins/lean-docs-metadata) awaits `compileSettled()` before its
 * `loadContent`.
 */
import type { Plugin } from '@docusaurus/types';

/**
 * How long a reload waits for the bundler to see the same save (ms). Docusaurus's watcher
 * (chokidar) and Rspack's (watchpack) both hear the file system's event; the bundler's comes
 * within a few milliseconds, or not at all when the file is not in its module graph (a page
 * not yet visited, with lazy compilation).
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

/** The compile state of the preview's client compiler, shared by the plugins of one process. */
const state = {
  /** A `CompileTracker` is applied to a compiler (the preview has started compiling). */
  tracking: false,
  /** A watched file changed and the compile it started has not ended. */
  busy: false,
  waiters: [] as (() => void)[],
};

function settle(): void {
  state.busy = false;
  for (const resolve of state.waiters.splice(0)) resolve();
}

/** Compiler plugin: keeps the state busy from a watched file's change to the compile's end. */
export class CompileTracker {
  apply(compiler: TrackedCompiler): void {
    const name = 'preview-reload';
    state.tracking = true;
    compiler.hooks.invalid.tap(name, () => {
      state.busy = true;
    });
    compiler.hooks.done.tap(name, settle);
    compiler.hooks.failed.tap(name, settle);
    compiler.hooks.watchClose.tap(name, settle);
  }
}

/**
 * Resolves once no compile is pending: at once when no `CompileTracker` is applied (a build,
 * the preview's first load before its compiler exists); else after `graceMs` (default
 * GRACE_MS) and, if a compile began by then, when it ends or after `maxWaitMs` (default
 * MAX_WAIT_MS), whichever comes first. Never rejects.
 */
export async function compileSettled(
  graceMs: number = GRACE_MS,
  maxWaitMs: number = MAX_WAIT_MS,
): Promise<void> {
  if (!state.tracking) return;
  await new Promise<void>((resolve) => setTimeout(resolve, graceMs));
  if (!state.busy) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await new Promise<void>((resolve) => {
    state.waiters.push(resolve);
    timer = setTimeout(resolve, maxWaitMs);
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

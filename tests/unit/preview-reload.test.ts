import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import previewReloadPlugin, {
  CompileTracker,
  compileSettled,
  GRACE_MS,
  MAX_WAIT_MS,
  resetCompileState,
  type TrackedCompiler,
} from '../../plugins/preview-reload';

type Tap = () => void;
type Hooks = Record<'invalid' | 'done' | 'failed' | 'watchClose', Tap[]>;

/** A compiler with the four hooks the tracker taps; `fire(name)` calls what was tapped. */
function fakeCompiler() {
  const hooks: Hooks = { invalid: [], done: [], failed: [], watchClose: [] };
  const compiler = {
    hooks: Object.fromEntries(
      Object.entries(hooks).map(([name, taps]) => [
        name,
        { tap: (_plugin: string, fn: Tap) => taps.push(fn) },
      ]),
    ),
  } as unknown as TrackedCompiler;
  const fire = (name: keyof Hooks) => hooks[name].forEach((fn) => fn());
  return { compiler, fire };
}

/** A tracker on a fake compiler; returns its `fire`. */
function tracked() {
  const { compiler, fire } = fakeCompiler();
  new CompileTracker().apply(compiler);
  return fire;
}

/** Whether `promise` has resolved, after the microtasks that are due have run. */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

beforeEach(() => {
  vi.useFakeTimers();
  resetCompileState();
});
afterEach(() => {
  vi.useRealTimers();
  vi.doUnmock('@docusaurus/plugin-content-docs');
});

describe('preview-reload', () => {
  it('does not wait when no compiler is tracked (a build, or the preview before its compiler)', async () => {
    expect(await isSettled(compileSettled())).toBe(true);
  });

  it('waits from a watched file change until that compile is done, every waiter', async () => {
    const fire = tracked();
    const reloads = [compileSettled(), compileSettled()];
    fire('invalid'); // the bundler heard the same save, within the grace
    await vi.advanceTimersByTimeAsync(GRACE_MS + 2_000);
    for (const reload of reloads) expect(await isSettled(reload)).toBe(false);
    fire('done');
    for (const reload of reloads) expect(await isSettled(reload)).toBe(true);
  });

  it('waits only the grace when the bundler did not see the save (a page not yet compiled)', async () => {
    tracked();
    const reload = compileSettled();
    await vi.advanceTimersByTimeAsync(GRACE_MS - 1);
    expect(await isSettled(reload)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await isSettled(reload)).toBe(true);
  });

  it('is released by a failed compile and by the watcher closing', async () => {
    for (const end of ['failed', 'watchClose'] as const) {
      resetCompileState();
      const fire = tracked();
      fire('invalid');
      const reload = compileSettled();
      await vi.advanceTimersByTimeAsync(GRACE_MS);
      expect(await isSettled(reload)).toBe(false);
      fire(end);
      expect(await isSettled(reload), end).toBe(true);
    }
  });

  it('waits at most MAX_WAIT_MS from the start of a compile that does not end', async () => {
    const fire = tracked();
    fire('invalid');
    const reload = compileSettled();
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS - 1);
    expect(await isSettled(reload)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await isSettled(reload)).toBe(true);
    // A later reload does not wait another MAX_WAIT_MS for the same stuck compile.
    const later = compileSettled();
    await vi.advanceTimersByTimeAsync(GRACE_MS);
    expect(await isSettled(later)).toBe(true);
    // The next save's compile is waited for again once this one ends.
    fire('done');
    fire('invalid');
    const next = compileSettled();
    await vi.advanceTimersByTimeAsync(GRACE_MS);
    expect(await isSettled(next)).toBe(false);
    fire('done');
    expect(await isSettled(next)).toBe(true);
  });

  it('keeps one state when the configuration is evaluated again (its compiler keeps the tracker)', async () => {
    const fire = tracked();
    vi.resetModules();
    const again = await import('../../plugins/preview-reload');
    fire('invalid');
    const reload = again.compileSettled();
    await vi.advanceTimersByTimeAsync(GRACE_MS);
    expect(await isSettled(reload)).toBe(false);
    fire('done');
    expect(await isSettled(reload)).toBe(true);
  });

  it('adds its tracker to the client compiler only', () => {
    const configure = previewReloadPlugin().configureWebpack as unknown as (
      c: unknown,
      isServer: boolean,
    ) => { plugins?: unknown[] };
    expect(configure({}, true)).toEqual({});
    const client = configure({}, false);
    expect(client.plugins).toHaveLength(1);
    expect(client.plugins![0]).toBeInstanceOf(CompileTracker);
  });
});

describe('lean-docs-metadata in the preview', () => {
  it("reads the docs only once the save's compile is done", async () => {
    vi.resetModules();
    const upstreamLoadContent = vi.fn(async () => ({ loadedVersions: [] }));
    vi.doMock('@docusaurus/plugin-content-docs', () => ({
      default: async () => ({
        name: 'docusaurus-plugin-content-docs',
        loadContent: upstreamLoadContent,
      }),
      validateOptions: () => ({}),
    }));
    const { default: leanDocs } = await import('../../plugins/lean-docs-metadata');
    const fire = tracked();
    const docs = await (
      leanDocs as unknown as (
        c: unknown,
        o: unknown,
      ) => Promise<{ loadContent: () => Promise<unknown> }>
    )({}, {});
    fire('invalid');
    const loaded = docs.loadContent();
    await vi.advanceTimersByTimeAsync(GRACE_MS + 1_000);
    expect(upstreamLoadContent).not.toHaveBeenCalled();
    fire('done');
    await vi.advanceTimersByTimeAsync(0);
    expect(upstreamLoadContent).toHaveBeenCalledTimes(1);
    await expect(loaded).resolves.toEqual({ loadedVersions: [] });
  });
});

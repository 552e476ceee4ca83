import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

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
  } as unknown as import('../../plugins/preview-reload').TrackedCompiler;
  const fire = (name: keyof Hooks) => hooks[name].forEach((fn) => fn());
  return { compiler, fire };
}

/** The module afresh (its compile state is per process), with a tracked compiler. */
async function tracked() {
  vi.resetModules();
  const mod = await import('../../plugins/preview-reload');
  const { compiler, fire } = fakeCompiler();
  new mod.CompileTracker().apply(compiler);
  return { ...mod, fire };
}

/** Whether `promise` has resolved, after the microtasks that are due have run. */
async function isSettled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('preview-reload', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('does not wait when no compiler is tracked (a build, or the preview before its compiler)', async () => {
    vi.resetModules();
    const { compileSettled } = await import('../../plugins/preview-reload');
    expect(await isSettled(compileSettled())).toBe(true);
  });

  it('waits from a watched file change until that compile is done', async () => {
    const { compileSettled, fire, GRACE_MS } = await tracked();
    const reload = compileSettled();
    fire('invalid'); // the bundler heard the same save, within the grace
    await vi.advanceTimersByTimeAsync(GRACE_MS);
    expect(await isSettled(reload)).toBe(false);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await isSettled(reload)).toBe(false);
    fire('done');
    expect(await isSettled(reload)).toBe(true);
  });

  it('waits only the grace when the bundler did not see the save (a page not yet compiled)', async () => {
    const { compileSettled, GRACE_MS } = await tracked();
    const reload = compileSettled();
    await vi.advanceTimersByTimeAsync(GRACE_MS - 1);
    expect(await isSettled(reload)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await isSettled(reload)).toBe(true);
  });

  it('is released by a failed compile and by the watcher closing', async () => {
    for (const end of ['failed', 'watchClose'] as const) {
      const { compileSettled, fire, GRACE_MS } = await tracked();
      fire('invalid');
      const reload = compileSettled();
      await vi.advanceTimersByTimeAsync(GRACE_MS);
      expect(await isSettled(reload)).toBe(false);
      fire(end);
      expect(await isSettled(reload), end).toBe(true);
    }
  });

  it('never waits longer than MAX_WAIT_MS for a compile that does not end', async () => {
    const { compileSettled, fire, GRACE_MS, MAX_WAIT_MS } = await tracked();
    fire('invalid');
    const reload = compileSettled();
    await vi.advanceTimersByTimeAsync(GRACE_MS + MAX_WAIT_MS - 1);
    expect(await isSettled(reload)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await isSettled(reload)).toBe(true);
    // The next save's compile is waited for again once this one ends.
    fire('done');
    fire('invalid');
    const next = compileSettled();
    await vi.advanceTimersByTimeAsync(GRACE_MS);
    expect(await isSettled(next)).toBe(false);
    fire('done');
    expect(await isSettled(next)).toBe(true);
  });

  it('adds its tracker to the client compiler only', async () => {
    vi.resetModules();
    const { default: plugin, CompileTracker } = await import('../../plugins/preview-reload');
    const instance = plugin();
    const configure = instance.configureWebpack as unknown as (
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
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

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
    const tracker = await import('../../plugins/preview-reload');
    const { default: leanDocs } = await import('../../plugins/lean-docs-metadata');
    const { compiler, fire } = fakeCompiler();
    new tracker.CompileTracker().apply(compiler);
    const docs = await (
      leanDocs as unknown as (
        c: unknown,
        o: unknown,
      ) => Promise<{
        loadContent: () => Promise<unknown>;
      }>
    )({}, {});
    fire('invalid');
    const loaded = docs.loadContent();
    await vi.advanceTimersByTimeAsync(tracker.GRACE_MS + 1_000);
    expect(upstreamLoadContent).not.toHaveBeenCalled();
    fire('done');
    await vi.advanceTimersByTimeAsync(0);
    expect(upstreamLoadContent).toHaveBeenCalledTimes(1);
    await expect(loaded).resolves.toEqual({ loadedVersions: [] });
    vi.doUnmock('@docusaurus/plugin-content-docs');
  });
});

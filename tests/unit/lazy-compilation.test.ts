import { describe, expect, it, vi } from 'vitest';
import { lazyCompilationConfig } from '../../plugins/lazy-compilation';

/** A stand-in for the Rspack module: its middleware factory records the compiler it got. */
function fakeRspack() {
  const middleware = () => undefined;
  const lazyCompilationMiddleware = vi.fn(() => middleware);
  return { instance: Object.assign(() => undefined, { lazyCompilationMiddleware }), middleware };
}

describe('lazy-compilation plugin', () => {
  it('makes dynamic imports lazy in the client bundle and mounts the middleware on the compiler', () => {
    const { instance, middleware } = fakeRspack();
    const config = lazyCompilationConfig(false, { name: 'rspack', instance });
    expect(config.lazyCompilation).toEqual({ entries: false, imports: true });
    const { setupMiddlewares } = config.devServer as {
      setupMiddlewares: (m: unknown[], s: { compiler: unknown }) => unknown[];
    };
    const compiler = { name: 'client' };
    const existing = [() => 'docusaurus'];
    // Only its own middleware: webpack-merge concatenates this list to Docusaurus's.
    expect(setupMiddlewares(existing, { compiler })).toEqual([middleware]);
    expect(existing).toHaveLength(1);
    expect(instance.lazyCompilationMiddleware).toHaveBeenCalledWith(compiler);
  });

  it('leaves the server bundle, Webpack and an Rspack without the middleware as they are', () => {
    const { instance } = fakeRspack();
    expect(lazyCompilationConfig(true, { name: 'rspack', instance })).toEqual({});
    expect(lazyCompilationConfig(false, { name: 'webpack', instance })).toEqual({});
    expect(lazyCompilationConfig(false, { name: 'rspack', instance: () => undefined })).toEqual({});
    expect(lazyCompilationConfig(false, { name: 'rspack', instance: null })).toEqual({});
  });
});

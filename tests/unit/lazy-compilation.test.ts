import { mkdtemp, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { lazyCompilationConfig } from '../../plugins/lazy-compilation';

const require = createRequire(import.meta.url);
const registryLoader = require('../../plugins/lazy-compilation/registry-loader.cjs') as (
  source: string,
) => string;
/** Docusaurus's own writer of `.docusaurus/registry.js` (a module of its core, not a public API). */
const { generateRouteFiles } = require('@docusaurus/core/lib/server/codegen/codegenRoutes') as {
  generateRouteFiles(args: {
    generatedFilesDir: string;
    routes: Array<Record<string, unknown>>;
  }): Promise<void>;
};
const GENERATED = '/site/.docusaurus';

/** A stand-in for the Rspack module: its middleware factory records the compiler it got. */
function fakeRspack() {
  const middleware = () => undefined;
  const lazyCompilationMiddleware = vi.fn(() => middleware);
  return { instance: Object.assign(() => undefined, { lazyCompilationMiddleware }), middleware };
}

describe('lazy-compilation plugin', () => {
  it('makes dynamic imports lazy in the client bundle and mounts the middleware on the compiler', () => {
    const { instance, middleware } = fakeRspack();
    const config = lazyCompilationConfig(false, { name: 'rspack', instance }, GENERATED);
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
    expect(lazyCompilationConfig(true, { name: 'rspack', instance }, GENERATED)).toEqual({});
    expect(lazyCompilationConfig(false, { name: 'webpack', instance }, GENERATED)).toEqual({});
    expect(
      lazyCompilationConfig(false, { name: 'rspack', instance: () => undefined }, GENERATED),
    ).toEqual({});
    expect(lazyCompilationConfig(false, { name: 'rspack', instance: null }, GENERATED)).toEqual({});
  });

  it('gives the route registry, and nothing else, to the loader that drops its weak references', () => {
    const { instance } = fakeRspack();
    const { module } = lazyCompilationConfig(false, { name: 'rspack', instance }, GENERATED) as {
      module: { rules: Array<{ test: (f: string) => boolean; use: Array<{ loader: string }> }> };
    };
    const [rule] = module.rules;
    expect(rule.test(join(GENERATED, 'registry.js'))).toBe(true);
    expect(rule.test(join(GENERATED, 'routes.js'))).toBe(false);
    expect(rule.test('/site/docs/registry.js')).toBe(false);
    expect(rule.use[0].loader).toMatch(/registry-loader\.cjs$/);
  });

  it("keeps each route module's import() and path, without the weak reference that builds it", async () => {
    // The registry as Docusaurus writes it, for a page with props and a doc with a quote in its path.
    const generatedFilesDir = await mkdtemp(join(tmpdir(), 'registry-'));
    await generateRouteFiles({
      generatedFilesDir,
      routes: [
        {
          path: '/a',
          component: '@theme/DocPage',
          exact: true,
          props: { title: 'A' },
          plugin: { name: 'docs', id: 'default' },
        },
        { path: '/b', component: '@site/docs/b "quoted".mdx', exact: true },
      ],
    });
    const source = await readFile(join(generatedFilesDir, 'registry.js'), 'utf8');
    expect(source.match(/require\.resolveWeak\(/g)).toHaveLength(3);
    const loaded = registryLoader(source);
    expect(loaded).not.toContain('resolveWeak');
    expect(loaded.match(/", undefined\]/g)).toHaveLength(3);
    // Only the weak references changed: each entry keeps its import() and its path.
    expect(loaded.replace(/, undefined\]/g, '')).toBe(
      source.replace(/, require\.resolveWeak\("(?:[^"\\]|\\.)*"\)\]/g, ''),
    );
    expect(registryLoader('export default {};\n')).toBe('export default {};\n');
  });
});

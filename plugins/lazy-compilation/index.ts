/**
 * Local plugin `lazy-compilation`, added under `docusaurus start` only (docusaurus.config.ts):
 * the writers' preview compiles a dynamically imported module (a page's route chunk, the
 * diagram library, the Try it panel, the search modal) when the browser first asks for it,
 * not at start. Rspack's lazy compilation, with its middleware in the development server
 * (design/performance.md, "Lazy compilation in the preview").
 *
 * Why: the client compile at start and every compile after a saved edit scale with the
 * whole module graph, and this site's graph holds every doc page, mermaid and msw. Measured
 * with `npm run bench:preview`: start to the first page rendered 17.8 → 14.3 s, a body edit
 * 1.7 → 1.4–1.5 s (same machine, each against plain Docusaurus in the same run).
 *
 * The route registry's weak references would still make Rspack build every page at start;
 * ./registry-loader.cjs drops them (design/performance.md, "A start that builds no page, and
 * work a start leaves for later").
 *
 * Cost: the first visit of a page (or first use of a lazy feature) in a preview session waits
 * for its compile, e.g. about 7 s for the diagram library on the 2-core machine. Production
 * builds are unchanged: the plugin is not added there, and it returns nothing for the server
 * bundle or for Webpack (`future.faster` off).
 */
import { join } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';

/** A connect-style middleware, as the development server (webpack-dev-server) mounts them. */
type Middleware = (req: unknown, res: unknown, next?: () => void) => unknown;

/** The part of the Rspack module this plugin uses (`@rspack/core`'s export). */
interface RspackLazyApi {
  lazyCompilationMiddleware: (compiler: unknown) => Middleware;
}

/** True when `instance` is an Rspack module with the lazy compilation middleware. */
function hasLazyMiddleware(instance: unknown): instance is RspackLazyApi {
  return (
    (typeof instance === 'function' || (typeof instance === 'object' && instance !== null)) &&
    typeof (instance as Partial<RspackLazyApi>).lazyCompilationMiddleware === 'function'
  );
}

/**
 * The client configuration to merge, given Docusaurus's current bundler:
 * - `lazyCompilation`: dynamic imports only (`imports: true`); the entry is compiled at start,
 *   so the first page needs one request to the middleware, not two;
 * - `devServer.setupMiddlewares`: adds Rspack's middleware, which answers the browser's
 *   "compile this module" requests (POST `/lazy-compilation-using-…`). Creating it applies
 *   Rspack's plugin to the compiler, so it must run before the compiler's first run:
 *   webpack-dev-server calls `setupMiddlewares` before it starts watching.
 *
 * Docusaurus merges this `devServer` into its own with webpack-merge, which calls both
 * `setupMiddlewares` functions and concatenates their lists. So this one returns only its own
 * middleware, appended after Docusaurus's (none of those answers a POST to that prefix).
 *
 * @returns `{}` for the server bundle, for Webpack, or for an Rspack without the middleware.
 */
export function lazyCompilationConfig(
  isServer: boolean,
  bundler: { name: string; instance: unknown },
  generatedFilesDir: string,
): Record<string, unknown> {
  if (isServer || bundler.name !== 'rspack' || !hasLazyMiddleware(bundler.instance)) return {};
  const rspack = bundler.instance;
  const registry = join(generatedFilesDir, 'registry.js');
  return {
    lazyCompilation: { entries: false, imports: true },
    // Without its weak references, the route registry no longer makes the bundler build every
    // page at start (./registry-loader.cjs).
    module: {
      rules: [
        {
          test: (file: string) => file === registry,
          enforce: 'pre',
          use: [{ loader: join(__dirname, 'registry-loader.cjs') }],
        },
      ],
    },
    devServer: {
      setupMiddlewares: (_middlewares: unknown[], devServer: { compiler: unknown }) => [
        rspack.lazyCompilationMiddleware(devServer.compiler),
      ],
    },
  };
}

/** The plugin; see the module comment. */
export default function lazyCompilationPlugin(context: LoadContext): Plugin {
  return {
    name: 'lazy-compilation',
    configureWebpack(_config, isServer, { currentBundler }) {
      return lazyCompilationConfig(isServer, currentBundler, context.generatedFilesDir);
    },
  };
}

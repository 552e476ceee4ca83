/**
 * The sandbox twin in Node: the same generated modules and handlers as in the browser, with
 * the world in memory, served over HTTP (./server.ts) by `npm run sandbox` (scripts/sandbox.ts)
 * for readers' own code and for the sample run in CI (design/sandbox-twin.md).
 */
import { mkdir } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openapiPages } from '../../config/openapi';
import { buildTwinData, type RouteSpec, writeTwinData } from './generate';
import { arrangeFor, connectHandlers, seedWorld } from './twin/connect';
import { type ServerArgs, serveTwin } from './server';
import { createTwin, type OperationModule } from './twin/twin';

/** A Node twin and what it was made from. */
export type NodeTwin = ReturnType<typeof createTwin>;

/**
 * Generates the twin's modules into `<siteDir>/node_modules/.cache/sandbox-twin` and makes a
 * twin over them.
 * @param localOrigin the server's own origin, answered by path (`http://127.0.0.1:4010`), or a
 *   set the server adds it to once its port is open.
 * @param now clock for tests (Unix ms).
 * @throws Error when a definition does not bundle.
 */
export async function createNodeTwin(
  siteDir: string,
  localOrigin: string | Set<string>,
  now?: () => number,
): Promise<NodeTwin> {
  const dir = join(siteDir, 'node_modules', '.cache', 'sandbox-twin');
  await mkdir(dir, { recursive: true });
  await writeTwinData(dir, await buildTwinData(siteDir, openapiPages.apis));
  const routes = JSON.parse(readFileSync(join(dir, 'routes.json'), 'utf8')) as RouteSpec[];
  // The validators' runtime helpers (OPERATION_RUNTIME) from the site's own dependencies.
  const require = createRequire(join(siteDir, 'package.json'));
  return createTwin({
    routes,
    load: async (key) => {
      const file = pathToFileURL(join(dir, 'ops', `${key}.js`)).href;
      const mod = (await import(/* @vite-ignore */ file)) as {
        default: (r: NodeJS.Require) => OperationModule;
      };
      return mod.default(require);
    },
    handlers: connectHandlers,
    seed: seedWorld,
    examples: JSON.parse(readFileSync(join(dir, 'seed.json'), 'utf8')) as Record<string, unknown>,
    arrange: arrangeFor,
    now,
    localOrigins: typeof localOrigin === 'string' ? [localOrigin] : localOrigin,
  });
}

/**
 * Starts the twin's HTTP server (./server.ts) on `host:port` (port 0 picks a free one), once
 * the twin is ready: the first request is answered by it.
 * @param now the twin's clock (Unix ms); default the real one.
 * @param callbacks where callbacks are also delivered (./delivery.ts), if anywhere.
 * @returns the server, its origin and the twin.
 * @throws Error when a definition does not bundle or the port is taken.
 */
export async function startSandboxServer(
  siteDir: string,
  port: number,
  host = '127.0.0.1',
  now?: () => number,
  callbacks: Pick<ServerArgs, 'callbackUrl' | 'callbackTimeScale'> = {},
): Promise<{ server: Server; origin: string; twin: NodeTwin }> {
  const localOrigins = new Set<string>();
  const twin = await createNodeTwin(siteDir, localOrigins, now);
  const { server, origin } = await serveTwin(twin, localOrigins, port, host, callbacks);
  return { server, origin, twin };
}

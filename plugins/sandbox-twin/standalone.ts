/**
 * The sandbox twin as one file (design/sandbox-twin.md, "One file to run in CI"): what the build
 * bundles, with the generated routes, example data and operation modules, into
 * `<outDir>/sandbox/aisle-sandbox.mjs` (./bundle.ts), so `node aisle-sandbox.mjs --port 4010`
 * runs in an empty folder on Node 20, with no install. The same twin and HTTP layer as
 * `npm run sandbox`; only where the modules come from differs.
 */
import type { RouteSpec } from './generate';
import { describeTwin, parseServerArgs, serveTwin } from './server';
import { arrangeFor, connectHandlers, seedWorld } from './twin/connect';
import { runtimeRequire } from './twin/runtime-require';
import { createTwin, type OperationModule } from './twin/twin';

/** What the bundle embeds: the generator's data (plugins/sandbox-twin/generate.ts). */
export interface StandaloneData {
  /** The twin's version: the operation modules' hash the site publishes them under. */
  version: string;
  routes: RouteSpec[];
  seed: Record<string, unknown>;
  /** Each operation module's factory, by module key (`fulfillment/create_user`). */
  modules: Record<string, (require: (id: string) => unknown) => OperationModule>;
}

/**
 * Runs the command line: starts the twin and prints what `npm run sandbox` prints; exits 2 with
 * a message on a bad option, 1 when the port cannot be opened.
 */
export async function main(data: StandaloneData, argv = process.argv.slice(2)): Promise<void> {
  if (argv.includes('--version')) {
    console.log(data.version);
    return;
  }
  const parsed = parseServerArgs(argv, process.env, 'node aisle-sandbox.mjs');
  if ('message' in parsed) {
    (parsed.exit ? console.error : console.log)(parsed.message);
    process.exitCode = parsed.exit;
    return;
  }
  const offset = parsed.nowMs === undefined ? 0 : parsed.nowMs - Date.now();
  const localOrigins = new Set<string>();
  const twin = createTwin({
    routes: data.routes,
    load: async (key) => {
      const factory = data.modules[key];
      if (!factory) throw new Error(`no operation module ${key}`);
      return factory(runtimeRequire);
    },
    handlers: connectHandlers,
    seed: seedWorld,
    examples: data.seed,
    arrange: arrangeFor,
    now: () => Date.now() + offset,
    localOrigins,
  });
  try {
    const { origin } = await serveTwin(twin, localOrigins, parsed.port, parsed.host, parsed);
    console.log(`Aisle sandbox twin ${data.version}`);
    for (const line of await describeTwin(origin)) console.log(line);
  } catch (error) {
    console.error(`The sandbox twin did not start: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}

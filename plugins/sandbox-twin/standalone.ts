/**
 * The sandbox twin as one file (design/sandbox-twin.md, "One file to run in CI"): what the build
 * bundles, with the generated routes, example data and operation modules, into
 * `<outDir>/sandbox/aisle-sandbox.mjs` (./bundle.ts), so `node aisle-sandbox.mjs --port 4010`
 * runs in an empty folder on Node 20, with no install. The same twin and HTTP layer as
 * `npm run sandbox`; only where the modules come from differs.
 */
import ucs2length from 'ajv/dist/runtime/ucs2length';
import equal from 'ajv/dist/runtime/equal';
import { fullFormats } from 'ajv-formats/dist/formats';
import type { RouteSpec } from './generate';
import { describeTwin, serveTwin } from './server';
import { arrangeFor, connectHandlers, seedWorld } from './twin/connect';
import { createTwin, type OperationModule } from './twin/twin';
import type { OPERATION_RUNTIME } from './twin/types';

/** What an operation module's `require` answers: the CommonJS exports of OPERATION_RUNTIME. */
const RUNTIME: Record<(typeof OPERATION_RUNTIME)[number], unknown> = {
  'ajv/dist/runtime/ucs2length': { default: ucs2length },
  'ajv/dist/runtime/equal': { default: equal },
  'ajv-formats/dist/formats': { fullFormats },
};

function runtimeRequire(id: string): unknown {
  if (!(id in RUNTIME)) throw new Error(`an operation module needs ${id}, which this file lacks`);
  return RUNTIME[id as keyof typeof RUNTIME];
}

/** What the bundle embeds: the generator's data (plugins/sandbox-twin/generate.ts). */
export interface StandaloneData {
  /** The twin's version: the operation modules' hash the site publishes them under. */
  version: string;
  routes: RouteSpec[];
  seed: Record<string, unknown>;
  /** Each operation module's factory, by module key (`fulfillment/create_user`). */
  modules: Record<string, (require: (id: string) => unknown) => OperationModule>;
}

const USAGE = `Usage: node aisle-sandbox.mjs [--port N] [--host H] [--now ISO-8601]

  --port N   port to listen on (default 4010, or PORT; 0 picks a free one)
  --host H   address to listen on (default 127.0.0.1)
  --now T    start the twin's clock at T (e.g. 2026-03-14T15:30:00Z); it runs from there
  --version  print the twin's version
  --help     print this`;

/** Options of the command line, or a message saying what is wrong with it. */
export function parseArgs(
  argv: string[],
  env: Record<string, string | undefined>,
): { port: number; host: string; nowMs?: number } | { message: string; exit: 0 | 2 } {
  const options: { port: number; host: string; nowMs?: number } = {
    port: 4010,
    host: '127.0.0.1',
  };
  const rawPort = env.PORT;
  const setPort = (raw: string | undefined): string | undefined => {
    const port = Number(raw);
    if (raw === undefined || !/^\d+$/.test(raw) || port > 65535)
      return `the port must be a number from 0 to 65535, not ${JSON.stringify(raw ?? '')}`;
    options.port = port;
    return undefined;
  };
  if (rawPort !== undefined) {
    const problem = setPort(rawPort);
    if (problem) return { message: `PORT: ${problem}`, exit: 2 };
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s) : [arg];
    const value = () => inline ?? argv[++i];
    if (flag === '--help' || flag === '-h') return { message: USAGE, exit: 0 };
    if (flag === '--port') {
      const problem = setPort(value());
      if (problem) return { message: `--port: ${problem}\n\n${USAGE}`, exit: 2 };
    } else if (flag === '--host') {
      const host = value();
      if (!host) return { message: `--host needs an address\n\n${USAGE}`, exit: 2 };
      options.host = host;
    } else if (flag === '--now') {
      const raw = value();
      const ms = raw === undefined ? NaN : Date.parse(raw);
      if (Number.isNaN(ms))
        return {
          message: `--now must be an ISO 8601 time such as 2026-03-14T15:30:00Z, not ${JSON.stringify(raw ?? '')}`,
          exit: 2,
        };
      options.nowMs = ms;
    } else return { message: `unknown option ${JSON.stringify(arg)}\n\n${USAGE}`, exit: 2 };
  }
  return options;
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
  const parsed = parseArgs(argv, process.env);
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
    const { origin } = await serveTwin(twin, localOrigins, parsed.port, parsed.host);
    console.log(`Aisle sandbox twin ${data.version}`);
    for (const line of await describeTwin(origin)) console.log(line);
  } catch (error) {
    console.error(`The sandbox twin did not start: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}

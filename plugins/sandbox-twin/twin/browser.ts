/**
 * The sandbox twin in the reader's browser (design/sandbox-twin.md): the generated route table,
 * one operation module loaded when a request for it arrives (a plain file outside the bundler,
 * plugins/sandbox-twin/index.ts), the Connect state handlers, and the world kept in
 * sessionStorage, so it survives navigation within the tab and is gone when the tab closes.
 * Where storage is blocked, the world lives in memory for the page. Imported only by the Try it
 * panel's chunk, never by a page.
 */
import routes from '@sandbox-twin/data/routes.json';
import seed from '@sandbox-twin/data/seed.json';
import ops from '@sandbox-twin/data/ops.json';
import type { RouteSpec } from '../generate';
import { seedWorld } from './example-world';
import { createTwin, type OperationModule, type WorldStorage } from './twin';
import { runtimeRequire } from './runtime-require';
import { moduleKey, type OperationSpec, type Twin } from './types';
import { type World, withoutPrototypes } from './world';

const table = routes as RouteSpec[];

const modules = new Map<string, Promise<OperationModule>>();

/**
 * One operation module, imported from `<ops.base><key>.js` once per page.
 * @throws Error when the file cannot be loaded (offline, or a build without it).
 */
function loadModule(key: string): Promise<OperationModule> {
  let loaded = modules.get(key);
  if (!loaded) {
    const url = `${(ops as { base: string }).base}${key}.js`;
    loaded = (
      import(/* webpackIgnore: true */ url) as Promise<{ default: (r: unknown) => unknown }>
    )
      .then((m) => m.default(runtimeRequire) as OperationModule)
      .catch((e: unknown) => {
        modules.delete(key);
        throw new Error(`could not load the sandbox module ${key}: ${(e as Error).message}`);
      });
    modules.set(key, loaded);
  }
  return loaded;
}

/** sessionStorage key of the world. */
export const STORAGE_KEY = 'aisle-sandbox-twin';

function sessionStorageOrNull(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

const storage: WorldStorage = {
  read() {
    try {
      const text = sessionStorageOrNull()?.getItem(STORAGE_KEY);
      return text ? withoutPrototypes(JSON.parse(text) as World) : undefined;
    } catch {
      return undefined;
    }
  },
  write(world) {
    try {
      sessionStorageOrNull()?.setItem(STORAGE_KEY, JSON.stringify(world));
    } catch {
      // blocked or full storage: the world stays in memory for this page
    }
  },
};

/**
 * One operation's Try it description (prefill, hints, security), loading only its module.
 * @throws Error when the API has no such operation.
 */
export async function loadOperation(api: string, operationId: string): Promise<OperationSpec> {
  const route = table.find((r) => r.api === api && r.operationId === operationId);
  if (!route) throw new Error(`no operation ${operationId} in the ${api} API`);
  return (await loadModule(moduleKey(route))).spec;
}

/** Every operation of one API; loads every one of its modules (prefer loadOperation). */
export async function loadOperations(api: string): Promise<OperationSpec[]> {
  return Promise.all(
    table.filter((r) => r.api === api).map(async (r) => (await loadModule(moduleKey(r))).spec),
  );
}

let twin: Twin | undefined;

/**
 * The page's twin (one per page; its world in sessionStorage). Without `arrange`: only the
 * sample run resets for a documented request (`resetFor`), so the panel's bytes leave
 * `arrangeFor` out (design/try-it.md, "Bytes").
 */
export async function loadBrowserTwin(): Promise<Twin> {
  twin ??= createTwin({
    routes: table,
    load: loadModule,
    // The Connect handlers come with the panel's second chunk, when a request first needs them.
    handlers: () =>
      import(/* webpackChunkName: "try-it-extra" */ './connect').then((m) => m.connectHandlers),
    seed: seedWorld,
    examples: seed,
    storage,
  });
  return twin;
}

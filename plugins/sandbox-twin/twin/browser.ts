/**
 * The sandbox twin in the reader's browser (design/sandbox-twin.md): the generated route table,
 * one chunk per operation loaded when a request for it arrives (plugins/sandbox-twin/generate.ts),
 * the Connect state handlers, and the world kept in sessionStorage, so it survives navigation
 * within the tab and is gone when the tab closes. Where storage is blocked, the world lives in
 * memory for the page. Imported only by the Try it panel's chunk, never by a page.
 */
import routes from '@sandbox-twin/data/routes.json';
import seed from '@sandbox-twin/data/seed.json';
import { loaders } from '@sandbox-twin/data/loaders.js';
import type { RouteSpec } from '../generate';
import { arrangeFor, connectHandlers, seedWorld } from './connect';
import { createTwin, type OperationModule, type WorldStorage } from './twin';
import type { OperationSpec, Twin } from './types';
import type { World } from './world';

/** sessionStorage key of the world. */
export const STORAGE_KEY = 'aisle-sandbox-twin';

const table = routes as RouteSpec[];

async function loadModule(key: string): Promise<OperationModule> {
  const loader = (loaders as Record<string, () => Promise<unknown>>)[key];
  if (!loader) throw new Error(`no sandbox module ${key}`);
  const loaded = (await loader()) as { default?: OperationModule } & OperationModule;
  // A CommonJS chunk comes back as a namespace whose default is module.exports.
  return loaded.default ?? loaded;
}

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
      return text ? (JSON.parse(text) as World) : undefined;
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
 * One operation's Try it description (prefill, hints, security), loading only its chunk.
 * @throws Error when the API has no such operation.
 */
export async function loadOperation(api: string, operationId: string): Promise<OperationSpec> {
  const route = table.find((r) => r.api === api && r.operationId === operationId);
  if (!route) throw new Error(`no operation ${operationId} in the ${api} API`);
  return (await loadModule(route.module)).spec;
}

/** Every operation of one API; loads every one of its chunks (prefer loadOperation). */
export async function loadOperations(api: string): Promise<OperationSpec[]> {
  return Promise.all(
    table.filter((r) => r.api === api).map(async (r) => (await loadModule(r.module)).spec),
  );
}

let twin: Twin | undefined;

/** The page's twin (one per page; its world in sessionStorage). */
export async function loadBrowserTwin(): Promise<Twin> {
  twin ??= createTwin({
    routes: table,
    load: loadModule,
    handlers: connectHandlers,
    seed: seedWorld,
    examples: seed,
    arrange: arrangeFor,
    storage,
  });
  return twin;
}

/**
 * From `openapi/*.yaml` to the sandbox twin's data (design/sandbox-twin.md): a route table of
 * every operation (method, path, sandbox server, scopes), and one ES module per operation with
 * its Try it description (`spec`, an OperationSpec) and its request validators compiled ahead of
 * time by Ajv (`standaloneCode`): the browser gets the validators' code, not Ajv's compiler, and
 * the CSP needs no `unsafe-eval`. Node loads the same modules, so the browser, `npm run sandbox`
 * and CI validate with one rule set.
 *
 * An operation module is a factory, `export default function (require) { … return exports }`:
 * the validators' few runtime helpers (OPERATION_RUNTIME) come from the caller's `require`, so
 * the modules import nothing and are served as plain files outside the bundler. The bundler
 * would list every operation's chunk in the runtime every page loads.
 *
 * Validators per module: `params(values)` checks path, query and header parameters (strings
 * coerced to the declared types), `body(value)` the JSON body; both are Ajv validate functions
 * (`.errors` after a failed call), `body` absent when the operation takes no body.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { AnySchema } from 'ajv';
import type { OpenAPIV3_1 } from 'openapi-types';
import { type ApiOptions, collectPages } from '../openapi-pages/generate';
import { type Document, loadSpec, makeResolver, type Resolve } from '../openapi-pages/load';
import { credentialHeader } from '../openapi-pages/render/authorization';
import { mediaExamples, parameterExample } from '../openapi-pages/samples';
import { apiOfFile } from '../../src/data/facts/apis';
import { errorOf } from '../../src/data/facts/errors';
import { baseUrls } from '../../src/data/facts/hosts';
import { rateLimits } from '../../src/data/facts/limits';
import { readTryItExtension } from './try-it-extension';
import { SEED_EXAMPLES } from './twin/connect';
import {
  type FieldHint,
  OPERATION_RUNTIME,
  type OperationSpec,
  type ParameterSpec,
  type SecuritySpec,
} from './twin/types';

/**
 * Headers the twin's pipeline answers for itself, so the generated validators leave them out:
 * the credential, the body's type, `Idempotency-Key` (1006) and `Accept-Language` (never an
 * error: CONTRIBUTING.md "Connect API basics").
 */
const PIPELINE_HEADERS = new Set([
  'authorization',
  'content-type',
  'idempotency-key',
  'accept-language',
]);

/** One row of the route table: enough to route a request without loading its module. */
export interface RouteSpec {
  api: string;
  operationId: string;
  method: string;
  /** Path template without the server's base path. */
  path: string;
  /** Sandbox or test server: origin plus base path, no trailing slash. */
  server: string;
  security: SecuritySpec | null;
  /**
   * Requests per second per credential on the sandbox or test host: the lowest limit the
   * facts give for the API's family (src/data/facts/limits.ts; Connect 10, Developer Platform 5).
   */
  rateLimit: number;
}

/** Codes the pipeline itself answers, whose status comes from the facts when an operation shows none. */
const PIPELINE_CODES = [1001, 1002, 1003, 1004, 1005, 1006, 1008, 1015, 2001, 2002, 2005];

/** What the generator writes: the route table and the modules' code by key. */
export interface TwinData {
  routes: RouteSpec[];
  /** First documented success of each SEED_EXAMPLES operation, by module key. */
  seed: Record<string, unknown>;
  /** `<api>/<operationId>` → ES module source (a factory of the module's exports). */
  modules: Map<string, string>;
}

const METHODS_WITH_BODY = new Set(['post', 'put', 'patch']);

/** A copy of `node` whose internal `$ref`s (`#/…`) point into the schema registered as `base`. */
function rebase(node: unknown, base: string): unknown {
  if (Array.isArray(node)) return node.map((n) => rebase(n, base));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] =
      key === '$ref' && typeof value === 'string' && value.startsWith('#/')
        ? `${base}${value}`
        : rebase(value, base);
  }
  return out;
}

function securityOf(
  operation: OpenAPIV3_1.OperationObject,
  doc: Document,
  resolve: Resolve,
): SecuritySpec | null {
  const requirement = (operation.security ?? doc.security ?? [])[0];
  const name = requirement ? Object.keys(requirement)[0] : undefined;
  if (!requirement || !name) return null;
  const header = credentialHeader(operation, { doc, resolve });
  if (!header) return null;
  return {
    kind: header.name === 'Authorization' ? 'bearer' : 'apiKey',
    header: header.name,
    scopes: requirement[name] ?? [],
  };
}

function typeName(schema: Record<string, unknown>): string | undefined {
  const t = schema.type;
  if (Array.isArray(t)) return t.filter((x) => x !== 'null').join(' | ') || undefined;
  return typeof t === 'string' ? t : undefined;
}

function fieldHints(schema: unknown, resolve: Resolve): FieldHint[] {
  const root = resolve<Record<string, unknown>>(schema).node;
  const props = (root.properties ?? {}) as Record<string, unknown>;
  const required = new Set((root.required as string[] | undefined) ?? []);
  return Object.entries(props).flatMap(([name, raw]) => {
    const resolved = resolve<Record<string, unknown>>(raw);
    const prop = resolved.node;
    if (prop.readOnly === true) return [];
    const items = prop.items ? resolve<Record<string, unknown>>(prop.items) : undefined;
    const type =
      typeName(prop) === 'array'
        ? `array of ${items?.name ?? (items ? typeName(items.node) : undefined) ?? 'values'}`
        : (resolved.name ?? typeName(prop) ?? 'value');
    const description =
      typeof prop.description === 'string'
        ? prop.description.split(/(?<=\.)\s/)[0].replace(/\s+/g, ' ')
        : undefined;
    return [{ name, type, required: required.has(name), ...(description && { description }) }];
  });
}

/** The twin's data of one definition, and the files it was read from (JSON, for the memo). */
export interface ApiTwinData {
  routes: RouteSpec[];
  seed: Record<string, unknown>;
  /** `[key, source]` of each operation module, as in TwinData.modules. */
  modules: [string, string][];
  /** Absolute paths of every file the definition was read from. */
  sources: string[];
}

/**
 * The twin's data of one definition.
 * @throws Error naming the definition when it does not bundle or an operation lacks an id.
 */
export async function buildApiTwinData(siteDir: string, api: ApiOptions): Promise<ApiTwinData> {
  const routes: RouteSpec[] = [];
  const modules = new Map<string, string>();
  const seed: Record<string, unknown> = {};
  const { doc, files: sources } = await loadSpec(join(siteDir, api.spec));
  const family = apiOfFile(`openapi/${api.id}.yaml`);
  if (!family) throw new Error(`${api.spec}: no API family in src/data/facts/apis.ts`);
  const rateLimit = Math.min(...rateLimits[family]);
  const resolve = makeResolver(doc);
  // The API's sandbox or test server, from the facts (src/data/facts/hosts.ts), which
  // tests/unit/facts.test.ts holds the definitions' `servers` to.
  const server = baseUrls[family].sandbox;
  // Absolute ids, so `$ref`s resolve the same from every schema added below.
  const base = `twin:${api.id}`;
  // Ajv is loaded when data is built: a `docusaurus start` that takes every API's data from
  // its memo never needs it (about 45 ms of module loading).
  const [{ Ajv2020 }, { default: standaloneCode }, { default: addFormats }] = await Promise.all([
    import('ajv/dist/2020'),
    import('ajv/dist/standalone'),
    import('ajv-formats'),
  ]);
  const bodyAjv = new Ajv2020({
    strict: false,
    allErrors: true,
    code: { source: true, optimize: 1 },
  });
  const paramAjv = new Ajv2020({
    strict: false,
    allErrors: true,
    coerceTypes: 'array',
    code: { source: true, optimize: 1 },
  });
  for (const ajv of [bodyAjv, paramAjv]) {
    addFormats(ajv);
    ajv.addSchema({ $id: base, components: rebase(doc.components ?? {}, base) });
  }
  for (const page of collectPages(doc, api)) {
    if (page.kind !== 'operation') continue;
    const { operation } = page;
    const params = [...page.pathParameters, ...(operation.parameters ?? [])]
      .map((p) => resolve<OpenAPIV3_1.ParameterObject>(p).node)
      // operation-level parameters override path-level ones with the same name and place
      .filter((p, i, all) => !all.slice(i + 1).some((q) => q.name === p.name && q.in === p.in))
      .filter((p) => p.in === 'path' || p.in === 'query' || p.in === 'header');
    const parameters: ParameterSpec[] = params.map((p) => {
      const schema = resolve<Record<string, unknown>>(p.schema ?? {}).node;
      const example = parameterExample(p, doc, resolve);
      const description =
        typeof p.description === 'string' ? p.description.replace(/\s+/g, ' ') : undefined;
      return {
        name: p.name,
        in: p.in as ParameterSpec['in'],
        required: p.in === 'path' || p.required === true,
        ...(description && { description }),
        ...(typeName(schema) && { type: typeName(schema) }),
        ...(Array.isArray(schema.enum) && { enum: schema.enum }),
        ...(example !== undefined && { example }),
      };
    });
    const checked = params.filter(
      (p) => !(p.in === 'header' && PIPELINE_HEADERS.has(p.name.toLowerCase())),
    );
    const paramsSchema = {
      type: 'object',
      properties: Object.fromEntries(
        checked.map((p) => [
          p.in === 'header' ? p.name.toLowerCase() : p.name,
          rebase(p.schema ?? {}, base),
        ]),
      ),
      required: checked
        .filter((p) => p.in === 'path' || p.required === true)
        .map((p) => (p.in === 'header' ? p.name.toLowerCase() : p.name)),
    };
    const requestBody = resolve<OpenAPIV3_1.RequestBodyObject>(operation.requestBody).node;
    const media = operation.requestBody ? requestBody.content?.['application/json'] : undefined;
    const key = `${api.id}/${page.operationId}`;
    paramAjv.addSchema(paramsSchema as AnySchema, `twin:${key}/params`);
    const exportsMap: Record<string, string> = {};
    let paramsCode = standaloneCode(paramAjv, { params: `twin:${key}/params` });
    let bodyCode = '';
    if (media?.schema && METHODS_WITH_BODY.has(page.method)) {
      bodyAjv.addSchema(rebase(media.schema, base) as AnySchema, `twin:${key}/body`);
      exportsMap.body = `twin:${key}/body`;
      bodyCode = standaloneCode(bodyAjv, exportsMap);
    }
    // Two Ajv instances number their constants alike: each module gets its own scope.
    const scoped = (code: string, name: string) =>
      code
        ? `exports.${name} = (function () {\nconst exports = {};\n${code.replace(/^"use strict";/, '')}\nreturn exports.${name};\n})();`
        : '';
    paramsCode = scoped(paramsCode, 'params');
    bodyCode = scoped(bodyCode, 'body');
    const requestExamples = media ? mediaExamples(media, doc, resolve, 'request') : [];
    const responses = Object.entries(operation.responses ?? {})
      .filter(([status]) => /^\d{3}$/.test(status))
      .map(([status, raw]) => {
        const response = resolve<OpenAPIV3_1.ResponseObject>(raw).node;
        const json = response.content?.['application/json'];
        const example = json ? mediaExamples(json, doc, resolve, 'response')[0]?.value : undefined;
        return { status: Number(status), ...(example !== undefined && { example }) };
      })
      .sort((a, b) => (a.status < 400 ? 0 : 1) - (b.status < 400 ? 0 : 1) || a.status - b.status);
    const errorStatuses: Record<string, number> = {};
    for (const [status, raw] of Object.entries(operation.responses ?? {})) {
      if (!/^[45]\d\d$/.test(status)) continue;
      const json = resolve<OpenAPIV3_1.ResponseObject>(raw).node.content?.['application/json'];
      for (const example of json ? mediaExamples(json, doc, resolve, 'response') : []) {
        if (example.generated) continue;
        const errors = (example.value as { errors?: { code?: unknown }[] } | undefined)?.errors;
        for (const e of Array.isArray(errors) ? errors : [])
          if (typeof e?.code === 'number') errorStatuses[String(e.code)] ??= Number(status);
      }
    }
    // Codes this operation's examples do not show take the API's status from the error
    // catalogue: 422 on Connect and Ads, 400 on Catalog, FoodStorm and the Developer Platform.
    for (const code of PIPELINE_CODES) {
      const statuses = errorOf(family, code)?.status[family] ?? [];
      const status = statuses.includes(422) ? 422 : statuses.find((s) => s >= 400);
      if (status !== undefined) errorStatuses[String(code)] ??= status;
    }
    const security = securityOf(operation, doc, resolve);
    const tryIt = readTryItExtension(
      (operation as Record<string, unknown>)['x-aisle-try-it'],
      api.id,
      key,
    );
    const spec: OperationSpec = {
      api: api.id,
      operationId: page.operationId,
      method: page.method.toUpperCase(),
      path: page.path,
      sandboxServer: server,
      parameters,
      ...(media && {
        requestBody: {
          required: requestBody.required === true,
          ...(requestExamples[0] && { example: requestExamples[0].value }),
          fields: fieldHints(media.schema, resolve),
        },
      }),
      security,
      responses,
      errorStatuses,
      rateLimit,
      ...(tryIt && { tryIt }),
    };
    if (SEED_EXAMPLES.includes(key))
      seed[key] = responses.find((r) => r.status < 300 && r.example !== undefined)?.example;
    const code = `${paramsCode}\n${bodyCode}`;
    for (const [, id] of code.matchAll(/require\("([^"]+)"\)/g))
      if (!(OPERATION_RUNTIME as readonly string[]).includes(id))
        throw new Error(`[sandbox-twin] ${key}: validators need ${id}, not in OPERATION_RUNTIME`);
    modules.set(
      key,
      `// Generated by plugins/sandbox-twin/generate.ts from ${api.spec}; do not edit.\n` +
        `export default function (require) {\n"use strict";\nconst exports = {};\n${code}\n` +
        `exports.spec = ${JSON.stringify(spec)};\nreturn exports;\n}\n`,
    );
    routes.push({
      api: api.id,
      operationId: page.operationId,
      method: spec.method,
      path: page.path,
      server,
      security,
      rateLimit,
    });
  }
  return { routes, modules: [...modules], seed, sources };
}

/**
 * The twin's data for the given definitions, in their order. `part` gives one definition's
 * data (default: buildApiTwinData; `docusaurus start` passes one that reuses unchanged ones).
 * @throws Error naming the definition when one does not bundle or an operation lacks an id.
 */
export async function buildTwinData(
  siteDir: string,
  apis: ApiOptions[],
  part: (api: ApiOptions) => Promise<ApiTwinData> = (api) => buildApiTwinData(siteDir, api),
): Promise<TwinData> {
  const data: TwinData = { routes: [], modules: new Map(), seed: {} };
  for (const api of apis) {
    const one = await part(api);
    data.routes.push(...one.routes);
    for (const [key, code] of one.modules) data.modules.set(key, code);
    Object.assign(data.seed, one.seed);
  }
  return data;
}

/**
 * Writes the data under `outDir`: `routes.json`, `seed.json`, and `ops/<api>/<operationId>.js` per
 * operation with `ops/package.json` (`"type": "module"`, so Node imports them as ES modules).
 * Unchanged files are not rewritten, so the dev server does not rebuild them; operation files
 * no longer generated are removed.
 * @returns the operation modules' version: the first 10 hex digits of a SHA-256 over their keys
 *   and sources, so a published copy can be cached for good under it.
 */
export async function writeTwinData(outDir: string, data: TwinData): Promise<string> {
  const files = new Map<string, string>();
  files.set('routes.json', JSON.stringify(data.routes));
  files.set('seed.json', JSON.stringify(data.seed));
  files.set('ops/package.json', '{ "type": "module" }\n');
  const hash = createHash('sha256');
  for (const [key, code] of [...data.modules].sort(([a], [b]) => (a < b ? -1 : 1))) {
    files.set(`ops/${key}.js`, code);
    hash.update(`${key}\0${code}\0`);
  }
  for (const [name, content] of files) {
    const file = join(outDir, name);
    const old = await readFile(file, 'utf8').catch(() => undefined);
    if (old === content) continue;
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, content);
  }
  for (const file of await listFiles(join(outDir, 'ops')))
    if (!files.has(`ops/${file}`)) await rm(join(outDir, 'ops', file));
  await rm(join(outDir, 'loaders.js'), { force: true });
  return hash.digest('hex').slice(0, 10);
}

/** Files under `dir`, as paths relative to it with `/`; none when `dir` does not exist. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'));
}

/**
 * What makes a published Postman collection run on the first try against the sandbox
 * (design/openapi-pages.md, "Postman collections that run"), as the API pages' samples do:
 * collection variables named after the two sample environment variables (`aisleBaseUrl` for
 * AISLE_BASE_URL, `aisleToken` for AISLE_TOKEN), a collection pre-request script that gets a
 * sandbox token with the client credentials when no token is set, a new `Idempotency-Key`
 * (`{{$guid}}`) and fresh ids per send, the preparation an operation's `x-aisle-try-it`
 * describes (earlier calls whose answers fill the request, as the Try it panel's Prepare), and a
 * test per request on its documented success statuses.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { baseUrls } from '../../src/data/facts/hosts';
import { readTryItExtension } from '../sandbox-twin/try-it-extension';
import type { PreparePlan } from '../sandbox-twin/twin/types';
import type { Document } from './load';
import { sandboxServerOf } from './render/endpoint';
import { sampleEnv } from './render/samples-pane';
import { mediaExamples, parameterExample } from './samples';
import { loadSpec, makeResolver } from './load';
import { join } from 'node:path';
import { openapiPages } from '../../config/openapi';

/** The token endpoint's path on the Connect hosts (CONTRIBUTING.md "Connect API basics"). */
export const TOKEN_PATH = '/v2/oauth/token';

/** The collection variable of each sample environment variable (x-aisle-sample-env). */
const POSTMAN_VARIABLE: Record<string, string> = {
  AISLE_BASE_URL: 'aisleBaseUrl',
  AISLE_TOKEN: 'aisleToken',
  AISLE_CLIENT_ID: 'clientId',
  AISLE_CLIENT_SECRET: 'clientSecret',
};

/** The example client id (CONTRIBUTING.md "Example data"), the variable's default. */
const EXAMPLE_CLIENT_ID = 'aisle_client_7f3a9c';

/** A collection's or request's `auth`, as the converter writes it. */
interface Auth {
  type: string;
  bearer?: { key: string; value: string }[];
  apikey?: { key: string; value: string }[];
}

type Item = Record<string, unknown> & {
  name?: string;
  item?: Item[];
  request?: {
    method?: string;
    url?: { path?: string[]; variable?: { key: string; value?: string }[] };
    header?: { key: string; value: string }[];
    body?: { mode?: string; raw?: string };
    auth?: Auth;
  };
  event?: unknown[];
};

interface OperationRef {
  method: string;
  path: string;
  operation: OpenAPIV3_1.OperationObject;
  params: OpenAPIV3_1.ParameterObject[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Every operation of `doc` by `METHOD /path/:param` (the collection's notation) and by id. */
function operationsOf(doc: Document) {
  const resolve = makeResolver(doc);
  const byRoute = new Map<string, OperationRef>();
  const byId = new Map<string, OperationRef>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!item) continue;
    const shared = (item.parameters ?? []).map((p) => resolve<OpenAPIV3_1.ParameterObject>(p).node);
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const own = (operation.parameters ?? []).map(
        (p) => resolve<OpenAPIV3_1.ParameterObject>(p).node,
      );
      const params = [
        ...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)),
        ...own,
      ];
      const ref = { method, path, operation, params };
      byRoute.set(`${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`, ref);
      if (operation.operationId) byId.set(operation.operationId, ref);
    }
  }
  return { byRoute, byId, resolve };
}

/** Documented success statuses of an operation (`2xx` written as 200–299). */
function successStatuses(operation: OpenAPIV3_1.OperationObject): number[] {
  return Object.keys(operation.responses ?? {})
    .filter((s) => /^2(\d\d|XX)$/i.test(s))
    .flatMap((s) =>
      /XX$/i.test(s) ? Array.from({ length: 100 }, (_, i) => 200 + i) : [Number(s)],
    );
}

/** The script lines of a Postman event. */
function event(listen: 'prerequest' | 'test', lines: string[]) {
  return { listen, script: { type: 'text/javascript', exec: lines } };
}

/**
 * The collection pre-request script: a sandbox token with `scopes` when `aisleToken` is empty,
 * kept in the collection variables until a minute before it expires.
 */
function tokenScript(scopes: string[]): string[] {
  return [
    "// A sandbox token with this collection's scopes when aisleToken is empty (or about to",
    '// expire): set clientId and clientSecret, or set aisleToken yourself.',
    "const expiresAt = Number(pm.collectionVariables.get('aisleTokenExpiresAt') || 0);",
    "if (!pm.variables.get('aisleToken') || (expiresAt && Date.now() > expiresAt - 60000)) {",
    "  const clientSecret = pm.variables.get('clientSecret');",
    '  if (!clientSecret) {',
    "    console.warn('Set aisleToken, or clientId and clientSecret, to authenticate.');",
    '  } else {',
    '    pm.sendRequest(',
    '      {',
    "        url: pm.variables.get('tokenUrl'),",
    "        method: 'POST',",
    "        header: { 'Content-Type': 'application/json' },",
    '        body: {',
    "          mode: 'raw',",
    '          raw: JSON.stringify({',
    "            client_id: pm.variables.get('clientId'),",
    '            client_secret: clientSecret,',
    "            grant_type: 'client_credentials',",
    `            scope: ${JSON.stringify(scopes.join(' '))},`,
    '          }),',
    '        },',
    '      },',
    '      (error, response) => {',
    '        if (error || response.code !== 200) {',
    "          console.error('The token request failed:', error || response.text());",
    '          return;',
    '        }',
    '        const answer = response.json();',
    "        pm.collectionVariables.set('aisleToken', answer.access_token);",
    "        pm.collectionVariables.set('aisleTokenExpiresAt', String(Date.now() + answer.expires_in * 1000));",
    '      },',
    '    );',
    '  }',
    '}',
  ];
}

/**
 * The interpreter of a preparation, in Postman's script sandbox: runs `plan.steps` one after the
 * other with `pm.sendRequest`, evaluates the runtime expressions (`$request.path.x`,
 * `$request.body#/p`, `$steps.s.outputs.o`, `$response.body#/p`) and sets each of `plan.sets`
 * as a local variable the request reads (`{{prepared_user_id}}`). Kept as lines of plain
 * JavaScript: Postman shares no code between requests.
 */
const PREPARE_RUNNER = [
  'const pointer = (value, path) =>',
  "  path.split('/').slice(1).reduce((node, key) => (node == null ? undefined : node[key.replace(/~1/g, '/').replace(/~0/g, '~')]), value);",
  'const outputs = {};',
  'const evaluate = (value) => {',
  "  if (typeof value !== 'string' || !value.startsWith('$')) return value;",
  '  let m = /^\\$steps\\.([\\w-]+)\\.outputs\\.([\\w-]+)$/.exec(value);',
  '  if (m) return (outputs[m[1]] || {})[m[2]];',
  '  m = /^\\$request\\.(path|query|header)\\.([\\w-]+)$/.exec(value);',
  '  if (m) return plan.request[m[1]][m[2]];',
  '  m = /^\\$request\\.body#(.*)$/.exec(value);',
  '  if (m) return pointer(plan.request.body, m[1]);',
  '  throw new Error(`${value} is not a runtime expression this script evaluates`);',
  '};',
  'const setPointer = (root, path, value) => {',
  "  const keys = path.split('/').slice(1);",
  '  let node = root;',
  '  keys.slice(0, -1).forEach((key) => (node = node[key]));',
  '  node[keys[keys.length - 1]] = value;',
  '};',
  'const fresh = (example) => {',
  "  const digits = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');",
  '  const m = /(\\d+)(?!.*\\d)/.exec(example);',
  '  return m ? example.slice(0, m.index) + digits + example.slice(m.index + m[1].length) : `${example}-${digits}`;',
  '};',
  'const run = (index) => {',
  '  if (index === plan.steps.length) {',
  '    for (const [name, set] of Object.entries(plan.sets)) pm.variables.set(name, evaluate(set.value));',
  '    return;',
  '  }',
  '  const step = plan.steps[index];',
  '  const path = step.path.replace(/\\{([^}]+)\\}/g, (whole, name) => encodeURIComponent(String(name in step.parameters ? evaluate(step.parameters[name]) : step.examples[name])));',
  '  const body = step.body === null ? null : JSON.parse(JSON.stringify(step.body));',
  '  if (body) {',
  '    for (const target of step.fresh) setPointer(body, target, fresh(String(pointer(body, target))));',
  '    for (const [target, value] of Object.entries(step.replacements)) setPointer(body, target, evaluate(value));',
  '  }',
  "  const header = { Authorization: `Bearer ${pm.variables.get('aisleToken')}`, 'Idempotency-Key': pm.variables.replaceIn('{{$guid}}') };",
  "  if (body) header['Content-Type'] = 'application/json';",
  '  pm.sendRequest(',
  "    { url: pm.variables.get('aisleBaseUrl') + step.basePath + path, method: step.method, header, body: body ? { mode: 'raw', raw: JSON.stringify(body) } : undefined },",
  '    (error, response) => {',
  '      if (error || response.code >= 300) {',
  '        console.error(`Prepare (${plan.summary}): ${step.stepId} answered`, error || `${response.code} ${response.text()}`);',
  '        return;',
  '      }',
  '      const answer = response.text() ? response.json() : null;',
  '      outputs[step.stepId] = {};',
  "      for (const [name, expression] of Object.entries(step.outputs)) outputs[step.stepId][name] = pointer(answer, expression.replace(/^\\$response\\.body#/, ''));",
  '      run(index + 1);',
  '    },',
  '  );',
  '};',
  'run(0);',
];

/** A variable name for a prepared value: `prepared_user_id`, `prepared_service_option_hold_id`. */
function preparedName(where: string): string {
  return `prepared_${where.replace(/^\//, '').replace(/[^A-Za-z0-9]+/g, '_')}`;
}

/** The first example body of an operation's JSON request, or null. */
function exampleBody(ref: OperationRef, doc: Document, resolve: ReturnType<typeof makeResolver>) {
  const body = ref.operation.requestBody
    ? resolve<OpenAPIV3_1.RequestBodyObject>(ref.operation.requestBody).node
    : undefined;
  const media = body?.content?.['application/json'];
  return mediaExamples(media, doc, resolve, 'request')[0]?.value ?? null;
}

function pathExamples(
  ref: OperationRef,
  doc: Document,
  resolve: ReturnType<typeof makeResolver>,
): Record<string, string> {
  return Object.fromEntries(
    ref.params
      .filter((p) => p.in === 'path')
      .map((p) => [p.name, String(parameterExample(p, doc, resolve))]),
  );
}

/** Sets the value at a JSON Pointer of a parsed body, when the path exists. */
function setAt(root: unknown, pointer: string, value: unknown): boolean {
  const keys = pointer.split('/').slice(1);
  let node = root as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) {
    if (!node || typeof node !== 'object') return false;
    node = node[key] as Record<string, unknown>;
  }
  if (!node || typeof node !== 'object' || !(keys.at(-1)! in node)) return false;
  node[keys.at(-1)!] = value;
  return true;
}

/**
 * Makes `collection` (openapi-to-postmanv2's output for `doc`) run against the sandbox, in place.
 * @param api the definition's id (`fulfillment`), for its `x-aisle-try-it` step names.
 * @throws Error when an operation's `x-aisle-try-it` is malformed or names an unknown operation.
 */
export async function makeRunnable(
  collection: Record<string, unknown>,
  doc: Document,
  api: string,
): Promise<void> {
  const own = operationsOf(doc);
  const { byRoute, resolve } = own;
  // Steps may name an operation of another definition (`sandbox/authorize_platform_user`).
  const others = new Map<string, ReturnType<typeof operationsOf> & { doc: Document }>([
    [api, { ...own, doc }],
  ]);
  const wanted = new Set<string>();
  const collect = (items: Item[] | undefined) => {
    for (const item of items ?? []) {
      if (item.item) collect(item.item);
      const path = item.request?.url?.path;
      if (!path) continue;
      const ref = byRoute.get(`${String(item.request?.method).toUpperCase()} /${path.join('/')}`);
      const raw = (ref?.operation as Record<string, unknown> | undefined)?.['x-aisle-try-it'];
      const plan = raw
        ? readTryItExtension(raw, api, `${api}/${ref?.operation.operationId}`)
        : undefined;
      for (const step of plan?.prepare?.steps ?? []) wanted.add(step.operation.split('/')[0]);
    }
  };
  collect(collection.item as Item[]);
  for (const id of wanted) {
    if (others.has(id)) continue;
    const spec = openapiPages.apis.find((a) => a.id === id)?.spec;
    if (!spec)
      throw new Error(`x-aisle-try-it: a step names the definition ${id}, which the site has not`);
    const other = (await loadSpec(join(__dirname, '..', '..', spec))).doc;
    others.set(id, { ...operationsOf(other), doc: other });
  }
  const server = sandboxServerOf(doc.servers ?? []);
  const schemes = (doc.components?.securitySchemes ?? {}) as Record<
    string,
    OpenAPIV3_1.SecuritySchemeObject & { 'x-example-token'?: string }
  >;
  // A Connect token is requested for a bearer scheme whose credential is a token from the
  // token endpoint; the key-based APIs show an example key (`keys.<key>`) and take AISLE_TOKEN.
  const oauth = Object.entries(schemes).some(
    ([, s]) => s.type === 'http' && s.scheme === 'bearer' && !s['x-example-token'],
  );
  const scopes = new Set<string>();
  let usesClient = false;
  const auths: Auth[] = collection.auth ? [collection.auth as Auth] : [];
  const visit = (items: Item[] | undefined) => {
    for (const item of items ?? []) {
      if (item.item) visit(item.item);
      const request = item.request;
      if (request?.auth) auths.push(request.auth);
      if (!request?.url?.path) continue;
      const route = `${String(request.method).toUpperCase()} /${request.url.path.join('/')}`;
      const ref = byRoute.get(route);
      if (!ref) continue;
      for (const requirement of ref.operation.security ?? doc.security ?? [])
        for (const list of Object.values(requirement)) for (const s of list) scopes.add(s);
      const prerequest: string[] = [];
      for (const h of request.header ?? [])
        if (/^idempotency-key$/i.test(h.key)) h.value = '{{$guid}}';
      const tryIt = readTryItExtension(
        (ref.operation as Record<string, unknown>)['x-aisle-try-it'],
        api,
        `${api}/${ref.operation.operationId}`,
      );
      let body: unknown;
      try {
        body = request.body?.raw ? JSON.parse(request.body.raw) : undefined;
      } catch {
        body = undefined;
      }
      const exampleRequest = {
        path: pathExamples(ref, doc, resolve),
        query: {},
        header: {},
        body: body ?? null,
      };
      let bodyChanged = false;
      // Values the samples read from the environment read the matching collection variable.
      for (const [pointer, name] of Object.entries(sampleEnv(ref.operation))) {
        const variable = POSTMAN_VARIABLE[name];
        if (!variable || !setAt(body, pointer, `{{${variable}}}`)) continue;
        bodyChanged = true;
        if (variable === 'clientId' || variable === 'clientSecret') usesClient = true;
      }
      for (const pointer of tryIt?.fresh ?? []) {
        const name = preparedName(pointer);
        const example = pointerValue(body, pointer);
        if (typeof example !== 'string' || !setAt(body, pointer, `{{${name}}}`)) continue;
        bodyChanged = true;
        const m = /(\d+)(?!.*\d)/.exec(example);
        const head = m ? example.slice(0, m.index) : `${example}-`;
        const tail = m ? example.slice(m.index + m[1].length) : '';
        prerequest.push(
          `// A new id each send: what this call creates must not exist yet.`,
          `pm.variables.set(${JSON.stringify(name)}, ${JSON.stringify(head)} + String(Math.floor(Math.random() * 1e6)).padStart(6, '0') + ${JSON.stringify(tail)});`,
        );
      }
      const plan = tryIt?.prepare;
      if (plan) {
        const sets: Record<string, { value: string; example: unknown }> = {};
        for (const p of plan.parameters ?? []) {
          if (p.in !== 'path') continue;
          const variable = request.url.variable?.find((v) => v.key === p.name);
          if (!variable) continue;
          const name = preparedName(p.name);
          sets[name] = { value: String(p.value), example: variable.value ?? '' };
          variable.value = `{{${name}}}`;
        }
        for (const r of plan.replacements ?? []) {
          const name = preparedName(r.target);
          const example = pointerValue(body, r.target);
          if (!setAt(body, r.target, `{{${name}}}`)) continue;
          bodyChanged = true;
          sets[name] = { value: String(r.value), example };
        }
        prerequest.push(
          `// Prepare: ${plan.summary}. ${plan.description.replace(/\s+/g, ' ')}`,
          `const plan = ${JSON.stringify(planData(plan, exampleRequest, sets, others, scopes))};`,
          ...PREPARE_RUNNER,
        );
      }
      if (bodyChanged && request.body) request.body.raw = JSON.stringify(body, null, 2);
      const statuses = successStatuses(ref.operation);
      const events: unknown[] = [];
      if (prerequest.length) events.push(event('prerequest', prerequest));
      if (statuses.length)
        events.push(
          event('test', [
            `pm.test('answers a documented success status', () => {`,
            `  pm.expect(pm.response.code).to.be.oneOf(${JSON.stringify(statuses.length > 10 ? statuses.filter((s) => s < 210) : statuses)});`,
            '});',
          ]),
        );
      if (events.length) item.event = [...((item.event as unknown[]) ?? []), ...events];
    }
  };
  visit(collection.item as Item[]);

  // Variables: the two of the samples, the base URL built on the first, and what gets a token.
  const variables = (collection.variable as { key: string }[] | undefined) ?? [];
  const kept = variables.filter(
    (v) => !['baseUrl', 'store', 'connector_host', 'bearerToken', 'apiKey'].includes(v.key),
  );
  const describe = (content: string) => ({ content, type: 'text/plain' });
  collection.variable = [
    {
      key: 'aisleBaseUrl',
      value: server.origin,
      type: 'string',
      description: describe(
        'AISLE_BASE_URL of the samples: the sandbox by default; the origin `npm run sandbox` prints to use the local sandbox twin.',
      ),
    },
    {
      key: 'aisleToken',
      value: '',
      type: 'string',
      description: describe(
        oauth
          ? 'AISLE_TOKEN of the samples: a sandbox access token. Left empty, the collection requests one with clientId and clientSecret.'
          : usesClient
            ? 'AISLE_TOKEN of the samples: an access token of your app.'
            : 'AISLE_TOKEN of the samples: the sandbox API key of this API.',
      ),
    },
    { key: 'baseUrl', value: `{{aisleBaseUrl}}${server.basePath}`, type: 'string' },
    ...(oauth
      ? [
          {
            key: 'tokenUrl',
            value: `${baseUrls.connect.sandbox}${TOKEN_PATH}`,
            type: 'string',
            description: describe(
              'The token endpoint of the Connect sandbox host (for the local twin, its origin followed by /v2/oauth/token).',
            ),
          },
        ]
      : []),
    ...(oauth || usesClient
      ? [
          { key: 'clientId', value: EXAMPLE_CLIENT_ID, type: 'string' },
          { key: 'clientSecret', value: '', type: 'string' },
        ]
      : []),
    ...kept,
  ];
  for (const auth of auths) {
    for (const entry of auth.bearer ?? [])
      if (entry.key === 'token') entry.value = '{{aisleToken}}';
    for (const entry of auth.apikey ?? [])
      if (entry.key === 'value') entry.value = '{{aisleToken}}';
  }
  if (oauth) collection.event = [event('prerequest', tokenScript([...scopes].sort()))];
}

function pointerValue(root: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (node, key) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined,
      root,
    );
}

/** The data PREPARE_RUNNER reads: each step's request, and what the prepared request takes. */
function planData(
  plan: PreparePlan,
  request: { path: Record<string, string>; query: object; header: object; body: unknown },
  sets: Record<string, { value: string; example: unknown }>,
  definitions: Map<string, ReturnType<typeof operationsOf> & { doc: Document }>,
  scopes: Set<string>,
) {
  return {
    summary: plan.summary,
    request,
    sets,
    steps: plan.steps.map((step) => {
      const [api, operationId] = step.operation.split('/');
      const definition = definitions.get(api);
      const ref = definition?.byId.get(operationId);
      for (const requirement of ref?.operation.security ?? definition?.doc.security ?? [])
        for (const list of Object.values(requirement)) for (const s of list) scopes.add(s);
      if (!definition || !ref)
        throw new Error(
          `x-aisle-try-it: a step names ${step.operation}, which is not in this definition`,
        );
      return {
        stepId: step.stepId,
        method: ref.method.toUpperCase(),
        path: ref.path,
        basePath: sandboxServerOf(definition.doc.servers ?? []).basePath,
        examples: pathExamples(ref, definition.doc, definition.resolve),
        parameters: Object.fromEntries(
          (step.parameters ?? []).filter((p) => p.in === 'path').map((p) => [p.name, p.value]),
        ),
        body: exampleBody(ref, definition.doc, definition.resolve),
        fresh: step.fresh ?? [],
        replacements: Object.fromEntries((step.replacements ?? []).map((r) => [r.target, r.value])),
        outputs: step.outputs ?? {},
      };
    }),
  };
}

/**
 * The sandbox twin's request pipeline (design/sandbox-twin.md), the same in the browser and in
 * Node. In order: route (404/405 1015), body size (413 1003), rate limit (429 2005), credential
 * (401 2001, 403 2002), body type and JSON (415 1005, 400 1004), `Idempotency-Key` (400 1006,
 * replay, 409 1008), parameters and body against the operation's validators (1001–1003, every
 * problem at once), then the operation's state handler, or its documented example with the
 * header `X-Aisle-Twin: example`. Requests run one at a time, so state is never half-written.
 * Codes and statuses: CONTRIBUTING.md "Error codes in use".
 */
import { baseUrls } from '../../../src/data/facts/hosts';
import { rateLimits, sandboxTwinLimits } from '../../../src/data/facts/limits';
import type { RouteSpec } from '../generate';
import { ApiError, type Answer, errorAnswer, fail, validationErrors } from './errors';
import type { ValidationIssue } from './errors';
import { handleTokenRequest, TOKEN_PATH, REVOKE_PATH } from './auth';
import { signCallback } from './callbacks';
import {
  boundWorld,
  CALLBACK_LOG,
  CREDENTIALS,
  emptyWorld,
  iso,
  newClient,
  newId,
  type SandboxClient,
  uuid,
  type World,
  type Resource,
  withoutPrototypes,
} from './world';
import {
  type CallbackDelivery,
  moduleKey,
  type OperationSpec,
  type Twin,
  type TwinRequest,
  type TwinResponse,
} from './types';

/** A request a reset arranges the world for: what a sample will send. */
export interface ResetRequest {
  method: string;
  url: string;
  body?: string;
}

/** An Ajv validate function as the generated modules export it. */
export interface ValidateFunction {
  (data: unknown): boolean;
  errors?: ValidationIssue[] | null;
}

/** One generated operation module (plugins/sandbox-twin/generate.ts). */
export interface OperationModule {
  spec: OperationSpec;
  params: ValidateFunction;
  body?: ValidateFunction;
}

/** What a state handler gets. */
export interface HandlerContext {
  world: World;
  /** Unix ms of this request. */
  now: number;
  spec: OperationSpec;
  /** Path parameters, decoded. */
  path: Record<string, string>;
  query: URLSearchParams;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** The parsed JSON body (already validated), or undefined. */
  body: unknown;
  /** Client id of the credential. */
  clientId: string;
  /** The documented answer of `status` (default: the first success) from the definition. */
  example(status?: number): Answer;
  /**
   * Delivers a callback of `eventType` about `order` (the envelope of CONTRIBUTING.md, signed),
   * or with `order` null (e.g. `user.deleted`), into the inspector.
   */
  emit(eventType: string, order: Resource | null, data?: Record<string, unknown>): Promise<void>;
}

/** A state handler: the operation's answer from and to the world; throws ApiError for errors. */
export type Handler = (ctx: HandlerContext) => Answer | Promise<Answer>;

/** Where the world is kept between requests (sessionStorage in a browser, memory in Node). */
export interface WorldStorage {
  read(): World | undefined;
  write(world: World): void;
}

/** How to make a twin. */
export interface TwinOptions {
  routes: RouteSpec[];
  /** Loads an operation's module by key (`fulfillment/create_user`). */
  load(key: string): Promise<OperationModule>;
  /**
   * State handlers by module key; operations without one answer their example. A function is
   * called once, when a request first gets past validation (the browser loads them with the
   * Try it panel's second chunk).
   */
  handlers?: Record<string, Handler> | (() => Promise<Record<string, Handler>>);
  /** Fills a fresh world with the example world (users, stores, orders). */
  seed?(world: World, examples: Record<string, unknown>, now: number): Promise<void>;
  /** The documented examples the seed reads, by module key (the generator's `seed.json`). */
  examples?: Record<string, unknown>;
  /**
   * Arranges a fresh example world so that one documented request can succeed (used by
   * `resetFor`, which the sample run calls before each sample).
   */
  arrange?(
    world: World,
    spec: OperationSpec,
    path: Record<string, string>,
    body: unknown,
    now: number,
    workflow?: string,
  ): void;
  storage?: WorldStorage;
  /** Clock, Unix ms (tests move it). */
  now?(): number;
  /**
   * Origins answered by path alone, whatever the API's host (the Node server's own origin,
   * `http://127.0.0.1:4010`). A Set is read as it is at each request: the Node server adds its
   * origin once its port is open, after the twin is made.
   */
  localOrigins?: string[] | Set<string>;
}

/** Largest body the twin reads: the fact `sandboxTwinLimits.bodyBytes` (1 MB). */
export const MAX_BODY_BYTES = sandboxTwinLimits.bodyBytes;

/** Requests per second the token and revoke endpoints take on the sandbox: Connect's sandbox limit. */
const TOKEN_ENDPOINT_LIMIT = Math.min(...rateLimits.connect);

/** Deepest nesting of objects and arrays a body may have: `sandboxTwinLimits.bodyDepth` (32). */
export const MAX_BODY_DEPTH = sandboxTwinLimits.bodyDepth;

/**
 * True when `value` (parsed JSON) nests objects or arrays deeper than `max` levels. Walks with
 * its own stack, so a hostile depth cannot overflow the call stack.
 */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

/** Idempotency keys kept 24 hours; at most this many are remembered. */
const IDEMPOTENCY_MS = 24 * 3600_000;
const IDEMPOTENCY_MAX = 500;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Connect's sandbox origin: the token endpoint lives there. */
const CONNECT_ORIGIN = baseUrls.connect.sandbox;

interface Matched {
  route: RouteSpec;
  path: Record<string, string>;
}

function templateRegex(template: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const m = /^\{([^}]+)\}$/.exec(part);
      if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(m[1]);
      return '([^/]+)';
    })
    .join('');
  return { regex: new RegExp(`^${source}/?$`), names };
}

/** Lower-cases header names; the last of duplicates wins. */
function lowerHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers ?? {})) out[k.toLowerCase()] = String(v);
  return out;
}

/** `Accept-Language` → `Content-Language` (fr-* → fr-CA, en-CA kept, anything else en-US). */
export function contentLanguage(accept: string | undefined): string {
  const ranked = (accept ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = Number(/q=([\d.]+)/.exec(params.join(';'))?.[1] ?? 1);
      return { tag: tag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0 };
    })
    .filter((x) => x.tag && x.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag === 'fr' || tag.startsWith('fr-')) return 'fr-CA';
    if (tag === 'en-ca') return 'en-CA';
    if (tag === 'en' || tag.startsWith('en-')) return 'en-US';
  }
  return 'en-US';
}

/**
 * The credential a request sends in `header` (lower-case name), as one canonical string: a
 * bearer token without its scheme, any other value without whitespace, so `bearer  x`,
 * `Bearer\tx` and ` Bearer x ` are the same `x`; '' when the header is missing or blank.
 */
function credentialIn(headers: Record<string, string>, header: string): string {
  const raw = (headers[header] ?? '').trim();
  return /^bearer\s+(\S+)$/i.exec(raw)?.[1] ?? raw.replace(/\s+/g, '');
}

/** Sorted-key JSON, so two bodies that are equal as JSON compare equal as text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/**
 * Makes a twin (types.ts `Twin`) over the generated routes and modules.
 * Never throws from `handle`: an unexpected failure answers 500 with code 5001 and a one-line
 * message, never a stack trace.
 */
export function createTwin(options: TwinOptions): Twin & {
  /**
   * Resets the world of `clientId` (default: the sandbox's own), then arranges it so that
   * `request`, sent as documented, can succeed.
   */
  resetFor(requests?: ResetRequest | ResetRequest[], clientId?: string): Promise<void>;
  /** The callbacks of `clientId`'s world (default: the sandbox's own), newest first. */
  callbacks(clientId?: string): CallbackDelivery[];
  /** Entries in each map of the world (`{tokens: 3, users: 2, …, callbacks: 5}`). */
  worldSize(clientId?: string): Record<string, number>;
  /**
   * A new sandbox client with a world of its own, seeded with the example world: its tokens,
   * keys, users, orders, idempotency keys, rate limits and callbacks are its own. At most
   * `sandboxTwinLimits.clients` are kept besides the sandbox's own; the least recently used goes.
   */
  createClient(): SandboxClient;
  /** True when `clientId` is the sandbox's own client or one the twin still keeps. */
  hasClient(clientId: string): boolean;
} {
  const now = options.now ?? (() => Date.now());
  let handlers: Record<string, Handler> | undefined =
    typeof options.handlers === 'function' ? undefined : (options.handlers ?? {});
  const loadHandlers = typeof options.handlers === 'function' ? options.handlers : undefined;
  const local =
    options.localOrigins instanceof Set ? options.localOrigins : new Set(options.localOrigins);
  const compiled = options.routes.map((route) => {
    const server = new URL(route.server);
    return {
      route,
      origin: server.origin,
      ...templateRegex(`${server.pathname.replace(/\/$/, '')}${route.path}`),
    };
  });
  const origins = new Set([CONNECT_ORIGIN, ...compiled.map((c) => c.origin)]);
  const modules = new Map<string, Promise<OperationModule>>();
  const load = (key: string): Promise<OperationModule> => {
    let mod = modules.get(key);
    if (!mod) {
      mod = options.load(key);
      modules.set(key, mod);
      mod.catch(() => modules.delete(key));
    }
    return mod;
  };
  const listeners = new Set<(d: CallbackDelivery) => void>();
  let world: World | undefined = options.storage?.read();
  let queue: Promise<unknown> = Promise.resolve();
  const OWN = CREDENTIALS.client_id;
  /** Every client the twin knows, its own first; test clients in least recently used order. */
  const clients = new Map<string, SandboxClient>([[OWN, CREDENTIALS]]);
  /** The worlds of test clients (the own client's is `world`, kept in `options.storage`). */
  const clientWorlds = new Map<string, World>();

  /** The world of `clientId`, made from the example world on first use. */
  async function worldOf(clientId: string): Promise<World> {
    if (clientId === OWN || !clients.has(clientId)) return currentWorld();
    const client = clients.get(clientId)!;
    clients.delete(clientId);
    clients.set(clientId, client);
    let w = clientWorlds.get(clientId);
    if (!w) {
      w = await freshWorld();
      clientWorlds.set(clientId, w);
    }
    return w;
  }

  function setWorld(clientId: string, w: World): void {
    if (clientId === OWN || !clients.has(clientId)) world = w;
    else clientWorlds.set(clientId, w);
  }

  /**
   * The client a request acts for: the `client_id` of a token request's body, the client whose
   * world issued its token, or whose test key it sends; else the sandbox's own.
   */
  function clientOf(headers: Record<string, string>, header: string, bodyText: string): string {
    if (clients.size === 1) return OWN;
    if (header === 'token') {
      try {
        const id = (JSON.parse(bodyText) as { client_id?: unknown })?.client_id;
        return typeof id === 'string' && clients.has(id) ? id : OWN;
      } catch {
        return OWN;
      }
    }
    const credential = credentialIn(headers, header);
    if (!credential || world?.tokens[credential]) return OWN;
    for (const [id, w] of clientWorlds) if (w.tokens[credential]) return id;
    for (const [id, client] of clients)
      if (Object.values(client.api_keys).includes(credential)) return id;
    return OWN;
  }

  const save = () => {
    if (world) options.storage?.write(world);
  };

  async function freshWorld(): Promise<World> {
    const w = emptyWorld();
    await options.seed?.(w, options.examples ?? {}, now());
    return w;
  }

  async function currentWorld(): Promise<World> {
    if (!world || world.version !== 1) {
      world = await freshWorld();
      save();
    }
    return world;
  }

  /** The route of `method url`, else the methods its path takes (none: no such path). */
  function match(url: URL, method: string): Matched | { allow: string[] } | undefined {
    const isLocal = local.has(url.origin);
    const allow: string[] = [];
    for (const c of compiled) {
      if (!isLocal && c.origin !== url.origin) continue;
      const m = c.regex.exec(url.pathname);
      if (!m) continue;
      if (c.route.method !== method) {
        allow.push(c.route.method);
        continue;
      }
      const path: Record<string, string> = {};
      c.names.forEach((name, i) => {
        try {
          path[name] = decodeURIComponent(m[i + 1]);
        } catch {
          path[name] = m[i + 1];
        }
      });
      return { route: c.route, path };
    }
    return allow.length ? { allow } : undefined;
  }

  function rateLimit(w: World, client: string, t: number, limit: number): Record<string, string> {
    const second = Math.floor(t / 1000) * 1000;
    const [start, count] = w.rate[client] ?? [second, 0];
    const used = start === second ? count + 1 : 1;
    w.rate[client] = [second, used];
    const headers = {
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(Math.max(0, limit - used)),
    };
    if (used > limit) {
      const error = fail(
        429,
        2005,
        `more than ${limit} requests in one second; retry after 1 second`,
      );
      Object.assign(error.headers, headers, { 'retry-after': '1' });
      throw error;
    }
    return headers;
  }

  /**
   * What a request's rate limit is counted on: the client a known token belongs to (all its
   * tokens share the client's limit, as on the sandbox hosts), else the credential as sent with
   * its scheme and spaces taken off, so `bearer  x`, `Bearer\tx` and `Bearer x` are one key.
   */
  function rateKey(
    w: World,
    route: { security?: OperationSpec['security'] },
    headers: Record<string, string>,
  ): string {
    const credential = credentialIn(
      headers,
      route.security?.header.toLowerCase() ?? 'authorization',
    );
    if (!credential) return 'anonymous';
    const token = w.tokens[credential];
    return token ? `client:${token.clientId}` : `credential:${credential}`;
  }

  /** The client id a credential belongs to, or an ApiError (401 2001, 403 2002). */
  function authenticate(
    w: World,
    spec: OperationSpec | { security: OperationSpec['security'] },
    headers: Record<string, string>,
    t: number,
    api: string,
    client: SandboxClient,
  ): string {
    const security = spec.security;
    if (!security) return 'anonymous';
    const invalid = (message: string) => {
      const error = fail(401, 2001, message);
      error.headers['www-authenticate'] = 'Bearer error="invalid_token"';
      return error;
    };
    const raw = headers[security.header.toLowerCase()];
    if (!raw) throw invalid(`the ${security.header} header is missing`);
    if (security.kind === 'apiKey' || api in CREDENTIALS.api_keys) {
      const key = security.kind === 'bearer' ? raw.replace(/^Bearer\s+/i, '') : raw;
      if (key !== client.api_keys[api])
        throw invalid(
          'this API key is unknown on the sandbox; use the sandbox key of your test account',
        );
      return `key:${api}`;
    }
    const m = /^Bearer\s+(\S+)$/i.exec(raw);
    if (!m) throw invalid('send the token as "Authorization: Bearer <token>"');
    const token = w.tokens[m[1]];
    if (!token)
      throw invalid(
        'the token is unknown on this host (a production token is refused by the sandbox, and the other way round)',
      );
    if (token.revoked) throw invalid('the token was revoked');
    if (token.expiresAt <= t) throw invalid('the token expired; request a new one');
    const missing = security.scopes.filter((s) => !token.scopes.includes(s));
    // The definitions' wording of 2002 (e.g. openapi/transactions.yaml `Forbidden`).
    if (missing.length)
      throw fail(403, 2002, `The token does not have the ${missing.join(' ')} scope.`, 'scope');
    return token.clientId;
  }

  /**
   * Holds a frontend user token to its customer (CONTRIBUTING.md "Access tokens": a user token
   * reaches only its own customer's orders and recommendations): a `user_id` in the path or
   * query other than the token's, or an order of another customer, is 403 2002; an order that
   * does not exist is 404 3001. A backend token is not checked here.
   * @returns the token's customer, or undefined for a backend token or an API key.
   * @throws ApiError 403 2002 or 404 3001.
   */
  function bindUserToken(
    w: World,
    headers: Record<string, string>,
    path: Record<string, string>,
    query: URLSearchParams,
  ): string | undefined {
    const bearer = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '')?.[1];
    const user = bearer ? w.tokens[bearer]?.userId : undefined;
    if (user === undefined) return undefined;
    const other = () => fail(403, 2002, 'this user token is for another customer', 'Authorization');
    for (const named of [path.user_id, query.get('user_id') ?? undefined])
      if (named !== undefined && named !== user) throw other();
    if (path.order_id !== undefined) {
      const order = w.orders[path.order_id];
      if (!order) throw fail(404, 3001, `no order ${path.order_id}`, 'order_id');
      if (order.user_id !== user) throw other();
    }
    return user;
  }

  async function emitInto(
    w: World,
    eventType: string,
    order: Resource | null,
    data: Record<string, unknown> = {},
  ) {
    const t = now();
    const envelope = {
      event_id: newId('evt'),
      event_type: eventType,
      occurred_at: iso(t),
      order_id: order ? (order.order_id as string) : null,
      user_id:
        (order?.user_id as string | undefined) ?? (data.user_id as string | undefined) ?? null,
      data: order
        ? {
            status: order.status,
            workflow: order.workflow,
            store_location: order.store_location,
            window_starts_at: order.window_starts_at ?? null,
            window_ends_at: order.window_ends_at ?? null,
            ...data,
          }
        : { ...data },
    };
    if (!order) delete (envelope.data as Record<string, unknown>).user_id;
    const delivery = await signCallback(envelope, Math.floor(t / 1000));
    w.callbacks.unshift(delivery);
    w.callbacks.length = Math.min(w.callbacks.length, CALLBACK_LOG);
    for (const listener of listeners) {
      try {
        listener(delivery);
      } catch {
        // a listener's failure is the listener's; the twin's state is already written
      }
    }
  }

  function exampleAnswer(
    spec: OperationSpec,
    path: Record<string, string>,
    status?: number,
  ): Answer {
    const response =
      (status !== undefined && spec.responses.find((r) => r.status === status)) ||
      spec.responses.find((r) => r.status < 400) ||
      ({ status: 200 } as OperationSpec['responses'][number]);
    let body = response.example;
    // Echo the path's ids into a top-level object, so `GET …/items/X` answers about X.
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      const copy = { ...(body as Record<string, unknown>) };
      for (const [name, value] of Object.entries(path))
        if (name in copy)
          // in the documented type: `line_num` 1 stays a number
          copy[name] =
            typeof copy[name] === 'number' && Number.isFinite(Number(value))
              ? Number(value)
              : value;
      body = copy;
    }
    return { status: response.status, body, headers: { 'x-aisle-twin': 'example' } };
  }

  /**
   * One request's answer. `routed.api` is set once the request matches an operation, so the
   * answer's headers follow its API even when a later step fails.
   */
  async function run(
    request: TwinRequest,
    routed: { api?: string; world?: World },
  ): Promise<Answer> {
    const method = String(request.method ?? 'GET').toUpperCase();
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      throw fail(404, 1015, 'the address is not a URL');
    }
    const headers = lowerHeaders(request.headers);
    const bodyText = request.body ?? '';
    if ((request.bodyBytes ?? new TextEncoder().encode(bodyText).length) > MAX_BODY_BYTES)
      throw fail(413, 1003, `the body is larger than ${MAX_BODY_BYTES / 1_000_000} MB`);
    const t = now();
    const isConnect = url.origin === CONNECT_ORIGIN || local.has(url.origin);
    if (isConnect && (url.pathname === TOKEN_PATH || url.pathname === REVOKE_PATH)) {
      if (method !== 'POST') throw fail(405, 1015, `${url.pathname} takes POST`);
      const client = clientOf(headers, 'token', bodyText);
      const w = await worldOf(client);
      routed.world = w;
      // The sandbox hosts' limit per second holds here too (the OAuth definition's 429), on
      // top of the token endpoint's own 10 client-credentials tokens a minute (auth.ts).
      const rateHeaders = rateLimit(w, 'oauth', t, TOKEN_ENDPOINT_LIMIT);
      const answer = handleTokenRequest(w, url, headers, bodyText, t, clients);
      return { ...answer, headers: { ...rateHeaders, ...answer.headers } };
    }
    const matched = match(url, method);
    if (matched && 'allow' in matched) {
      // RFC 9110 §15.5.6: a 405 lists the methods the resource takes.
      const error = fail(405, 1015, `${method} is not allowed on ${url.pathname}`);
      error.headers.allow = [...new Set(matched.allow)].join(', ');
      throw error;
    }
    if (!matched) throw fail(404, 1015, `no operation answers ${method} ${url.pathname}`);
    const { route, path } = matched;
    routed.api = route.api;
    const client = clientOf(
      headers,
      route.security?.header.toLowerCase() ?? 'authorization',
      bodyText,
    );
    const w = await worldOf(client);
    routed.world = w;
    const limit = route.rateLimit;
    const rateHeaders = rateLimit(w, rateKey(w, route, headers), t, limit);
    const clientId = authenticate(w, route, headers, t, route.api, clients.get(client)!);
    const tokenUser = bindUserToken(w, headers, path, url.searchParams);
    const mod = await load(moduleKey(route));
    const spec = mod.spec;
    let body: unknown;
    if (mod.body) {
      const type = (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      if (bodyText.trim() === '') {
        if (spec.requestBody?.required)
          throw fail(400, 1004, 'the body is empty; send a JSON object');
      } else {
        if (type !== 'application/json')
          throw fail(415, 1005, `the body must be application/json, not ${type || 'untyped'}`);
        // JSON on the wire is UTF-8 (RFC 8259 §8.1); a body declared in another charset would
        // be read as something else than what was sent.
        const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(headers['content-type'] ?? '')?.[1];
        if (charset && !/^utf-?8$/i.test(charset))
          throw fail(415, 1005, `the body must be UTF-8 JSON, not charset=${charset}`);
        try {
          body = JSON.parse(bodyText);
        } catch (error) {
          throw fail(400, 1004, `the body is not valid JSON (${(error as Error).message})`);
        }
        // A body nested deeper than any documented one is refused before it is validated,
        // stored or copied: each of those recurses, and a world holding it could not be copied.
        if (nestedDeeperThan(body, MAX_BODY_DEPTH))
          throw fail(400, 1004, `the body nests deeper than ${MAX_BODY_DEPTH} levels`);
      }
    }
    let idempotencyId: string | undefined;
    const key = headers['idempotency-key'];
    if (method === 'POST' && key !== undefined) {
      if (!UUID.test(key))
        throw fail(400, 1006, 'Idempotency-Key must be a UUID', 'Idempotency-Key');
      // A key belongs to one client (one customer, for a user token) and one operation: the same
      // key sent to another endpoint, or by another customer, is a new request, not a replay.
      idempotencyId = `${clientId}:${tokenUser ?? ''}:${route.method} ${route.path}:${key}`;
      const stored = w.idempotency[idempotencyId];
      if (stored && t - stored.at < IDEMPOTENCY_MS) {
        if (stored.body !== canonical(body))
          throw fail(
            409,
            1008,
            'this Idempotency-Key was used with a different body',
            'Idempotency-Key',
          );
        return {
          status: stored.response.status,
          body: JSON.parse(stored.response.body || 'null'),
          headers: { ...stored.response.headers, 'idempotent-replayed': 'true' },
        };
      }
    }
    const values: Record<string, unknown> = { ...path };
    for (const p of spec.parameters) {
      if (p.in === 'query') {
        const all = url.searchParams.getAll(p.name);
        if (!all.length) continue;
        values[p.name] =
          p.type === 'array' ? all.flatMap((v) => v.split(',')) : all[all.length - 1];
      } else if (p.in === 'header') {
        const v = headers[p.name.toLowerCase()];
        if (v !== undefined) values[p.name.toLowerCase()] = v;
      }
    }
    const problems = [
      ...(mod.params(values) ? [] : validationErrors(mod.params.errors ?? [])),
      ...(mod.body && body !== undefined && !mod.body(body)
        ? validationErrors(mod.body.errors ?? [])
        : []),
    ];
    if (problems.length) {
      // The status the operation documents for the first code (e.g. 1001 under 400 on the
      // sandbox API), else 422 (CONTRIBUTING.md: 1001 is 400 or 422, 1002 and 1003 are 422).
      const documented = spec.errorStatuses?.[String(problems[0].code)];
      throw new ApiError(documented ?? 422, problems);
    }
    handlers ??= (await loadHandlers?.()) ?? {};
    const handler = handlers[moduleKey(route)] as Handler | undefined;
    const ctx: HandlerContext = {
      world: w,
      now: t,
      spec,
      path,
      query: url.searchParams,
      headers,
      body,
      clientId,
      example: (status) => exampleAnswer(spec, path, status),
      emit: (type, order, data) => emitInto(w, type, order, data),
    };
    let answer: Answer;
    // A handler that fails leaves the world as it found it: it runs on the world, and a
    // snapshot taken before is put back on any error (a request is all or nothing). Handlers
    // never write idempotency records and only prepend callbacks, so those two, most of a busy
    // world's bytes, are kept by reference instead of copied on every request.
    const { idempotency: kept, callbacks: sent, ...rest } = w;
    const snapshot = handler ? JSON.stringify(rest) : '';
    const sentBefore = [...sent];
    try {
      if (handler) {
        const own = await handler(ctx);
        answer = { ...own, headers: { 'x-aisle-twin': 'state', ...own.headers } };
      } else answer = exampleAnswer(spec, path);
    } catch (error) {
      routed.world = withoutPrototypes({
        ...(JSON.parse(snapshot) as Omit<World, 'idempotency' | 'callbacks'>),
        idempotency: kept,
        callbacks: sentBefore,
      });
      setWorld(client, routed.world);
      if (!(error instanceof ApiError)) throw error;
      answer = errorAnswer(error);
    }
    answer.headers = { ...rateHeaders, ...answer.headers };
    const current = routed.world;
    if (idempotencyId && ![401, 403, 429].includes(answer.status) && answer.status < 500) {
      current.idempotency[idempotencyId] = {
        body: canonical(body),
        response: {
          status: answer.status,
          headers: answer.headers,
          body: JSON.stringify(answer.body ?? null),
        },
        at: t,
      };
      const keys = Object.keys(current.idempotency);
      for (const k of keys.slice(0, Math.max(0, keys.length - IDEMPOTENCY_MAX)))
        delete current.idempotency[k];
    }
    return answer;
  }

  function finish(answer: Answer, request: TwinRequest, api?: string): TwinResponse {
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      'x-request-id': uuid(),
      'content-language': contentLanguage(lowerHeaders(request.headers)['accept-language']),
      ...(api === 'recommendations' ? {} : { 'cache-control': 'no-store' }),
    };
    for (const [k, v] of Object.entries(answer.headers ?? {})) headers[k.toLowerCase()] = v;
    const noBody = answer.status === 204 || answer.body === undefined;
    if (noBody) delete headers['content-type'];
    return {
      status: answer.status,
      headers,
      body: noBody ? '' : JSON.stringify(answer.body, null, 2),
    };
  }

  async function handleOne(request: TwinRequest): Promise<TwinResponse> {
    let answer: Answer;
    const routed: { api?: string; world?: World } = {};
    try {
      answer = await run(request, routed);
    } catch (error) {
      answer =
        error instanceof ApiError
          ? errorAnswer(error)
          : errorAnswer(
              fail(
                500,
                5001,
                `the sandbox twin failed on this request: ${String((error as Error)?.message ?? error).split('\n')[0]}`,
              ),
            );
    }
    const touched = routed.world ?? world;
    if (touched) boundWorld(touched);
    save();
    return finish(answer, request, routed.api);
  }

  const twin = {
    handles(url: string): boolean {
      try {
        const { origin } = new URL(url);
        return origins.has(origin) || local.has(origin);
      } catch {
        return false;
      }
    },
    handle(request: TwinRequest): Promise<TwinResponse> {
      const next = queue.then(() => handleOne(request));
      queue = next.catch(() => undefined);
      return next;
    },
    callbacks(clientId = OWN): CallbackDelivery[] {
      const w = clientId === OWN ? world : clientWorlds.get(clientId);
      return [...(w?.callbacks ?? [])];
    },
    createClient(): SandboxClient {
      const client = newClient();
      clients.set(client.client_id, client);
      // The least recently used test clients go first, with their worlds.
      for (const id of clients.keys()) {
        if (clients.size <= sandboxTwinLimits.clients + 1) break;
        if (id === OWN) continue;
        clients.delete(id);
        clientWorlds.delete(id);
      }
      return structuredClone(client);
    },
    hasClient(clientId: string): boolean {
      return clients.has(clientId);
    },
    worldSize(clientId = OWN): Record<string, number> {
      const size: Record<string, number> = {};
      const w = clientId === OWN ? world : clientWorlds.get(clientId);
      if (!w) return size;
      for (const [name, value] of Object.entries(w))
        if (value && typeof value === 'object')
          size[name] =
            name === 'extra'
              ? Object.values(value as World['extra']).reduce(
                  (n, bucket) => n + Object.keys(bucket).length,
                  0,
                )
              : Object.keys(value).length;
      return size;
    },
    onCallback(listener: (d: CallbackDelivery) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reset(): Promise<void> {
      return twin.resetFor();
    },
    resetFor(requests?: ResetRequest | ResetRequest[], clientId = OWN): Promise<void> {
      const list = requests === undefined ? [] : Array.isArray(requests) ? requests : [requests];
      const next = queue.then(async () => {
        const fresh = await freshWorld();
        setWorld(clientId, fresh);
        // The workflow the requests work in, for a slot a reserve names: the first order or
        // slot list among them (`…/orders/pickup`, `…/service_options/cart/pickup`).
        const workflow = list
          .map((r) => /\/(?:orders|cart)\/(delivery|pickup|last_mile)\b/.exec(r.url)?.[1])
          .find(Boolean);
        for (const request of list) {
          let parsed: unknown;
          try {
            parsed = request.body ? JSON.parse(request.body) : undefined;
          } catch {
            parsed = undefined;
          }
          let url: URL | undefined;
          try {
            url = new URL(request.url);
          } catch {
            url = undefined;
          }
          const matched = url ? match(url, String(request.method).toUpperCase()) : undefined;
          if (matched && 'route' in matched && options.arrange) {
            const spec = (await load(moduleKey(matched.route))).spec;
            options.arrange(fresh, spec, matched.path, parsed, now(), workflow);
          }
        }
        save();
      });
      queue = next.catch(() => undefined);
      return next;
    },
  };
  return twin;
}

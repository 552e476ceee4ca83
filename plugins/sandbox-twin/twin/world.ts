/**
 * The twin's state: one JSON object (so a browser can keep it in sessionStorage and a reset is
 * one assignment), the example world it starts from, and the id and time helpers handlers use.
 */
import { sandboxTwinLimits } from '../../../src/data/facts/limits';
import type { CallbackDelivery, TwinResponse } from './types';

/** A token the twin issued (CONTRIBUTING.md "Connect API conventions", "Connect API basics"). */
export interface TokenRecord {
  clientId: string;
  scopes: string[];
  /** Unix ms. */
  expiresAt: number;
  revoked?: boolean;
  /** Set for `user_assertion` (frontend) tokens. */
  userId?: string;
}

/** A stored idempotent answer, per client and key. */
export interface IdempotencyRecord {
  /** The request body, re-serialised, so bodies compare as JSON. */
  body: string;
  response: TwinResponse;
  /** Unix ms; keys are kept 24 hours. */
  at: number;
}

/** Resources of the Connect flow; each is the JSON the API answers with. */
export type Resource = Record<string, unknown>;

/** Everything the twin remembers. */
export interface World {
  version: 1;
  tokens: Record<string, TokenRecord>;
  idempotency: Record<string, IdempotencyRecord>;
  /** Requests in the current one-second window, per client: [window start ms, count]. */
  rate: Record<string, [number, number]>;
  users: Record<string, Resource>;
  /** Time-slot holds by user_id (one per user). */
  holds: Record<string, Resource>;
  /** Service options offered, by id, so a reserve can find them. */
  serviceOptions: Record<string, Resource>;
  /** Orders by the retailer's order_id. */
  orders: Record<string, Resource>;
  /** Anything else a handler keeps, by handler. */
  extra: Record<string, Record<string, Resource>>;
  /** Callbacks delivered, newest first (at most CALLBACK_LOG). */
  callbacks: CallbackDelivery[];
}

/** How many callbacks the inspector keeps. */
export const CALLBACK_LOG = 200;

/**
 * The twin's sandbox credentials, the values samples use for `AISLE_CLIENT_ID`,
 * `AISLE_CLIENT_SECRET` and the API keys (client id from CONTRIBUTING.md "Example data").
 */
export const CREDENTIALS: SandboxClient = {
  client_id: 'aisle_client_7f3a9c',
  client_secret: 'sandbox_secret_4d9e1b7a',
  api_keys: {
    ads: 'keys.ads_test_5c2e8f',
    'developer-platform': 'keys.sandbox_8b1f4a',
    foodstorm: 'fs_test_2a7d9c41',
    // The test access token the sandbox's reference payment connector takes, in place of one
    // from a payment provider's token endpoint (`Authorization: Bearer …`).
    'payment-connector': 'conn_test_6b3e9d27',
  },
};

/** A sandbox client: the credentials of one test account, each with its own world. */
export interface SandboxClient {
  client_id: string;
  client_secret: string;
  /** The test key of each key-based API, by API id. */
  api_keys: Record<string, string>;
}

/** `n` random hex digits. */
function hex(n: number): string {
  return [...randomBytes(Math.ceil(n / 2))]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, n);
}

/**
 * New credentials shaped as the sandbox's own (CREDENTIALS): `aisle_client_<6 hex>`, a secret,
 * and a test key per key-based API with that API's prefix.
 */
export function newClient(): SandboxClient {
  return {
    client_id: `aisle_client_${hex(6)}`,
    client_secret: `sandbox_secret_${hex(8)}`,
    api_keys: Object.fromEntries(
      Object.entries(CREDENTIALS.api_keys).map(([api, key]) => {
        const prefix = /^(.*_)[^_]+$/.exec(key)?.[1] ?? `${api}_`;
        return [api, `${prefix}${hex(key.length - prefix.length)}`];
      }),
    ),
  };
}

/** The world's maps keyed by ids a request names. */
const KEYED = [
  'tokens',
  'idempotency',
  'rate',
  'users',
  'holds',
  'serviceOptions',
  'orders',
  'extra',
] as const;

/**
 * `world` with every map keyed by request-named ids (and each `extra` bucket) made an object
 * without a prototype, in place: an id or token such as `constructor`, `__proto__` or
 * `toString` then finds nothing, instead of a member of `Object.prototype`. Call it on every
 * world made or read back from JSON (JSON.parse gives ordinary objects).
 */
export function withoutPrototypes(world: World): World {
  const bare = <T extends object>(map: T): T => Object.assign(Object.create(null) as T, map);
  for (const key of KEYED) (world as unknown as Record<string, object>)[key] = bare(world[key]);
  for (const name of Object.keys(world.extra)) world.extra[name] = bare(world.extra[name]);
  return world;
}

/**
 * Most entries a world keeps in each of its maps (tokens, users, orders, holds, rate windows,
 * each handler's bucket): the fact `sandboxTwinLimits.recordsPerKind` (5,000). Beyond it the
 * oldest entries go first, so a loop that creates without end cannot grow a world without end.
 */
export const WORLD_MAP_MAX: number = sandboxTwinLimits.recordsPerKind;

/**
 * Keeps every map of `world` within `max` entries, in place, dropping the oldest (insertion
 * order: ids the twin makes are added as they are created). Cost: one pass over each map's keys
 * (about 0.1 ms per request at the limit).
 */
export function boundWorld(world: World, max = WORLD_MAP_MAX): void {
  const maps: Record<string, unknown>[] = [
    ...KEYED.filter((k) => k !== 'extra').map((k) => world[k] as Record<string, unknown>),
    ...Object.values(world.extra),
  ];
  for (const map of maps) {
    const keys = Object.keys(map);
    for (const key of keys.slice(0, Math.max(0, keys.length - max))) delete map[key];
  }
}

/** An empty world. */
export function emptyWorld(): World {
  return withoutPrototypes({
    version: 1,
    tokens: {},
    idempotency: {},
    rate: {},
    users: {},
    holds: {},
    serviceOptions: {},
    orders: {},
    extra: {},
    callbacks: [],
  });
}

const ID_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** Random bytes from Web Crypto (browsers, also without a secure context, and Node 20). */
function randomBytes(n: number): Uint8Array {
  const bytes = new Uint8Array(n);
  globalThis.crypto.getRandomValues(bytes);
  return bytes;
}

/** An Aisle id with a type prefix: `fo_9TW3K6P2` (8 characters after the prefix). */
export function newId(prefix: string): string {
  return `${prefix}_${[...randomBytes(8)].map((b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('')}`;
}

/** A random UUID v4 (X-Request-Id, event ids). */
export function uuid(): string {
  const b = randomBytes(16);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** An opaque token (up to 512 characters per the docs; these are 48). */
export function newToken(): string {
  return `sbx_${[...randomBytes(22)].map((x) => x.toString(16).padStart(2, '0')).join('')}`;
}

/** ISO 8601 in UTC without milliseconds: `2026-03-14T15:00:00Z`. */
export function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

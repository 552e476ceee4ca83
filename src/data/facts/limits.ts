/**
 * Numbers the platform promises in several places: rate limits, token lifetimes and the client
 * retry schedule (CONTRIBUTING.md). tests/unit/facts.test.ts fails when a page or definition
 * states another one.
 */
import type { Api } from './apis';

/** Requests per second a page may state for an API: production and sandbox limits. */
export const rateLimits: Readonly<Record<Api, readonly number[]>> = {
  // 100 per client, 10 on the sandbox hosts.
  connect: [100, 10],
  catalog: [100, 10],
  // 20 per key.
  foodstorm: [20],
  // 20 per key in production, 5 in the sandbox.
  'developer-platform': [20, 5],
  // 1,000 ad requests and 100 `track` and `ingest_orders` requests per retailer.
  ads: [1000, 100],
  // The sandbox's reference connector: 10 per secret, as the Connect sandbox hosts.
  'payment-connector': [10],
};

/** Access-token lifetimes in seconds (`expires_in`): backend 24 hours, frontend user 15 minutes. */
export const tokenLifetimes = { clientCredentials: 86400, userAssertion: 900 } as const;

/**
 * The client retry schedule of every API (Connect, Catalog, FoodStorm, Developer Platform,
 * Ads): retry `429` after `Retry-After`, and timeouts, `500`, `503` and `504` after these
 * delays in seconds, each with random jitter; after the last one, give up and alert.
 */
export const clientRetry = { delaysSeconds: [1, 2, 4, 8, 16], retries: 5 } as const;

/** The schedule as pages write it: "1, 2, 4, 8 and 16 seconds". */
export const clientRetryText = `${clientRetry.delaysSeconds.slice(0, -1).join(', ')} and ${clientRetry.delaysSeconds.at(-1)} seconds`;

/**
 * Largest inventory or promotion file Aisle reads, in bytes: 200 MB (of 1,048,576 bytes), counted
 * uncompressed for a gzip file (CONTRIBUTING.md "Catalog"). A larger file is rejected with
 * `file_too_large`; the file checker stops decompressing at this size.
 */
export const inventoryFileMaxBytes = 200 * 1024 * 1024;

/**
 * What the sandbox twin (the published single file, `npm run sandbox` and the Try it panel)
 * takes and keeps: bodies up to 1 MB (1,000,000 bytes; 413 1003 over it), nested up to 32
 * levels (400 1004; about four times the deepest documented request, an order's
 * `items[].replacement_items[]` at 4), and up to 5,000 records of each kind per world (tokens,
 * users, orders, …; the oldest dropped first), some fifty times what a long test suite creates;
 * up to 20 test clients of its own (`POST /__twin/clients`), each with its world, besides the
 * sandbox's own; the least recently used goes first.
 */
export const sandboxTwinLimits = {
  bodyBytes: 1_000_000,
  bodyDepth: 32,
  recordsPerKind: 5_000,
  clients: 20,
} as const;

/**
 * How Aisle retries a callback your endpoint did not take (docs/connect/api/webhooks.mdx
 * "Retries"): any answer other than 2xx, or no answer within `timeoutSeconds`, is retried after
 * 30 seconds, then each delay doubles up to 4 hours, each varied by up to 10 %; 15 attempts, the
 * last 24 hours after the first; then the callback is dropped.
 */
export const callbackRetry = {
  timeoutSeconds: 10,
  firstDelaySeconds: 30,
  maxDelaySeconds: 4 * 3600,
  attempts: 15,
  windowSeconds: 24 * 3600,
  jitter: 0.1,
} as const;

/**
 * The delays in seconds before attempts 2 to `callbackRetry.attempts`, without jitter: 30, 60,
 * 120, …, 14,400 four times, then what is left of the 24 hours (13,470).
 */
export function callbackRetryDelays(): number[] {
  const { firstDelaySeconds, maxDelaySeconds, attempts, windowSeconds } = callbackRetry;
  const delays: number[] = [];
  for (let i = 0; i < attempts - 2; i++)
    delays.push(Math.min(firstDelaySeconds * 2 ** i, maxDelaySeconds));
  delays.push(windowSeconds - delays.reduce((a, b) => a + b, 0));
  return delays;
}

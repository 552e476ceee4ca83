/**
 * `npm run bench:twin`: a soak of the sandbox twin's HTTP server (plugins/sandbox-twin/server.ts)
 * as an integrator's test suites drive it: 20 test clients (POST /__twin/clients), each with its
 * token, round-robin through a create user → list delivery slots → list stores → delete user
 * cycle, 20,000 requests in all (`--requests N`). The twin's clock moves 10 ms per request, so each
 * client stays under its 10 requests a second and every answer should be its success.
 *
 * Reports errors (a 5xx or an answer other than the step's success), latency p50/p99 over all
 * requests, drift (p50 of the last 1,000 over the first 1,000) and RSS growth from after the
 * warm-up to the end; `--check` fails on the budgets of issue "The sandbox twin as the
 * integrator's test double": 0 errors, p99 ≤ 20 ms, drift ≤ 1.2, RSS growth ≤ 50 MB.
 */
import { randomUUID } from 'node:crypto';
import { startSandboxServer } from '../../plugins/sandbox-twin/node';

const args = process.argv.slice(2);
const check = args.includes('--check');
const requestsArg = args[args.indexOf('--requests') + 1];
const total = args.includes('--requests') ? Number(requestsArg) : 20_000;
if (!Number.isInteger(total) || total < 2000) {
  console.error(`--requests must be a whole number of at least 2000, not ${requestsArg}`);
  process.exit(2);
}

const CLIENTS = 20;
let clock = Date.parse('2026-03-14T15:00:00Z');
const { server, origin } = await startSandboxServer(process.cwd(), 0, '127.0.0.1', () => clock);

async function json(method: string, path: string, token?: string, body?: unknown) {
  clock += 10;
  const started = performance.now();
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(method === 'POST' && { 'idempotency-key': randomUUID() }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, ms: performance.now() - started, text };
}

const tokens: string[] = [];
for (let i = 0; i < CLIENTS; i++) {
  const client = (await (await fetch(`${origin}/__twin/clients`, { method: 'POST' })).json()) as {
    client_id: string;
    client_secret: string;
  };
  const answer = await json('POST', '/v2/oauth/token', undefined, {
    ...client,
    grant_type: 'client_credentials',
    scope: 'connect:fulfillment',
  });
  tokens.push((JSON.parse(answer.text) as { access_token: string }).access_token);
}

const cart = {
  store_location: '0142',
  address: { address_line_1: '88 Maple Street', city: 'Springfield', postal_code: '62704' },
  items: [{ lookup_code: '0001234567895', count: 2 }],
};
const steps: [string, (n: number) => [string, string, unknown?], number][] = [
  [
    'create user',
    (n) => [
      'POST',
      '/v2/fulfillment/users',
      {
        user_id: `cust-soak-${n}`,
        first_name: 'Ana',
        last_name: 'Silva',
        phone_number: '+12175550199',
      },
    ],
    201,
  ],
  [
    'list slots',
    () => ['POST', '/v2/fulfillment/users/cust-8812/service_options/cart/delivery', cart],
    200,
  ],
  ['list stores', () => ['GET', '/v2/fulfillment/stores'], 200],
  ['delete user', (n) => ['DELETE', `/v2/fulfillment/users/cust-soak-${n}`], 202],
];

/**
 * RSS once garbage is collected (`--expose-gc`, which `npm run bench:twin` sets): without it,
 * RSS counts garbage V8 has not collected yet, not what the twin holds.
 */
function settledRss(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().rss;
}
if (!(globalThis as { gc?: () => void }).gc)
  console.warn('RSS includes uncollected garbage: run with NODE_OPTIONS=--expose-gc');

const latencies: number[] = [];
const errors: string[] = [];
let rssAfterWarmUp = 0;
let heapAfterWarmUp = 0;
for (let i = 0; i < total; i++) {
  const client = i % CLIENTS;
  const round = Math.floor(i / CLIENTS);
  const [name, make, expected] = steps[round % steps.length];
  const n = Math.floor(round / steps.length);
  const [method, path, body] = make(n);
  const answer = await json(method, path, tokens[client], body);
  latencies.push(answer.ms);
  if (answer.status !== expected)
    errors.push(`${name} #${n} (client ${client}): ${answer.status} ${answer.text.slice(0, 120)}`);
  if (i === 999) {
    rssAfterWarmUp = settledRss();
    heapAfterWarmUp = process.memoryUsage().heapUsed;
  }
}
const rssEnd = settledRss();
const heapGrowthMb = (process.memoryUsage().heapUsed - heapAfterWarmUp) / 1_000_000;
server.close();

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const p50 = percentile(latencies, 50);
const p99 = percentile(latencies, 99);
const drift = percentile(latencies.slice(-1000), 50) / percentile(latencies.slice(0, 1000), 50);
const growthMb = (rssEnd - rssAfterWarmUp) / 1_000_000;
const budgets: [string, boolean][] = [
  [`errors ${errors.length} (budget 0)`, errors.length === 0],
  [`p99 ${p99.toFixed(2)} ms (budget ≤ 20)`, p99 <= 20],
  [`drift ${drift.toFixed(2)} × (p50 of the last 1,000 / first 1,000; budget ≤ 1.2)`, drift <= 1.2],
  [`RSS growth ${growthMb.toFixed(1)} MB after the first 1,000 (budget ≤ 50)`, growthMb <= 50],
];
console.log(`Sandbox twin soak: ${total} requests, ${CLIENTS} clients, over HTTP on ${origin}`);
console.log(`latency p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms`);
console.log(`JS heap growth ${heapGrowthMb.toFixed(1)} MB after the first 1,000 (reported only)`);
for (const [line, ok] of budgets) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${line}`);
for (const error of errors.slice(0, 10)) console.log(`  ${error}`);
if (check && budgets.some(([, ok]) => !ok)) process.exit(1);

/**
 * The sandbox twin (plugins/sandbox-twin) in Node, through the same pipeline the browser runs:
 * authentication, validation, idempotency, limits, the Connect delivery flow with its signed
 * callbacks, and bad input (design/sandbox-twin.md; codes from CONTRIBUTING.md).
 */
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_SITE_URL } from '../../config/env';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createNodeTwin, type NodeTwin, startSandboxServer } from '../../plugins/sandbox-twin/node';
import { parseServerArgs as parseArgs } from '../../plugins/sandbox-twin/server';
import { CALLBACK_SECRET } from '../../plugins/sandbox-twin/twin/callbacks';
import { callbackRetryDelays, sandboxTwinLimits } from '../../src/data/facts/limits';
import {
  boundWorld,
  CREDENTIALS,
  emptyWorld,
  WORLD_MAP_MAX,
} from '../../plugins/sandbox-twin/twin/world';
import { loadSpec } from '../../plugins/openapi-pages/load';
import { join } from 'node:path';
import type { TwinResponse } from '../../plugins/sandbox-twin/twin/types';

const CONNECT = 'https://connect.sandbox.aisle.example';
let clock = Date.parse('2026-03-14T15:00:00Z');
let twin: NodeTwin;

beforeAll(async () => {
  twin = await createNodeTwin(process.cwd(), 'http://127.0.0.1:4010', () => clock);
}, 60_000);

beforeEach(async () => {
  clock = Date.parse('2026-03-14T15:00:00Z');
  await twin.reset();
});

// The answers are read field by field against literal expectations; a JSON type per operation
// would restate the definitions.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function body(res: TwinResponse): Record<string, any> {
  return JSON.parse(res.body || 'null');
}

function codes(res: TwinResponse): number[] {
  return (body(res).errors ?? []).map((e: { code: number }) => e.code);
}

/** A token from the twin: a backend token with `scope`, or a user token for `userId`. */
async function token(
  scope = 'connect:fulfillment connect:sandbox',
  userId?: string,
): Promise<string> {
  const res = await twin.handle({
    method: 'POST',
    url: `${CONNECT}/v2/oauth/token`,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      client_id: CREDENTIALS.client_id,
      client_secret: CREDENTIALS.client_secret,
      grant_type: userId ? 'user_assertion' : 'client_credentials',
      ...(userId && { user_id: userId }),
      scope,
    }),
  });
  expect(res.status).toBe(200);
  return body(res).access_token;
}

function call(method: string, path: string, tok: string | undefined, json?: unknown, extra = {}) {
  // A reader's pace: under the sandbox's 10 requests per second.
  clock += 101;
  return twin.handle({
    method,
    url: `${CONNECT}${path}`,
    headers: {
      ...(tok && { Authorization: `Bearer ${tok}` }),
      ...(json !== undefined && { 'Content-Type': 'application/json' }),
      ...extra,
    },
    body: json === undefined ? undefined : typeof json === 'string' ? json : JSON.stringify(json),
  });
}

const cart = {
  store_location: '0142',
  address: { address_line_1: '88 Maple Street', city: 'Springfield', postal_code: '62704' },
  items: [{ lookup_code: '0001234567895', count: 2 }],
};

function order(holdId: string, orderId = 'ord-20260314-0100') {
  return {
    order_id: orderId,
    service_option_hold_id: holdId,
    store_location: '0142',
    address: cart.address,
    user: { first_name: 'Maya', last_name: 'Lopez', phone_number: '+12175550142' },
    items: [
      { line_num: 1, lookup_code: '0001234567895', count: 2, replacement_policy: 'users_choice' },
    ],
  };
}

async function hold(tok: string): Promise<string> {
  const list = await call(
    'POST',
    '/v2/fulfillment/users/cust-8812/service_options/cart/delivery',
    tok,
    cart,
  );
  expect(list.status).toBe(200);
  const option = body(list).service_options[0];
  const res = await call(
    'POST',
    `/v2/fulfillment/users/cust-8812/service_options/${option.id}/reserve`,
    tok,
  );
  expect(res.status).toBe(201);
  return body(res).id;
}

/** A `connect:fulfillment` token from the twin's HTTP server at `origin`, for `client`. */
async function httpToken(
  origin: string,
  client: { client_id: string; client_secret: string } = CREDENTIALS,
): Promise<string> {
  const res = await fetch(`${origin}/v2/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: client.client_id,
      client_secret: client.client_secret,
      grant_type: 'client_credentials',
      scope: 'connect:fulfillment',
    }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The same request a loop sends, all within one second. */
function loop(at: number, method: string, path: string, tok: string, json: unknown) {
  clock = at;
  return twin.handle({
    method,
    url: `${CONNECT}${path}`,
    headers: { Authorization: `Bearer ${tok}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(json),
  });
}

describe('sandbox twin: the delivery flow', () => {
  it('walks token → service options → hold → order → status, with signed callbacks', async () => {
    const tok = await token();
    const holdId = await hold(tok);
    const created = await call(
      'POST',
      '/v2/fulfillment/users/cust-8812/orders/delivery',
      tok,
      order(holdId),
    );
    expect(created.status).toBe(201);
    expect(body(created)).toMatchObject({ order_id: 'ord-20260314-0100', status: 'brand_new' });
    expect(created.headers['x-aisle-twin']).toBe('state');
    // The hold is used up.
    const gone = await call('GET', '/v2/fulfillment/users/cust-8812/service_option_hold', tok);
    expect(codes(gone)).toEqual([4006]);
    // One step at a time: `picking` straight after `brand_new` is 409 3002, and nothing moves.
    const skip = await call(
      'POST',
      '/v2/fulfillment_sandbox/orders/ord-20260314-0100/status',
      tok,
      {
        status: 'picking',
      },
    );
    expect([skip.status, codes(skip)]).toEqual([409, [3002]]);
    for (const status of ['acknowledged', 'picking', 'checkout', 'delivering', 'delivered']) {
      const moved = await call(
        'POST',
        '/v2/fulfillment_sandbox/orders/ord-20260314-0100/status',
        tok,
        { status },
      );
      expect(moved.status, status).toBe(200);
    }
    const read = await call('GET', '/v2/fulfillment/users/cust-8812/orders/ord-20260314-0100', tok);
    expect(body(read).status).toBe('delivered');
    const events = twin.callbacks().filter((c) => c.order_id === 'ord-20260314-0100');
    expect(events.map((c) => c.event_type).reverse()).toEqual([
      'brand_new',
      'acknowledged',
      'picking',
      'checkout',
      'delivering',
      'delivered',
    ]);
    for (const c of events) {
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(c.headers['x-aisle-signature']) ?? [];
      expect(v1).toBe(createHmac('sha256', CALLBACK_SECRET).update(`${t}.${c.body}`).digest('hex'));
      expect(JSON.parse(c.body)).toMatchObject({
        event_type: c.event_type,
        user_id: 'cust-8812',
        data: { workflow: 'delivery', store_location: '0142' },
      });
    }
    // Statuses only move forward; a delivered order cannot be canceled.
    const back = await call(
      'POST',
      '/v2/fulfillment/users/cust-8812/orders/ord-20260314-0100/cancel',
      tok,
    );
    expect([back.status, codes(back)]).toEqual([409, [3002]]);
  });

  it('lets a hold expire after 10 minutes', async () => {
    const tok = await token();
    const holdId = await hold(tok);
    clock += 10 * 60_000 + 1000;
    const late = await call(
      'POST',
      '/v2/fulfillment/users/cust-8812/orders/delivery',
      tok,
      order(holdId),
    );
    expect([late.status, codes(late)]).toEqual([409, [4002]]);
  });

  it('answers operations without a state model from their example, and says so', async () => {
    const tok = await token('connect:fulfillment');
    const res = await call('GET', '/v2/fulfillment/stores', tok);
    expect(res.status).toBe(200);
    expect(res.headers['x-aisle-twin']).toBe('example');
    expect(body(res).stores[0].store_location).toBe('0142');
  });
});

describe('sandbox twin: account linking', () => {
  it('links an account: token → the customer approves in the sandbox → link → linked', async () => {
    const tok = await token();
    const base = '/v2/fulfillment/users/cust-8812/account_linking';
    const before = await call('GET', base, tok);
    expect(body(before)).toMatchObject({ status: 'not_linked', linked_at: null });
    const created = await call('POST', `${base}/token`, tok, {
      redirect_uri: 'https://fresh-market.storefront.aisle.example/account/aisle-linked',
    });
    expect(created.status).toBe(201);
    const linking = body(created).linking_token as string;
    expect(body(created).linking_url).toBe(`https://www.aisle.example/account_linking/${linking}`);
    const early = await call('POST', base, tok, { linking_token: linking });
    expect([early.status, codes(early)]).toEqual([409, [3002]]);
    const approved = await call(
      'POST',
      '/v2/fulfillment_sandbox/platform_users/cust-8812/authorize',
      tok,
      { linking_token: linking, status: 'approved' },
    );
    expect(body(approved).redirect_url).toContain(`linking_token=${linking}&status=approved`);
    expect((await call('POST', base, tok, { linking_token: linking })).status).toBe(200);
    expect(body(await call('GET', base, tok)).status).toBe('linked');
    // A linking token lasts 15 minutes.
    const other = body(
      await call('POST', `${base}/token`, tok, {
        redirect_uri: 'https://fresh-market.storefront.aisle.example/account/aisle-linked',
      }),
    ).linking_token;
    clock += 15 * 60_000;
    const late = await call(
      'POST',
      '/v2/fulfillment_sandbox/platform_users/cust-8812/authorize',
      tok,
      {
        linking_token: other,
        status: 'approved',
      },
    );
    expect([late.status, codes(late)]).toEqual([422, [1002]]);
  });
});

describe('sandbox twin: credentials', () => {
  it('refuses a missing, unknown, expired or wrong-scope token with the documented codes', async () => {
    const path = '/v2/fulfillment/users/cust-8812/service_option_hold';
    const none = await call('GET', path, undefined);
    expect([none.status, codes(none)]).toEqual([401, [2001]]);
    expect(none.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    const unknown = await call('GET', path, 'production-token');
    expect([unknown.status, codes(unknown)]).toEqual([401, [2001]]);
    const narrow = await call('GET', path, await token('connect:transactions'));
    expect([narrow.status, codes(narrow)]).toEqual([403, [2002]]);
    const tok = await token();
    clock += 86_400_000;
    const expired = await call('GET', path, tok);
    expect([expired.status, codes(expired)]).toEqual([401, [2001]]);
  });

  it('refuses a form body, query-string credentials, wrong secrets and unknown scopes', async () => {
    const form = await twin.handle({
      method: 'POST',
      url: `${CONNECT}/v2/oauth/token`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect([form.status, codes(form)]).toEqual([415, [1005]]);
    const query = await call('POST', `/v2/oauth/token?client_secret=x`, undefined, {});
    expect([query.status, codes(query)]).toEqual([403, [2007]]);
    const wrong = await call('POST', '/v2/oauth/token', undefined, {
      client_id: CREDENTIALS.client_id,
      client_secret: 'nope',
      grant_type: 'client_credentials',
      scope: 'connect:fulfillment',
    });
    expect([wrong.status, codes(wrong)]).toEqual([401, [2004]]);
    const scope = await call('POST', '/v2/oauth/token', undefined, {
      ...CREDENTIALS,
      grant_type: 'client_credentials',
      scope: 'connect:everything',
    });
    expect([scope.status, codes(scope)]).toEqual([422, [1002]]);
  });

  it('takes API keys on the test hosts of the key-based APIs', async () => {
    const url = 'https://api.sandbox.aisle.example/idp/v1/retailers?postal_code=62704';
    const ok = await twin.handle({
      method: 'GET',
      url,
      headers: { Authorization: `Bearer ${CREDENTIALS.api_keys['developer-platform']}` },
    });
    expect(ok.status).toBe(200);
    const bad = await twin.handle({
      method: 'GET',
      url,
      headers: { Authorization: 'Bearer keys.x' },
    });
    expect([bad.status, codes(bad)]).toEqual([401, [2001]]);
  });
});

describe('sandbox twin: user tokens', () => {
  const userToken = (userId: string) =>
    token('connect:post_checkout connect:recommendations', userId);

  it("reach only their own customer's orders: another's is 403 2002, an unknown one 404", async () => {
    const own = await userToken('cust-8812');
    const mallory = await userToken('mallory');
    const order = '/v2/post_checkout/orders/ord-20260314-0007';
    expect((await call('GET', order, own)).status).toBe(200);
    for (const path of [order, `${order}/items`]) {
      const res = await call('GET', path, mallory);
      expect([path, res.status, codes(res)]).toEqual([path, 403, [2002]]);
    }
    const missing = await call('GET', '/v2/post_checkout/orders/ord-29990101-0001', own);
    expect([missing.status, codes(missing)]).toEqual([404, [3001]]);
    const recommendations = await call(
      'GET',
      '/v2/recommendations/replacement_items?store_location=0142&lookup_code=0001234567895&user_id=cust-8812',
      mallory,
    );
    expect([recommendations.status, codes(recommendations)]).toEqual([403, [2002]]);
  });
});

describe('sandbox twin: the OAuth definition', () => {
  it("documents the sandbox's own client as its example, so a first Send and a copied sample succeed", async () => {
    const { doc } = await loadSpec(join(process.cwd(), 'openapi/oauth.yaml'));
    const schemas = doc.components?.schemas as Record<
      string,
      { properties: Record<string, { example?: unknown }> }
    >;
    for (const name of ['TokenRequest', 'RevokeRequest']) {
      expect(schemas[name].properties.client_id.example).toBe(CREDENTIALS.client_id);
      expect(schemas[name].properties.client_secret.example).toBe(CREDENTIALS.client_secret);
    }
    const res = await twin.handle({
      method: 'POST',
      url: `${CONNECT}/v2/oauth/token`,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(
        (
          doc.paths?.['/v2/oauth/token']?.post?.requestBody as {
            content: Record<string, { examples: Record<string, { value: unknown }> }>;
          }
        ).content['application/json'].examples.backend.value,
      ),
    });
    expect(res.status).toBe(200);
  });
});

describe('sandbox twin: bad input', () => {
  it('reports every validation problem at once, with dotted keys', async () => {
    const tok = await token();
    const res = await call('POST', '/v2/fulfillment/users/cust-8812/orders/delivery', tok, {
      order_id: 5,
      items: [{ line_num: 0, lookup_code: '0001234567895', count: 'two' }],
    });
    expect(res.status).toBe(422);
    const errors = body(res).errors as { code: number; meta?: { key: string } }[];
    const keys = errors.map((e) => `${e.code} ${e.meta?.key}`);
    expect(keys).toContain('1001 service_option_hold_id');
    expect(keys).toContain('1002 order_id');
    expect(keys).toContain('1003 items[0].line_num');
  });

  it('answers a validation error with the status the operation documents for its code', async () => {
    const tok = await token();
    // The sandbox API documents 1001 under 400, the fulfillment API under 422.
    const sandbox = await call('POST', '/v2/fulfillment_sandbox/shoppers', tok, {});
    expect(sandbox.status).toBe(400);
    expect(codes(sandbox)).toContain(1001);
    const fulfillment = await call('POST', '/v2/fulfillment/users', tok, {});
    expect(fulfillment.status).toBe(422);
    // Where the examples show none (list_items documents no 1002), the error catalogue's status
    // for the API: FoodStorm answers every validation error with 400 (src/data/facts/errors.ts).
    const foodstorm = await twin.handle({
      method: 'GET',
      url: 'https://fresh-market-test.foodstorm.example/api/v1/items?limit=many',
      headers: { 'x-api-key': CREDENTIALS.api_keys.foodstorm },
    });
    expect([foodstorm.status, codes(foodstorm)]).toEqual([400, [1002]]);
  });

  it('answers malformed JSON, a wrong type, a 2 MB body and an unknown path without a stack', async () => {
    const tok = await token();
    const path = '/v2/fulfillment/users/cust-8812/orders/delivery';
    expect(codes(await call('POST', path, tok, '{"order_id": '))).toEqual([1004]);
    const typed = await call('POST', path, tok, undefined, { 'content-type': 'text/plain' });
    expect(typed.status).toBe(400);
    const plain = await twin.handle({
      method: 'POST',
      url: `${CONNECT}${path}`,
      headers: { authorization: `Bearer ${tok}`, 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect([plain.status, codes(plain)]).toEqual([415, [1005]]);
    const huge = await call('POST', path, tok, JSON.stringify({ x: 'y'.repeat(2_000_000) }));
    expect([huge.status, codes(huge)]).toEqual([413, [1003]]);
    const unknown = await call('GET', '/v2/nothing/here', tok);
    expect([unknown.status, codes(unknown)]).toEqual([404, [1015]]);
    const method = await call('PATCH', '/v2/fulfillment/stores', tok);
    expect([method.status, codes(method), method.headers.allow]).toEqual([405, [1015], 'GET']);
    const user = await call('GET', '/v2/fulfillment/users/cust-8812', tok);
    expect([user.status, user.headers.allow]).toEqual([405, 'PUT, DELETE']);
    expect(twin.handles('https://connect.aisle.example/v2/fulfillment/stores')).toBe(false);
    expect(twin.handles('not a url')).toBe(false);
    for (const res of [huge, unknown, method]) expect(res.body).not.toMatch(/\n\s+at /);
  });

  it('replays an Idempotency-Key, refuses it with another body or when it is not a UUID', async () => {
    const tok = await token();
    const key = { 'Idempotency-Key': '3f6c2a9e-8b41-4d7a-9e25-61c0b8f4d213' };
    const holdId = await hold(tok);
    const path = '/v2/fulfillment/users/cust-8812/orders/delivery';
    const first = await call('POST', path, tok, order(holdId), key);
    const again = await call('POST', path, tok, order(holdId), key);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(body(again).id).toBe(body(first).id);
    const other = await call('POST', path, tok, order(holdId, 'ord-other'), key);
    expect([other.status, codes(other)]).toEqual([409, [1008]]);
    const bad = await call('POST', path, tok, order(holdId), { 'Idempotency-Key': 'abc' });
    expect([bad.status, codes(bad)]).toEqual([400, [1006]]);
    // The same key on another operation is that operation's own request, not a replay.
    const user = {
      user_id: 'cust-9300',
      first_name: 'Ana',
      last_name: 'Silva',
      phone_number: '+12175550199',
    };
    const elsewhere = await call('POST', '/v2/fulfillment/users', tok, user, key);
    expect([elsewhere.status, elsewhere.headers['idempotent-replayed']]).toEqual([201, undefined]);
    expect(body(elsewhere).user_id).toBe('cust-9300');
  });

  it('leaves the state as it was when a request fails half-way', async () => {
    const tok = await token();
    const path = '/v2/fulfillment/users/cust-8812/orders/ord-20260314-0007';
    const before = body(await call('GET', path, tok));
    // A valid change of the instructions with a hold the user does not have: 409 4002.
    const failed = await call('PUT', path, tok, {
      special_instructions: 'Ring twice.',
      service_option_hold_id: 'hold_NOTMINE1',
    });
    expect([failed.status, codes(failed)]).toEqual([409, [4002]]);
    expect(body(await call('GET', path, tok))).toEqual(before);
  });

  it('refuses a body nested 5,000 deep with 400 1004, and every request after it still works', async () => {
    const tok = await token();
    let deep = '1';
    for (let i = 0; i < 5000; i++) deep = `{"a":${deep}}`;
    const poisoned = await call(
      'POST',
      '/v2/fulfillment/users',
      tok,
      `{"user_id":"cust-9100","first_name":"A","last_name":"B","phone_number":"+12175550142","note":${deep}}`,
    );
    expect([poisoned.status, codes(poisoned)]).toEqual([400, [1004]]);
    expect(body(poisoned).errors[0].message).toMatch(/deeper than 32 levels/);
    expect(poisoned.body).not.toMatch(/RangeError|at \w+ \(/);
    const next = await call('PUT', '/v2/fulfillment/users/cust-8812', tok, {
      first_name: 'Maya',
      last_name: 'Lopez',
      phone_number: '+12175550142',
    });
    expect(next.status).toBe(200);
    expect((await call('POST', '/v2/fulfillment/users', tok, order('hold_X'))).status).not.toBe(
      500,
    );
  });

  it('finds nothing under prototype names: ids and tokens such as constructor and __proto__', async () => {
    const tok = await token();
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const gone = await call('DELETE', `/v2/fulfillment/users/${name}`, tok);
      expect([name, gone.status, codes(gone)]).toEqual([name, 404, [1016]]);
      const read = await call('GET', `/v2/fulfillment/users/${name}/orders/ord-20260314-0007`, tok);
      expect([name, read.status]).toEqual([name, 404]);
      const unknownToken = await call('GET', '/v2/fulfillment/stores', name);
      expect([name, unknownToken.status, codes(unknownToken)]).toEqual([name, 401, [2001]]);
    }
    // A user created under such an id is its own, and the seeded customer is untouched.
    const made = await call('POST', '/v2/fulfillment/users', tok, {
      user_id: '__proto__',
      first_name: 'Proto',
      last_name: 'Type',
      phone_number: '+12175550142',
    });
    expect(made.status).toBe(201);
    expect((await call('DELETE', '/v2/fulfillment/users/__proto__', tok)).status).toBe(202);
    expect(twin.callbacks().filter((c) => c.event_type === 'user.deleted')).toHaveLength(1);
  });

  it('limits 1,000 requests in a loop to 10 a second and keeps the state intact', async () => {
    const tok = await token();
    const holdId = await hold(tok);
    clock = Math.ceil(clock / 1000) * 1000 + 5000;
    const at = clock;
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        loop(
          at,
          'POST',
          '/v2/fulfillment/users/cust-8812/orders/delivery',
          tok,
          order(holdId, `ord-loop-${i}`),
        ),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(990);
    expect(answers.find((a) => a.status === 429)?.headers['retry-after']).toBe('1');
    // One order took the hold; the others were refused, and nothing else changed.
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    clock += 1000;
    const read = await call('GET', '/v2/fulfillment/users/cust-8812/orders/ord-loop-0', tok);
    expect(body(read).status).toBe('brand_new');
  });
});

describe('sandbox twin: limits that hold however a credential is sent', () => {
  it('counts one token spelt six ways, and all tokens of a client, against one limit', async () => {
    const tok = await token();
    const other = await token('connect:fulfillment');
    clock = Math.ceil(clock / 1000) * 1000 + 5000;
    const spellings = [
      `Bearer ${tok}`,
      `bearer ${tok}`,
      `BEARER ${tok}`,
      `Bearer   ${tok}`,
      `Bearer\t${tok}`,
      ` Bearer ${tok} `,
      `Bearer ${other}`,
    ];
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) {
      const res = await twin.handle({
        method: 'GET',
        url: `${CONNECT}/v2/fulfillment/stores`,
        headers: { Authorization: spellings[i % spellings.length] },
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s !== 429)).toHaveLength(10);
  });

  it('remembers the last offered time slots, so a loop of listings stays small', async () => {
    const tok = await token();
    const list = async () => {
      clock += 200;
      const res = await call(
        'POST',
        '/v2/fulfillment/users/cust-8812/service_options/cart/delivery',
        tok,
        cart,
      );
      return body(res).service_options[0].id as string;
    };
    const first = await list();
    for (let i = 0; i < 60; i++) await list();
    const last = await list();
    expect(twin.worldSize().serviceOptions).toBeLessThanOrEqual(200);
    const old = await call(
      'POST',
      `/v2/fulfillment/users/cust-8812/service_options/${first}/reserve`,
      tok,
    );
    expect([old.status, codes(old)]).toEqual([404, [4005]]);
    const fresh = await call(
      'POST',
      `/v2/fulfillment/users/cust-8812/service_options/${last}/reserve`,
      tok,
    );
    expect(fresh.status).toBe(201);
  });

  it('refuses a body declared in another charset than UTF-8 with 415 1005', async () => {
    const tok = await token();
    const res = await call(
      'POST',
      '/v2/fulfillment/users',
      tok,
      { user_id: 'cust-9100', first_name: 'Ana', last_name: 'Silva', phone_number: '+12175550199' },
      { 'Content-Type': 'application/json; charset=utf-16' },
    );
    expect([res.status, codes(res)]).toEqual([415, [1005]]);
    const utf8 = await call(
      'POST',
      '/v2/fulfillment/users',
      tok,
      { user_id: 'cust-9100', first_name: 'Ana', last_name: 'Silva', phone_number: '+12175550199' },
      { 'Content-Type': 'application/json; charset="UTF-8"' },
    );
    expect(utf8.status).toBe(201);
  });

  it(`keeps each of a world's maps within ${WORLD_MAP_MAX} entries, the oldest dropped first`, () => {
    const world = emptyWorld();
    for (let i = 0; i < 12; i++) world.users[`u${i}`] = { user_id: `u${i}` };
    world.extra.links = Object.create(null);
    for (let i = 0; i < 7; i++) world.extra.links[`l${i}`] = {};
    for (let i = 0; i < 3; i++) world.rate[`r${i}`] = [0, 1];
    boundWorld(world, 5);
    expect(Object.keys(world.users)).toEqual(['u7', 'u8', 'u9', 'u10', 'u11']);
    expect(Object.keys(world.extra.links)).toEqual(['l2', 'l3', 'l4', 'l5', 'l6']);
    expect(Object.keys(world.rate)).toHaveLength(3);
  });

  it('does not grow without end under a loop of unknown tokens', async () => {
    clock = Math.ceil(clock / 1000) * 1000 + 5000;
    for (let i = 0; i < WORLD_MAP_MAX + 50; i++)
      await twin.handle({
        method: 'GET',
        url: `${CONNECT}/v2/fulfillment/stores`,
        headers: { Authorization: `Bearer forged-${i}` },
      });
    const res = await call('GET', '/v2/fulfillment/stores', await token());
    expect(res.status).toBe(200);
    expect(twin.worldSize().rate).toBeLessThanOrEqual(WORLD_MAP_MAX);
  }, 60_000);
});

describe('sandbox twin: a world per sandbox client', () => {
  /** A token of `client` (credentials of POST /__twin/clients, or the sandbox's own). */
  async function tokenOf(client: { client_id: string; client_secret: string }) {
    clock += 101;
    const res = await twin.handle({
      method: 'POST',
      url: `${CONNECT}/v2/oauth/token`,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        client_id: client.client_id,
        client_secret: client.client_secret,
        grant_type: 'client_credentials',
        scope: 'connect:fulfillment connect:sandbox',
      }),
    });
    expect(res.status).toBe(200);
    return body(res).access_token as string;
  }
  const user = {
    user_id: 'cust-9400',
    first_name: 'Ana',
    last_name: 'Silva',
    phone_number: '+12175550199',
  };
  const key = '6a1f0c1e-8a3b-4d0c-9f2e-3b7c5d9e1a42';

  it("keeps each client's users, keys, tokens, limits and callbacks apart, and resets one", async () => {
    const a = twin.createClient();
    const b = twin.createClient();
    expect(a.client_id).toMatch(/^aisle_client_[0-9a-f]{6}$/);
    expect(a.client_id).not.toBe(b.client_id);
    const [own, tokA, tokB] = [await token(), await tokenOf(a), await tokenOf(b)];
    // A creates a user; the sandbox's own client can create the same id: it is not there.
    const create = (tok: string, body: object, headers = {}) =>
      call('POST', '/v2/fulfillment/users', tok, body, headers);
    expect((await create(tokA, user, { 'Idempotency-Key': key })).status).toBe(201);
    expect((await create(tokA, user)).status).toBe(409);
    expect((await create(own, user)).status).toBe(201);
    // The same Idempotency-Key with another body is a new request in another client's world.
    const other = { ...user, user_id: 'cust-9402' };
    expect((await create(tokB, other, { 'Idempotency-Key': key })).status).toBe(201);
    // Each client has its own limit: A's burst leaves B's requests alone.
    clock = Math.ceil(clock / 1000) * 1000 + 5000;
    const burst = (tok: string) =>
      twin.handle({
        method: 'GET',
        url: `${CONNECT}/v2/fulfillment/stores`,
        headers: { Authorization: `Bearer ${tok}` },
      });
    for (let i = 0; i < 12; i++) await burst(tokA);
    expect((await burst(tokA)).status).toBe(429);
    expect((await burst(tokB)).status).toBe(200);
    // A client's test key works for that client only.
    const ads = (k: string) =>
      twin.handle({
        method: 'GET',
        url: 'https://ads.sandbox.aisle.example/api/v2/campaigns',
        headers: { Authorization: `Bearer ${k}` },
      });
    clock += 1000;
    expect((await ads(a.api_keys.ads)).status).not.toBe(401);
    expect(a.api_keys.ads).not.toBe(CREDENTIALS.api_keys.ads);
    // A's callbacks are A's.
    clock += 1000;
    expect((await call('DELETE', '/v2/fulfillment/users/cust-9400', tokA)).status).toBe(202);
    expect(twin.callbacks(a.client_id).map((c) => c.event_type)).toContain('user.deleted');
    expect(twin.callbacks(b.client_id).map((c) => c.event_type)).not.toContain('user.deleted');
    // Resetting B's world leaves the sandbox's own world as it was.
    clock += 1000;
    await twin.resetFor([], b.client_id);
    expect((await create(await tokenOf(b), other)).status).toBe(201);
    expect((await create(own, user)).status).toBe(409);
  });

  it(`keeps ${sandboxTwinLimits.clients} test clients, dropping the least recently used`, async () => {
    const first = twin.createClient();
    const tok = await tokenOf(first);
    for (let i = 0; i < sandboxTwinLimits.clients; i++) twin.createClient();
    expect(twin.hasClient(first.client_id)).toBe(false);
    expect(twin.hasClient(CREDENTIALS.client_id)).toBe(true);
    const gone = await call('GET', '/v2/fulfillment/stores', tok);
    expect([gone.status, codes(gone)]).toEqual([401, [2001]]);
  });
});

describe('sandbox twin: reset for a documented request', () => {
  it('arranges the example world so a create sample can succeed as documented', async () => {
    const example = {
      method: 'POST',
      url: `${CONNECT}/v2/fulfillment/users/cust-8812/orders/delivery`,
      body: JSON.stringify(order('hold_5RZ8W2', 'ord-20260314-0007')),
    };
    await twin.resetFor(example);
    const tok = await token();
    const res = await call(
      'POST',
      '/v2/fulfillment/users/cust-8812/orders/delivery',
      tok,
      JSON.parse(example.body),
    );
    expect(res.status).toBe(201);
    // Without the arrangement, the example order already exists.
    await twin.reset();
    const tok2 = await token();
    const again = await call(
      'POST',
      '/v2/fulfillment/users/cust-8812/orders/delivery',
      tok2,
      JSON.parse(example.body),
    );
    expect(again.status).toBe(409);
  });
});

describe('sandbox twin: item-level picking', () => {
  const ORDER = 'ord-20260314-0007';
  const pickPath = (line: number, orderId = ORDER) =>
    `/v2/fulfillment_sandbox/orders/${orderId}/items/${line}/pick`;

  /** The example order (2 × 0001234567895, 2.5 lb of 4011, 1 × 0001234567918), batched and picking. */
  async function picking(tok: string, orderId = ORDER) {
    const shopper = await call('POST', '/v2/fulfillment_sandbox/shoppers', tok, {
      role: 'shopper',
      first_name: 'Dana',
    });
    const batch = await call('POST', '/v2/fulfillment_sandbox/batches', tok, {
      order_ids: [orderId],
      shopper_id: body(shopper).id,
    });
    expect(batch.status).toBe(201);
    const moved = await call('POST', `/v2/fulfillment_sandbox/orders/${orderId}/status`, tok, {
      status: 'picking',
    });
    expect(moved.status).toBe(200);
  }

  /** The newest callback, its signature checked against the callback secret. */
  function signedCallback() {
    const [c] = twin.callbacks();
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(c.headers['x-aisle-signature']) ?? [];
    expect(v1, 'X-Aisle-Signature v1').toBe(
      createHmac('sha256', CALLBACK_SECRET).update(`${t}.${c.body}`).digest('hex'),
    );
    return { ...c, payload: JSON.parse(c.body) };
  }

  async function lineStatus(tok: string, line: number, orderId = ORDER) {
    const read = await call('GET', `/v2/fulfillment/users/cust-8812/orders/${orderId}`, tok);
    return body(read).items.find((i: { line_num: number }) => i.line_num === line)?.status;
  }

  it('found: the line is found in full and no callback is sent', async () => {
    const tok = await token();
    await picking(tok);
    const before = twin.callbacks().length;
    const res = await call('POST', pickPath(1), tok, { outcome: 'found' });
    expect(res.status).toBe(200);
    expect(res.headers['x-aisle-twin']).toBe('state');
    expect(body(res)).toMatchObject({
      order_id: ORDER,
      line_num: 1,
      lookup_code: '0001234567895',
      outcome: 'found',
      status: 'found',
      found_count: 2,
      refunded_count: 0,
      refund_amount: null,
      replacement: null,
      events: [],
    });
    expect(twin.callbacks()).toHaveLength(before);
    expect(await lineStatus(tok, 1)).toBe('found');
  });

  it('partial: the shortfall is refunded with a signed item_refund', async () => {
    const tok = await token();
    await picking(tok);
    const res = await call('POST', pickPath(1), tok, { outcome: 'partial', found_count: 1 });
    expect(res.status).toBe(200);
    const c = signedCallback();
    expect(body(res)).toMatchObject({
      status: 'found',
      found_count: 1,
      refunded_count: 1,
      refund_amount: '5.49',
      currency: 'USD',
      events: [{ event_type: 'item_refund', event_id: c.event_id }],
    });
    expect(c.payload).toMatchObject({
      event_type: 'item_refund',
      order_id: ORDER,
      user_id: 'cust-8812',
      data: {
        status: 'picking',
        workflow: 'delivery',
        store_location: '0142',
        order_item_id: 'oi_9TW3K6P21',
        line_num: 1,
        lookup_code: '0001234567895',
        refunded_count: 1,
        refund_amount: '5.49',
        currency: 'USD',
        refund_reason: 'not_found',
      },
    });
    expect(await lineStatus(tok, 1)).toBe('found');
  });

  it('partial by weight: refunds the missing weight at the price per lb', async () => {
    const tok = await token();
    await picking(tok);
    const counted = await call('POST', pickPath(2), tok, { outcome: 'partial', found_count: 2 });
    expect([counted.status, codes(counted)]).toEqual([422, [1002]]);
    const res = await call('POST', pickPath(2), tok, { outcome: 'partial', found_weight: 2 });
    expect(res.status).toBe(200);
    expect(body(res)).toMatchObject({
      lookup_code: '4011',
      found_count: null,
      found_weight: 2,
      weight_unit: 'lb',
      refunded_count: null,
      refunded_weight: 0.5,
      refund_amount: '0.35',
    });
    expect(signedCallback().payload.data).toMatchObject({
      line_num: 2,
      refunded_weight: 0.5,
      weight_unit: 'lb',
      refund_amount: '0.35',
    });
  });

  it('replaced: the line waits for the customer and a signed item_replacement is sent', async () => {
    const tok = await token();
    await picking(tok);
    const res = await call('POST', pickPath(1), tok, {
      outcome: 'replaced',
      replacement: { lookup_code: '0001234567901' },
    });
    expect(res.status).toBe(200);
    const c = signedCallback();
    const due = new Date(clock + 5 * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    expect(body(res)).toMatchObject({
      status: 'replacement_proposed',
      found_count: 0,
      refunded_count: 0,
      replacement: { lookup_code: '0001234567901', count: 2, decision_due_at: due },
      events: [{ event_type: 'item_replacement', event_id: c.event_id }],
    });
    expect(c.payload).toMatchObject({
      event_type: 'item_replacement',
      data: {
        status: 'picking',
        order_item_id: 'oi_9TW3K6P21',
        line_num: 1,
        lookup_code: '0001234567895',
        replacement_lookup_code: '0001234567901',
        replacement_count: 2,
        decision_due_at: due,
      },
    });
    expect(await lineStatus(tok, 1)).toBe('replacement_proposed');
  });

  it('refunded: the whole line is refunded with the reason sent', async () => {
    const tok = await token();
    await picking(tok);
    const res = await call('POST', pickPath(3), tok, {
      outcome: 'refunded',
      refund_reason: 'damaged',
    });
    expect(res.status).toBe(200);
    expect(body(res)).toMatchObject({
      status: 'refunded',
      found_count: 0,
      refunded_count: 1,
      refund_amount: '4.99',
    });
    expect(signedCallback().payload.data).toMatchObject({
      order_item_id: 'oi_9TW3K6P23',
      line_num: 3,
      lookup_code: '0001234567918',
      refunded_count: 1,
      refund_amount: '4.99',
      currency: 'USD',
      refund_reason: 'damaged',
    });
    expect(await lineStatus(tok, 3)).toBe('refunded');
  });

  it('refuses a pick outside picking, a second pick, and an unknown line or order', async () => {
    const tok = await token();
    const early = await call('POST', pickPath(1), tok, { outcome: 'found' });
    expect([early.status, codes(early)]).toEqual([409, [3002]]);
    await picking(tok);
    const unknownLine = await call('POST', pickPath(7), tok, { outcome: 'found' });
    expect([unknownLine.status, codes(unknownLine)]).toEqual([404, [3001]]);
    expect(body(unknownLine).errors[0].meta.key).toBe('line_num');
    const unknownOrder = await call('POST', pickPath(1, 'ord-nope'), tok, { outcome: 'found' });
    expect([unknownOrder.status, codes(unknownOrder)]).toEqual([404, [3001]]);
    expect((await call('POST', pickPath(1), tok, { outcome: 'found' })).status).toBe(200);
    const twice = await call('POST', pickPath(1), tok, { outcome: 'refunded' });
    expect([twice.status, codes(twice)]).toEqual([409, [3002]]);
    await call('POST', `/v2/fulfillment_sandbox/orders/${ORDER}/status`, tok, {
      status: 'checkout',
    });
    const late = await call('POST', pickPath(2), tok, { outcome: 'found' });
    expect([late.status, codes(late)]).toEqual([409, [3002]]);
    expect(await lineStatus(tok, 2)).toBe('to_pick');
  });

  it('refuses a missing or invalid field with the documented status, and changes nothing', async () => {
    const tok = await token();
    await picking(tok);
    const before = twin.callbacks().length;
    const none = await call('POST', pickPath(1), tok, {});
    expect([none.status, codes(none)]).toEqual([400, [1001]]);
    const noReplacement = await call('POST', pickPath(1), tok, { outcome: 'replaced' });
    expect([noReplacement.status, codes(noReplacement)]).toEqual([400, [1001]]);
    const noCount = await call('POST', pickPath(1), tok, { outcome: 'partial' });
    expect([noCount.status, codes(noCount)]).toEqual([400, [1001]]);
    const all = await call('POST', pickPath(1), tok, { outcome: 'partial', found_count: 2 });
    expect([all.status, codes(all)]).toEqual([422, [1002]]);
    const same = await call('POST', pickPath(1), tok, {
      outcome: 'replaced',
      replacement: { lookup_code: '0001234567895' },
    });
    expect([same.status, codes(same)]).toEqual([422, [1002]]);
    const outcome = await call('POST', pickPath(1), tok, { outcome: 'lost' });
    expect([outcome.status, codes(outcome)]).toEqual([422, [1002]]);
    expect(twin.callbacks()).toHaveLength(before);
    expect(await lineStatus(tok, 1)).toBe('to_pick');
  });

  it('a reset for the documented request arranges the order picking, so it answers 200', async () => {
    const example = {
      method: 'POST',
      url: `${CONNECT}${pickPath(1)}`,
      body: JSON.stringify({
        outcome: 'replaced',
        replacement: { lookup_code: '0001234567901', count: 2 },
      }),
    };
    await twin.resetFor(example);
    const res = await call('POST', pickPath(1), await token(), JSON.parse(example.body));
    expect(res.status).toBe(200);
    // A line the example order lacks is found too; without the arrangement the order is new.
    await twin.resetFor({ ...example, url: `${CONNECT}${pickPath(7)}` });
    expect((await call('POST', pickPath(7), await token(), { outcome: 'found' })).status).toBe(200);
    await twin.reset();
    const plain = await call('POST', pickPath(1), await token(), JSON.parse(example.body));
    expect([plain.status, codes(plain)]).toEqual([409, [3002]]);
  });
});

describe("the Storefront's reference payment connector", () => {
  const CONNECTOR = 'https://payments.sandbox.aisle.example/aisle/v1';
  const authorize = {
    order_id: 'ord-20260314-0007',
    store_location: '0142',
    purpose: 'checkout',
    tender: 'card',
    payment_token: 'ptok_9f2c41e7a1',
    amount_cents: 4945,
    currency: 'USD',
    estimated_total_cents: 4820,
    weight_buffer_cents: 125,
    customer_present: true,
  };
  const send = (path: string, json: unknown, token: string | undefined, key?: string) => {
    clock += 101;
    return twin.handle({
      method: 'POST',
      url: `${CONNECTOR}${path}`,
      headers: {
        'content-type': 'application/json',
        ...(token && { authorization: `Bearer ${token}` }),
        ...(key && { 'idempotency-key': key }),
      },
      body: JSON.stringify(json),
    });
  };
  const testToken = CREDENTIALS.api_keys['payment-connector'];

  it('answers an authorization and a capture from the examples, with its test token', async () => {
    const approved = await send('/authorizations', authorize, testToken);
    expect(approved.status).toBe(201);
    expect(approved.headers['x-aisle-twin']).toBe('example');
    expect(body(approved)).toMatchObject({ status: 'approved', amount_cents: 4945 });
    const captured = await send(
      '/authorizations/auth_3c81f0d2/captures',
      { order_id: 'ord-20260314-0007', amount_cents: 4871, currency: 'USD' },
      testToken,
    );
    expect([captured.status, body(captured).released_cents]).toEqual([201, 74]);
  });

  it('refuses another token, decimal amounts and a reused key with another body', async () => {
    const wrong = await send('/authorizations', authorize, 'sbx_not_the_token');
    expect([wrong.status, codes(wrong)]).toEqual([401, [2001]]);
    const decimal = await send(
      '/authorizations',
      { ...authorize, amount_cents: '49.45' },
      testToken,
    );
    expect([decimal.status, codes(decimal)]).toEqual([422, [1002]]);
    const key = '0b7e5d1c-2f43-4a8e-b6d9-3c1a7e9f5b20';
    expect((await send('/authorizations', authorize, testToken, key)).status).toBe(201);
    const replay = await send('/authorizations', authorize, testToken, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const other = await send(
      '/authorizations',
      { ...authorize, amount_cents: 5000 },
      testToken,
      key,
    );
    expect([other.status, codes(other)]).toEqual([409, [1008]]);
  });
});

describe('npm run sandbox (the HTTP server)', () => {
  it('serves the twin by path, its credentials, and refuses bad input with the documented errors', async () => {
    const { server, origin } = await startSandboxServer(process.cwd(), 0);
    try {
      const info = await (await fetch(`${origin}/__twin`)).json();
      expect(info.credentials.client_id).toBe(CREDENTIALS.client_id);
      const access_token = await httpToken(origin);
      // Any host's path, on the server's one origin.
      const stores = await fetch(`${origin}/v2/fulfillment/stores`, {
        headers: { authorization: `Bearer ${access_token}` },
      });
      expect(stores.status).toBe(200);
      expect(stores.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      const huge = await fetch(`${origin}/v2/fulfillment/users`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
        body: 'x'.repeat(2_000_000),
      });
      expect([huge.status, (await huge.json()).errors[0].code]).toEqual([413, 1003]);
      // A reset arranged for something that is not a request is refused, and the twin stays up.
      for (const before of ['[null]', '{"url": 1}', '"x"']) {
        const reset = await fetch(`${origin}/__twin/reset`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: `{"before": ${before}}`,
        });
        expect([before, reset.status, (await reset.json()).errors[0].code]).toEqual([
          before,
          400,
          1002,
        ]);
      }
      // The bad input of the panel's e2e test, over HTTP.
      const post = (
        body: string,
        auth = access_token,
        key = '3f6c2a9e-8b41-4d7a-9e25-61c0b8f4d213',
      ) =>
        fetch(`${origin}/v2/fulfillment/users`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${auth}`,
            'content-type': 'application/json',
            'idempotency-key': key,
          },
          body,
        });
      const answer = async (res: Response) => {
        const json = (await res.json()) as { errors?: { code: number; meta: { key?: string } }[] };
        return [res.status, (json.errors ?? []).map((e) => `${e.code} ${e.meta.key ?? ''}`.trim())];
      };
      expect(await answer(await post('{"user_id": '))).toEqual([400, ['1004']]);
      const user = {
        user_id: 'cust-9001',
        first_name: 'Ana',
        last_name: 'Silva',
        phone_number: '+12175550199',
      };
      const typed = await answer(
        await post(JSON.stringify({ ...user, user_id: 42, nickname: 'A' })),
      );
      // An unknown field is ignored (CONTRIBUTING.md "Connect API basics").
      expect(typed).toEqual([422, ['1002 user_id']]);
      const created = await post(JSON.stringify(user));
      expect(created.status).toBe(201);
      const createdBody = await created.text();
      const other = await answer(await post(JSON.stringify({ ...user, user_id: 'cust-9002' })));
      expect(other).toEqual([409, ['1008 Idempotency-Key']]);
      expect(await answer(await post(JSON.stringify(user), 'a-production-token'))).toEqual([
        401,
        ['2001'],
      ]);
      // 1,000 requests in a loop: 10 a second pass, the rest get 429; the state is intact.
      const started = Date.now();
      const statuses: number[] = [];
      for (let i = 0; i < 1000; i += 100)
        statuses.push(
          ...(await Promise.all(
            Array.from({ length: 100 }, () =>
              fetch(`${origin}/v2/fulfillment/stores`, {
                headers: { authorization: `Bearer ${access_token}` },
              }).then(async (r) => (await r.arrayBuffer(), r.status)),
            ),
          )),
        );
      const seconds = Math.ceil((Date.now() - started) / 1000);
      expect([...new Set(statuses)].sort()).toEqual([200, 429]);
      expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(10 * (seconds + 1));
      await new Promise((r) => setTimeout(r, 1100));
      const replay = await post(JSON.stringify(user));
      expect([replay.status, await replay.text()]).toEqual([201, createdBody]);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      const reset = await fetch(`${origin}/__twin/reset`, { method: 'POST', body: '{oops' });
      expect([reset.status, (await reset.json()).errors[0].code]).toEqual([400, 1004]);
      const odd = await fetch(`${origin}//%%zz/../v2?${'a'.repeat(5000)}`);
      expect(odd.status).toBe(404);
      expect((await fetch(`${origin}/__twin/reset`, { method: 'POST' })).status).toBe(204);
    } finally {
      server.close();
    }
  }, 60_000); // generating the twin's modules takes seconds on a busy machine

  it('makes test clients over HTTP, each reset on its own, and refuses an unknown one', async () => {
    const { server, origin } = await startSandboxServer(process.cwd(), 0);
    try {
      const made = await fetch(`${origin}/__twin/clients`, { method: 'POST' });
      expect(made.status).toBe(201);
      const client = await made.json();
      expect(Object.keys(client).sort()).toEqual(['api_keys', 'client_id', 'client_secret']);
      await httpToken(origin, client);
      const health = async (query = '') =>
        (await (await fetch(`${origin}/__twin/health${query}`)).json()).world.tokens;
      expect(await health(`?client_id=${client.client_id}`)).toBe(1);
      const reset = (body: unknown) =>
        fetch(`${origin}/__twin/reset`, { method: 'POST', body: JSON.stringify(body) });
      expect((await reset({ client_id: client.client_id })).status).toBe(204);
      expect(await health(`?client_id=${client.client_id}`)).toBe(0);
      for (const [status, answer] of [
        [404, await fetch(`${origin}/__twin/callbacks?client_id=nobody`)],
        [404, await reset({ client_id: 'nobody' })],
        [404, await reset({ client_id: 42 })],
      ] as const)
        expect([answer.status, (await answer.json()).errors[0].code]).toEqual([status, 1016]);
    } finally {
      server.close();
    }
  }, 60_000);

  it('opens its port only once ready, and answers CORS only to this machine and the docs site', async () => {
    // A free port, then the server started on it while a client knocks every 10 ms: the first
    // answer it gets is the twin's, never a "starting" error.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const starting = startSandboxServer(process.cwd(), port);
    let first: Response | undefined;
    while (!first) {
      first = await fetch(`http://127.0.0.1:${port}/__twin/health`).catch(() => undefined);
      if (!first) await new Promise((r) => setTimeout(r, 10));
    }
    const { server, origin } = await starting;
    try {
      expect(first.status).toBe(200);
      expect((await first.json()).status).toBe('ok');
      const allowed = async (from: string) => {
        const get = await fetch(`${origin}/__twin/health`, { headers: { origin: from } });
        const preflight = await fetch(`${origin}/v2/fulfillment/stores`, {
          method: 'OPTIONS',
          headers: { origin: from, 'access-control-request-method': 'GET' },
        });
        return [
          get.headers.get('access-control-allow-origin'),
          preflight.headers.get('access-control-allow-origin'),
        ];
      };
      for (const from of ['http://localhost:3000', 'http://127.0.0.1:4173', DEFAULT_SITE_URL])
        expect(await allowed(from)).toEqual([from, from]);
      for (const from of ['https://evil.example', 'http://localhost.evil.example', 'null'])
        expect(await allowed(from)).toEqual([null, null]);
    } finally {
      server.close();
    }
  }, 60_000);
});

describe('the single-file twin (aisle-sandbox.mjs)', () => {
  it('reads its options, and says what is wrong with a bad one instead of starting', () => {
    expect(parseArgs([], {})).toEqual({ port: 4010, host: '127.0.0.1' });
    expect(parseArgs(['--port', '0', '--host=0.0.0.0'], { PORT: '5000' })).toEqual({
      port: 0,
      host: '0.0.0.0',
    });
    expect(parseArgs(['--now', '2026-03-14T15:30:00Z'], {})).toMatchObject({
      nowMs: Date.parse('2026-03-14T15:30:00Z'),
    });
    const refused = (argv: string[], env = {}) => {
      const parsed = parseArgs(argv, env);
      return 'message' in parsed ? [parsed.exit, parsed.message.split('\n')[0]] : parsed;
    };
    expect(refused(['--port', '99999'])).toEqual([
      2,
      '--port: the port must be a number from 0 to 65535, not "99999"',
    ]);
    expect(refused(['--port'])).toEqual([
      2,
      '--port: the port must be a number from 0 to 65535, not ""',
    ]);
    expect(refused([], { PORT: '80; rm -rf /' })).toEqual([
      2,
      'PORT: the port must be a number from 0 to 65535, not "80; rm -rf /"',
    ]);
    expect(refused(['--now', 'yesterday'])).toEqual([
      2,
      expect.stringMatching(/^--now must be an ISO 8601 time/),
    ]);
    expect(refused(['--verbose'])).toEqual([2, 'unknown option "--verbose"']);
    expect(refused(['--help'])).toEqual([0, 'Usage: npm run sandbox -- [options]']);
    expect(refused(['--callback-url', 'file:///etc/passwd'])).toEqual([
      2,
      '--callback-url must be an http or https URL, not "file:///etc/passwd"',
    ]);
    expect(refused(['--callback-time-scale', '0'])).toEqual([
      2,
      '--callback-time-scale must be a number from 1 to 1000000, not "0"',
    ]);
  });
});

describe("callbacks delivered to the integrator's endpoint (--callback-url)", () => {
  it('follows the documented retry schedule: 30 s doubling to 4 hours, 15 attempts in 24 hours', () => {
    const delays = callbackRetryDelays();
    expect(delays).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3840, 7680, 14400, 14400, 14400, 14400, 13470,
    ]);
    expect(delays.reduce((a, b) => a + b, 0)).toBe(24 * 3600);
  });

  it('posts each callback signed, retries a 500 with the next attempt number, and logs both', async () => {
    const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(received.length === 1 ? 500 : 204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/aisle/callbacks`;
    // 1,000 times faster: the first retry 30 ms after the failure instead of 30 s.
    const { server, origin } = await startSandboxServer(process.cwd(), 0, '127.0.0.1', undefined, {
      callbackUrl: endpoint,
      callbackTimeScale: 1000,
    });
    try {
      const access_token = await httpToken(origin);
      const made = await fetch(`${origin}/v2/fulfillment/users`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          user_id: 'cust-9300',
          first_name: 'Ana',
          last_name: 'Silva',
          phone_number: '+12175550199',
        }),
      });
      expect(made.status).toBe(201);
      const gone = await fetch(`${origin}/v2/fulfillment/users/cust-9300`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${access_token}` },
      });
      expect(gone.status).toBe(202);
      await expect.poll(() => received.length, { timeout: 5000 }).toBe(2);
      for (const [i, { headers, body: raw }] of received.entries()) {
        expect(headers['x-aisle-delivery-attempt']).toBe(String(i + 1));
        const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(headers['x-aisle-signature']))!;
        expect(createHmac('sha256', CALLBACK_SECRET).update(`${t}.${raw}`).digest('hex')).toBe(v1);
        expect(JSON.parse(raw).event_type).toBe('user.deleted');
      }
      const log = await (await fetch(`${origin}/__twin/deliveries`)).json();
      expect(log.url).toBe(endpoint);
      expect(
        log.deliveries.map((d: { attempt: number; status: number }) => [d.attempt, d.status]),
      ).toEqual([
        [2, 204],
        [1, 500],
      ]);
      expect(log.deliveries[1].next_in_seconds).toBeGreaterThanOrEqual(27);
      expect(log.deliveries[1].next_in_seconds).toBeLessThanOrEqual(33);
    } finally {
      server.close();
      receiver.close();
    }
  }, 60_000);
});

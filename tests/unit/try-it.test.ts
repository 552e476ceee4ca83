import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as cookieJar from '../../plugins/sandbox-twin/msw-cookie-jar';
import type { OperationSpec } from '../../plugins/sandbox-twin/twin/types';
import { productionServer } from '../../plugins/sandbox-twin/hosts';
import { jsonTokens } from '../../plugins/sandbox-twin/theme/TryIt/json-tokens';
import {
  buildRequest,
  curlCommand,
  initialDraft,
  newIdempotencyKey,
  prettyBody,
  shellQuote,
} from '../../plugins/sandbox-twin/theme/TryIt/request';

const createOrder: OperationSpec = {
  api: 'fulfillment',
  operationId: 'create_delivery_order',
  method: 'POST',
  path: '/v2/fulfillment/users/{user_id}/orders/delivery',
  sandboxServer: 'https://connect.sandbox.aisle.example',
  parameters: [
    { name: 'user_id', in: 'path', required: true, type: 'string', example: 'cust-8812' },
    { name: 'Accept-Language', in: 'header', required: false, type: 'string', example: 'en-US' },
    {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      type: 'string',
      example: '3f6c2a9e-8b41-4d7a-9e25-61c0b8f4d213',
    },
    { name: 'limit', in: 'query', required: false, type: 'integer', example: 20 },
    { name: 'cursor', in: 'query', required: false, type: 'string' },
  ],
  requestBody: {
    required: true,
    example: { order_id: 'ord-20260314-0007', service_option_hold_id: 'hold_5RZ8W2' },
    fields: [{ name: 'order_id', type: 'string', required: true }],
  },
  security: { kind: 'bearer', header: 'Authorization', scopes: ['connect:fulfillment'] },
  responses: [{ status: 201 }],
  errorStatuses: {},
};

describe('Try it requests', () => {
  it('start from the operation examples on the sandbox server', () => {
    const draft = initialDraft(createOrder);
    expect(draft.server).toBe('https://connect.sandbox.aisle.example');
    expect(draft.path).toEqual({ user_id: 'cust-8812' });
    // Optional parameters without an example stay out; those with one are prefilled.
    expect(draft.query).toEqual({ limit: '20' });
    const { 'Idempotency-Key': key, ...headers } = draft.headers;
    expect(headers).toEqual({
      Authorization: '',
      'Content-Type': 'application/json',
      'Accept-Language': 'en-US',
    });
    // A new key per panel, never the documented one every page shares (409 1008 on reuse).
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(initialDraft(createOrder).headers['Idempotency-Key']).not.toBe(key);
    expect(JSON.parse(draft.body)).toEqual(createOrder.requestBody?.example);
  });

  it('encode path values, drop empty headers and keep the body text as typed', () => {
    const draft = initialDraft(createOrder);
    draft.path.user_id = 'a/b c';
    draft.body = '{"order_id": ';
    const request = buildRequest(createOrder, draft);
    expect(request.url).toBe(
      'https://connect.sandbox.aisle.example/v2/fulfillment/users/a%2Fb%20c/orders/delivery?limit=20',
    );
    expect(request.headers).not.toHaveProperty('Authorization');
    expect(request.body).toBe('{"order_id": ');
  });

  it('make UUIDs without randomUUID too (insecure contexts)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newIdempotencyKey()).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });

  it('send no body with GET', () => {
    const get = { ...createOrder, method: 'GET' };
    expect(buildRequest(get, initialDraft(get)).body).toBeUndefined();
  });

  it('copy as a cURL command that a shell reads back unchanged', () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    const command = curlCommand({
      method: 'POST',
      url: 'https://connect.sandbox.aisle.example/v2/fulfillment/users',
      headers: { Authorization: 'Bearer t' },
      body: `{"first_name":"O'Neil"}`,
    });
    expect(command).toBe(
      [
        "curl --request POST 'https://connect.sandbox.aisle.example/v2/fulfillment/users'",
        "--header 'Authorization: Bearer t'",
        `--data-raw '{"first_name":"O'\\''Neil"}'`,
      ].join(' \\\n  '),
    );
  });

  it('show JSON bodies pretty and anything else as received', () => {
    expect(prettyBody('{"a":1}')).toEqual({ text: '{\n  "a": 1\n}', json: true });
    expect(prettyBody('<html>')).toEqual({ text: '<html>', json: false });
    expect(prettyBody('  ')).toEqual({ text: '', json: false });
  });
});

describe('JSON tokens', () => {
  it("take Prism's token types and give the text back whole", () => {
    const text = '{\n  "a": "x\\"y", "n": -1.5e3, "ok": true, "none": null, "list": [1]\n}';
    const tokens = jsonTokens(text);
    expect(tokens.map((t) => t.text).join('')).toBe(text);
    const typed = tokens.filter((t) => t.type).map((t) => `${t.type}:${t.text}`);
    expect(typed).toEqual(
      expect.arrayContaining([
        'property:"a"',
        'string:"x\\"y"',
        'number:-1.5e3',
        'boolean:true',
        'null:null',
        'punctuation:[',
        'operator::',
      ]),
    );
  });

  it('leave text that is not JSON untouched', () => {
    const text = 'Service Unavailable <b>';
    expect(
      jsonTokens(text)
        .map((t) => t.text)
        .join(''),
    ).toBe(text);
  });
});

describe('production servers', () => {
  it('mirror the sandbox ones, except Aisle Ads, whose test accounts share its host', () => {
    expect(productionServer('https://connect.sandbox.aisle.example')).toBe(
      'https://connect.aisle.example',
    );
    expect(productionServer('https://api.sandbox.aisle.example/idp/v1')).toBe(
      'https://api.aisle.example/idp/v1',
    );
    expect(productionServer('https://ads.aisle.example/api/v2')).toBeUndefined();
    expect(productionServer('not a url')).toBeUndefined();
  });
});

describe("msw's cookie jar", () => {
  const mswLib = join(__dirname, '..', '..', 'node_modules', 'msw', 'lib');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? files(join(dir, e.name))
        : e.name.endsWith('.mjs')
          ? [join(dir, e.name)]
          : [],
    );

  it('stands in for everything msw imports from tough-cookie in the browser', () => {
    const imported = new Set<string>();
    for (const file of files(mswLib).filter((f) => !f.includes(`${join('lib', 'node')}`))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']tough-cookie["']/g))
        for (const name of m[1].split(',')) if (name.trim()) imported.add(name.trim());
      expect(text, file).not.toMatch(/import\s+\*\s+as\s+\w+\s+from\s*["']tough-cookie["']/);
    }
    expect([...imported].sort()).toEqual(['Cookie', 'CookieJar', 'MemoryCookieStore']);
    for (const name of imported) expect(cookieJar).toHaveProperty(name);
  });

  it('keeps no cookie', async () => {
    const store = new cookieJar.MemoryCookieStore();
    const jar = new cookieJar.CookieJar(store);
    await jar.setCookie();
    expect(jar.getCookiesSync()).toEqual([]);
    expect(store.idx).toEqual({});
    expect(cookieJar.Cookie.fromJSON()).toBeNull();
  });
});

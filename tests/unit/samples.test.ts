import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { classify, firstBody } from '../../scripts/samples/classify';
import { goUnit, javaUnit } from '../../scripts/samples/compile';
import { pageOfTwin, samplesOfTwin, statusInProse } from '../../scripts/samples/extract';
import { filesRead, inputFiles } from '../../scripts/samples/inputs';
import { fillPlaceholders, rewriteHosts, guideEnvironment } from '../../scripts/samples/prepare';
import { valueAt } from '../../scripts/samples/tutorials';
import { signature } from '../../scripts/samples/verifiers';

const GENERATED = `# Get an order

> Reads one order.

GET \`/v2/fulfillment/users/{user_id}/orders/{order_id}\`

Reads one order.

## Endpoint

Request

**cURL**

\`\`\`bash
curl --request GET \\
  --url https://connect.aisle.example/v2/fulfillment/users/cust-8812/orders/ord-20260314-0007 \\
  --header 'Authorization: Bearer <token>'
\`\`\`

**Python**

\`\`\`python
import requests

url = "https://connect.aisle.example/v2/fulfillment/users/cust-8812/orders/ord-20260314-0007"
response = requests.get(url, headers={"Authorization": "Bearer <token>"})
print(response.text)
\`\`\`

Response

**200**

\`\`\`json title="The order"
{"id": "fo_1"}
\`\`\`

**404**

\`\`\`json
{"errors": []}
\`\`\`
`;

const GUIDE = `# Send a sale

Save the sale as \`sale.json\`:

\`\`\`json
{"transaction_id": "t1"}
\`\`\`

**cURL**

\`\`\`bash
curl --request POST "https://connect.sandbox.aisle.example/v2/transactions/pos" \\
  --header "Authorization: Bearer $AISLE_TOKEN" \\
  --data @sale.json
\`\`\`

**Node.js**

\`\`\`js
import { readFile } from "node:fs/promises";
const response = await fetch("https://connect.sandbox.aisle.example/v2/transactions/pos", {
  method: "POST",
  body: await readFile("sale.json", "utf8"),
});
\`\`\`

If the body is wrong it answers \`422\`. Aisle answers \`202\` once the sale is stored.

\`\`\`bash
export AISLE_TOKEN="…"
\`\`\`
`;

describe('samplesOfTwin', () => {
  it('reads a generated page: tabs, the operation and the first success of the responses', () => {
    const samples = samplesOfTwin('connect/fulfillment/api/get_order.md', GENERATED);
    expect(samples.map((s) => [s.language, s.tab, s.index])).toEqual([
      ['curl', 'cURL', 0],
      ['python', 'Python', 1],
    ]);
    expect(samples[0].page).toBe('/connect/fulfillment/api/get_order');
    expect(samples[0].generated).toBe(true);
    expect(samples[0].pageEndpoint).toEqual({
      method: 'GET',
      path: '/v2/fulfillment/users/{user_id}/orders/{order_id}',
    });
    expect(samples.every((s) => s.pageStatus === 200)).toBe(true);
    expect(samples[0].pageStatuses).toEqual([200]);
  });

  it('reads every success a generated page documents, for the request samples they share', () => {
    const twoSuccesses = GENERATED.replace('**404**', '**201**\n\n```json\n{}\n```\n\n**404**');
    const samples = samplesOfTwin('connect/fulfillment/api/get_order.md', twoSuccesses);
    expect(samples.map((s) => s.pageStatuses)).toEqual([
      [200, 201],
      [200, 201],
    ]);
  });

  it('reads a guide: the stated status after the group, the files the page names', () => {
    const samples = samplesOfTwin('connect/transactions_guide/get_started.md', GUIDE);
    expect(samples.map((s) => s.language)).toEqual(['curl', 'javascript', 'shell']);
    expect(samples[0].generated).toBe(false);
    expect(samples[0].pageStatus).toBe(202);
    expect(samples[1].pageStatus).toBe(202);
    expect(samples[0].pageFiles['sale.json']).toBe('{"transaction_id": "t1"}\n');
  });

  it('ignores a status stated under a condition', () => {
    expect(
      statusInProse('If a call answers `409` with code `3002`, read the order.'),
    ).toBeUndefined();
    expect(statusInProse('Without it they answer `403` with code `2002`.')).toBeUndefined();
    expect(statusInProse('The cURL version needs jq. Each status call answers `200`:')).toBe(200);
  });

  it("finds blocks inside list items and puts the page's shell helper before its calls", () => {
    const twin = [
      '# Test in the sandbox',
      '',
      '1. Define a helper:',
      '',
      '   ```bash',
      '   sandbox() {',
      '     curl --request POST "https://connect.sandbox.aisle.example/v2/fulfillment_sandbox/$1" --data "$2"',
      '   }',
      '   ```',
      '',
      '```bash',
      'sandbox batches \'{"order_ids": ["ord-20260314-0007"]}\'',
      'sandbox orders/ord-20260314-0007/status \'{"status": "picking"}\'',
      '```',
      '',
    ].join('\n');
    const [helper, calls] = samplesOfTwin('t.md', twin);
    expect(helper.index).toBe(0);
    expect(helper.prelude).toBeUndefined();
    expect(classify(helper).kind).toBe('function');
    expect(calls.prelude).toMatch(/^sandbox\(\) \{/);
    expect(calls.code.startsWith(calls.prelude!)).toBe(true);
    expect(calls.language).toBe('curl');
    expect(classify(calls).kind).toBe('script');
  });

  it('maps twins to page paths', () => {
    expect(pageOfTwin('index.md')).toBe('/');
    expect(pageOfTwin('connect/index.md')).toBe('/connect/');
    expect(pageOfTwin('connect/api/webhooks.md')).toBe('/connect/api/webhooks');
  });
});

describe('classify', () => {
  const [curl, python] = samplesOfTwin('a.md', GENERATED);
  const guide = samplesOfTwin('b.md', GUIDE);

  it('finds one request, its method, URL and literal body', () => {
    expect(classify(curl)).toMatchObject({
      kind: 'request',
      first: {
        method: 'GET',
        url: 'https://connect.aisle.example/v2/fulfillment/users/cust-8812/orders/ord-20260314-0007',
      },
    });
    expect(classify(python).kind).toBe('request');
    expect(classify(guide[1]).first?.method).toBe('POST');
    expect(firstBody(guide[0])).toBe('{"transaction_id": "t1"}');
  });

  it('tells scripts, functions and blocks that are not requests apart', () => {
    const base = { ...curl, language: 'python' as const };
    const script = `import requests\nfor status in ["picking", "checkout"]:\n    requests.post("https://connect.sandbox.aisle.example/v2/x", json={"status": status})\n`;
    expect(classify({ ...base, code: script }).kind).toBe('script');
    const helper = `import requests\ndef post(path):\n    return requests.post("https://connect.aisle.example" + path)\n\npost("/a")\npost("/b")\n`;
    expect(classify({ ...base, code: helper }).kind).toBe('script');
    const fn = `import requests\nURL = "https://connect.aisle.example/v2/x"\ndef send(body):\n    return requests.post(URL, json=body)\n`;
    expect(classify({ ...base, code: fn }).kind).toBe('function');
    expect(classify(guide[2])).toMatchObject({
      kind: 'other',
      reason: 'sets environment variables',
    });
    const verifier = `import hmac\ndef verify(header, body, secret):\n    return hmac.compare_digest(header, body)\n`;
    expect(classify({ ...base, code: verifier }).reason).toMatch(/callback signature/);
  });
});

describe('prepare', () => {
  const creds = {
    token: 'sbx_token',
    callbackSecret: 'whsec_1',
    creds: {
      client_id: 'aisle_client_7f3a9c',
      client_secret: 'sandbox_secret',
      api_keys: {
        foodstorm: 'fs_key',
        'developer-platform': 'keys.dp_key',
        ads: 'keys.ads_key',
        'payment-connector': 'conn_key',
      },
    },
  };

  it('rewrites the API hosts only, keeping the path', () => {
    const code = [
      'https://connect.aisle.example/v2/a',
      'https://connect.sandbox.aisle.example/v2/b',
      'https://api.aisle.example/idp/v1/c',
      'https://{store}.foodstorm.example/api/v1/d',
      'https://fresh-market-test.foodstorm.example/api/v1/e',
      'https://portal.aisle.example/apps',
      'https://shop.fresh-market.example/aisle/callbacks',
    ].join('\n');
    expect(rewriteHosts(code, 'http://127.0.0.1:4411').split('\n')).toEqual([
      'http://127.0.0.1:4411/v2/a',
      'http://127.0.0.1:4411/v2/b',
      'http://127.0.0.1:4411/idp/v1/c',
      'http://127.0.0.1:4411/api/v1/d',
      'http://127.0.0.1:4411/api/v1/e',
      'https://portal.aisle.example/apps',
      'https://shop.fresh-market.example/aisle/callbacks',
    ]);
  });

  it("fills the token and the key of the sample's API, without a doubled keys. prefix", () => {
    expect(
      fillPlaceholders("curl https://connect.aisle.example -H 'Bearer <token>'", creds),
    ).toContain('Bearer sbx_token');
    expect(
      fillPlaceholders("curl https://api.aisle.example -H 'Bearer keys.<key>'", creds),
    ).toContain('Bearer keys.dp_key');
    expect(
      fillPlaceholders("curl https://s.foodstorm.example -H 'X-Api-Key: <api_key>'", creds),
    ).toContain('X-Api-Key: fs_key');
    expect(guideEnvironment(creds)).toMatchObject({
      AISLE_TOKEN: 'sbx_token',
      AISLE_API_KEY: 'dp_key',
      AISLE_ADS_KEY: 'ads_key',
      FOODSTORM_API_KEY: 'fs_key',
      AISLE_CLIENT_SECRET: 'sandbox_secret',
    });
  });

  it("sends a payment connector's samples to the reference connector, with its test token", () => {
    const code =
      "curl https://payments.provider.example/aisle/v1/authorizations -H 'Authorization: Bearer <provider_token>'";
    const prepared = rewriteHosts(fillPlaceholders(code, creds), 'http://127.0.0.1:4411');
    expect(prepared).toBe(
      "curl http://127.0.0.1:4411/aisle/v1/authorizations -H 'Authorization: Bearer conn_key'",
    );
    expect(
      rewriteHosts('https://payments.sandbox.aisle.example/aisle/v1/x', 'http://127.0.0.1:4411'),
    ).toBe('http://127.0.0.1:4411/aisle/v1/x');
    // Another provider-looking host is not an API of the site's.
    expect(rewriteHosts('https://pay.provider.example/aisle/v1/x', 'http://h')).toBe(
      'https://pay.provider.example/aisle/v1/x',
    );
  });
});

describe('inputs, tutorials, compile units, signatures', () => {
  it('finds the files a sample reads and where the page gives them', () => {
    const [curl, node] = samplesOfTwin('b.md', GUIDE);
    expect(filesRead(curl.code)).toEqual(['sale.json']);
    expect(filesRead(node.code)).toEqual(['sale.json']);
    expect(inputFiles(curl)).toEqual({
      files: { 'sale.json': '{"transaction_id": "t1"}\n' },
      missing: [],
    });
    expect(inputFiles({ ...curl, pageFiles: {} }).missing).toEqual(['sale.json']);
  });

  it('reads a carried id at a dotted path', () => {
    expect(valueAt('{"service_options": [{"id": "so_1"}]}', 'service_options.0.id')).toBe('so_1');
    expect(valueAt('{"id": "hold_1"}', 'missing')).toBeUndefined();
    expect(valueAt('not json', 'id')).toBeUndefined();
  });

  it('wraps a statement-list Java sample and keeps a class as it is', () => {
    const wrapped = javaUnit('HttpRequest request = HttpRequest.newBuilder().build();', 's1');
    expect(wrapped.file).toBe('Sample.java');
    expect(wrapped.source).toMatch(/^package s1;\nimport java\.net\.URI;/);
    expect(wrapped.source).toContain('public static void main(String[] args) throws Exception {');
    const klass = javaUnit('import java.net.URI;\npublic class DeliveryOrders {}', 's2');
    expect(klass).toEqual({
      file: 'DeliveryOrders.java',
      source: 'package s2;\nimport java.net.URI;\npublic class DeliveryOrders {}\n',
    });
  });

  it('builds a Go function without main() as a library package', () => {
    expect(goUnit('package main\n\nfunc Send() {}\n')).toBe('package sample\n\nfunc Send() {}\n');
    const program = 'package main\n\nfunc main() {}\n';
    expect(goUnit(program)).toBe(program);
  });

  it('signs callbacks as CONTRIBUTING.md says', () => {
    const body = '{"event_id":"evt_1"}';
    const hex = createHmac('sha256', 'whsec_1').update(`1700000000.${body}`).digest('hex');
    expect(signature('whsec_1', 1700000000, body)).toBe(`t=1700000000,v1=${hex}`);
  });
});

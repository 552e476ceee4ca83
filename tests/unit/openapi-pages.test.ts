import { mkdtemp, readFile, readdir, writeFile, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  collectPages,
  generateApi,
  syncFiles,
  type PageMemo,
} from '../../plugins/openapi-pages/generate';
import { loadSpec, makeResolver, SpecError } from '../../plugins/openapi-pages/load';
import { postmanCollection } from '../../plugins/openapi-pages/postman';
import { requestSnippets, type SampleRequest } from '../../plugins/openapi-pages/snippets';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { credentialHeader } from '../../plugins/openapi-pages/render/index';
import { fieldNames, schemaTree, typeLabel } from '../../plugins/openapi-pages/schema';
import { normalizeOptions } from '../../plugins/openapi-pages';
import { markdownBlocks, toMdx } from '../../plugins/openapi-pages/mdx';
import { apiWording } from '../../config/openapi';
import { load } from 'cheerio';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import ApiField from '../../plugins/openapi-pages/theme/ApiField';
import { toHtml } from './mdx-html';
import { miniApi } from '../fixtures/openapi/mini';

const site = join(__dirname, '../..');
const run = promisify(execFile);
const mini = miniApi;

async function generated() {
  const out = await mkdtemp(join(tmpdir(), 'openapi-pages-'));
  const result = await generateApi(site, join(out, 'docs'), join(out, 'static'), mini, apiWording);
  const page = (name: string) => {
    const hit = [...result.files].find(([file]) => file.endsWith(`/${name}`));
    if (!hit) throw new Error(`no generated file ${name}`);
    return hit[1];
  };
  return { out, result, page };
}

describe('openapi-pages: pages of a definition', () => {
  it('gives each operation and webhook a page at its slug, out-of-sidebar pages apart', async () => {
    const { doc } = await loadSpec(join(site, mini.spec));
    const pages = collectPages(doc, mini);
    expect(pages.map((p) => [p.permalink, p.sidebar])).toEqual([
      ['/connect/mini/api/get_order', true],
      ['/connect/mini/api/extra/update_order', false],
      ['/connect/mini/api/callbacks/user_deleted', true],
    ]);
    const { result } = await generated();
    const files = [...result.files.keys()].map((f) => f.split('/').slice(-3).join('/'));
    expect(files).toEqual([
      'api_reference/orders/get_order.mdx',
      'api_reference/orders/_category_.json',
      'mini/api_reference_no_sidebar/update_order.mdx',
      'api_reference/callbacks/user_deleted.mdx',
      'api_reference/callbacks/_category_.json',
      'mini/api_reference/schemas.mdx',
      'static/openapi/mini.yaml',
      'static/openapi/mini.postman.json',
    ]);
  });

  it('refuses two operations that map to one URL', async () => {
    const { doc } = await loadSpec(join(site, mini.spec));
    const paths = doc.paths as Record<string, Record<string, Record<string, unknown>>>;
    paths['/v2/users/{user_id}/orders/{order_id}'].put['x-slug'] = 'get_order';
    expect(() => collectPages(doc, mini)).toThrow(
      /update_order and get_order|get_order and update_order/,
    );
  });

  it('keeps spec text as text: braces, angle brackets and HTML never become JSX', async () => {
    const { page } = await generated();
    const html = await toHtml(page('get_order.mdx'));
    expect(html).toContain('Returns the order <code>{order_id}</code> of the user {user_id}.');
    expect(html).toContain('Values &lt; 200 and &lt;b&gt;bold&lt;/b&gt; and');
    expect(html).toContain('Bearer &lt;token&gt; stay text.');
    expect(html).toContain('Amount | in {currency}.');
    expect(html).toContain('<a href="/connect/api/webhooks">webhooks</a>');
  });

  it('parses a description once, and gives each page its own copy of the nodes', () => {
    const text = 'A **bold** word and a [link](/connect/fulfillment).';
    const first = markdownBlocks(text);
    // A page's renderer may change the nodes it put into its tree.
    (first[0] as { children: unknown[] }).children.length = 0;
    const second = markdownBlocks(text);
    expect(second).not.toBe(first);
    expect(toMdx(second)).toBe('A **bold** word and a [link](/connect/fulfillment).\n');
  });

  it('writes each field as one ApiField whose parts land in their divs', async () => {
    const { result } = await generated();
    const parts = new Set<string>();
    let fields = 0;
    for (const [file, mdx] of result.files) {
      if (!file.endsWith('.mdx') || !mdx.includes('<ApiField')) continue;
      // One JSX element per field in the MDX (the compile cost), not a div per part.
      expect(mdx).not.toMatch(/<div className="api-field(__head|__tokens|__description)?">/);
      const $ = load(await toHtml(mdx));
      for (const field of $('div.api-field').toArray()) {
        fields++;
        expect($(field).children().first().is('div.api-field__head')).toBe(true);
        // Each part holds only its own kind of children; the nested fields come after the parts.
        for (const part of $(field).children().toArray()) {
          const cls = $(part).attr('class') ?? part.tagName;
          parts.add(cls);
          const inside = $(part).children().toArray();
          const classes = inside.map((c) => $(c).attr('class') ?? c.tagName);
          if (cls === 'api-field__head')
            for (const c of classes)
              expect(c).toMatch(/^api-field__(name|type|required|deprecated)$/);
          else if (cls === 'api-field__tokens')
            for (const c of classes) expect(c).toBe('api-token');
          else if (cls === 'api-field__description' || cls === 'api-field__note')
            for (const c of inside) expect(c.tagName).not.toBe('span');
          else expect(part.tagName).toBe('details');
        }
      }
    }
    expect(fields).toBeGreaterThan(20);
    expect([...parts].sort()).toEqual([
      'api-field__description',
      'api-field__head',
      'api-field__note',
      'api-field__tokens',
      'details',
    ]);
  });

  it('rejects an ApiField count that is not a whole number', () => {
    expect(() => renderToStaticMarkup(createElement(ApiField, { head: 'two' }))).toThrow(
      'ApiField: head must be a count of children, got "two"',
    );
  });

  it('puts parameters, field trees, samples, responses and errors in the static HTML', async () => {
    const { page } = await generated();
    const html = await toHtml(page('get_order.mdx'));
    const row = (name: string, type: string) =>
      `<span class="api-field__name"><code>${name}</code></span><span class="api-field__type">${type}</span>`;
    for (const text of [
      `${row('user_id', 'string')}<span class="api-field__required">required</span>`,
      'example <code>&quot;ord-20260314-0007&quot;</code>',
      'one of <code>&quot;items&quot;</code> <code>&quot;shopper&quot;</code>',
      // A nullable self-reference: typed, linked to its schema, and stopped.
      `${row('parent_order', '<a href="/connect/mini/api/schemas#order">Order</a> | null')}`,
      'Repeats an enclosing object',
      'map&lt;string, string&gt;',
      'curl --request GET',
      '$BASE_URL/v2/users/cust-8812/orders/ord-20260314-0007',
      'response = requests.request(',
      // Responses per status: the success open, the error collapsed with its code.
      '<details open=""><summary>200 OK</summary>',
      '<details><summary>404 Not Found codes 3001</summary>',
      '&quot;code&quot;: 3001',
    ])
      expect(html).toContain(text);
    // An error's named body shape is linked, not drawn again in each status.
    const notFound = html.slice(html.indexOf('404 Not Found codes'));
    expect(notFound).toContain('<a href="/connect/mini/api/schemas#errors">Errors</a>');
    expect(notFound.slice(0, notFound.indexOf('</details>'))).not.toContain('api-field__name');
    // Samples come before the fields in the source order (they follow the endpoint on phones).
    expect(html.indexOf('curl --request GET')).toBeLessThan(html.indexOf('>Request</h2>'));
    // The Try it button follows the request sample, named by the definition and operation.
    expect(html.match(/data-try-it="[^"]*"/g)).toEqual(['data-try-it="mini:get_order"']);
    expect(html.indexOf('data-try-it')).toBeGreaterThan(html.indexOf('curl --request GET'));
    // The read-only id is shown in responses but not asked for in requests.
    const update = await toHtml(page('update_order.mdx'));
    expect(update).toContain('<summary>Fields of each item (2)</summary>');
    expect(update).toContain(row('line_num', 'string'));
    // oneOf of two named objects: labelled alternatives, each with its fields.
    expect(update).toContain('Exactly one of these');
    expect(update).toContain('<div data-label="Card">');
    expect(update).toContain('<div data-label="Cash">');
    const requestPart = update.slice(update.indexOf('>Body<'), update.indexOf('>Responses<'));
    const responsePart = update.slice(update.indexOf('>Responses<'));
    expect(requestPart).toContain('<code>items</code>');
    expect(requestPart).not.toContain('<code>id</code>');
    expect(responsePart).toContain('<code>id</code>');
  });

  it('renders webhooks with workflows, body and the answer expected', async () => {
    const { page } = await generated();
    const html = await toHtml(page('user_deleted.mdx'));
    expect(html).toContain('<code>user.deleted</code>');
    expect(html).toContain('delivery, pickup workflows');
    expect(html).toContain(
      '<code>order_id</code></span><span class="api-field__type">string | null</span>',
    );
    expect(html).toContain('Responses from your endpoint');
    // Aisle sends callbacks; there is nothing for a reader to try.
    expect(html).not.toContain('data-try-it');
  });
});

describe('openapi-pages: schema trees', () => {
  const doc = {
    components: {
      schemas: {
        Node: {
          type: 'object',
          properties: {
            id: { type: 'string', readOnly: true },
            secret: { type: 'string', writeOnly: true },
            children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
            price: {
              type: 'object',
              required: ['amount'],
              properties: { amount: { type: 'string' } },
            },
          },
        },
        Item: {
          type: 'object',
          required: ['code'],
          properties: {
            code: { type: 'string', maxLength: 32 },
            count: { type: 'integer', minimum: 1, maximum: 99 },
            weight: { type: 'number', exclusiveMinimum: 0 },
            unit: { type: 'string', enum: ['lb', 'kg'] },
          },
          oneOf: [{ required: ['count'] }, { required: ['weight', 'unit'] }],
        },
        Pet: {
          oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
          discriminator: { propertyName: 'kind', mapping: { cat: '#/components/schemas/Cat' } },
        },
        Cat: { type: 'object', properties: { kind: { const: 'cat' }, lives: { type: 'integer' } } },
        Dog: { type: 'object', properties: { kind: { const: 'dog' }, good: { type: 'boolean' } } },
        Deep: {
          type: 'object',
          properties: {
            next: { type: 'object', properties: { next: { $ref: '#/components/schemas/Deep2' } } },
          },
        },
        Deep2: {
          type: 'object',
          properties: { leaf: { type: 'object', properties: { x: { type: 'string' } } } },
        },
        Anything: { type: 'object', properties: { list: { type: 'array', items: {} } } },
      },
    },
  };
  const resolve = makeResolver(doc);
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

  it('nests objects and arrays, stops at a cycle, hides read-only fields from requests', () => {
    const request = schemaTree(ref('Node'), resolve, 'request');
    expect(fieldNames(request)).toEqual(['secret', 'children', 'price', 'price.amount']);
    const children = request.fields.find((f) => f.name === 'children')!;
    expect(children.stop).toBe('circular');
    expect(children.type.map((p) => p.text).join('')).toBe('array<Node>');
    expect(children.type.find((p) => p.schema)?.schema).toBe('Node');
    const response = schemaTree(ref('Node'), resolve, 'response');
    expect(fieldNames(response)).toEqual(['id', 'children', 'price', 'price.amount']);
  });

  it('gives a oneOf of required-sets as labelled alternatives, not array<any>', () => {
    expect(typeLabel({ type: 'array', items: ref('Item') }, resolve)).toBe('array<Item>');
    const tree = schemaTree(ref('Item'), resolve, 'request');
    expect(tree.alternatives?.keyword).toBe('oneOf');
    expect(tree.alternatives?.options.map((o) => [o.label, o.requires])).toEqual([
      ['count', ['count']],
      ['weight + unit', ['weight', 'unit']],
    ]);
    const count = tree.fields.find((f) => f.name === 'count')!;
    expect(count.constraints).toEqual(['range 1–99']);
    expect(tree.fields.find((f) => f.name === 'weight')!.constraints).toEqual(['> 0']);
    expect(tree.fields.find((f) => f.name === 'code')!.constraints).toEqual(['length ≤ 32']);
    // `any` only where the schema says nothing.
    expect(typeLabel({ type: 'array', items: {} }, resolve)).toBe('array<any>');
  });

  it('labels alternatives by discriminator value, then title or schema name', () => {
    const tree = schemaTree(ref('Pet'), resolve, 'response');
    expect(tree.alternatives?.discriminator).toBe('kind');
    expect(tree.alternatives?.options.map((o) => o.label)).toEqual(['cat', 'dog']);
    expect(fieldNames(tree)).toEqual(['kind', 'lives', 'kind', 'good']);
    expect(typeLabel(ref('Pet'), resolve)).toBe('Cat | Dog');
  });

  it('stops at the depth limit', () => {
    // A chain deeper than MAX_DEPTH (8): Deep → next → next(Deep2) → leaf → x, repeated.
    let schema: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 12; i++) schema = { type: 'object', properties: { down: schema } };
    const tree = schemaTree(schema, resolve, 'request');
    const names = fieldNames(tree);
    expect(names.at(-1)).toBe(Array(9).fill('down').join('.'));
    let field = tree.fields[0];
    while (field.children) field = field.children.fields[0];
    expect(field.stop).toBe('depth');
  });
});

describe('openapi-pages: credentials and shared pages', () => {
  it('puts the scheme of the first security requirement in samples', () => {
    const doc = {
      security: [{ key: [] }],
      components: {
        securitySchemes: {
          key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
          bearer: { type: 'http', scheme: 'bearer', 'x-example-token': 'keys.<key>' },
        },
      },
    };
    const ctx = { doc: doc as never, resolve: makeResolver(doc) };
    expect(credentialHeader({}, ctx)).toEqual({ name: 'X-Api-Key', value: '<api_key>' });
    expect(credentialHeader({ security: [{ bearer: [] }] }, ctx)).toEqual({
      name: 'Authorization',
      value: 'Bearer keys.<key>',
    });
    expect(credentialHeader({ security: [] }, ctx)).toBeUndefined();
  });

  it('links every page to the authentication and error pages when configured', async () => {
    const out = await mkdtemp(join(tmpdir(), 'openapi-links-'));
    const api = { ...mini, links: { auth: '/a/auth', errors: '/a/errors', webhooks: '/a/hooks' } };
    const { files } = await generateApi(
      site,
      join(out, 'docs'),
      join(out, 'static'),
      api,
      apiWording,
    );
    const get = [...files].find(([f]) => f.endsWith('/get_order.mdx'))![1];
    const hook = [...files].find(([f]) => f.endsWith('/user_deleted.mdx'))![1];
    expect(get).toContain('[how to get one](/a/auth)');
    expect(get).toContain('[Error and status codes](/a/errors)');
    expect(hook).toContain('[How to verify it](/a/hooks)');
  });
});

describe('openapi-pages: samples', () => {
  const create: SampleRequest = {
    method: 'post',
    origin: 'https://connect.sandbox.aisle.example',
    path: '/v2/fulfillment/users',
    query: [],
    headers: [{ name: 'Accept-Language', value: 'en-US' }],
    credential: { name: 'Authorization', prefix: 'Bearer ' },
    idempotencyKey: 'Idempotency-Key',
    body: { user_id: 'cust-8812', note: "it's $5 or 100% `off` \\ now", tags: ['a'] },
    fresh: ['/user_id'],
  };

  it('read the base URL and the token from the environment, with the sandbox as default', () => {
    const [curl, python] = requestSnippets({
      method: 'get',
      origin: 'https://connect.sandbox.aisle.example',
      path: '/v2/fulfillment/stores',
      headers: [],
      credential: { name: 'Authorization', prefix: 'Bearer ' },
      query: [{ name: 'limit', value: '20' }],
    });
    expect(curl.code).toContain(
      'BASE_URL="${AISLE_BASE_URL:-https://connect.sandbox.aisle.example}"',
    );
    expect(curl.code).toContain('"$BASE_URL/v2/fulfillment/stores?limit=20"');
    expect(curl.code).toContain('--header "Authorization: Bearer $AISLE_TOKEN"');
    expect(curl.code).toContain('%{http_code}');
    expect(curl.code).not.toContain('--data');
    expect(python.code).toContain('os.environ["AISLE_TOKEN"]');
    expect(python.code).toContain('print(response.status_code)');
  });

  it('make a new Idempotency-Key and a fresh id in every language, keeping the example shape', () => {
    const all = requestSnippets(create);
    expect(all.map((s) => s.value)).toEqual(['curl', 'python', 'node', 'go', 'java']);
    const key: Record<string, string> = {
      curl: '$(uuidgen)',
      python: 'uuid.uuid4()',
      node: 'randomUUID()',
      go: 'newUUID()',
      java: 'UUID.randomUUID()',
    };
    for (const s of all) {
      expect(s.code, s.label).toContain(key[s.value]);
      expect(s.code, s.label).not.toContain('cust-8812');
      expect(s.code, s.label).toContain('cust-');
    }
  });

  it('run as copied: Node.js and Python send, run after run, a fresh id, a UUID key and the token, and print the status', async () => {
    const seen: {
      url?: string;
      headers: Record<string, unknown>;
      body: Record<string, unknown>;
    }[] = [];
    const server = createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => {
        seen.push({ url: req.url, headers: req.headers, body: JSON.parse(text || '{}') });
        res.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const dir = await mkdtemp(join(tmpdir(), 'snippets-'));
    const env = {
      ...process.env,
      AISLE_BASE_URL: `http://127.0.0.1:${port}`,
      AISLE_TOKEN: 'tok_1',
    };
    try {
      const [, python, node] = requestSnippets(create);
      await writeFile(join(dir, 'sample.py'), python.code);
      await writeFile(join(dir, 'sample.mjs'), node.code);
      const outputs = [];
      for (const command of [
        ['python3', 'sample.py'],
        ['python3', 'sample.py'],
        ['node', 'sample.mjs'],
        ['node', 'sample.mjs'],
      ])
        outputs.push((await run(command[0], [command[1]], { cwd: dir, env })).stdout);
      for (const out of outputs) expect(out.split('\n')[0]).toBe('201');
      expect(seen).toHaveLength(4);
      for (const r of seen) {
        expect(r.url).toBe('/v2/fulfillment/users');
        expect(r.headers.authorization).toBe('Bearer tok_1');
        expect(r.headers['idempotency-key']).toMatch(
          /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
        );
        expect(r.body.user_id).toMatch(/^cust-\d{6}$/);
        expect(r.body.note).toBe("it's $5 or 100% `off` \\ now");
      }
      expect(new Set(seen.map((r) => r.headers['idempotency-key'])).size).toBe(4);
      expect(new Set(seen.map((r) => r.body.user_id)).size).toBe(4);
    } finally {
      server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('openapi-pages: Postman collections', () => {
  it('are the same file on every conversion of the same definition', async () => {
    // transactions.yaml has enum query parameters, whose example values the converter draws.
    const { doc } = await loadSpec(join(site, 'openapi/transactions.yaml'));
    const files = await Promise.all([1, 2, 3, 4].map(() => postmanCollection(doc, 'transactions')));
    expect(new Set(files).size).toBe(1);
    const again = await postmanCollection(doc, 'transactions');
    expect(again).toBe(files[0]);
  }, 60_000);
});

describe('openapi-pages: bad input', () => {
  it('names the file when a definition is missing or not OpenAPI', async () => {
    await expect(loadSpec(join(site, 'openapi/missing.yaml'))).rejects.toThrow(SpecError);
    const dir = await mkdtemp(join(tmpdir(), 'openapi-bad-'));
    const file = join(dir, 'bad.yaml');
    await writeFile(file, 'title: not an API\n');
    await expect(loadSpec(file)).rejects.toThrow(/bad\.yaml cannot be used:[\s\S]*OpenAPI 3\.x/);
    await writeFile(
      file,
      'openapi: 3.1.0\ninfo: {title: x, version: "1"}\npaths:\n  /a:\n    get:\n      operationId: a\n      responses:\n        "200": {$ref: "#/components/responses/Nope"}\n',
    );
    await expect(loadSpec(file)).rejects.toThrow(/bad\.yaml cannot be used/);
  });

  it('rejects invalid options with the option named', () => {
    expect(() => normalizeOptions({ apis: [{ ...mini, routeBase: 'connect' }] })).toThrow(
      /invalid options:.*routeBase/,
    );
  });
});

describe('openapi-pages: file sync', () => {
  it('writes only changed files and deletes stale ones in owned folders', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'openapi-sync-'));
    await mkdir(join(dir, 'api'), { recursive: true });
    await writeFile(join(dir, 'api/old.mdx'), 'old');
    await writeFile(join(dir, 'api/same.mdx'), 'same');
    const files = new Map([
      [join(dir, 'api/same.mdx'), 'same'],
      [join(dir, 'api/new.mdx'), 'new'],
    ]);
    expect(await syncFiles(files, [join(dir, 'api')])).toEqual({ written: 1, deleted: 1 });
    expect((await readdir(join(dir, 'api'))).sort()).toEqual(['new.mdx', 'same.mdx']);
    expect(await readFile(join(dir, 'api/new.mdx'), 'utf8')).toBe('new');
  });
});

describe('openapi-pages: pages kept between reloads of docusaurus start', () => {
  /** mini.yaml copied beside the site with `edit` applied, generated with `memo`. */
  async function generate(memo: PageMemo | undefined, edit = (s: string) => s) {
    const out = await mkdtemp(join(tmpdir(), 'openapi-pages-memo-'));
    const text = await readFile(join(site, mini.spec), 'utf8');
    await mkdir(join(out, 'openapi'), { recursive: true });
    await writeFile(join(out, 'openapi', 'mini.yaml'), edit(text));
    const api = { ...mini, spec: 'openapi/mini.yaml' };
    const docs = join(out, 'docs');
    const result = await generateApi(out, docs, join(out, 'static'), api, apiWording, memo);
    // Paths relative to the output folder, so runs in different folders compare.
    const files = new Map([...result.files].map(([f, c]) => [f.slice(out.length), c]));
    return { result, files };
  }
  const describeGetOrder = (s: string) =>
    s.replace('Returns the order `{order_id}`', 'Returns, kept for a year, the order `{order_id}`');

  it('renders again only the page whose operation changed, with the same files as no memo', async () => {
    const memo: PageMemo = new Map();
    const first = await generate(memo);
    expect(first.result.rendered).toBe(first.result.pageCount + 1);
    expect((await generate(memo)).result.rendered).toBe(0);
    const edited = await generate(memo, describeGetOrder);
    expect(edited.result.rendered).toBe(1);
    // The pages (the Postman collection picks example values at random: not compared).
    const pages = (files: Map<string, string>) =>
      [...files].filter(([file]) => !file.endsWith('.postman.json'));
    expect(pages(edited.files)).toEqual(pages((await generate(undefined, describeGetOrder)).files));
    expect([...edited.files.values()].join('\n')).toContain('kept for a year');
  });

  it('renders every page again when a shared part changes, or a $ref points into paths', async () => {
    const memo: PageMemo = new Map();
    const first = await generate(memo);
    const sharedEdit = (s: string) => s.replace('description: Sandbox', 'description: Test');
    expect((await generate(memo, sharedEdit)).result.rendered).toBe(first.result.rendered);
    const refIntoPaths = (s: string) =>
      s.replace(
        "    parameters:\n      - $ref: '#/components/parameters/UserId'\n    get:",
        "    parameters:\n      - $ref: '#/components/parameters/UserId'\n    x-same: { $ref: '#/paths/~1v2~1users~1{user_id}~1orders~1{order_id}/parameters' }\n    get:",
      );
    await generate(memo, refIntoPaths);
    expect((await generate(memo, refIntoPaths)).result.rendered).toBe(first.result.rendered);
  });
});

import { mkdtemp, readFile, readdir, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evaluate } from '@mdx-js/mdx';
import remarkGfm from 'remark-gfm';
import { createElement, Fragment, type ReactNode } from 'react';
import * as runtime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  collectPages,
  generateApi,
  syncFiles,
  type ApiOptions,
} from '../../plugins/openapi-pages/generate';
import { loadSpec, makeResolver, SpecError } from '../../plugins/openapi-pages/load';
import { requestSnippets } from '../../plugins/openapi-pages/samples';
import { credentialHeader } from '../../plugins/openapi-pages/render';
import { flattenSchema } from '../../plugins/openapi-pages/schema';
import { normalizeOptions } from '../../plugins/openapi-pages';

const site = join(__dirname, '../..');
const mini: ApiOptions = {
  id: 'mini',
  spec: 'tests/fixtures/openapi/mini.yaml',
  docsDir: 'connect/mini/api_reference',
  routeBase: '/connect/mini/api',
  categoryBase: '/category/api/mini',
};

async function generated() {
  const out = await mkdtemp(join(tmpdir(), 'openapi-pages-'));
  const result = await generateApi(site, join(out, 'docs'), join(out, 'static'), mini);
  const page = (name: string) => {
    const hit = [...result.files].find(([file]) => file.endsWith(`/${name}`));
    if (!hit) throw new Error(`no generated file ${name}`);
    return hit[1];
  };
  return { out, result, page };
}

/** Renders generated MDX to static HTML, with Tabs/TabItem as plain wrappers. */
async function toHtml(mdx: string): Promise<string> {
  const body = mdx.replace(/^---[\s\S]*?---\n/, '').replace(/^import .*$/gm, '');
  const { default: Content } = await evaluate(body, {
    ...runtime,
    Fragment,
    remarkPlugins: [remarkGfm],
  } as never);
  const wrap = (tag: string) => {
    const Wrapper = ({ children }: { children?: ReactNode }) => createElement(tag, null, children);
    Wrapper.displayName = `Stub(${tag})`;
    return Wrapper;
  };
  return renderToStaticMarkup(
    createElement(Content, { components: { Tabs: wrap('section'), TabItem: wrap('div') } }),
  );
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
      'static/openapi/mini.yaml',
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

  it('puts parameters, field tables, samples, responses and errors in the static HTML', async () => {
    const { page } = await generated();
    const html = await toHtml(page('get_order.mdx'));
    for (const text of [
      '<code>user_id</code>',
      'Example: <code>&quot;ord-20260314-0007&quot;</code>',
      'Allowed values: <code>&quot;items&quot;</code>, <code>&quot;shopper&quot;</code>',
      '<code>parent_order</code></td><td>Order (circular) | null',
      'map&lt;string, string&gt;',
      'curl --request GET',
      'https://connect.aisle.example/v2/users/cust-8812/orders/ord-20260314-0007',
      'requests.get(url, headers=headers)',
      '404 Not Found',
      '&quot;code&quot;: 3001',
    ])
      expect(html).toContain(text);
    // The read-only id is shown in responses but not asked for in requests.
    const update = await toHtml(page('update_order.mdx'));
    expect(update).toContain('<code>items[].line_num</code>');
    expect(update).toContain('(Card)');
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
    expect(html).toContain('<code>order_id</code></td><td>string | null');
    expect(html).toContain('Responses from your endpoint');
  });
});

describe('openapi-pages: schema tables', () => {
  it('flattens nested objects and arrays, hides read-only fields from requests', () => {
    const doc = {
      components: {
        schemas: {
          Node: {
            type: 'object',
            properties: {
              id: { type: 'string', readOnly: true },
              children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
              price: {
                type: 'object',
                required: ['amount'],
                properties: { amount: { type: 'string' } },
              },
            },
          },
        },
      },
    };
    const resolve = makeResolver(doc);
    const request = flattenSchema({ $ref: '#/components/schemas/Node' }, resolve, 'request');
    expect(request.map((r) => [r.name, r.type, r.required])).toEqual([
      ['children', 'array<Node> (circular)', false],
      ['price', 'object', false],
      ['price.amount', 'string', true],
    ]);
    const response = flattenSchema({ $ref: '#/components/schemas/Node' }, resolve, 'response');
    expect(response[0].name).toBe('id');
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
    const ctx = { doc, resolve: makeResolver(doc) };
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
    const { files } = await generateApi(site, join(out, 'docs'), join(out, 'static'), api);
    const get = [...files].find(([f]) => f.endsWith('/get_order.mdx'))![1];
    const hook = [...files].find(([f]) => f.endsWith('/user_deleted.mdx'))![1];
    expect(get).toContain('[Authentication](/a/auth)');
    expect(get).toContain('[Error and status codes](/a/errors)');
    expect(hook).toContain('[Webhooks](/a/hooks)');
  });
});

describe('openapi-pages: samples', () => {
  it('builds valid cURL with the documented path and headers, and no body for GET', () => {
    const [curl, python] = requestSnippets({
      method: 'get',
      url: 'https://connect.aisle.example/v2/fulfillment/stores',
      headers: [{ name: 'Authorization', value: 'Bearer <token>' }],
      query: [{ name: 'limit', value: '20' }],
    });
    expect(curl.code).toContain(
      "--url 'https://connect.aisle.example/v2/fulfillment/stores?limit=20'",
    );
    expect(curl.code).toContain("--header 'Authorization: Bearer <token>'");
    expect(curl.code).not.toContain('--data');
    expect(python.language).toBe('python');
  });
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

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load, type CheerioAPI } from 'cheerio';
import { parseYaml } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { openapiPages } from '../../config/openapi';
import { baseUrls } from '../../src/data/facts/hosts';
import { collectPages } from '../../plugins/openapi-pages/generate';
import { loadSpec, makeResolver, type Node } from '../../plugins/openapi-pages/load';

// The generated API reference as built: every operation of every definition has its page, and
// the page's static HTML (what view-source shows, before hydration) carries the parameters,
// fields and examples, with samples that are valid and use the documented path and headers.
const build = join(__dirname, '..', '..', 'build');
const site = join(__dirname, '..', '..');

/**
 * The credential header each API's cURL samples send, as CONTRIBUTING.md states the platform's
 * authentication (not as the generator computes it): API keys as `Bearer keys.<key>` for Ads
 * and the Developer Platform, `X-Api-Key` for FoodStorm, OAuth access tokens elsewhere.
 */
/** The credential header of a cURL sample: AISLE_TOKEN in the API's header. */
const CREDENTIAL: Record<string, string> = {
  foodstorm: '--header "X-Api-Key: $AISLE_TOKEN"',
};
const OAUTH_CREDENTIAL = '--header "Authorization: Bearer $AISLE_TOKEN"';
const SANDBOX_BASES = Object.values(baseUrls).map((b) => b.sandbox);

function html(permalink: string): CheerioAPI {
  const file = join(build, `${permalink}.html`);
  expect(existsSync(file), `${file} exists`).toBe(true);
  const $ = load(readFileSync(file, 'utf8'));
  // Code lines end in <br>: keep them as line breaks in .text().
  $('pre br').replaceWith('\n');
  return $;
}

/** Text of the code block in the tab `label` (cURL, Python…) of the request samples. */
function tabCode($: CheerioAPI, label: string): string {
  // The Tabs' className goes to its tab list; the panels are in the list's container.
  const samples = $('.api-samples__request').first().closest('.tabs-container');
  const tabs = samples.find('[role="tabpanel"]').toArray();
  const labels = samples
    .find('[role="tab"]')
    .toArray()
    .map((t) => $(t).text().trim());
  const index = labels.indexOf(label);
  expect(index, `tab ${label}`).toBeGreaterThanOrEqual(0);
  return $(tabs[index]).find('pre code').text();
}

/**
 * The code of the sample labelled `label` (cURL, Python…) in a page's Markdown `twin`, which
 * holds every language; the static HTML holds the selected one (the samples' Tabs are lazy).
 */
function twinCode(twin: string, label: string): string {
  const escaped = label.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  const code = new RegExp(`^\\*\\*${escaped}\\*\\*\\n\\n\`\`\`\\w*\\n([\\s\\S]*?)\\n\`\`\`$`, 'm').exec(twin);
  expect(code, `the twin has a ${label} sample`).not.toBeNull();
  return code![1];
}

/** The code of every fenced block of language `lang` in a page's Markdown `twin`. */
function twinFences(twin: string, lang: string): string[] {
  const fence = new RegExp(`^\`\`\`${lang}\\b[^\\n]*\\n([\\s\\S]*?)\\n\`\`\`$`, 'gm');
  return [...twin.matchAll(fence)].map((m) => m[1]);
}

const specs = await Promise.all(
  openapiPages.apis.map(async (api) => ({ api, doc: (await loadSpec(join(site, api.spec))).doc })),
);

it('lists every definition on the downloads page, linked from each API overview', () => {
  const $ = html('/aisle/api_definitions');
  const files = $('article a[href^="/openapi/"]')
    .toArray()
    .map((a) => $(a).attr('href'));
  expect(files.sort()).toEqual(
    openapiPages.apis
      .flatMap((api) => [`/openapi/${api.id}.postman.json`, `/openapi/${api.id}.yaml`])
      .sort(),
  );
  for (const overview of [
    '/connect/fulfillment',
    '/connect/post-checkout',
    '/connect/recommendations',
    '/connect/sandbox',
    '/connect/transactions',
    '/catalog',
    '/ads/api/overview',
    '/developer_platform_api',
    '/foodstorm/api_overview',
  ])
    expect(html(overview)('article a[href="/aisle/api_definitions"]').length, overview).toBe(1);
});

for (const { api, doc } of specs) {
  describe(`API reference: ${api.id}`, () => {
    it('has a schemas page with a section per component schema', () => {
      const $ = html(`${api.routeBase}/schemas`);
      const ids = $('article h2')
        .toArray()
        .map((h) => $(h).attr('id'));
      const names = Object.keys(doc.components?.schemas ?? {});
      expect(ids).toEqual(names.map((n) => n.toLowerCase()));
    });

    const resolve = makeResolver(doc);
    const pages = collectPages(doc, api);

    it('publishes the definition for download, with every operation', () => {
      const file = join(build, 'openapi', `${api.id}.yaml`);
      const published = parseYaml(readFileSync(file, 'utf8')) as Node;
      expect(Object.keys(published.paths as Node).sort()).toEqual(
        Object.keys(doc.paths as Node).sort(),
      );
    });

    it('publishes a Postman collection with a request per operation', () => {
      const file = join(build, 'openapi', `${api.id}.postman.json`);
      const collection = JSON.parse(readFileSync(file, 'utf8')) as Node;
      expect((collection.info as Node).schema).toBe(
        'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
      );
      const requests: string[] = [];
      const walk = (items: unknown) => {
        for (const item of (items as Node[]) ?? []) {
          if (item.request) {
            const request = item.request as Node;
            const path = ((request.url as Node).path as string[]).join('/');
            requests.push(`${String(request.method)} /${path}`);
          } else walk(item.item);
        }
      };
      walk(collection.item);
      const operations = pages.filter((p) => p.kind === 'operation');
      expect(requests).toHaveLength(operations.length);
      // Path parameters become Postman variables (`:user_id`).
      expect(requests.sort()).toEqual(
        operations
          .map((p) => `${p.method.toUpperCase()} ${p.path.replace(/\{([^}]+)\}/g, ':$1')}`)
          .sort(),
      );
    });

    it.each(pages.map((p) => [p.permalink, p] as const))('%s', (permalink, page) => {
      const $ = html(permalink);
      const main = $('article');
      expect(main.find('h1').text()).toBe(String(page.operation.summary));
      const text = main.text();

      // Every parameter and top-level body field is named in the static HTML.
      const params = [...page.pathParameters, ...((page.operation.parameters as unknown[]) ?? [])];
      for (const raw of params) expect(text).toContain(String(resolve(raw).node.name));
      const body = page.operation.requestBody
        ? resolve(page.operation.requestBody).node
        : undefined;
      const schema = (body?.content as Node | undefined)?.['application/json'] as Node | undefined;
      const properties = schema ? (resolve(schema.schema).node.properties as Node) : undefined;
      for (const key of Object.keys(properties ?? {})) expect(text).toContain(key);

      // Two panes: the samples come right after the head (and beside the fields on wide
      // screens), the fields after them.
      const order = $('.api-page > div')
        .toArray()
        .map((el) => $(el).attr('class'));
      expect(order).toEqual([
        'api-page__head',
        ...(main.find('.api-page__samples').length ? ['api-page__samples search-exclude'] : []),
        'api-page__main',
      ]);
      // Field names are single tokens (never a dotted path that wraps) and no type is a
      // made-up array<any>: every array in the definitions says what its items are.
      for (const el of main.find('.api-field__name code').toArray())
        expect($(el).text()).toMatch(/^\S+$/);
      expect(main.find('.api-field__type').text()).not.toContain('array<any>');
      // One status block per response: the first success open, errors closed.
      const statuses = Object.keys(page.operation.responses ?? {});
      const blocks = main.find('details.api-response').toArray();
      expect(blocks.map((d) => $(d).find('.api-status').first().text())).toEqual([
        ...statuses.filter((s) => !/^[45]|default/.test(s)),
        ...statuses.filter((s) => /^[45]|default/.test(s)),
      ]);
      const open = blocks.filter((d) => $(d).attr('open') !== undefined);
      expect(open.map((d) => $(d).find('.api-status').first().text())).toEqual(
        statuses.filter((s) => /^[123]/.test(s)).slice(0, 1),
      );
      // Authorization is said once: the scheme's long description is not repeated on the page.
      const auth = main.find('#authorization').next().text();
      expect(auth).not.toMatch(/client credentials\. Send/);

      // The Markdown twin names each status and keeps no component tag or indented prose.
      const twin = readFileSync(join(build, `${permalink}.md`), 'utf8');
      expect(twin).not.toMatch(/<(ApiDetails|ApiExpandAll|div)\b/);
      for (const status of statuses) expect(twin).toContain(`**${status} `);
      const prose = twin.split(/^```.*$/m).filter((_, i) => i % 2 === 0);
      for (const part of prose) expect(part).not.toMatch(/^ {4}\S/m);

      // Every JSON example parses: the static HTML's, and the twin's, which also has those of
      // the responses not selected (lazy Tabs).
      const json = main.find('pre.language-json');
      for (const el of json.toArray()) expect(() => JSON.parse($(el).text())).not.toThrow();
      const twinJson = twinFences(twin, 'json');
      if (page.operation.responses) {
        expect(twinJson.length).toBeGreaterThanOrEqual(json.length);
        expect(twinJson.length).toBeGreaterThan(0);
      }
      for (const code of twinJson) expect(() => JSON.parse(code)).not.toThrow();

      if (page.kind !== 'operation') return;
      // The cURL sample: valid shell, the documented method and path, the auth header.
      const curl = tabCode($, 'cURL');
      execFileSync('bash', ['-n'], { input: curl });
      expect(curl).toContain(`curl --request ${page.method.toUpperCase()}`);
      // It reads the base URL from AISLE_BASE_URL, whose default is a sandbox host of the
      // platform (src/data/facts/hosts.ts), and appends the server's base path and the path.
      const origin = /^BASE_URL="\$\{AISLE_BASE_URL:-([^}]+)\}"$/m.exec(curl)?.[1] ?? '';
      const path = /"\$BASE_URL([^"]+)"/.exec(curl)?.[1] ?? '';
      const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      const template = escape(page.path).replace(/\{[^}]+\}/g, '[^/?]+');
      expect(
        SANDBOX_BASES.some((base) =>
          new RegExp(`^${escape(base)}${template}(\\?|$)`).test(`${origin}${path}`),
        ),
        `${origin}${path} is a sandbox base URL and ${page.path}`,
      ).toBe(true);
      const secured = ((page.operation.security ?? doc.security ?? []) as unknown[]).length > 0;
      if (secured) expect(curl).toContain(CREDENTIAL[api.id] ?? OAUTH_CREDENTIAL);
      else expect(curl).not.toContain('$AISLE_TOKEN');
      // It prints the status, and sends a new Idempotency-Key where the operation takes one.
      expect(curl).toContain("--write-out '\\nHTTP status %{http_code}\\n'");
      const takesKey = params.some((p) => /^idempotency-key$/i.test(String(resolve(p).node.name)));
      if (takesKey) expect(curl).toContain('--header "Idempotency-Key: $(uuidgen)"');
      // The line above the samples names exactly the environment variables they read.
      const named = $('.api-samples__environment code')
        .toArray()
        .map((el) => $(el).text());
      const read = [...new Set([...curl.matchAll(/\$\{?(AISLE_[A-Z_]+)/g)].map((m) => m[1]))];
      expect(named.sort()).toEqual(read.sort());
      const data = /--data @- <<EOF\n([\s\S]*?)\nEOF$/m.exec(curl)?.[1];
      if (page.operation.requestBody) {
        expect(curl).toContain("--header 'Content-Type: application/json'");
        expect(data, 'cURL sends the example body').toBeDefined();
        const json = data!.replace(/"\$\{[A-Z_]+\}"/g, '"fresh"').replace(/\\([$`\\])/g, '$1');
        expect(() => JSON.parse(json)).not.toThrow();
      }
      // Only the selected sample of each Tabs is in the static HTML; the twin has them all.
      expect($('.api-page__samples [role="tabpanel"]').length).toBeLessThanOrEqual(2);
      expect($('.api-page__samples [role="tabpanel"][hidden]').length).toBe(0);
      expect(twinCode(twin, 'cURL')).toBe(curl.trimEnd());
      for (const label of ['Python', 'Node.js', 'Go', 'Java'])
        expect(twinCode(twin, label)).toContain(page.path.split('{')[0]);
    });
  });
}

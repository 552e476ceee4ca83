/**
 * openapi-pages under `docusaurus start` (design/performance.md, "Writers' preview"): a saved
 * definition regenerates through plugins/lib/definition-watch.ts, the pages at once and the
 * downloads after, renders again only what the edit changes, and every page it changes shows it.
 */
import { copyFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadContext } from '@docusaurus/types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import openapiPagesPlugin from '../../plugins/openapi-pages';
import { loadSingleFileSpec, loadSpec } from '../../plugins/openapi-pages/load';
import { openapiPages } from '../../config/openapi';
import { DefinitionWatch } from '../../plugins/lib/definition-watch';
import { apiWording } from '../../config/openapi';

const fixture = join(__dirname, '..', 'fixtures', 'openapi', 'mini.yaml');

/** A site folder holding mini.yaml, and the plugin's options for it. */
async function site() {
  const siteDir = await mkdtemp(join(tmpdir(), 'openapi-pages-preview-'));
  await mkdir(join(siteDir, 'openapi'));
  const spec = join(siteDir, 'openapi', 'mini.yaml');
  await copyFile(fixture, spec);
  const context = { siteDir, generatedFilesDir: join(siteDir, '.docusaurus') } as LoadContext;
  const options = {
    docsPath: 'docs',
    staticPath: 'static',
    apis: [
      {
        id: 'mini',
        spec: 'openapi/mini.yaml',
        docsDir: 'connect/mini/api_reference',
        routeBase: '/connect/mini/api',
        categoryBase: '/category/api/mini',
      },
    ],
    wording: apiWording,
    downloadsDoc: 'aisle/api_definitions',
  };
  const docs = join(siteDir, 'docs', 'connect', 'mini');
  const read = (file: string) => readFile(join(docs, file), 'utf8');
  return { siteDir, spec, context, options, read };
}

/** A watch that is told of changes by the test (no file system watcher, short waits). */
const testWatch = () =>
  new DefinitionWatch({
    debounceMs: 5,
    quietMs: 5,
    watch: () => ({ add() {}, close() {} }),
  });

/** Starts the plugin (a `docusaurus start`) and returns its watch and the messages it logged. */
async function start(s: Awaited<ReturnType<typeof site>>) {
  const watch = testWatch();
  const info = vi.spyOn(console, 'info').mockImplementation(() => {});
  const plugin = await openapiPagesPlugin(s.context, s.options, watch);
  const messages = () => info.mock.calls.map((c) => String(c[0]));
  return { watch, plugin, messages };
}

/** Saves `edit` of the definition and waits for the regeneration it causes. */
async function save(
  s: Awaited<ReturnType<typeof site>>,
  watch: DefinitionWatch,
  edit: (s: string) => string,
) {
  const text = await readFile(s.spec, 'utf8');
  const next = edit(text);
  expect(next).not.toBe(text);
  await writeFile(s.spec, next);
  watch.notify(s.spec);
  await watch.settled();
}

// Each test generates pages and bundles definitions: seconds on the shared 2-core machine.
describe('openapi-pages under docusaurus start', { timeout: 60_000 }, () => {
  const previous = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = previous;
    vi.restoreAllMocks();
  });

  it('renders only the edited operation after a start that took every page from the memo', async () => {
    process.env.NODE_ENV = 'development';
    const s = await site();
    await start(s);
    vi.restoreAllMocks();
    // The second start takes the API from the memo kept by the first.
    const { watch, plugin, messages } = await start(s);
    expect(messages().join('\n')).toContain('regenerated: none');
    // The definition is watched by the definition watch, not reloaded by Docusaurus.
    expect(plugin.getPathsToWatch?.()).toEqual([]);
    await save(s, watch, (t) =>
      t.replace(
        'Returns the order `{order_id}`',
        'Returns, kept for a year, the order `{order_id}`',
      ),
    );
    expect(messages().join('\n')).toMatch(/regenerated: mini \(1 of \d+ pages rendered\)/);
    expect(await s.read('api_reference/orders/get_order.mdx')).toContain('kept for a year');
    // The downloads follow, and the memo keeps the edit for the next start.
    expect(await readFile(join(s.siteDir, 'static', 'openapi', 'mini.yaml'), 'utf8')).toContain(
      'kept for a year',
    );
    vi.restoreAllMocks();
    const third = await start(s);
    expect(third.messages().join('\n')).toContain('regenerated: none');
  });

  it('makes only the downloads at the next start when the last one stopped before them', async () => {
    process.env.NODE_ENV = 'development';
    const s = await site();
    const { watch } = await start(s);
    // The bundler keeps building: the downloads wait, and the server is stopped meanwhile.
    watch.bundler.mark(true);
    const text = await readFile(s.spec, 'utf8');
    await writeFile(s.spec, text.replace('summary: Get an order', 'summary: Get one order'));
    watch.notify(s.spec);
    const page = () => s.read('api_reference/orders/get_order.mdx');
    for (let i = 0; i < 200 && !(await page()).includes('Get one order'); i++)
      await new Promise((r) => setTimeout(r, 25));
    expect(await page()).toContain('Get one order');
    const download = () => readFile(join(s.siteDir, 'static', 'openapi', 'mini.yaml'), 'utf8');
    expect(await download()).not.toContain('Get one order');
    watch.close();
    vi.restoreAllMocks();
    const next = await start(s);
    expect(next.messages().join('\n')).toContain('regenerated: mini (downloads only)');
    expect(await download()).toContain('Get one order');
    vi.restoreAllMocks();
    expect((await start(s)).messages().join('\n')).toContain('regenerated: none');
  });

  it('shows an edit of a shared schema, of info and of a tag on every page it changes', async () => {
    process.env.NODE_ENV = 'development';
    const s = await site();
    const { watch } = await start(s);
    // Order is the answer of get_order and of update_order (a page out of the sidebar).
    await save(s, watch, (t) =>
      t.replace("description: Aisle's id. }", "description: Aisle's id; never reused. }"),
    );
    expect(await s.read('api_reference/orders/get_order.mdx')).toContain('never reused');
    expect(await s.read('api_reference_no_sidebar/update_order.mdx')).toContain('never reused');
    await save(s, watch, (t) => t.replace('title: Mini API', 'title: Mini Orders API'));
    expect(await s.read('api_reference/orders/_category_.json')).toContain(
      'Mini Orders API: Orders',
    );
    expect(
      await readFile(join(s.siteDir, 'docs', 'aisle', 'api_definitions.mdx'), 'utf8'),
    ).toContain('Mini Orders API');
    await save(s, watch, (t) =>
      t.replace('description: Orders of a user.', 'description: A user’s orders.'),
    );
    expect(await s.read('api_reference/orders/_category_.json')).toContain('A user’s orders.');
  });

  it('moves a page that an edit moves, leaving no copy at the old place', async () => {
    process.env.NODE_ENV = 'development';
    const s = await site();
    const { watch } = await start(s);
    const { access } = await import('node:fs/promises');
    const exists = (file: string) =>
      access(join(s.siteDir, 'docs', 'connect', 'mini', file)).then(
        () => true,
        () => false,
      );
    expect(await exists('api_reference_no_sidebar/update_order.mdx')).toBe(true);
    // update_order leaves `x-sidebar: false`: its page moves into its tag's folder.
    await save(s, watch, (t) => t.replace('      x-sidebar: false\n', ''));
    expect(await exists('api_reference/orders/update_order.mdx')).toBe(true);
    expect(await exists('api_reference_no_sidebar/update_order.mdx')).toBe(false);
  });

  it('keeps the previous pages and says why when a saved definition is broken', async () => {
    process.env.NODE_ENV = 'development';
    const s = await site();
    const { watch } = await start(s);
    const before = await s.read('api_reference/orders/get_order.mdx');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await save(s, watch, (t) => t.replace('openapi: 3.1.0', 'openapi: [3.1.0'));
    expect(error.mock.calls.map((c) => String(c[0])).join('\n')).toMatch(
      /\[openapi-pages\] kept the previous pages: .*mini\.yaml/,
    );
    expect(await s.read('api_reference/orders/get_order.mdx')).toBe(before);
  });
});

describe(
  'openapi-pages: a definition in one file read without the bundler',
  { timeout: 60_000 },
  () => {
    it("gives what Redocly's bundler gives for every definition of the site and the fixture", async () => {
      const root = join(__dirname, '..', '..');
      const files = [...openapiPages.apis.map((api) => join(root, api.spec)), fixture];
      for (const file of files) {
        const quick = await loadSingleFileSpec(file);
        expect(quick, file).toBeDefined();
        expect(JSON.stringify(quick)).toBe(JSON.stringify(await loadSpec(file)));
      }
    });

    it('leaves a $ref to another file, a $ref that points nowhere and bad YAML to the bundler', async () => {
      const s = await site();
      const text = await readFile(s.spec, 'utf8');
      const cases = [
        text.replace("$ref: '#/components/schemas/Card'", "$ref: './card.yaml'"),
        text.replace("$ref: '#/components/schemas/Card'", "$ref: '#/components/schemas/Carte'"),
        text.replace('openapi: 3.1.0', 'openapi: [3.1.0'),
        text.replace('openapi: 3.1.0', 'swagger: "2.0"'),
      ];
      for (const next of cases) {
        expect(next).not.toBe(text);
        await writeFile(s.spec, next);
        expect(await loadSingleFileSpec(s.spec)).toBeUndefined();
      }
    });
  },
);

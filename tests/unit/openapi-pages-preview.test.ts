/**
 * openapi-pages under `docusaurus start` (design/performance.md, "Writers' preview"): a saved
 * definition regenerates through plugins/lib/definition-watch.ts, the pages at once and the
 * downloads after, renders again only what the edit changes, and every page it changes shows it.
 */
import { copyFile, mkdir, mkdtemp, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { LoadContext } from '@docusaurus/types';
import { createElement, type ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import openapiPagesPlugin from '../../plugins/openapi-pages';
import { loadSingleFileSpec, loadSpec } from '../../plugins/openapi-pages/load';
import { generateApiPages, type ApiOptions } from '../../plugins/openapi-pages/generate';
import {
  FIELDS_COMPONENT,
  SAMPLES_COMPONENT,
  partialFiles,
  previewFiles,
  splitOperationPage,
} from '../../plugins/openapi-pages/preview-split';
import { mdxContent, stubComponents, toHtml } from './mdx-html';
import { miniApi } from '../fixtures/openapi/mini';
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
  /** A page's text with its partials' (under `docusaurus start` the fields are in a partial). */
  const shown = async (file: string) => {
    const { samples, fields } = partialFiles(join(docs, file));
    const parts = [read(file), readFile(samples, 'utf8'), readFile(fields, 'utf8')];
    return (await Promise.all(parts.map((p) => p.catch(() => '')))).join('\n');
  };
  return { siteDir, spec, context, options, read, shown, docs };
}

/** A watch that is told of changes by the test (no file system watcher, short waits). */
const testWatch = () =>
  new DefinitionWatch({
    debounceMs: 5,
    quietMs: 5,
    idleMs: 1_000,
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

  it('goes through an edit once the first build is done, writing nothing; an edit after renders its page alone', async () => {
    process.env.NODE_ENV = 'development';
    const s = await site();
    await start(s);
    vi.restoreAllMocks();
    const { watch, messages } = await start(s);
    /** Every file the plugin writes (pages, partials, downloads), with its modification time. */
    const written = async () => {
      const entries = await readdir(s.siteDir, { recursive: true, withFileTypes: true });
      const files = entries.filter((e) => e.isFile() && !e.parentPath.includes('.docusaurus'));
      const times = await Promise.all(
        files.map(
          async (e) =>
            `${join(e.parentPath, e.name)} ${(await stat(join(e.parentPath, e.name))).mtimeMs}`,
        ),
      );
      return times.sort();
    };
    const before = await written();
    expect(before.length).toBeGreaterThan(5);
    // The dev server's first build; the pass runs once the bundler is quiet.
    watch.bundler.mark(true);
    watch.bundler.mark(false);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await written()).toEqual(before);
    // The page memo is whole: an edit still renders only its own page.
    await save(s, watch, (t) =>
      t.replace('Returns the order `{order_id}`', 'Returns, warm, the order `{order_id}`'),
    );
    expect(messages().join('\n')).toMatch(/regenerated: mini \(1 of \d+ pages rendered\)/);
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
    expect(next.messages().join('\n')).toContain(
      'regenerated: mini (downloads only, when the preview is idle)',
    );
    // The start serves its pages first: the previous downloads stay until the dev server's
    // first build is done and the bundler has then been quiet for the idle time (1 s here),
    // which a compile (a save, a page's first visit) starts again.
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    expect(await download()).not.toContain('Get one order');
    await wait(1_500);
    expect(await download()).not.toContain('Get one order');
    next.watch.bundler.mark(true);
    next.watch.bundler.mark(false);
    await wait(800);
    expect(await download()).not.toContain('Get one order');
    next.watch.bundler.mark(true);
    next.watch.bundler.mark(false);
    await wait(700);
    expect(await download()).not.toContain('Get one order');
    for (let i = 0; i < 400 && !(await download()).includes('Get one order'); i++)
      await new Promise((r) => setTimeout(r, 25));
    expect(await download()).toContain('Get one order');
    await next.watch.settled();
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
    expect(await s.shown('api_reference/orders/get_order.mdx')).toContain('never reused');
    expect(await s.shown('api_reference_no_sidebar/update_order.mdx')).toContain('never reused');
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

  it('writes each operation page with two partials, and a description edit rewrites the page alone', async () => {
    process.env.NODE_ENV = 'development';
    const s = await site();
    const { watch, messages } = await start(s);
    const folder = join(s.docs, 'api_reference', 'orders');
    expect((await readdir(folder)).sort()).toEqual(
      expect.arrayContaining(['_get_order.fields.mdx', '_get_order.samples.mdx', 'get_order.mdx']),
    );
    const page = await s.read('api_reference/orders/get_order.mdx');
    expect(page).toContain(`<${SAMPLES_COMPONENT} />`);
    expect(page).toContain(`<${FIELDS_COMPONENT} />`);
    const { samples, fields } = partialFiles(join(folder, 'get_order.mdx'));
    const partials = () => Promise.all([readFile(samples, 'utf8'), readFile(fields, 'utf8')]);
    const before = await partials();
    expect(before[1]).toContain('api-field');
    await save(s, watch, (t) =>
      t.replace(
        'Returns the order `{order_id}`',
        'Returns, kept for a year, the order `{order_id}`',
      ),
    );
    expect(await s.read('api_reference/orders/get_order.mdx')).toContain('kept for a year');
    expect(await partials()).toEqual(before);
    expect(messages().join('\n')).toMatch(/; 1 files written, 0 deleted,/);
    // A build writes whole pages and sweeps the partials a start left.
    process.env.NODE_ENV = 'production';
    await openapiPagesPlugin(s.context, s.options, testWatch());
    expect((await readdir(folder)).filter((f) => f.startsWith('_get_order'))).toEqual([]);
    const whole = await s.read('api_reference/orders/get_order.mdx');
    expect(whole).toContain('api-field');
    expect(whole).not.toContain(SAMPLES_COMPONENT);
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

    it('reads YAML as Redocly does: a date stays text', async () => {
      const s = await site();
      const text = await readFile(s.spec, 'utf8');
      const next = text
        .replace('example: ord-20260314-0007', 'example: 2026-03-14')
        .replace('example: cust-8812', 'example: 2026-03-14T10:00:00Z');
      expect(next).not.toBe(text);
      await writeFile(s.spec, next);
      const quick = JSON.stringify(await loadSingleFileSpec(s.spec));
      expect(quick).toContain('"example":"2026-03-14"');
      expect(quick).toBe(JSON.stringify(await loadSpec(s.spec)));
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

describe('openapi-pages: operation pages split for the preview', { timeout: 120_000 }, () => {
  const root = join(__dirname, '..', '..');
  const mini = miniApi;
  const pagesOf = async (api: ApiOptions) =>
    (await generateApiPages(root, join(root, 'docs'), api, apiWording)).files;

  /** The page with each partial's body (imports and note dropped) where its tag stands. */
  const inline = (split: Map<string, string>, file: string) => {
    const { samples, fields } = partialFiles(file);
    const body = (text: string) => text.split('\n').slice(IMPORT_AND_NOTE_LINES).join('\n');
    return split
      .get(file)!
      .split('\n')
      .filter((line) => !/^import ApiPage(Samples|Fields) from /.test(line))
      .join('\n')
      .replace(`<${SAMPLES_COMPONENT} />`, () => body(split.get(samples)!).replace(/\n$/, ''))
      .replace(`<${FIELDS_COMPONENT} />`, () => body(split.get(fields)!).replace(/\n$/, ''));
  };
  /** The texts of a file's Markdown headings outside code fences, each once. */
  const headingTexts = (mdx: string) => {
    const texts = new Set<string>();
    let fence = false;
    for (const line of mdx.split('\n')) {
      if (/^(`{3,}|~{3,})/.test(line.trim())) fence = !fence;
      else if (!fence && /^#{1,6} /.test(line)) texts.add(line.replace(/^#+ /, '').trim());
    }
    return texts;
  };
  // The partials start with the page's import lines, a blank line, the note and a blank line.
  let IMPORT_AND_NOTE_LINES = 0;

  it('gives back every operation page of every definition when the partials are put back', async () => {
    let pages = 0;
    for (const api of [...openapiPages.apis, mini]) {
      for (const [file, whole] of await pagesOf(api)) {
        if (!file.endsWith('.mdx')) continue;
        const split = splitOperationPage(file, whole);
        if (basename(file) === 'schemas.mdx') {
          expect(split, file).toBeUndefined();
          continue;
        }
        expect(split, file).toBeDefined();
        const names = [...split!.keys()].map((f) => basename(f));
        const id = basename(file, '.mdx');
        expect(names).toEqual([`${id}.mdx`, `_${id}.samples.mdx`, `_${id}.fields.mdx`]);
        expect(new Set([...split!.keys()].map(dirname))).toEqual(new Set([dirname(file)]));
        const partial = split!.get(partialFiles(file).samples)!;
        IMPORT_AND_NOTE_LINES = partial.split('\n').findIndex((l) => l.startsWith('{/*')) + 2;
        expect(inline(split!, file), file).toBe(whole);
        // Docusaurus numbers a repeated heading's id per file: a heading text in two of the
        // files would get another id split than whole.
        const texts = [...split!.values()].map(headingTexts);
        const seen = texts.flatMap((t) => [...t]);
        expect(seen.length, file).toBe(new Set(seen).size);
        pages++;
      }
    }
    expect(pages).toBeGreaterThan(100);
  });

  it('renders the same HTML split as whole', async () => {
    const fulfillment = openapiPages.apis.find((api) => api.id === 'fulfillment')!;
    const files = new Map([...(await pagesOf(mini)), ...(await pagesOf(fulfillment))]);
    const chosen = [...files.keys()].filter(
      (f) => /\/connect\/mini\/.*\.mdx$/.test(f) || f.endsWith('/create_delivery_order.mdx'),
    );
    const split = previewFiles(new Map(chosen.map((f) => [f, files.get(f)!])));
    let compared = 0;
    for (const file of chosen) {
      if (basename(file) === 'schemas.mdx') continue;
      const { samples, fields } = partialFiles(file);
      const part = async (text: string) => {
        const Content = await mdxContent(text);
        const Part = () => createElement(Content, { components: stubComponents });
        return Part as ComponentType<never>;
      };
      const html = await toHtml(split.get(file)!, {
        [SAMPLES_COMPONENT]: await part(split.get(samples)!),
        [FIELDS_COMPONENT]: await part(split.get(fields)!),
      });
      // MDX puts a newline between the blocks of a file's top level, not between a JSX
      // element's children: text nodes a browser does not render between blocks.
      const blocks = (h: string) => h.replace(/>\n+</g, '><');
      expect(blocks(html), file).toBe(blocks(await toHtml(files.get(file)!)));
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(4);
  });

  it('refuses a page whose samples pane does not close, naming it', () => {
    const file = '/docs/x/api_reference/t/op.mdx';
    const broken = [
      "import TryIt from '@theme/TryIt';",
      '<div className="api-page__samples search-exclude">',
      '<div className="api-page__main">',
      '</div>',
    ].join('\n');
    expect(() => splitOperationPage(file, broken)).toThrow(
      /op\.mdx: not a generated operation page/,
    );
  });
});

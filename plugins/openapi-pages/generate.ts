/**
 * From a bundled definition to files: one MDX page per operation and webhook in a folder per
 * tag (with `_category_.json` for the sidebar label, order and `/category/…` index page), pages
 * kept out of the sidebar in a separate folder, and the bundled YAML for download. Only
 * changed files are written and stale ones are deleted, so the dev server reloads only what
 * changed.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { OpenAPIV3_1 } from 'openapi-types';
import { type Document, loadSingleFileSpec, loadSpec, makeResolver } from './load';
import {
  type DocLinks,
  type Operation,
  type PageSource,
  type RenderContext,
  type Wording,
  renderPage,
  renderSchemasPage,
} from './render/index';

/** One API to generate (an entry of the plugin's `apis` option). */
export interface ApiOptions {
  /** Short id, also the download file name: `fulfillment` → `/openapi/fulfillment.yaml`. */
  id: string;
  /** Definition file, relative to the site directory. */
  spec: string;
  /**
   * Folder (under the docs folder) of the sidebar pages, e.g. `connect/fulfillment/api_reference`.
   * The generator owns it: files it did not write there are deleted.
   */
  docsDir: string;
  /** URL path the pages live under, e.g. `/connect/fulfillment/api`. */
  routeBase: string;
  /** Slug prefix of the per-tag index pages, e.g. `/category/api/fulfillment`. */
  categoryBase: string;
  /** Hand-written pages every generated page links to (authentication, errors…). */
  links?: DocLinks;
}

/** HTTP methods of a path item, in the order pages are listed. */
const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'] as const;

/** `Delivery orders` → `delivery_orders`; `Get order (v2)` → `get_order_v2`. */
export function snakeCase(value: string): string {
  return value
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** Folder of the pages kept out of the sidebar (spec §2), next to `docsDir`. */
export function hiddenDir(docsDir: string): string {
  return `${docsDir}_no_sidebar`;
}

/**
 * The pages of a definition, in sidebar order: operations by tag order (top-level `tags`,
 * then first use), then document order; webhooks after them.
 * @throws Error when two pages would share a URL, or an operation lacks an operationId.
 */
export function collectPages(doc: Document, api: ApiOptions): PageSource[] {
  const resolve = makeResolver(doc);
  const pages: PageSource[] = [];
  const add = (page: Omit<PageSource, 'position'>) => pages.push({ ...page, position: 0 });
  for (const [path, rawItem] of Object.entries(doc.paths ?? {})) {
    const item = resolve<OpenAPIV3_1.PathItemObject<Operation>>(rawItem).node;
    for (const method of METHODS) {
      const operation = item[method] as Operation | undefined;
      if (!operation) continue;
      const operationId = operation.operationId;
      if (!operationId)
        throw new Error(`${api.spec}: ${method.toUpperCase()} ${path} has no operationId`);
      const slug = String(operation['x-slug'] ?? snakeCase(operationId));
      add({
        kind: 'operation',
        operationId: snakeCase(operationId),
        permalink: `${api.routeBase}/${slug}`,
        method,
        path,
        tag: operation.tags?.[0] ?? 'Operations',
        operation,
        pathParameters: item.parameters ?? [],
        sidebar: operation['x-sidebar'] !== false,
      });
    }
  }
  for (const [event, rawItem] of Object.entries(doc.webhooks ?? {})) {
    const item = resolve<OpenAPIV3_1.PathItemObject<Operation>>(rawItem).node;
    const operation = (item.post ?? METHODS.map((m) => item[m]).find(Boolean)) as
      | Operation
      | undefined;
    if (!operation) continue;
    const slug = snakeCase(event);
    add({
      kind: 'webhook',
      operationId: snakeCase(String(operation.operationId ?? event)),
      permalink: `${api.routeBase}/callbacks/${slug}`,
      method: 'post',
      path: event,
      tag: operation.tags?.[0] ?? 'Callbacks',
      operation,
      pathParameters: item.parameters ?? [],
      sidebar: operation['x-sidebar'] !== false,
    });
  }
  const seen = new Map<string, string>();
  for (const page of pages) {
    const other = seen.get(page.permalink);
    if (other)
      throw new Error(
        `${api.spec}: ${page.operationId} and ${other} both map to ${page.permalink}`,
      );
    seen.set(page.permalink, page.operationId);
  }
  const order = tagOrder(doc, pages);
  const positions = new Map<string, number>();
  for (const page of pages) {
    const next = (positions.get(page.tag) ?? 0) + 1;
    positions.set(page.tag, next);
    page.position = next;
  }
  return pages.sort(
    (a, b) => order.indexOf(a.tag) - order.indexOf(b.tag) || a.position - b.position,
  );
}

function tagOrder(doc: Document, pages: PageSource[]): string[] {
  const declared = (doc.tags ?? []).map((t) => t.name);
  return [...new Set([...declared, ...pages.map((p) => p.tag)])];
}

/** One API as the downloads page lists it. */
export interface ApiSummary {
  title: string;
  /** `info.version` of the definition. */
  version: string;
  /** URL path of the bundled YAML. */
  download: string;
  /** URL path of the Postman collection (v2.1) made from it. */
  postman: string;
  /** URL path of the API's reference index. */
  reference: string;
  operations: number;
  webhooks: number;
}

/** Files to write, keyed by path relative to the site directory. */
export type FileSet = Map<string, string>;

/**
 * Rendered pages kept between reloads of `docusaurus start`, by `<api id>/<operationId>`
 * (`<api id>/schemas` for the schemas page): a page is rendered again when its own operation,
 * or anything of the definition outside `paths` and `webhooks`, or the options changed.
 */
export type PageMemo = Map<string, { key: string; mdx: string }>;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * What every page of `doc` depends on besides its own operation, hashed; undefined when a
 * `$ref` points into `paths` or `webhooks` (a page could then show another operation's parts,
 * so no page is reused).
 */
export function sharedPageKey(
  doc: Document,
  api: ApiOptions,
  wording: Wording,
): string | undefined {
  const text = JSON.stringify(doc);
  if (/"#\/(paths|webhooks)\//.test(text)) return undefined;
  // JSON leaves out the undefined members.
  const shared = { ...doc, paths: undefined, webhooks: undefined };
  return sha256(JSON.stringify({ shared, api, wording }));
}

/**
 * A page of `pageMemo` as stored with the API's files: `[memo id, key, file path]`, the page's
 * text being that file's content.
 */
export type PageKey = [id: string, key: string, file: string];

/** `render()`, or the page kept in `memo` under `id` when `key` is the same. */
function memoized(
  memo: PageMemo | undefined,
  id: string,
  key: string | undefined,
  render: () => string,
) {
  const kept = memo && key ? memo.get(id) : undefined;
  if (kept && kept.key === key) return { mdx: kept.mdx, rendered: false };
  const mdx = render();
  if (memo && key) memo.set(id, { key, mdx });
  return { mdx, rendered: true };
}

/**
 * Puts an API's pages, as a start took them from plugins/lib/source-memo.ts, back into
 * `pageMemo`, so the first edit after the start renders only the changed operation's page
 * (without it, all 68 pages of the fulfillment API were rendered again: 6 s).
 * Keys whose file is not in `files` are skipped.
 */
export function seedPageMemo(pageMemo: PageMemo, pageKeys: PageKey[], files: FileSet): void {
  for (const [id, key, file] of pageKeys) {
    const mdx = files.get(file);
    if (mdx !== undefined) pageMemo.set(id, { key, mdx });
  }
}

/** What generateApi makes of one API. */
export interface GeneratedApiFiles {
  /** Pages, category files and downloads. */
  files: FileSet;
  /** Absolute paths of the definition's files. */
  sources: string[];
  pageCount: number;
  /** Pages rendered, not taken from `pageMemo`. */
  rendered: number;
  /** The pages `pageMemo` holds for this API (none without a memo). */
  pageKeys: PageKey[];
  summary: ApiSummary;
}

/**
 * Renders every page and category file of one API, and its downloads (bundled YAML, Postman
 * collection).
 * @param docsPath absolute docs folder; `staticPath` absolute static folder.
 * @returns the files and the definition's source files (for watching).
 * @throws SpecError (load.ts) for an unusable definition, Error for a page that cannot render.
 */
export async function generateApi(
  siteDir: string,
  docsPath: string,
  staticPath: string,
  api: ApiOptions,
  wording: Wording,
  pageMemo?: PageMemo,
): Promise<GeneratedApiFiles> {
  const { doc, ...pages } = await generateApiPages(siteDir, docsPath, api, wording, pageMemo);
  for (const [file, content] of await generateDownloads(doc, api, staticPath))
    pages.files.set(file, content);
  return pages;
}

/**
 * The pages and category files of one API (generateApi without the downloads), and the bundled
 * definition they were made from, for generateDownloads.
 * @param quick read a definition kept in one file without Redocly's bundler
 *   (loadSingleFileSpec; `docusaurus start` reloads only).
 * @throws as generateApi.
 */
export async function generateApiPages(
  siteDir: string,
  docsPath: string,
  api: ApiOptions,
  wording: Wording,
  pageMemo?: PageMemo,
  quick = false,
): Promise<GeneratedApiFiles & { doc: Document }> {
  const specFile = join(siteDir, api.spec);
  const { doc, files: sources } =
    (quick && (await loadSingleFileSpec(specFile))) || (await loadSpec(specFile));
  const resolve = makeResolver(doc);
  const apiTitle = doc.info?.title ?? api.id;
  const ctx: RenderContext = {
    doc,
    resolve,
    apiId: api.id,
    apiTitle,
    downloadUrl: `/openapi/${api.id}.yaml`,
    schemasUrl: `${api.routeBase}/schemas`,
    links: api.links ?? {},
    wording,
  };
  const pages = collectPages(doc, api);
  const files: FileSet = new Map();
  const tags = new Map((doc.tags ?? []).map((t) => [t.name, t]));
  const order = tagOrder(doc, pages);
  const shared = pageMemo ? sharedPageKey(doc, api, wording) : undefined;
  const pageKeys: PageKey[] = [];
  let rendered = 0;
  for (const page of pages) {
    const folder = page.sidebar
      ? join(docsPath, api.docsDir, snakeCase(page.tag))
      : join(docsPath, hiddenDir(api.docsDir));
    let mdx: string;
    const file = join(folder, `${page.operationId}.mdx`);
    const id = `${api.id}/${page.operationId}`;
    const key = shared && sha256(`${shared}\0${JSON.stringify(page)}`);
    try {
      const out = memoized(pageMemo, id, key, () => renderPage(page, ctx));
      mdx = out.mdx;
      if (out.rendered) rendered++;
    } catch (error) {
      throw new Error(`${api.spec}: page ${page.operationId}: ${(error as Error).message}`);
    }
    if (pageMemo && key) pageKeys.push([id, key, file]);
    files.set(file, mdx);
    if (page.sidebar) {
      const tag = tags.get(page.tag);
      const category = {
        // Unique across APIs: several have a "Users" or "Orders" group (translation keys).
        key: `${api.id}-${snakeCase(page.tag)}`,
        label: page.tag,
        position: order.indexOf(page.tag) + 1,
        collapsed: true,
        link: {
          type: 'generated-index',
          slug: `${api.categoryBase}/${snakeCase(page.tag)}`,
          title: `${apiTitle}: ${page.tag}`,
          description: String(tag?.description ?? `${page.tag} operations of the ${apiTitle}.`)
            .replace(/\s+/g, ' ')
            .trim(),
        },
      };
      files.set(join(folder, '_category_.json'), `${JSON.stringify(category, null, 2)}\n`);
    }
  }
  // The schemas page closes the API's sidebar group.
  const schemasFile = join(docsPath, api.docsDir, 'schemas.mdx');
  const schemasKey = shared && sha256(`${shared}\0schemas\0${order.length}`);
  const schemas = memoized(pageMemo, `${api.id}/schemas`, schemasKey, () =>
    renderSchemasPage(ctx, {
      id: 'schemas',
      permalink: ctx.schemasUrl,
      position: order.length + 1,
    }),
  );
  if (schemas.rendered) rendered++;
  if (pageMemo && schemasKey) pageKeys.push([`${api.id}/schemas`, schemasKey, schemasFile]);
  files.set(schemasFile, schemas.mdx);
  const summary: ApiSummary = {
    title: apiTitle,
    version: doc.info?.version ?? '',
    download: ctx.downloadUrl,
    postman: `/openapi/${api.id}.postman.json`,
    reference: api.categoryBase,
    operations: pages.filter((p) => p.kind === 'operation').length,
    webhooks: pages.filter((p) => p.kind === 'webhook').length,
  };
  return { files, sources, pageCount: pages.length, rendered, pageKeys, summary, doc };
}

/**
 * Where the downloads of `api` are written: the bundled definition as YAML
 * (`<staticPath>/openapi/<id>.yaml`) and its Postman collection (`<id>.postman.json`).
 */
export function downloadPaths(
  api: ApiOptions,
  staticPath: string,
): [yaml: string, postman: string] {
  const dir = join(staticPath, 'openapi');
  return [join(dir, `${api.id}.yaml`), join(dir, `${api.id}.postman.json`)];
}

/**
 * The downloads of one API (downloadPaths), by path.
 * @param doc the bundled definition (generateApiPages).
 * @throws Error naming the definition when the Postman converter fails.
 */
export async function generateDownloads(
  doc: Document,
  api: ApiOptions,
  staticPath: string,
): Promise<FileSet> {
  const files: FileSet = new Map();
  const apiTitle = doc.info?.title ?? api.id;
  // Loaded on first use (Redocly 0.7 s, the Postman converter 0.4 s), as in load.ts.
  const { stringifyYaml } = await import('@redocly/openapi-core');
  const { postmanCollection } = await import('./postman');
  const header = `# ${apiTitle}, OpenAPI ${String(doc.openapi)}. Bundled from ${api.spec} for download.\n`;
  const [yamlPath, postmanPath] = downloadPaths(api, staticPath);
  files.set(yamlPath, header + stringifyYaml(doc));
  let collection: string;
  try {
    collection = await postmanCollection(doc, api.id);
  } catch (error) {
    throw new Error(`${api.spec}: no Postman collection: ${(error as Error).message}`);
  }
  files.set(postmanPath, collection);
  return files;
}

/**
 * Writes `files`, skipping unchanged ones, and deletes other files under `owned` folders.
 * @returns counts of written and deleted files.
 */
export async function syncFiles(
  files: FileSet,
  owned: string[],
): Promise<{ written: number; deleted: number }> {
  let written = 0;
  let deleted = 0;
  for (const [file, content] of files) {
    const current = await readFile(file, 'utf8').catch(() => undefined);
    if (current === content) continue;
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, content);
    written++;
  }
  for (const dir of owned) {
    for (const file of await listFiles(dir)) {
      if (!files.has(file)) {
        await rm(file);
        deleted++;
      }
    }
  }
  return { written, deleted };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const entry of entries) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(full)));
    else out.push(full);
  }
  return out;
}

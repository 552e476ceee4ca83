/**
 * Local plugin `openapi-pages`: API reference pages generated from `openapi/*.yaml` as static
 * MDX (design/openapi-pages.md), so every parameter, schema field and
 * example is in the pre-rendered HTML, the search index and the `.md` twins, and an API page
 * loads no more JS than a guide (no client-side API explorer).
 *
 * Pages are written when the plugin is created, before any plugin loads content: Docusaurus
 * awaits every plugin factory before the docs plugin reads the docs folder. Under
 * `docusaurus start`, a saved definition regenerates its pages at once and its downloads once
 * the bundler has rebuilt the pages (plugins/lib/definition-watch.ts), without a Docusaurus
 * plugin reload: the docs plugin sees the written pages itself. A definition that no longer
 * bundles is reported and the previous pages are kept.
 * Generated folders are not committed (.gitignore). What a definition generated is kept between
 * builds (./cache.ts) and used again while the definition and the generator are unchanged.
 */
import { readFile, rm } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { Joi } from '@docusaurus/utils-validation';
import { type DefinitionWatch, definitionWatch } from '../lib/definition-watch';
import { SourceMemo } from '../lib/source-memo';
import { cachedGenerate, generatorKey } from './cache';
import { loadSpec } from './load';
import { previewFiles } from './preview-split';
import {
  type ApiOptions,
  type FileSet,
  type PageMemo,
  generateApi,
  generateApiPages,
  downloadPaths,
  generateDownloads,
  hiddenDir,
  seedPageMemo,
  syncFiles,
} from './generate';
import { type Wording, renderDownloadsPage } from './render/index';

/** Options of the plugin. */
export interface OpenApiPagesOptions {
  /** Docs folder of the docs plugin instance the pages belong to, relative to the site. */
  docsPath: string;
  /** Static folder the bundled definitions are written to (served at `/openapi/<id>.yaml`). */
  staticPath: string;
  apis: ApiOptions[];
  /** The words of the generated pages around the definitions' text (render/types.ts). */
  wording: Wording;
  /**
   * Doc path (under the docs folder, without extension) of the page listing every definition
   * for download, e.g. `aisle/api_definitions`; the generator writes it.
   */
  downloadsDoc: string;
}

const schema = Joi.object<OpenApiPagesOptions & { id?: string }>({
  // Docusaurus adds the plugin instance id to every plugin's options.
  id: Joi.string(),
  docsPath: Joi.string().default('docs'),
  staticPath: Joi.string().default('static'),
  apis: Joi.array()
    .items(
      Joi.object({
        id: Joi.string()
          .pattern(/^[a-z][a-z0-9-]*$/)
          .required(),
        spec: Joi.string().required(),
        docsDir: Joi.string().required(),
        routeBase: Joi.string().pattern(/^\//).required(),
        categoryBase: Joi.string().pattern(/^\//).required(),
        links: Joi.object({
          auth: Joi.string().pattern(/^\//),
          scopes: Joi.string().pattern(/^\//),
          errors: Joi.string().pattern(/^\//),
          webhooks: Joi.string().pattern(/^\//),
          samples: Joi.string().pattern(/^\//),
        }).default({}),
      }),
    )
    .min(1)
    .unique('id')
    .required(),
  // Checked by TypeScript where the site writes it (config/openapi.ts); here only its presence.
  wording: Joi.object().unknown(true).required(),
  downloadsDoc: Joi.string()
    .pattern(/^[a-z0-9_/-]+$/)
    .required(),
});

/**
 * Validates and defaults the options.
 * @throws Error listing every invalid option, e.g. `"apis[0].routeBase" must start with /`.
 */
export function normalizeOptions(options: unknown): OpenApiPagesOptions {
  const { value, error } = schema.validate(options, { abortEarly: false });
  if (error) throw new Error(`[openapi-pages] invalid options: ${error.message}`);
  return value;
}

type Generated = Awaited<ReturnType<typeof generateApi>>;
/** What the memo keeps of one API: its generated files as entries (JSON). */
type Stored = Omit<Generated, 'files'> & {
  files: [string, string][];
  /**
   * Kept by a `docusaurus start` that was stopped before it wrote the downloads: the files are
   * the pages only, and the next start makes the downloads (0.5–2 s) instead of every page.
   */
  downloadsDue?: boolean;
};

/**
 * Folders of the code the generated pages depend on (this plugin, the site's facts and
 * configuration, shared plugin code): a change there regenerates every API under
 * `docusaurus start` too.
 */
export function generatorCodeDirs(siteDir: string): string[] {
  return [
    __dirname,
    join(__dirname, '..', 'lib'),
    join(siteDir, 'src', 'data'),
    join(siteDir, 'config'),
  ];
}

/**
 * Generates every API's pages and the downloads page, and syncs them to disk. With `memo`
 * (`docusaurus start` only), an API whose definition files, options and generator code are
 * unchanged since it was last generated is taken from the memo instead.
 * @throws as generateApi.
 */
async function generateAll(
  context: LoadContext,
  options: OpenApiPagesOptions,
  memo?: SourceMemo<Stored>,
  pageMemo?: PageMemo,
) {
  const docsPath = join(context.siteDir, options.docsPath);
  const staticPath = join(context.siteDir, options.staticPath);
  const results: Omit<Generated, 'rendered'>[] = [];
  const regenerated: string[] = [];
  /** APIs whose downloads a stopped start left due (`docusaurus start` only). */
  const downloadsDue: string[] = [];
  const cacheDir = join(context.siteDir, 'node_modules', '.cache', 'openapi-pages');
  for (const api of options.apis) {
    if (!memo) {
      // A build: what a definition generated is kept between builds (./cache.ts).
      const args = [context.siteDir, docsPath, staticPath, api, options.wording] as const;
      const { result } = await cachedGenerate(
        join(cacheDir, `${api.id}.json`),
        await generatorKey(context.siteDir, args),
        () => generateApi(...args),
      );
      // No page memo in a build.
      results.push({ ...result, pageKeys: [] });
      continue;
    }
    const memoKey = { api, wording: options.wording, docsPath, staticPath };
    const stored = await memo.get(api.id, memoKey);
    if (stored) {
      const files = new Map(stored.files);
      if (pageMemo) seedPageMemo(pageMemo, stored.pageKeys ?? [], files);
      if (stored.downloadsDue) {
        // Made when the preview is idle after its start (previewJob); until then the
        // previous downloads stay, as after an edit.
        for (const file of downloadPaths(api, staticPath)) {
          const previous = await readFile(file, 'utf8').catch(() => undefined);
          if (previous !== undefined) files.set(file, previous);
        }
        downloadsDue.push(api.id);
        regenerated.push(`${api.id} (downloads only, when the preview is idle)`);
      }
      results.push({ ...stored, files });
      continue;
    }
    const since = Date.now();
    const result = await generateApi(
      context.siteDir,
      docsPath,
      staticPath,
      api,
      options.wording,
      pageMemo,
    );
    results.push(result);
    regenerated.push(`${api.id} (${result.rendered} of ${result.pageCount + 1} pages rendered)`);
    await memo.set(api.id, memoKey, result.sources, { ...result, files: [...result.files] }, since);
  }
  if (memo && regenerated.length)
    await memo.save((e) =>
      console.warn(`[openapi-pages] pages not kept for the next start: ${e.message}`),
    );
  const files = new Map(results.flatMap((r) => [...r.files]));
  files.set(
    join(docsPath, `${options.downloadsDoc}.mdx`),
    renderDownloadsPage(
      results.map((r) => r.summary),
      options.wording,
    ),
  );
  const owned = options.apis.flatMap((api) => [
    join(docsPath, api.docsDir),
    join(docsPath, hiddenDir(api.docsDir)),
  ]);
  owned.push(join(staticPath, 'openapi'));
  // The downloads page is one file in a hand-written folder: written, never swept. The preview
  // writes each operation page as the page and two partials (./preview-split.ts).
  const sync = await syncFiles(memo ? previewFiles(files) : files, owned);
  return {
    sources: results.flatMap((r) => r.sources),
    byApi: new Map(options.apis.map((api, i) => [api.id, results[i]])),
    pages: results.reduce((n, r) => n + r.pageCount, 0),
    regenerated,
    downloadsDue,
    ...sync,
  };
}

/** Seconds since `start` (ms since the epoch), for the console: `0.4 s`. */
const seconds = (start: number) => `${((Date.now() - start) / 1000).toFixed(1)} s`;

/**
 * `docusaurus start`: what a saved definition regenerates (plugins/lib/definition-watch.ts).
 * `now` writes the changed APIs' pages and the downloads page; `later` their downloads (bundled
 * YAML 0.1–0.3 s, Postman collection 0.6–1.3 s). The memo keeps the pages at once, marked
 * `downloadsDue` until `later` has written the downloads; a start that finds them due leaves
 * them to `later` too (`dueAtStart`), run when the preview is idle after its start.
 */
function previewJob(
  context: LoadContext,
  options: OpenApiPagesOptions,
  memo: SourceMemo<Stored>,
  pageMemo: PageMemo,
  initial: Map<string, Omit<Generated, 'rendered'>>,
  dueAtStart: string[],
) {
  const docsPath = join(context.siteDir, options.docsPath);
  const staticPath = join(context.siteDir, options.staticPath);
  const latest = new Map(initial);
  /** APIs whose pages were written and whose downloads are still due, with their definition. */
  const due = new Map<
    string,
    {
      api: ApiOptions;
      /** The bundled definition; loaded by `later` for downloads a start left due. */
      doc?: Awaited<ReturnType<typeof generateApiPages>>['doc'];
      since: number;
    }
  >();
  const startedAt = Date.now();
  for (const id of dueAtStart) {
    const api = options.apis.find((a) => a.id === id);
    if (api) due.set(id, { api, since: startedAt });
  }
  const memoKey = (api: ApiOptions) => ({ api, wording: options.wording, docsPath, staticPath });
  const inDocs = (file: string) => file.startsWith(`${docsPath}${sep}`);
  /**
   * An API's docs files as the preview writes them (./preview-split.ts), by the generation's
   * file set: a reload splits only the APIs it regenerated (splitting all 114 pages took
   * 0.1 s of each edit).
   */
  const splitDocs = new WeakMap<FileSet, FileSet>();
  const docsFiles = (results: Omit<Generated, 'rendered'>[]): FileSet => {
    const files: FileSet = new Map();
    for (const r of results) {
      let split = splitDocs.get(r.files);
      if (!split) {
        split = previewFiles(new Map([...r.files].filter(([file]) => inDocs(file))));
        splitDocs.set(r.files, split);
      }
      for (const [file, content] of split) files.set(file, content);
    }
    // The downloads page is no operation page: nothing to split.
    files.set(
      join(docsPath, `${options.downloadsDoc}.mdx`),
      renderDownloadsPage(
        results.map((r) => r.summary),
        options.wording,
      ),
    );
    return files;
  };
  /**
   * The docs files as last written (the start synced them all): a reload compares with these
   * instead of reading every generated file again (0.7–0.9 s for the 125 files, beside
   * Rspack's rebuild of the page).
   */
  let written = docsFiles([...latest.values()]);
  return {
    files: () => [...latest.values()].flatMap((r) => r.sources),
    /**
     * Goes once through what an edit of each API runs, writing nothing: the definition read,
     * its pages' keys, and one page rendered again (from a copy of the page memo without it).
     * The first edit after a start otherwise pays for the code's first run and the first
     * parse of the descriptions (0.3–0.5 s on the 2-core machine, against 0.1–0.2 s later).
     */
    async warm() {
      for (const api of options.apis) {
        const memo = new Map(pageMemo);
        const one = [...memo.keys()].find((id) => id.startsWith(`${api.id}/`));
        if (one) memo.delete(one);
        // A definition saved half-written fails here; the edit's own cycle reports it.
        await generateApiPages(context.siteDir, docsPath, api, options.wording, memo, true).catch(
          () => undefined,
        );
      }
    },
    async now() {
      const started = Date.now();
      const regenerated: string[] = [];
      try {
        for (const api of options.apis) {
          if (await memo.get(api.id, memoKey(api))) continue;
          const since = Date.now();
          const { doc, ...result } = await generateApiPages(
            context.siteDir,
            docsPath,
            api,
            options.wording,
            pageMemo,
            true,
          );
          // The downloads stay those of the last generation until `later` replaces them.
          const previous = [...(latest.get(api.id)?.files ?? [])].filter(([f]) => !inDocs(f));
          latest.set(api.id, { ...result, files: new Map([...result.files, ...previous]) });
          due.set(api.id, { api, doc, since });
          // Stopped before `later`, the next start makes only the downloads.
          const pagesOnly: Stored = { ...result, rendered: 0, files: [...result.files] };
          await memo.set(
            api.id,
            memoKey(api),
            result.sources,
            { ...pagesOnly, downloadsDue: true },
            since,
          );
          regenerated.push(
            `${api.id} (${result.rendered} of ${result.pageCount + 1} pages rendered)`,
          );
        }
      } catch (error) {
        console.error(`[openapi-pages] kept the previous pages: ${(error as Error).message}`);
        return;
      }
      if (!regenerated.length) return;
      const results = [...latest.values()];
      const files = docsFiles(results);
      const changed: FileSet = new Map([...files].filter(([f, c]) => written.get(f) !== c));
      const stale = [...written.keys()].filter((f) => !files.has(f));
      const sync = await syncFiles(changed, []);
      for (const file of stale) await rm(file, { force: true });
      written = files;
      console.info(
        `[openapi-pages] ${results.reduce((n, r) => n + r.pageCount, 0)} pages; regenerated: ${regenerated.join(', ')}; ${sync.written} files written, ${stale.length} deleted, in ${seconds(started)}; downloads next`,
      );
      // After the pages: writing the memo (5.5 MB) takes 0.2–0.5 s.
      await memo.save((e) =>
        console.warn(`[openapi-pages] pages not kept for the next start: ${e.message}`),
      );
    },
    async later() {
      if (!due.size) return;
      const started = Date.now();
      const done: string[] = [];
      for (const [id, { api, doc, since }] of due) {
        due.delete(id);
        let downloads: FileSet;
        try {
          const bundled = doc ?? (await loadSpec(join(context.siteDir, api.spec))).doc;
          downloads = await generateDownloads(bundled, api, staticPath);
        } catch (error) {
          console.error(`[openapi-pages] kept the previous downloads: ${(error as Error).message}`);
          continue;
        }
        await syncFiles(downloads, []);
        const result = latest.get(id);
        if (!result) continue;
        const files = new Map([...result.files].filter(([f]) => inDocs(f)));
        for (const [file, content] of downloads) files.set(file, content);
        latest.set(id, { ...result, files });
        const stored: Stored = { ...result, rendered: 0, files: [...files], downloadsDue: false };
        await memo.set(id, memoKey(api), result.sources, stored, since);
        done.push(id);
      }
      await memo.save((e) =>
        console.warn(`[openapi-pages] pages not kept for the next start: ${e.message}`),
      );
      if (done.length)
        console.info(
          `[openapi-pages] downloads written: ${done.join(', ')}, in ${seconds(started)}`,
        );
    },
  };
}

/**
 * The plugin. Generation errors fail `docusaurus build` with the definition's file and the
 * problem; under `docusaurus start` a failed regeneration is logged and the old pages stay.
 * @param watch where `docusaurus start` registers its regeneration (tests pass their own).
 */
export default async function openapiPagesPlugin(
  context: LoadContext,
  rawOptions: unknown,
  watch: DefinitionWatch = definitionWatch,
): Promise<Plugin> {
  const options = normalizeOptions(rawOptions);
  // `docusaurus start` only: regenerate an API when its definition changed (plugins/lib/source-memo.ts).
  const memo =
    process.env.NODE_ENV === 'production'
      ? undefined
      : await new SourceMemo<Stored>(
          join(context.generatedFilesDir, 'openapi-pages', 'memo.json'),
          context.siteDir,
          generatorCodeDirs(context.siteDir),
        ).load();
  // `docusaurus start` only: a reload renders again only the pages whose operation changed.
  const pageMemo: PageMemo | undefined = memo ? new Map() : undefined;
  const first = await generateAll(context, options, memo, pageMemo);
  if (memo && pageMemo) {
    console.info(
      `[openapi-pages] ${first.pages} pages; regenerated: ${first.regenerated.join(', ') || 'none'} (other definitions unchanged since the last start)`,
    );
    const key = `openapi-pages${context.siteDir}`;
    const job = previewJob(context, options, memo, pageMemo, first.byApi, first.downloadsDue);
    watch.register(key, job);
    // Once the dev server's first build is done and the bundler is quiet: a pass through an
    // edit's work, which the first edit would otherwise pay for; then, when the writer is not
    // saving, the downloads a stopped start left due (0.5–2 s, Redocly loaded for them).
    // design/performance.md, "A start that builds no page, and work a start leaves for later".
    void watch.bundler
      .firstBuild()
      .then(() => watch.bundler.quiet(Date.now()))
      .then(async () => {
        await job.warm();
        if (!first.downloadsDue.length) return;
        await watch.idle();
        watch.runLater(key);
      })
      .catch((error: Error) => console.warn(`[openapi-pages] after the start: ${error.message}`));
  }
  return {
    name: 'openapi-pages',
    // The pages' components (ApiDetails, ApiExpandAll) and styles live with the generator.
    getThemePath() {
      return join(__dirname, 'theme');
    },
    getTypeScriptThemePath() {
      return join(__dirname, 'theme');
    },
    getClientModules() {
      return [join(__dirname, 'theme', 'api-reference.css')];
    },
    // Under `docusaurus start` the definitions are watched by plugins/lib/definition-watch.ts.
    getPathsToWatch() {
      return memo ? [] : first.sources;
    },
    configureWebpack(_config, isServer) {
      // Tells the definition watcher when the dev server's bundler has rebuilt the pages.
      if (!memo || isServer) return {};
      return { plugins: [watch.bundler.plugin()] } as ReturnType<
        NonNullable<Plugin['configureWebpack']>
      >;
    },
  };
}

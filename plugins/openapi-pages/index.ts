/**
 * Local plugin `openapi-pages`: API reference pages generated from `openapi/*.yaml` as static
 * MDX (design/openapi-pages.md), so every parameter, schema field and
 * example is in the pre-rendered HTML, the search index and the `.md` twins, and an API page
 * loads no more JS than a guide (no client-side API explorer).
 *
 * Pages are written when the plugin is created, before any plugin loads content: Docusaurus
 * awaits every plugin factory before the docs plugin reads the docs folder. Under
 * `docusaurus start`, a change to a definition reloads this plugin, which regenerates the pages;
 * a definition that no longer bundles is reported and the previous pages are kept.
 * Generated folders are not committed (.gitignore). What a definition generated is kept between
 * builds (./cache.ts) and used again while the definition and the generator are unchanged.
 */
import { join } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { Joi } from '@docusaurus/utils-validation';
import { SourceMemo } from '../lib/source-memo';
import { cachedGenerate, generatorKey } from './cache';
import { type ApiOptions, type PageMemo, generateApi, hiddenDir, syncFiles } from './generate';
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
type Stored = Omit<Generated, 'files'> & { files: [string, string][] };

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
      results.push(result);
      continue;
    }
    const memoKey = { api, wording: options.wording, docsPath, staticPath };
    const stored = await memo.get(api.id, memoKey);
    if (stored) {
      results.push({ ...stored, files: new Map(stored.files) });
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
  // The downloads page is one file in a hand-written folder: written, never swept.
  const sync = await syncFiles(files, owned);
  return {
    sources: results.flatMap((r) => r.sources),
    pages: results.reduce((n, r) => n + r.pageCount, 0),
    regenerated,
    ...sync,
  };
}

/**
 * The plugin. Generation errors fail `docusaurus build` with the definition's file and the
 * problem; under `docusaurus start` a failed regeneration is logged and the old pages stay.
 */
export default async function openapiPagesPlugin(
  context: LoadContext,
  rawOptions: unknown,
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
  let first = await generateAll(context, options, memo, pageMemo);
  if (memo) {
    console.info(
      `[openapi-pages] ${first.pages} pages; regenerated: ${first.regenerated.join(', ') || 'none'} (other definitions unchanged since the last start)`,
    );
  }
  let watched = first.sources;
  let loads = 0;
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
    getPathsToWatch() {
      return watched;
    },
    async loadContent() {
      // The first load follows the generation done at creation; later ones are dev reloads.
      if (loads++ === 0) return;
      try {
        first = await generateAll(context, options, memo, pageMemo);
        watched = first.sources;
        console.info(
          `[openapi-pages] ${first.pages} pages; regenerated: ${first.regenerated.join(', ') || 'none'}; ${first.written} files written, ${first.deleted} deleted`,
        );
      } catch (error) {
        console.error(`[openapi-pages] kept the previous pages: ${(error as Error).message}`);
      }
    },
  };
}

/**
 * Local plugin `sandbox-twin` (design/sandbox-twin.md): generates the sandbox twin's data from
 * the OpenAPI definitions when the plugin is created (the route table and one module per
 * operation with its prebuilt Ajv validators, ./generate.ts) into `.docusaurus/sandbox-twin/`,
 * reachable from the browser code as `@sandbox-twin/data/…`, and owns the Try it panel's theme
 * components (./theme). A definition that no longer bundles stops the build; under
 * `docusaurus start` a saved definition is regenerated once the bundler has rebuilt the API
 * pages (plugins/lib/definition-watch.ts: the Ajv compilation no longer competes with the page
 * the writer waits for), and a failure is logged while the previous data stays.
 *
 * The operation modules are published as plain files, outside the bundler, at
 * `<baseUrl>assets/sandbox-twin/<version>/<api>/<operationId>.js` (`dev` for the version under
 * `docusaurus start`): as bundler chunks, each one's name and hash sat in the runtime that every
 * page loads (design/try-it.md, "Bytes"). `ops.json` gives the browser that folder's address.
 *
 * A production build also publishes the twin as one file for integrators' CI,
 * `<baseUrl>sandbox/aisle-sandbox.mjs` with its `.sha256` (./bundle.ts); its version, size and
 * checksum are the plugin's global data (`usePluginData('sandbox-twin')`, `StandaloneInfo`), which
 * the sandbox guide shows. `docusaurus start` does not bundle it (the data says `version: 'dev'`).
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { Joi } from '@docusaurus/utils-validation';
import { type DefinitionWatch, definitionWatch } from '../lib/definition-watch';
import { SourceMemo } from '../lib/source-memo';
import type { ApiOptions } from '../openapi-pages/generate';
import { generatorCodeDirs } from '../openapi-pages';
import { bundleStandalone, STANDALONE_FILE, type StandaloneInfo } from './bundle';
import {
  type ApiTwinData,
  buildApiTwinData,
  buildTwinData,
  listFiles,
  writeTwinData,
} from './generate';

/** Folder of the published operation modules under the site's base URL (hashed assets). */
export const OPS_DIR = 'assets/sandbox-twin';

/** Folder of the published single-file twin under the site's base URL. */
export const STANDALONE_DIR = 'sandbox';

/** Options: the definitions to serve, as the openapi-pages plugin lists them. */
export interface SandboxTwinOptions {
  apis: Pick<ApiOptions, 'id' | 'spec' | 'docsDir' | 'routeBase' | 'categoryBase'>[];
}

const schema = Joi.object<SandboxTwinOptions & { id?: string }>({
  id: Joi.string(),
  apis: Joi.array()
    .items(Joi.object({ id: Joi.string().required(), spec: Joi.string().required() }).unknown(true))
    .min(1)
    .required(),
});

/**
 * The plugin. @throws Error when the options are invalid or a definition does not bundle.
 * @param watch where `docusaurus start` registers its regeneration (tests pass their own).
 */
export default async function sandboxTwinPlugin(
  context: LoadContext,
  rawOptions: unknown,
  watch: DefinitionWatch = definitionWatch,
): Promise<Plugin> {
  const { value: options, error } = schema.validate(rawOptions, { abortEarly: false });
  if (error) throw new Error(`[sandbox-twin] invalid options: ${error.message}`);
  const dataDir = join(context.generatedFilesDir, 'sandbox-twin', 'data');
  const production = process.env.NODE_ENV === 'production';
  let version = 'dev';
  // `docusaurus start` only: an API's data is rebuilt when its definition changed
  // (plugins/lib/source-memo.ts); the Ajv compilation is most of the time it takes.
  const memo = production
    ? undefined
    : await new SourceMemo<ApiTwinData>(
        join(context.generatedFilesDir, 'sandbox-twin', 'memo.json'),
        context.siteDir,
        [__dirname, ...generatorCodeDirs(context.siteDir)],
      ).load();
  let rebuilt: string[] = [];
  /** Files each definition was read from, by API id (watched under `docusaurus start`). */
  const sources = new Map<string, string[]>();
  /** One definition's data: from the memo when its files are unchanged, else built and kept. */
  const part = async (api: ApiOptions, kept: SourceMemo<ApiTwinData>) => {
    const stored = await kept.get(api.id, api);
    if (stored) {
      sources.set(api.id, stored.sources);
      return stored;
    }
    const since = Date.now();
    const data = await buildApiTwinData(context.siteDir, api);
    await kept.set(api.id, api, data.sources, data, since);
    sources.set(api.id, data.sources);
    rebuilt.push(api.id);
    return data;
  };
  const generate = async () => {
    rebuilt = [];
    const apis = options.apis as ApiOptions[];
    const data = memo
      ? await buildTwinData(context.siteDir, apis, (api) => part(api, memo))
      : await buildTwinData(context.siteDir, apis);
    if (memo && rebuilt.length)
      await memo.save((e) =>
        console.warn(`[sandbox-twin] data not kept for the next start: ${e.message}`),
      );
    const hash = await writeTwinData(dataDir, data);
    if (production) version = hash;
    const ops = JSON.stringify({ base: `${context.baseUrl}${OPS_DIR}/${version}/` });
    if ((await readFile(join(dataDir, 'ops.json'), 'utf8').catch(() => '')) !== ops)
      await writeFile(join(dataDir, 'ops.json'), ops);
  };
  await generate();
  if (memo) {
    console.info(
      `[sandbox-twin] data rebuilt for: ${rebuilt.join(', ') || 'none'} (other definitions unchanged since the last start)`,
    );
    watch.register(`sandbox-twin${context.siteDir}`, {
      files: () => [...sources.values()].flat(),
      async later() {
        try {
          await generate();
          if (rebuilt.length)
            console.info(`[sandbox-twin] data rebuilt for: ${rebuilt.join(', ')}`);
        } catch (e) {
          console.error(`[sandbox-twin] kept the previous data: ${(e as Error).message}`);
        }
      },
    });
  }
  const standaloneFile = join(context.generatedFilesDir, 'sandbox-twin', STANDALONE_FILE);
  return {
    name: 'sandbox-twin',
    async loadContent(): Promise<StandaloneInfo | { version: 'dev' }> {
      if (!production) return { version: 'dev' };
      return bundleStandalone(dataDir, standaloneFile, version);
    },
    async contentLoaded({ content, actions }) {
      actions.setGlobalData({
        ...(content as StandaloneInfo | { version: 'dev' }),
        url: `${context.baseUrl}${STANDALONE_DIR}/${STANDALONE_FILE}`,
      });
    },
    getThemePath() {
      return join(__dirname, 'theme');
    },
    getTypeScriptThemePath() {
      return join(__dirname, 'theme');
    },
    // Under `docusaurus start` the definitions are watched by plugins/lib/definition-watch.ts.
    getPathsToWatch() {
      return memo ? [] : options.apis.map((api) => join(context.siteDir, api.spec));
    },
    configureWebpack(_config, isServer) {
      const alias = { resolve: { alias: { '@sandbox-twin/data': dataDir } } };
      if (isServer || production) return alias;
      // Merged into the dev server's static folders (webpack-merge concatenates arrays).
      return {
        ...alias,
        devServer: {
          static: [
            {
              directory: join(dataDir, 'ops'),
              publicPath: `${context.baseUrl}${OPS_DIR}/dev`,
              watch: false,
            },
          ],
        },
      } as ReturnType<NonNullable<Plugin['configureWebpack']>>;
    },
    async postBuild({ outDir }) {
      await mkdir(join(outDir, STANDALONE_DIR), { recursive: true });
      for (const name of [STANDALONE_FILE, `${STANDALONE_FILE}.sha256`])
        await copyFile(join(dirname(standaloneFile), name), join(outDir, STANDALONE_DIR, name));
      const target = join(outDir, OPS_DIR, version);
      for (const file of await listFiles(join(dataDir, 'ops'))) {
        if (!file.endsWith('.js')) continue;
        await mkdir(dirname(join(target, file)), { recursive: true });
        await copyFile(join(dataDir, 'ops', file), join(target, file));
      }
    },
  };
}

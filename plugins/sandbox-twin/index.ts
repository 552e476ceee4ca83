/**
 * Local plugin `sandbox-twin` (design/sandbox-twin.md): generates the sandbox twin's data from
 * the OpenAPI definitions when the plugin is created (the route table and one module per
 * operation with its prebuilt Ajv validators, ./generate.ts) into `.docusaurus/sandbox-twin/`,
 * reachable from the browser code as `@sandbox-twin/data/…`, and owns the Try it panel's theme
 * components (./theme). A definition that no longer bundles stops the build; under
 * `docusaurus start` a change is regenerated on reload, and a failure is logged while the
 * previous data stays.
 *
 * The operation modules are published as plain files, outside the bundler, at
 * `<baseUrl>assets/sandbox-twin/<version>/<api>/<operationId>.js` (`dev` for the version under
 * `docusaurus start`): as bundler chunks, each one's name and hash sat in the runtime that every
 * page loads (design/try-it.md, "Bytes"). `ops.json` gives the browser that folder's address.
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { Joi } from '@docusaurus/utils-validation';
import type { ApiOptions } from '../openapi-pages/generate';
import { buildTwinData, listFiles, writeTwinData } from './generate';

/** Folder of the published operation modules under the site's base URL (hashed assets). */
export const OPS_DIR = 'assets/sandbox-twin';

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

/** The plugin. @throws Error when the options are invalid or a definition does not bundle. */
export default async function sandboxTwinPlugin(
  context: LoadContext,
  rawOptions: unknown,
): Promise<Plugin> {
  const { value: options, error } = schema.validate(rawOptions, { abortEarly: false });
  if (error) throw new Error(`[sandbox-twin] invalid options: ${error.message}`);
  const dataDir = join(context.generatedFilesDir, 'sandbox-twin', 'data');
  const production = process.env.NODE_ENV === 'production';
  let version = 'dev';
  const generate = async () => {
    const hash = await writeTwinData(
      dataDir,
      await buildTwinData(context.siteDir, options.apis as ApiOptions[]),
    );
    if (production) version = hash;
    const ops = JSON.stringify({ base: `${context.baseUrl}${OPS_DIR}/${version}/` });
    if ((await readFile(join(dataDir, 'ops.json'), 'utf8').catch(() => '')) !== ops)
      await writeFile(join(dataDir, 'ops.json'), ops);
  };
  await generate();
  let loads = 0;
  return {
    name: 'sandbox-twin',
    getThemePath() {
      return join(__dirname, 'theme');
    },
    getTypeScriptThemePath() {
      return join(__dirname, 'theme');
    },
    getPathsToWatch() {
      return options.apis.map((api) => join(context.siteDir, api.spec));
    },
    async loadContent() {
      if (loads++ === 0) return;
      try {
        await generate();
      } catch (e) {
        console.error(`[sandbox-twin] kept the previous data: ${(e as Error).message}`);
      }
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
      const target = join(outDir, OPS_DIR, version);
      for (const file of await listFiles(join(dataDir, 'ops'))) {
        if (!file.endsWith('.js')) continue;
        await mkdir(dirname(join(target, file)), { recursive: true });
        await copyFile(join(dataDir, 'ops', file), join(target, file));
      }
    },
  };
}

/**
 * Local plugin `sandbox-twin` (design/sandbox-twin.md): generates the sandbox twin's data from
 * the OpenAPI definitions when the plugin is created (the route table and one module per
 * operation with its prebuilt Ajv validators, ./generate.ts) into `.docusaurus/sandbox-twin/`,
 * reachable from the browser code as `@sandbox-twin/data/…`, and owns the Try it panel's theme
 * components (./theme). A definition that no longer bundles stops the build; under
 * `docusaurus start` a change is regenerated on reload, and a failure is logged while the
 * previous data stays.
 */
import { join } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { Joi } from '@docusaurus/utils-validation';
import type { ApiOptions } from '../openapi-pages/generate';
import { buildTwinData, writeTwinData } from './generate';

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
  const generate = async () =>
    writeTwinData(dataDir, await buildTwinData(context.siteDir, options.apis as ApiOptions[]));
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
    configureWebpack() {
      return { resolve: { alias: { '@sandbox-twin/data': dataDir } } };
    },
  };
}

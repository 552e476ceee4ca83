/**
 * Local plugin `sandbox-twin`: the Try it panel of the API reference pages (theme/TryIt, a
 * button in the static HTML and a panel chunk loaded on click) and msw's service worker script
 * at the site root (worker-script.ts), through which the panel's requests to the sandbox hosts
 * reach the sandbox twin in the reader's browser (design/try-it.md).
 */
import { join } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { publishWorker } from './worker-script';

/** The plugin: theme components, and the worker script in builds and under `docusaurus start`. */
export default function sandboxTwinPlugin(context: LoadContext): Plugin {
  const devDir = join(context.generatedFilesDir, 'sandbox-twin', 'public');
  return {
    name: 'sandbox-twin',
    getThemePath() {
      return join(__dirname, 'theme');
    },
    getTypeScriptThemePath() {
      return join(__dirname, 'theme');
    },
    async loadContent() {
      if (process.env.NODE_ENV !== 'production') await publishWorker(devDir);
    },
    configureWebpack(_config, isServer) {
      if (isServer || process.env.NODE_ENV === 'production') return {};
      // Merged into the dev server's static folders (webpack-merge concatenates arrays).
      return {
        devServer: {
          static: [{ directory: devDir, publicPath: context.baseUrl, watch: false }],
        },
      } as ReturnType<NonNullable<Plugin['configureWebpack']>>;
    },
    async postBuild({ outDir }) {
      await publishWorker(outDir);
    },
  };
}

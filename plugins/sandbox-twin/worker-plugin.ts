/**
 * Local plugin `sandbox-twin-worker`, the browser side of the Try it panel (design/try-it.md)
 * beside the `sandbox-twin` plugin (index.ts: the twin's data and the theme components):
 * msw's service worker script at the site root (worker-script.ts), through which the panel's
 * requests to the sandbox hosts reach the sandbox twin in the reader's browser, and msw's
 * cookie store without tough-cookie (msw-cookie-jar.ts), and without a second copy of the
 * WebSocket interceptor (msw-empty-import.ts).
 */
import { join, sep } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { replaceUpstreamModule } from '../lib/upstream-module';
import { publishWorker } from './worker-script';

/** The plugin: the worker script in builds and under `docusaurus start`; msw's cookie jar. */
export default function sandboxTwinWorkerPlugin(context: LoadContext): Plugin {
  const devDir = join(context.generatedFilesDir, 'sandbox-twin-worker');
  return {
    name: 'sandbox-twin-worker',
    async loadContent() {
      if (process.env.NODE_ENV !== 'production') await publishWorker(devDir);
    },
    configureWebpack(_config, isServer, utils) {
      // msw's cookie store without tough-cookie and its public suffix list (msw-cookie-jar.ts).
      const plugins = [
        replaceUpstreamModule(
          utils.currentBundler,
          /^tough-cookie$/,
          `${sep}node_modules${sep}msw${sep}`,
          join(__dirname, 'msw-cookie-jar.ts'),
        ),
        // A bare import of the WebSocket interceptor that uses nothing (msw-empty-import.ts).
        replaceUpstreamModule(
          utils.currentBundler,
          /^@mswjs\/interceptors\/WebSocket$/,
          join('node_modules', 'msw', 'lib', 'core', 'experimental', 'frames'),
          join(__dirname, 'msw-empty-import.ts'),
        ),
      ];
      if (isServer || process.env.NODE_ENV === 'production') return { plugins };
      // Merged into the dev server's static folders (webpack-merge concatenates arrays).
      return {
        plugins,
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

/**
 * Local plugin `idle-prefetch`: Docusaurus prefetches the chunks of every internal link as it
 * enters the viewport, synchronously in the IntersectionObserver callback. On a page with many
 * visible links that was a 270 ms main-thread block at Lighthouse's mobile CPU slowdown,
 * measured on an API page (`npm run bench`). This plugin keeps the prefetching but moves it
 * to idle time (./client.ts), and has the bundler replace core's prefetch helper with one
 * that requests each chunk URL once (./prefetch.ts). Hover and navigation preloading are
 * unchanged.
 */
import { join, sep } from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { replaceUpstreamModule } from '../lib/upstream-module';

/** Core's request for its prefetch helper, from `@docusaurus/core/lib/client/docusaurus.js`. */
const UPSTREAM_PREFETCH = /^\.\/prefetch(\.js)?$/;
const CORE_CLIENT = `${sep}@docusaurus${sep}core${sep}lib${sep}client`;

/** The plugin; see the module comment. */
export default function idlePrefetchPlugin(): Plugin {
  return {
    name: 'idle-prefetch',
    getClientModules() {
      return [join(__dirname, 'client.ts')];
    },
    configureWebpack(_config, _isServer, { currentBundler }) {
      const replacement = join(__dirname, 'prefetch.ts');
      return {
        plugins: [
          replaceUpstreamModule(currentBundler, UPSTREAM_PREFETCH, CORE_CLIENT, replacement),
        ],
      };
    },
  };
}

/**
 * Local plugin `idle-prefetch`: Docusaurus prefetches the chunks of every internal link as it
 * enters the viewport, synchronously in the IntersectionObserver callback. On a page with many
 * visible links that was a 270 ms main-thread block at Lighthouse's mobile CPU slowdown,
 * measured on an API page (`npm run bench`). This plugin keeps the
 * prefetching but moves it to idle time (./client.ts). Hover and navigation preloading are
 * unchanged.
 */
import { join } from 'node:path';
import type { Plugin } from '@docusaurus/types';

/** The plugin; see the module comment. */
export default function idlePrefetchPlugin(): Plugin {
  return {
    name: 'idle-prefetch',
    getClientModules() {
      return [join(__dirname, 'client.ts')];
    },
  };
}

/**
 * Local plugin `active-doc`: the docs plugin's client finds the doc at the current path by
 * testing every doc with `matchPath`, once per hook that asks, and navbar items ask on every
 * page (design/main-thread.md, "Active doc context"). The bundler replaces that module,
 * `./docsClientUtils` of @docusaurus/plugin-content-docs/lib/client, with ./docsClientUtils.ts:
 * the same exports, the active doc found in a map of doc paths. Imports of the module from
 * anywhere else (including the replacement's own import of it) are untouched.
 */
import { join, sep } from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { replaceUpstreamModule } from '../lib/upstream-module';

/** The docs plugin client's request for the module, from `lib/client/index.js`. */
export const UPSTREAM_UTILS = /^\.\/docsClientUtils(\.js)?$/;
/** The directory those requests come from. */
export const DOCS_CLIENT = `${sep}@docusaurus${sep}plugin-content-docs${sep}lib${sep}client`;

/** The plugin; see the module comment. */
export default function activeDocPlugin(): Plugin {
  return {
    name: 'active-doc',
    configureWebpack(_config, _isServer, { currentBundler }) {
      const replacement = join(__dirname, 'docsClientUtils.ts');
      return {
        plugins: [replaceUpstreamModule(currentBundler, UPSTREAM_UTILS, DOCS_CLIENT, replacement)],
      };
    },
  };
}

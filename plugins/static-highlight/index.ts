/**
 * Local plugin `static-highlight`: code blocks are highlighted at build time, so Prism (about
 * 27 KB gzip with its grammars, in the main bundle of every page) and its tokenizing during
 * hydration leave the browser (issue "Production serving", item 3).
 *
 * Three parts:
 * - ./remark.ts, set as a remark plugin of the docs and pages plugins, stores Prism's tokens on
 *   every fenced code block (`data-tokens`, format in ./tokens.ts);
 * - src/theme/CodeBlock/Content renders those tokens with the current Prism theme's styles;
 *   a block without tokens (one built by a component at run time) is shown plain, then
 *   highlighted by Prism loaded on demand;
 * - this plugin replaces theme-classic's `prism-include-languages` client module, which would
 *   otherwise import Prism into the main bundle, with ./no-client-prism.ts.
 */
import { dirname, join } from 'node:path';
import type { Plugin } from '@docusaurus/types';

/** Theme-classic's client module, as its getClientModules() names it (no extension). */
const THEME_PRISM_CLIENT_MODULE = join(
  dirname(require.resolve('@docusaurus/theme-classic')),
  'prism-include-languages',
);

/** The plugin; see the module comment. */
export default function staticHighlightPlugin(): Plugin {
  return {
    name: 'static-highlight',
    configureWebpack() {
      return {
        resolve: {
          alias: { [`${THEME_PRISM_CLIENT_MODULE}$`]: join(__dirname, 'no-client-prism.ts') },
        },
      };
    },
  };
}

export { default as remarkStaticHighlight } from './remark';
export type { StaticHighlightOptions } from './remark';

/**
 * Local plugin `breakpoint`: the mobile layout applies below 996 px, as the specification says
 * (§9), not at 996 px and below, as Docusaurus and Infima draw it.
 *
 * Docusaurus keeps the breakpoint in two places that must agree (its own source notes this):
 * - CSS: Infima, theme-classic's modules and this site's CSS use `(max-width: 996px)` and
 *   `(min-width: 997px)`; a PostCSS step rewrites them to `(max-width: 995.98px)` and
 *   `(min-width: 996px)` (./media.ts), in every style sheet the bundler reads;
 * - JavaScript: theme-common's `useWindowSize` calls a window "desktop" above 996 px; its
 *   modules import it as `./hooks/useWindowSize` or `../hooks/useWindowSize`, and the bundler
 *   replaces that module with ./useWindowSize.ts, the same hook with the spec's rule.
 */
import { join, sep } from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { replaceUpstreamModule } from '../lib/upstream-module';
import { rewriteMediaQuery } from './media';

/** Requests of theme-common's hook module, from inside theme-common. */
const UPSTREAM_HOOK = /^\.{1,2}\/hooks\/useWindowSize(\.js)?$/;
const THEME_COMMON = `${sep}@docusaurus${sep}theme-common${sep}`;

/** The plugin; see the module comment. */
export default function breakpointPlugin(): Plugin {
  return {
    name: 'breakpoint',
    configurePostCss(options) {
      options.plugins.push({
        postcssPlugin: 'aisle-breakpoint',
        AtRule: {
          media(rule: { params: string }) {
            rule.params = rewriteMediaQuery(rule.params);
          },
        },
      } as never);
      return options;
    },
    configureWebpack(_config, _isServer, { currentBundler }) {
      const replacement = join(__dirname, 'useWindowSize.ts');
      return {
        plugins: [replaceUpstreamModule(currentBundler, UPSTREAM_HOOK, THEME_COMMON, replacement)],
      };
    },
  };
}

/**
 * Local plugin `static-highlight`: code blocks are highlighted at build time, so Prism (about
 * 27 KB gzip with its grammars, in the main bundle of every page) and its tokenizing during
 * hydration leave the browser (issue "Production serving", item 3).
 *
 * Three parts:
 * - ./remark.ts, set as a remark plugin of the docs and pages plugins, stores Prism's tokens on
 *   every fenced code block (`data-tokens`, format in ./tokens.ts);
 * - src/theme/CodeBlock/Content renders those tokens as class names only; their colours come
 *   from CSS this plugin writes from the site's Prism themes (./themeCss.ts), one set per
 *   colour mode, so a block's markup does not depend on the mode and nothing is re-rendered
 *   after hydration. A block without tokens (one built by a component at run time) is shown
 *   plain, then highlighted by Prism loaded on demand;
 * - this plugin replaces theme-classic's `prism-include-languages` client module, which would
 *   otherwise import Prism into the main bundle, with ./no-client-prism.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { PrismTheme } from 'prism-react-renderer';
import { prismThemesCss } from './themeCss';

/** Theme-classic's client module, as its getClientModules() names it (no extension). */
const THEME_PRISM_CLIENT_MODULE = join(
  dirname(require.resolve('@docusaurus/theme-classic')),
  'prism-include-languages',
);

/** Options of the plugin: the Prism themes of the light and dark colour modes. */
export interface StaticHighlightPluginOptions {
  themes: { light: PrismTheme; dark: PrismTheme };
}

/**
 * The plugin; see the module comment. Writes `static-highlight/prism-themes.css` under the
 * site's generated files folder and loads it as a client module (so it joins the site's CSS).
 * @throws Error when `options.themes` lacks a light or dark theme.
 */
export default function staticHighlightPlugin(context: LoadContext, options: unknown): Plugin {
  const { light, dark } =
    (options as Partial<StaticHighlightPluginOptions> | undefined)?.themes ?? {};
  if (!light?.plain || !dark?.plain) {
    throw new Error(
      'static-highlight: options.themes needs a light and a dark Prism theme ({ light, dark }).',
    );
  }
  const cssFile = join(context.generatedFilesDir, 'static-highlight', 'prism-themes.css');
  mkdirSync(dirname(cssFile), { recursive: true });
  writeFileSync(cssFile, prismThemesCss({ light, dark }));
  return {
    name: 'static-highlight',
    getClientModules() {
      return [cssFile];
    },
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

/**
 * Local plugin `static-highlight`: code blocks are highlighted at build time, so Prism (about
 * 27 KB gzip with its grammars, in the main bundle of every page) and its tokenizing during
 * hydration leave the browser (design/build-time-highlighting.md).
 *
 * Three parts:
 * - ./remark.ts, set as a remark plugin of the docs and pages plugins, stores Prism's tokens on
 *   every fenced code block (`data-tokens`, format in ./tokens.ts);
 * - this plugin's theme components (./theme/CodeBlock, through getThemePath()) render those
 *   tokens as class names only; their colours come from CSS this plugin writes from the
 *   site's Prism themes (./themeCss.ts), one set per colour mode, so a block's markup does not
 *   depend on the mode and nothing is re-rendered after hydration. A block without tokens (one built by a component at run time) is shown
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

/** The Prism themes of `themeConfig.prism` (`theme` for light mode, `darkTheme` for dark). */
interface PrismThemeConfig {
  theme?: PrismTheme;
  darkTheme?: PrismTheme;
}

/**
 * The plugin; see the module comment. Reads the Prism themes the site already configures
 * (`themeConfig.prism.theme` and `.darkTheme`), writes `static-highlight/prism-themes.css`
 * under the generated files folder and loads it as a client module (it joins the site's CSS).
 * @throws Error when `themeConfig.prism` lacks `theme` or `darkTheme`, or when either styles
 *   the `plain` token type (plain tokens are bare text in the HTML, lines-html.ts).
 */
export default function staticHighlightPlugin(context: LoadContext): Plugin {
  const prism = (context.siteConfig.themeConfig as { prism?: PrismThemeConfig }).prism;
  const light = prism?.theme;
  const dark = prism?.darkTheme;
  if (!light?.plain || !dark?.plain) {
    throw new Error(
      'static-highlight: set themeConfig.prism.theme and themeConfig.prism.darkTheme; code colours are generated from both.',
    );
  }
  // Plain tokens are written as bare text (lines-html.ts), so a style for them would not apply.
  for (const [name, theme] of [
    ['theme', light],
    ['darkTheme', dark],
  ] as const) {
    if (theme.styles.some((entry) => entry.types.includes('plain'))) {
      throw new Error(
        `static-highlight: themeConfig.prism.${name} styles the "plain" token type; code blocks write plain tokens as bare text, so give that colour to the theme's "plain" (the block's colour) instead.`,
      );
    }
  }
  const cssFile = join(context.generatedFilesDir, 'static-highlight', 'prism-themes.css');
  mkdirSync(dirname(cssFile), { recursive: true });
  writeFileSync(cssFile, prismThemesCss({ light, dark }));
  return {
    name: 'static-highlight',
    getClientModules() {
      return [cssFile];
    },
    // The CodeBlock components that render the build-time tokens live with the plugin.
    getThemePath() {
      return join(__dirname, 'theme');
    },
    getTypeScriptThemePath() {
      return join(__dirname, 'theme');
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

/**
 * Local plugin `page-styles`: the styles of the site's components that a few pages render (the
 * home page, the widget examples, the catalog file checker, the search page) load with those
 * pages instead of in the `styles.css` that every page loads before its first paint
 * (design/performance.md, "Styles that load with their page").
 * - configureWebpack: the files matching `files` leave Docusaurus's `styles` cache group
 *   (plugins/lib/chunk-styles.ts) for a cache group of their own, which gives each set of
 *   pages sharing such a file one stylesheet (without it, each page's chunk had its own copy);
 *   the runtime loads it with the page's chunk on a client-side navigation.
 * - postBuild: Docusaurus 3.10's pages link no stylesheet of their chunks, so each page that
 *   renders such a component gets a `<link>` to its stylesheet after the global one (./link.ts):
 *   the page paints styled, also without JavaScript, and the runtime finds the link and loads
 *   nothing more.
 */
import type { LoadContext, Plugin } from '@docusaurus/types';
import { keepStylesWithTheirChunks } from '../lib/chunk-styles';
import { linkPageStylesheets } from './link';

/** Options: `files`, the CSS files that load with their pages, matched against their path. */
export type PageStylesOptions = { files: RegExp };

/**
 * The plugin; see the module comment.
 * @throws Error when the options have no `files` RegExp; at postBuild, as linkPageStylesheets.
 */
export default function pageStylesPlugin(context: LoadContext, rawOptions: unknown): Plugin {
  const options = rawOptions as Partial<PageStylesOptions> | undefined;
  if (!(options?.files instanceof RegExp)) {
    throw new Error(
      'page-styles: pass { files: /…/ }, the CSS files that load with their pages (docusaurus.config.ts).',
    );
  }
  const files = options.files;
  return {
    name: 'page-styles',
    configureWebpack(config, isServer) {
      const groups = keepStylesWithTheirChunks(config, isServer, files);
      if (!groups) return {};
      groups.pageStyles = {
        type: 'css/mini-extract',
        test: (module: { nameForCondition?: () => string | null }) =>
          files.test(module.nameForCondition?.() ?? ''),
        chunks: 'async',
        enforce: true,
        priority: 50,
      };
      return {};
    },
    postBuild({ outDir }) {
      const linked = linkPageStylesheets(outDir, context.baseUrl);
      const summary = [...linked].map(([href, n]) => `${href.split('/').pop()} ${n}`).join(', ');
      console.log(`[page-styles] stylesheets linked: ${summary || 'none'}`);
    },
  };
}

/**
 * Local plugin `lazy-diagrams`: keeps the diagram libraries out of the shared `common` chunk.
 *
 * Docusaurus puts any module used by half of the routes into `common.js`, which every page
 * loads. Mermaid's per-diagram chunks share parser code (langium, chevrotain, vscode-jsonrpc…),
 * so on a site of this size that code is hoisted into `common.js` and every doc page pays for
 * it (≈147 KB gzip measured here), though theme-mermaid only imports mermaid when a diagram
 * mounts. Excluding those packages from the `common` cache group leaves them in mermaid's
 * lazy chunks, loaded only on pages with a diagram (design/diagrams.md).
 */
import type { Plugin } from '@docusaurus/types';

/** Packages that belong to diagram rendering and must stay in lazy chunks. */
export const DIAGRAM_PACKAGES =
  /[\\/]node_modules[\\/](mermaid|@mermaid-js|langium|chevrotain|@chevrotain|vscode-[\w-]+|d3[\w-]*|dagre[\w-]*|cytoscape[\w-]*|katex|khroma|lodash-es|roughjs|stylis|dompurify|marked|dayjs|elkjs)[\\/]/;

/** True when a module may go into the `common` chunk (it is not a diagram library). */
export function allowedInCommon(module: { resource?: string | null }): boolean {
  return !DIAGRAM_PACKAGES.test(module.resource ?? '');
}

/** The plugin; see the module comment. */
export default function lazyDiagramsPlugin(): Plugin {
  return {
    name: 'lazy-diagrams',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        optimization: {
          splitChunks: {
            cacheGroups: {
              // The bundler passes its own Module type; only `resource` is read.
              common: {
                test: (module: object) => allowedInCommon(module as { resource?: string }),
              },
            },
          },
        },
      };
    },
  };
}

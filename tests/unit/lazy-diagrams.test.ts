import { describe, expect, it } from 'vitest';
import { allowedInCommon } from '../../plugins/lazy-diagrams';

describe('lazy-diagrams', () => {
  it('keeps diagram libraries out of the common chunk', () => {
    for (const resource of [
      '/site/node_modules/mermaid/dist/mermaid.core.mjs',
      '/site/node_modules/@mermaid-js/parser/dist/chunks/x.mjs',
      '/site/node_modules/langium/lib/index.js',
      '/site/node_modules/vscode-jsonrpc/lib/common/api.js',
      '/site/node_modules/d3-shape/src/index.js',
      '/site/node_modules/cytoscape/dist/cytoscape.esm.mjs',
    ]) {
      expect(allowedInCommon({ resource })).toBe(false);
    }
  });

  it('lets everything else be shared', () => {
    for (const resource of [
      '/site/node_modules/@mdx-js/react/lib/index.js',
      '/site/node_modules/@docusaurus/theme-classic/lib/theme/Tabs/index.js',
      '/site/src/components/ProductCards/index.tsx',
      undefined,
    ]) {
      expect(allowedInCommon({ resource })).toBe(true);
    }
  });
});

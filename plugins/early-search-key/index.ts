/**
 * Local plugin `early-search-key`: puts the inline script of src/search/earlyShortcut.ts in
 * `<head>` on every page, so that Ctrl/Cmd+K and `/` pressed before hydration
 * open the search modal once the page is interactive (spec §4). The script only adds a key
 * listener (no fetch, no layout work), so it does not hold back the first paint. It is static
 * text, so the CSP hash step (deploy/inline-scripts.ts) allows it like the theme's scripts.
 */
import type { Plugin } from '@docusaurus/types';
import { earlyShortcutScript } from '../../src/search/earlyShortcut';

/** The plugin; see the module comment. */
export default function earlySearchKeyPlugin(): Plugin {
  return {
    name: 'early-search-key',
    injectHtmlTags() {
      return { headTags: [{ tagName: 'script', innerHTML: earlyShortcutScript }] };
    },
  };
}

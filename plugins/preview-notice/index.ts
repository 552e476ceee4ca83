/**
 * Local plugin `preview-notice`, added under `docusaurus start` only (docusaurus.config.ts):
 * says once, when the writers' preview starts, what only `npm run build` makes, so a writer
 * does not take a missing file for a broken page (design/performance.md, "Writers' preview").
 */
import type { Plugin } from '@docusaurus/types';

/** What the preview does not make or does differently, as listed at start. */
export const PREVIEW_DIFFERENCES = [
  'no search index: the search box finds nothing',
  'no Markdown twins (.md pages), llms.txt or llms-full.txt',
  'no changelog feeds: the Atom and RSS links of changelog pages say so',
  'diagrams drawn in the browser (the build draws them to SVG)',
  'no redirect pages for old paths',
] as const;

/** The notice as printed: one line, then the differences. */
export function previewNotice(): string {
  return [
    "[preview] Writers' preview: pages, API reference and Try it as built; `npm run build` also makes what this server does not:",
    ...PREVIEW_DIFFERENCES.map((d) => `  - ${d}`),
  ].join('\n');
}

/** The plugin: prints the notice when the development server loads the site. */
export default function previewNoticePlugin(): Plugin {
  console.info(previewNotice());
  return { name: 'preview-notice' };
}

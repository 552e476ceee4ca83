/**
 * Local plugin `build-diagrams`: mermaid diagrams are drawn when the site is built, so readers'
 * pages carry SVG in their HTML and no mermaid code (design/diagrams.md, section 3).
 *
 * - ./remark.ts (a remark plugin of the docs) swaps each ```mermaid block for
 *   `<BuildDiagram>` (./theme/BuildDiagram, through getThemePath());
 * - ./render.ts draws diagrams in Chromium with mermaid-isomorphic, light and dark, and caches
 *   them; `loadContent` draws every missing diagram of the docs in one browser before the
 *   pages compile;
 * - ./inject.ts, at postBuild, writes the SVG into each page's HTML.
 *
 * Used for production builds only: `docusaurus start` keeps @docusaurus/theme-mermaid, which
 * draws in the browser (docusaurus.config.ts).
 */
import { join } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { collectDiagrams } from './collect';
import { injectBuild } from './inject';
import { diagramId, drawDiagramsAsync, readCached, type RenderSettings } from './render';

/** Options: the render settings the remark plugin also gets, and where the Markdown lives. */
export interface BuildDiagramsOptions {
  settings: RenderSettings;
  /** Folders of Markdown files whose diagrams are drawn up front, relative to the site. */
  contentDirs: string[];
}

/**
 * The settings for a site: mermaid `theme` per colour mode, other mermaid options (the
 * `themeConfig.mermaid.options` of theme-mermaid), the font the page text uses (labels are
 * measured with it when drawing), and the cache under `node_modules/.cache/build-diagrams`.
 */
export function diagramSettings(
  siteDir: string,
  themes: { light: string; dark: string },
  mermaidOptions: Record<string, unknown>,
  fontFamily: string,
): RenderSettings {
  return {
    modes: {
      light: { ...mermaidOptions, theme: themes.light, fontFamily },
      dark: { ...mermaidOptions, theme: themes.dark, fontFamily },
    },
    cacheDir: join(siteDir, 'node_modules', '.cache', 'build-diagrams'),
  };
}

/**
 * The plugin; see the module comment.
 * @throws Error when the options lack the render settings or the content folders.
 */
export default function buildDiagramsPlugin(context: LoadContext, rawOptions: unknown): Plugin {
  const options = rawOptions as Partial<BuildDiagramsOptions> | undefined;
  const settings = options?.settings;
  if (!settings?.cacheDir || !settings.modes || !Array.isArray(options?.contentDirs)) {
    throw new Error(
      'build-diagrams: pass { settings: diagramSettings(...), contentDirs: [...] } (docusaurus.config.ts).',
    );
  }
  const contentDirs = options.contentDirs;
  // Drawing starts when the plugin is created, so Chromium (a child process) draws while the
  // other plugins are created (the API pages' generation takes seconds of this process); the
  // docs are compiled after loadContent, which waits for it. Without a cache (cold build) this
  // took 14 s during which the build did nothing else (design/performance.md).
  const drawn = drawDiagramsAsync(
    contentDirs
      .flatMap((dir) => collectDiagrams(join(context.siteDir, dir)))
      .map((d) => ({ id: diagramId(d.code, settings.modes), code: d.code })),
    settings,
  );
  // Reported by loadContent; this keeps Node from calling it unhandled before then.
  drawn.catch(() => undefined);
  return {
    name: 'build-diagrams',
    async loadContent() {
      // A diagram that fails here fails again in the remark plugin, which names its file.
      await drawn;
    },
    getThemePath() {
      return join(__dirname, 'theme');
    },
    getTypeScriptThemePath() {
      return join(__dirname, 'theme');
    },
    async postBuild({ outDir }) {
      injectBuild(outDir, (id) => readCached(settings.cacheDir, id));
    },
  };
}

export { default as remarkBuildDiagrams } from './remark';
export type { RenderSettings } from './render';

import remarkAzIndex from './plugins/az-index/remark';
import type { Config } from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import { readSiteEnv } from './config/env';
import { footer, navbar } from './config/navigation';
import { additionalLanguages, darkCodeTheme, lightCodeTheme } from './config/prism';
import searchIndexPlugin from './plugins/search-index';
import lazyDiagramsPlugin from './plugins/lazy-diagrams';
import { redirects } from './config/redirects';
import { ssrTemplate } from './config/ssr-template';
import diagramPanZoomPlugin from './plugins/diagram-panzoom';
import openapiPagesPlugin from './plugins/openapi-pages';
import sandboxTwinPlugin from './plugins/sandbox-twin';
import changelogFeedsPlugin from './plugins/changelog-feeds';
import { openapiPages } from './config/openapi';
import { diagramFont, mermaidOptions, mermaidThemes } from './config/diagrams';
import leanDocsMetadataPlugin from './plugins/lean-docs-metadata';
import idlePrefetchPlugin from './plugins/idle-prefetch';
import stagedStartPlugin from './plugins/staged-start';
import activeDocPlugin from './plugins/active-doc';
import announcementIdPlugin from './plugins/announcement-id';
import breakpointPlugin from './plugins/breakpoint';
import markdownTwinsPlugin from './plugins/markdown-twins';
import previewNoticePlugin from './plugins/preview-notice';
import lazyCompilationPlugin from './plugins/lazy-compilation';
import previewReloadPlugin from './plugins/preview-reload';
import pageStylesPlugin from './plugins/page-styles';
import { PAGE_STYLES } from './config/page-styles';
import sandboxTwinWorkerPlugin from './plugins/sandbox-twin/worker-plugin';
import buildDiagramsPlugin, {
  diagramSettings,
  remarkBuildDiagrams,
} from './plugins/build-diagrams';
import staticHighlightPlugin, {
  remarkStaticHighlight,
  type StaticHighlightOptions,
} from './plugins/static-highlight';

/** Build-time code highlighting (plugins/static-highlight); mermaid blocks are diagrams. */
const staticHighlight: StaticHighlightOptions = {
  additionalLanguages,
  skipLanguages: ['mermaid'],
};

/**
 * Production builds draw diagrams to SVG at build time (plugins/build-diagrams, Debian's
 * Chromium); `docusaurus start` keeps theme-mermaid, which draws them in the browser, so
 * writers' previews start without a browser. Both use config/diagrams.ts.
 */
const diagramsAtBuildTime = process.env.NODE_ENV === 'production';
const diagrams = diagramSettings(__dirname, mermaidThemes, mermaidOptions, diagramFont);

// Environment switches, read and validated once (config/env.ts; README "Environment variables").
// SITE_URL / BASE_URL: where the site is served. ANNOUNCEMENT_*: the optional announcement bar.
// ALGOLIA_*: hosted search instead of the local offline index (all three or none; ALGOLIA_HOSTS
// optionally replaces Algolia's default hosts, e.g. with a search proxy; ALGOLIA_INSIGHTS=true
// sends search analytics events, to ALGOLIA_INSIGHTS_HOST when set).
const env = readSiteEnv(process.env);

/**
 * Search seam settings read by plugins/search-index/client/client.ts; `local` unless Algolia is
 * configured.
 */
const search = env.algolia
  ? { mode: 'algolia' as const, ...env.algolia }
  : // DocSearch requires non-empty credentials even when the local client answers.
    {
      mode: 'local' as const,
      appId: 'local',
      apiKey: 'local',
      indexName: 'aisle-docs',
      hosts: [],
      insights: false,
    };

const config: Config = {
  title: 'Aisle Docs',
  tagline: "Documentation for Aisle's solutions",
  favicon: 'img/favicon.svg',
  url: env.siteUrl,
  baseUrl: env.baseUrl,
  // Entry scripts start after the first frame, so server-rendered text is never held behind
  // them (config/ssr-template.ts).
  ssrTemplate,
  // Bare paths (/catalog, not /catalog/): the specification's routes are exact-match.
  trailingSlash: false,

  // Missing links, Markdown links and anchors fail the build (spec §5 build rule).
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  markdown: {
    mermaid: !diagramsAtBuildTime,
    hooks: { onBrokenMarkdownLinks: 'throw' },
  },

  future: {
    // Rspack and SWC, plus the v4 flags, except `siteStorageNamespacing`: it would rename the
    // colour-mode storage key, which the specification fixes as `theme`.
    faster: true,
    v4: {
      removeLegacyPostBuildHeadAttribute: true,
      useCssCascadeLayers: true,
      siteStorageNamespacing: false,
      fasterByDefault: true,
      mdx1CompatDisabledByDefault: true,
    },
    // No page shows a last-update date or author, and the sitemap has no lastmod: reading the
    // Git history (5.6 s and 45 MB at the start of every build) would serve nothing.
    experimental_vcs: false,
  },

  // `analytics`: the page-feedback widget shows only when its answers can be sent somewhere.
  customFields: {
    search,
    analytics: Boolean(env.integrations.gtagId),
    // The Try it panel offers the production servers too (TRY_IT_REAL_HOSTS=true).
    tryItRealHosts: env.tryItRealHosts,
  },

  // Error-reporting and chat widget scripts, only when configured (README, Environment).
  scripts: [
    ...(env.integrations.errorReporting
      ? [
          {
            src: env.integrations.errorReporting.scriptUrl,
            defer: true,
            crossorigin: 'anonymous',
            ...(env.integrations.errorReporting.dsn && {
              'data-dsn': env.integrations.errorReporting.dsn,
            }),
          },
        ]
      : []),
    ...(env.integrations.chatWidget
      ? [
          {
            src: env.integrations.chatWidget.scriptUrl,
            defer: true,
            'data-bot-check-key': env.integrations.chatWidget.botCheckKey,
          },
        ]
      : []),
  ],

  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: { en: { label: 'English', htmlLang: 'en-US' } },
  },

  presets: [
    [
      'classic',
      {
        // The docs plugin is added below, wrapped by plugins/lean-docs-metadata.
        docs: false,
        blog: false,
        pages: { remarkPlugins: [[remarkStaticHighlight, staticHighlight]] },
        theme: { customCss: './src/css/custom.css' },
        sitemap: {
          changefreq: null,
          priority: null,
          lastmod: null,
          ignorePatterns: ['/__e2e__/**'],
        },
        // Google tag with IP anonymisation; page_view on path, query or hash change (spec §7).
        ...(env.integrations.gtagId && {
          gtag: { trackingID: env.integrations.gtagId, anonymizeIP: true },
        }),
      } satisfies Preset.Options,
    ],
  ],

  // The colour mode stays as it is while the page prints (spec §4).
  clientModules: [
    './src/clientModules/printColorMode.ts',
    // Before the router starts: an address it cannot decode becomes the not-found page.
    './src/clientModules/malformedAddress.ts',
  ],

  themes: diagramsAtBuildTime ? [] : ['@docusaurus/theme-mermaid'],

  plugins: [
    // @docusaurus/plugin-content-docs, without the per-doc map every doc page would load.
    [
      leanDocsMetadataPlugin,
      {
        routeBasePath: '/',
        sidebarPath: './sidebars.ts',
        versions: { current: { label: 'Next' } },
        remarkPlugins: [
          ...(diagramsAtBuildTime ? [[remarkBuildDiagrams, diagrams]] : []),
          [remarkStaticHighlight, staticHighlight],
          // A–Z bar on the glossary (after Docusaurus's heading ids exist).
          [remarkAzIndex, { files: ['glossary/index.mdx'], label: 'Glossary A–Z' }],
        ],
      },
    ],
    // A new announcement id shows the bar again from the first paint (spec §4).
    announcementIdPlugin,
    // The mobile layout below 996 px, in CSS and JavaScript (spec §9).
    breakpointPlugin,
    // Link prefetching moved to idle time (no long task when many links scroll into view).
    idlePrefetchPlugin,
    // Styles of components a few pages render load with those pages, not with every page.
    [pageStylesPlugin, { files: PAGE_STYLES }],
    // Production builds evaluate the app's modules in stages, a task each, not in one long task.
    stagedStartPlugin,
    // The active doc found in a map, not by testing every doc in each navbar item's hooks.
    activeDocPlugin,
    // Code highlighted at build time: no Prism in the browser bundle; token colours are CSS
    // generated from themeConfig.prism.
    staticHighlightPlugin,
    // API reference pages generated from openapi/*.yaml before the docs are read (config/openapi.ts).
    [openapiPagesPlugin, openapiPages],
    // The sandbox twin's data (routes, validators) and the Try it panel (design/sandbox-twin.md).
    [sandboxTwinPlugin, { apis: openapiPages.apis }],
    // The Try it panel's msw service worker script at the site root (design/try-it.md).
    sandboxTwinWorkerPlugin,
    // Atom and RSS feeds of every changelog page, and their subscribe links.
    changelogFeedsPlugin,
    // Responsive raster images (spec §9: min 640, max 1030, 2 steps).
    [
      '@docusaurus/plugin-ideal-image',
      { quality: 80, min: 640, max: 1030, steps: 2, disableInDev: false },
    ],
    // Click-to-zoom on content images; configured by themeConfig.zoom below.
    'docusaurus-plugin-image-zoom',
    // The search: DocSearch records and the local index (postBuild), the SearchBar and
    // SearchPage theme components, and the shortcut's inline script (spec §4).
    searchIndexPlugin,
    // Diagrams: SVG drawn at build time, or (development) mermaid's code kept in lazy chunks
    // instead of the common chunk every page loads.
    diagramsAtBuildTime
      ? [buildDiagramsPlugin, { settings: diagrams, contentDirs: ['docs'] }]
      : lazyDiagramsPlugin,
    // Test-only pages (crash fixture), in builds made by the e2e suite only.
    ...(env.e2eFixturePages
      ? [
          [
            '@docusaurus/plugin-content-pages',
            { id: 'e2e-fixtures', path: 'tests/e2e/fixtures/pages', routeBasePath: '/__e2e__' },
          ] as [string, Record<string, unknown>],
        ]
      : []),
    // Wheel/keyboard zoom and pan on diagrams (options: themeConfig.diagramPanZoom).
    diagramPanZoomPlugin,
    // Agent-ready pages: /llms.txt, /llms-full.txt and a Markdown twin of every doc page
    // (docusaurus-plugin-llms, its output cleaned by plugins/markdown-twins).
    [
      markdownTwinsPlugin,
      {
        title: 'Aisle Docs',
        description: "Documentation for Aisle's solutions",
        generateLLMsTxt: true,
        generateLLMsFullTxt: true,
        generateMarkdownFiles: true,
        excludeImports: true,
        removeDuplicateHeadings: true,
        ignoreFiles: [
          'storefront/browser_compatibility.mdx',
          'support/chatbot_answers.mdx',
          'connect/transactions/batch_returns.mdx',
        ],
        logLevel: 'quiet',
      },
    ],
    // Old paths of spec §2 (config/redirects.ts); pages exist in production builds only.
    ['@docusaurus/plugin-client-redirects', { redirects: [...redirects] }],
    // `docusaurus start` only: what only the build makes, said at start; modules behind a dynamic
    // import compiled on first use (design/performance.md, "Lazy compilation in the preview");
    // the docs read again after a save's compile, not beside it ("The docs reload after the
    // compile").
    ...(process.env.NODE_ENV === 'production'
      ? []
      : [previewNoticePlugin, lazyCompilationPlugin, previewReloadPlugin]),
  ],

  themeConfig: {
    image: 'img/social-card.png',
    metadata: [{ name: 'keywords', content: 'Aisle, grocery, API, documentation, Connect' }],
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: true,
    },
    ...(env.announcement && { announcementBar: env.announcement }),
    navbar,
    footer,
    // DocSearch modal and /search page (spec §4, §9); the client behind them is the site's
    // search seam (plugins/search-index/client/client.ts), local or Algolia.
    algolia: {
      appId: search.appId,
      apiKey: search.apiKey,
      indexName: search.indexName,
      contextualSearch: false,
      searchPagePath: 'search',
      // Spec §7 search analytics events (items viewed, selected, active):
      // plugins/search-index/client/insights.
      insights: search.insights,
      searchParameters: {
        hitsPerPage: 5,
        facetFilters: [
          'language:en',
          ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'],
        ],
      },
    },
    docs: { sidebar: { hideable: true, autoCollapseCategories: true } },
    // Spec §9: table of contents lists heading levels 2 to 3.
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    prism: {
      theme: lightCodeTheme,
      darkTheme: darkCodeTheme,
      additionalLanguages,
    },
    mermaid: { theme: mermaidThemes, options: mermaidOptions },
    // Spec §9 "Diagram zoom helper"; these are also the plugin's defaults.
    diagramPanZoom: { startDelayMs: 1000, wheel: true, shiftWheel: false, doubleClickReset: true },
    zoom: {
      selector: '.markdown img:not(.no-zoom)',
      background: { light: 'rgb(255, 255, 255)', dark: 'rgb(27, 27, 29)' },
    },
  } satisfies Preset.ThemeConfig,
};

export default config;

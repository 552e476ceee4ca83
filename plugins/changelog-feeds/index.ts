/**
 * Local plugin `changelog-feeds`: an Atom and an RSS feed of every changelog page (a doc route
 * ending in `/changelog`), written at postBuild next to the page (`<route>.atom.xml`,
 * `<route>.rss.xml`) from its built HTML (./feeds.ts), and the `ChangelogFeeds` theme component
 * that changelog pages include: the subscribe links and `<link rel="alternate">` in the head.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';

/** The plugin. @throws Error at postBuild when a changelog page has no dated entry. */
export default function changelogFeedsPlugin(_context: LoadContext): Plugin {
  return {
    name: 'changelog-feeds',
    getThemePath() {
      return join(__dirname, 'theme');
    },
    getTypeScriptThemePath() {
      return join(__dirname, 'theme');
    },
    async postBuild({ outDir, routesPaths, siteConfig }) {
      // Loaded here: cheerio and feed would slow every `docusaurus start`, which never runs it.
      const { feedPaths, readChangelog, renderFeeds } = await import('./feeds');
      const origin = `${siteConfig.url}${siteConfig.baseUrl}`.replace(/\/$/, '');
      const base = siteConfig.baseUrl.replace(/\/$/, '');
      const routes = routesPaths.filter((r) => /\/changelog$/.test(r));
      const copyright = `Copyright © ${new Date().getUTCFullYear()} ${siteConfig.title}`;
      for (const route of routes) {
        const local = route.slice(base.length);
        const html = await readFile(join(outDir, `${local}.html`), 'utf8');
        const paths = feedPaths(local);
        const feeds = renderFeeds(
          readChangelog(html, `${origin}${local}`),
          { atom: `${origin}${paths.atom}`, rss: `${origin}${paths.rss}` },
          copyright,
        );
        await writeFile(join(outDir, paths.atom), feeds.atom);
        await writeFile(join(outDir, paths.rss), feeds.rss);
      }
      console.info(`[changelog-feeds] ${routes.length} changelogs, Atom and RSS each`);
    },
  };
}

/**
 * The words of a changelog's subscribe line, shared by `<ChangelogFeeds />` (./index.tsx) and
 * its Markdown rendering for the page's Markdown twin (plugins/markdown-twins), so the line is
 * worded once. No React import: the twins' plugin loads this in Node.
 */

/** The line's lead-in, before the links. */
export const SUBSCRIBE_LEAD = 'Subscribe to this changelog:';
/** Link texts of the Atom and RSS feeds. */
export const ATOM_LABEL = 'Atom feed';
export const RSS_LABEL = 'RSS feed';

/** Feed URLs of a changelog page: the changelog-feeds plugin writes `<page>.atom.xml`/`.rss.xml`. */
export function feedUrls(pageUrl: string): { atom: string; rss: string } {
  const page = pageUrl.replace(/\/$/, '');
  return { atom: `${page}.atom.xml`, rss: `${page}.rss.xml` };
}

/**
 * The subscribe line in Markdown, for the twin: `pageUrl` is the page's absolute URL, e.g.
 * `https://docs.aisle.example/catalog/changelog` (a trailing slash is dropped).
 */
export function changelogFeedsMarkdown(pageUrl: string): string {
  const { atom, rss } = feedUrls(pageUrl);
  return `${SUBSCRIBE_LEAD} [${ATOM_LABEL}](${atom}) · [${RSS_LABEL}](${rss})`;
}

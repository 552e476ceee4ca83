/**
 * Subscribe links of a changelog page: its Atom and RSS feeds (written by the changelog-feeds
 * plugin at `<page>.atom.xml` and `<page>.rss.xml`), as a line of links and as
 * `<link rel="alternate">` in the head, so feed readers find them from the page's URL.
 */
import React, { type ReactNode } from 'react';
import Head from '@docusaurus/Head';
import { useLocation } from '@docusaurus/router';

/** The feeds' URLs of the current page. */
function useFeedUrls(): { atom: string; rss: string } {
  const path = useLocation().pathname.replace(/\/$/, '');
  return { atom: `${path}.atom.xml`, rss: `${path}.rss.xml` };
}

/** Renders the subscribe line; takes no props. */
export default function ChangelogFeeds(): ReactNode {
  const { atom, rss } = useFeedUrls();
  // `docusaurus start` writes no feeds (they are written at postBuild), so the links say so
  // there. A statement the production bundle drops whole: the built page is unchanged
  // (design/performance.md, "Writers' preview").
  if (process.env.NODE_ENV !== 'production') {
    return (
      <p>
        Subscribe to this changelog: <a href={atom}>Atom feed</a> · <a href={rss}>RSS feed</a>{' '}
        <em>
          (preview: the feeds are written by <code>npm run build</code>; these links work on the
          built site)
        </em>
      </p>
    );
  }
  return (
    <>
      <Head>
        <link rel="alternate" type="application/atom+xml" title="Atom feed" href={atom} />
        <link rel="alternate" type="application/rss+xml" title="RSS feed" href={rss} />
      </Head>
      <p>
        Subscribe to this changelog: <a href={atom}>Atom feed</a> · <a href={rss}>RSS feed</a>
      </p>
    </>
  );
}

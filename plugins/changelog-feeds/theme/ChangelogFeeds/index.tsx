/**
 * Subscribe links of a changelog page: its Atom and RSS feeds (written by the changelog-feeds
 * plugin at `<page>.atom.xml` and `<page>.rss.xml`), as a line of links and as
 * `<link rel="alternate">` in the head, so feed readers find them from the page's URL.
 */
import React, { type ReactNode } from 'react';
import Head from '@docusaurus/Head';
import { useLocation } from '@docusaurus/router';
import { ATOM_LABEL, RSS_LABEL, SUBSCRIBE_LEAD, feedUrls } from './markdown';

/** The feeds' URLs of the current page. */
function useFeedUrls(): { atom: string; rss: string } {
  return feedUrls(useLocation().pathname);
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
        {`${SUBSCRIBE_LEAD} `}
        <a href={atom}>{ATOM_LABEL}</a> · <a href={rss}>{RSS_LABEL}</a>{' '}
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
        <link rel="alternate" type="application/atom+xml" title={ATOM_LABEL} href={atom} />
        <link rel="alternate" type="application/rss+xml" title={RSS_LABEL} href={rss} />
      </Head>
      <p>
        {`${SUBSCRIBE_LEAD} `}
        <a href={atom}>{ATOM_LABEL}</a> · <a href={rss}>{RSS_LABEL}</a>
      </p>
    </>
  );
}

/**
 * The not-found page's content (replaces the theme's, whose text sent readers to "the owner of
 * the site"): the title "Page Not Found | Aisle Docs" (upstream sets it outside the layout,
 * where the site title wins), a search form that works without JavaScript, a search for the
 * words of the missing address, and the product areas, taken from the footer's internal links
 * (config/navigation.ts) so they are listed once.
 */
import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { useLocation } from '@docusaurus/router';
import { PageMetadata, useThemeConfig } from '@docusaurus/theme-common';
import Heading from '@theme/Heading';
import type { Props } from '@theme/NotFound/Content';

/** Longest query the address gives, in characters (spec §5: the search widget's 64). */
const MAX_WORDS_LENGTH = 64;

/**
 * The words of a path, for a search: `/connect/fulfilment_guide/Cancel-Order.html` →
 * `connect fulfilment guide Cancel Order`. Percent-escapes are decoded when valid; anything but
 * letters and digits separates words; at most 64 characters.
 */
export function pathWords(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // a malformed escape: keep the path as written
  }
  const words = path.split(/[^\p{L}\p{N}]+/u).filter((w) => w && !/^(html?|index)$/i.test(w));
  return words.join(' ').slice(0, MAX_WORDS_LENGTH).trim();
}

/** Internal links of the footer, by column: the site's product areas and help pages. */
function useAreas(): { title: string; links: { label: string; to: string }[] }[] {
  const { footer } = useThemeConfig();
  const columns = (footer?.links ?? []) as {
    title?: string;
    items?: { label?: string; to?: string }[];
  }[];
  return columns
    .map((column) => ({
      title: column.title ?? '',
      links: (column.items ?? [])
        .filter((item) => item.to && item.label)
        .map((item) => ({ label: item.label!, to: item.to! })),
    }))
    .filter((column) => column.links.length);
}

export default function NotFoundContent({ className }: Props): ReactNode {
  const { pathname } = useLocation();
  // The same 404.html answers every missing path: the words are known in the browser only.
  const words = useIsBrowser() ? pathWords(pathname) : '';
  const areas = useAreas();
  return (
    <main className={clsx('container margin-vert--xl', className)}>
      <PageMetadata title="Page Not Found" />
      <div className="row">
        <div className="col col--8 col--offset-2">
          <Heading as="h1" className="hero__title">
            Page Not Found
          </Heading>
          <p>
            There is no page at this address. It may have moved when the documentation was
            reorganized, or the link may have a typo.
          </p>
          <form action="/search" method="get" role="search" className="aisle-not-found__search">
            <label htmlFor="not-found-q">Search the documentation</label>
            <div>
              <input id="not-found-q" name="q" type="search" maxLength={MAX_WORDS_LENGTH} />
              <button type="submit" className="button button--primary">
                Search
              </button>
            </div>
          </form>
          {words && (
            <p>
              Or search for the words of this address:{' '}
              <Link to={`/search?q=${encodeURIComponent(words)}`}>{words}</Link>
            </p>
          )}
          <Heading as="h2">Product areas</Heading>
          <div className="row">
            {areas.map((area) => (
              <nav key={area.title} className="col col--4" aria-label={area.title}>
                <p className="aisle-not-found__area">{area.title}</p>
                <ul>
                  {area.links.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to}>{link.label}</Link>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
        </div>
      </div>
    </main>
  );
}

/**
 * Wraps the theme's search page (no ejection) to add the section/global choice: a select
 * under the search box sets `?section=` (read by the page's search client, src/search/client)
 * and remounts the page so the current query runs again in the new scope.
 */
import React, { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useHistory, useLocation } from '@docusaurus/router';
import Translate, { translate } from '@docusaurus/Translate';
import SearchPage from '@theme-original/SearchPage';
import type SearchPageType from '@theme/SearchPage';
import type { WrapperProps } from '@docusaurus/types';
import { searchConfig } from '@site/src/search/client';
import { SEARCH_SECTIONS, sectionLabel } from '@site/src/search/scope';

type Props = WrapperProps<typeof SearchPageType>;

/** Select of the search scope, portalled after the page's search form. */
function ScopeSelect({ section, onChange }: { section: string; onChange: (s: string) => void }) {
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const form = document.querySelector('input[type="search"]')?.closest('form');
    if (!form) return undefined;
    const div = document.createElement('div');
    div.className = 'aisle-search-scope';
    form.after(div);
    setHost(div);
    return () => div.remove();
  }, []);
  if (!host) return null;
  return createPortal(
    <label>
      <Translate id="aisle.searchPage.scope">Search in</Translate>{' '}
      <select value={section} onChange={(e) => onChange(e.target.value)}>
        <option value="">
          {translate({ id: 'aisle.searchPage.scope.all', message: 'All sections (Global Search)' })}
        </option>
        {SEARCH_SECTIONS.map((s) => (
          <option key={s} value={s}>
            {sectionLabel(s)}
          </option>
        ))}
      </select>
    </label>,
    host,
  );
}

/** The search page with a section/global choice; see the module comment. */
export default function SearchPageWrapper(props: Props): ReactNode {
  const location = useLocation();
  const history = useHistory();
  const section = new URLSearchParams(location.search).get('section') ?? '';
  const onChange = (next: string) => {
    const params = new URLSearchParams(location.search);
    if (next) params.set('section', next);
    else params.delete('section');
    history.replace({ ...location, search: `?${params.toString()}` });
  };
  return (
    <div className={searchConfig().mode === 'local' ? 'aisle-search--local' : undefined}>
      <noscript>
        <p className="container margin-top--lg">
          <Translate id="aisle.searchPage.noscript">
            Search runs in your browser and needs JavaScript. Without it, browse the product areas
            from the menu at the top of the page.
          </Translate>
        </p>
      </noscript>
      <SearchPage key={section} {...props} />
      <ScopeSelect key={`select-${section}`} section={section} onChange={onChange} />
    </div>
  );
}

/**
 * What the site adds to DocSearch's modal (spec §4, §8, §9), beside the ejected SearchBar
 * (./index.tsx), which renders `ModalExtras` next to `DocSearchModal` and uses `Hit`,
 * `ResultsFooter` and `snippetWords`. Each part reads the search seam's store
 * (client/seam.ts through useSearchStore) and is portalled into DocSearch's markup:
 * - the scope row ('Searching Connect APIs', 'Global Search');
 * - the "all products" row when the section gives few hits (Alt+A);
 * - the error screen, the loading screen, 'Try searching for';
 * - the status attributes on the modal's root, and the search asked again once the shards of a
 *   first-tier answer are in;
 * - the hit link that sends the insights click event, and the 'See all' footer with the last
 *   answer's true count.
 */
import React, { useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import Link from '@docusaurus/Link';
import { useHistory } from '@docusaurus/router';
import { useSearchLinkCreator } from '@docusaurus/theme-common';
import Translate from '@docusaurus/Translate';
import type { InternalDocSearchHit, StoredDocSearchHit } from '@docsearch/react';
import { searchSeam } from '../../client/client';
import { hitClicked } from '../../client/insights';
import { sectionLabel } from '../../client/scope';
import { seeAllCount } from '../../client/seam';
import { sectionSuggestions, sessionSuggestions } from '../../client/suggestions';
import { useSearchStore } from '../../client/useSearchStore';

/**
 * A hit's link: the insights click event (when insights are on, client/insights), and the
 * route's code preloaded on hover or touch, as Docusaurus's `Link` does, but not prefetched as
 * it scrolls into view: `Link` watches each hit with an IntersectionObserver and prefetches it,
 * 5 routes per keystroke whose hits are gone at the next one, and that work made the longest
 * task while typing (design/search-engine.md, "Longest task while searching").
 */
export function Hit({
  hit,
  children,
}: {
  hit: InternalDocSearchHit | StoredDocSearchHit;
  children: ReactNode;
}) {
  const history = useHistory();
  const internal = hit.url.startsWith('/') && !hit.url.startsWith('//');
  const preload = () => {
    // The route's path only: the router matches no route for a path with its `#anchor`.
    if (internal) void window.docusaurus.preload(hit.url.replace(/[?#].*$/, ''));
  };
  return (
    <a
      href={hit.url}
      onMouseEnter={preload}
      onTouchStart={preload}
      onClick={(event) => {
        hitClicked(hit);
        if (
          !internal ||
          event.defaultPrevented ||
          event.button !== 0 ||
          event.metaKey ||
          event.ctrlKey ||
          event.shiftKey ||
          event.altKey
        ) {
          return; // the browser follows it (a new tab, another site)
        }
        event.preventDefault();
        history.push(hit.url);
      }}
    >
      {children}
    </a>
  );
}

// CUSTOM: the count is the last answer's nbHits, not DocSearch's running sum, and only once it
// is exhaustive and for the query shown (client/seam.ts `seeAllCount`): the first tier's answer
// (headings, while the shards load) counts fewer hits than the search page will list, and an
// answer to an earlier keystroke counts another query's, so the footer then names no number.
// The link keeps the modal's section when Global Search is off.
export function ResultsFooter({ query, onClose }: { query: string; onClose: () => void }) {
  const createSearchLink = useSearchLinkCreator();
  const count = useSearchStore((s) => seeAllCount(s.lastAnswer(), query));
  const scope = useSearchStore((s) => s.scope());
  const section = !scope.global && scope.section ? `&section=${scope.section}` : '';
  return (
    <Link to={`${createSearchLink(query)}${section}`} onClick={onClose}>
      {count === null ? (
        <Translate id="theme.SearchBar.seeAllPending">See all results</Translate>
      ) : (
        <Translate id="theme.SearchBar.seeAll" values={{ count }}>
          {'See all {count} results'}
        </Translate>
      )}
    </Link>
  );
}

/** Snippet length in words: 10, or 5 on screens up to 768 px wide (spec §9). */
export function snippetWords(): number {
  return window.matchMedia('(max-width: 768px)').matches ? 5 : 10;
}

/** Re-runs the modal's current query: autocomplete searches again when its input regains focus. */
function rerunQuery() {
  const input = document.querySelector<HTMLInputElement>('.DocSearch-Input');
  if (input) {
    input.blur();
    input.focus();
  }
}

// CUSTOM: the search's scope in a row under the modal's search box: which section is
// searched, and the 'Global Search' checkbox (spec §4). A row of its own, so that it is never
// cut off on a phone.
function GlobalSearchToggle({ section }: { section: string }) {
  const scope = useSearchStore((s) => s.scope());
  const [row, setRow] = useState<Element | null>(null);
  useEffect(() => {
    const header = document.querySelector('.DocSearch-SearchBar');
    if (!header) return undefined;
    const element = document.createElement('div');
    element.className = 'aisle-search-scope';
    header.after(element);
    setRow(element);
    return () => element.remove();
  }, []);
  if (!row) return null;
  return createPortal(
    <>
      <span className="aisle-search-scope__label" aria-live="polite">
        {scope.global ? (
          <Translate id="aisle.search.scope.global">Searching all products</Translate>
        ) : (
          <Translate
            id="aisle.search.scope.section"
            values={{ section: <strong>{sectionLabel(section)}</strong> }}
          >
            {'Searching {section}'}
          </Translate>
        )}
      </span>
      <label className="aisle-global-search">
        <input
          type="checkbox"
          checked={scope.global}
          onChange={(event) => {
            searchSeam().setScope({ global: event.target.checked });
            rerunQuery();
          }}
        />
        <Translate id="aisle.search.globalSearch">Global Search</Translate>
      </label>
    </>,
    row,
  );
}

/**
 * CUSTOM: the section's answer is "few" when at most this many of its hits hold every word of
 * the query (`SearchAnswer.nbFullHits`): a long query also lists sections holding some words,
 * which are rarely the answer ("sftp inventory file upload" from Connect).
 */
const FEW_SECTION_HITS = 2;

/** The shortcut of the "all products" row, as `aria-keyshortcuts` writes it. */
const SEARCH_ALL_SHORTCUT = 'Alt+A';

/** True for Alt+A (Option+A): the physical key, since Option+A types "å" on a Mac. */
function isSearchAllKey(event: KeyboardEvent): boolean {
  return (
    event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey && event.code === 'KeyA'
  );
}

// CUSTOM: after the hits, when the section searched gives few or none, a row that searches all
// products: Enter on its button, or Alt+A from anywhere in the modal. It sits after the results
// area (not inside it, where DocSearch appends its next screen after it), and goes as soon as
// the scope is global or the section answers well.
function AllProductsRow({ section }: { section: string }) {
  const answer = useSearchStore((s) => s.lastAnswer());
  const status = useSearchStore((s) => s.status());
  const scope = useSearchStore((s) => s.scope());
  const dropdown = useModalElement('.DocSearch-Dropdown');
  const [row, setRow] = useState<Element | null>(null);
  useEffect(() => {
    if (!dropdown) return undefined;
    const element = document.createElement('div');
    element.className = 'aisle-search-all';
    element.setAttribute('aria-live', 'polite');
    dropdown.after(element);
    setRow(element);
    return () => {
      element.remove();
      setRow(null);
    };
  }, [dropdown]);
  const offer =
    status === 'ready' &&
    !scope.global &&
    answer !== null &&
    answer.section === section &&
    answer.query.trim() !== '' &&
    answer.nbFullHits <= FEW_SECTION_HITS;
  useEffect(() => {
    if (!offer) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchAllKey(event)) return;
      event.preventDefault();
      event.stopPropagation();
      searchAllProducts();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [offer]);
  if (!row || !offer) return null;
  const mac = /Mac|iPhone|iPad/.test(navigator.platform);
  return createPortal(
    <>
      <span className="aisle-search-all__label">
        {answer.nbHits === 0 ? (
          <Translate
            id="aisle.search.allProducts.none"
            values={{ section: <strong>{sectionLabel(section)}</strong> }}
          >
            {'No matches in {section}.'}
          </Translate>
        ) : (
          <Translate
            id="aisle.search.allProducts.few"
            values={{ section: <strong>{sectionLabel(section)}</strong> }}
          >
            {'Few matches in {section}.'}
          </Translate>
        )}
      </span>
      <button
        type="button"
        className="aisle-search-all__button"
        aria-keyshortcuts={SEARCH_ALL_SHORTCUT}
        onClick={searchAllProducts}
      >
        <Translate id="aisle.search.allProducts.button">Search all products</Translate>
        <span className="aisle-search-all__keys" aria-hidden="true">
          <kbd>{mac ? '⌥' : 'Alt'}</kbd>
          <kbd>A</kbd>
        </span>
      </button>
    </>,
    row,
  );
}

/** Turns 'Global Search' on and searches the modal's query again, focus in the input. */
function searchAllProducts() {
  searchSeam().setScope({ global: true });
  rerunQuery();
}

/**
 * CUSTOM: the search's status (`data-search-status`) and, while the local index's first tier
 * answers, `data-search-tier="headings"`, set on the modal's root by hand: a subscription in
 * the component that renders DocSearchModal re-rendered the whole modal on every change of
 * either: a render of its own besides DocSearch's, on each answer.
 */
function SearchStateAttributes({ root }: { root: HTMLElement | null }) {
  const status = useSearchStore((s) => s.status());
  const answer = useSearchStore((s) => s.lastAnswer());
  const headings = answer !== null && !answer.exhaustive;
  useLayoutEffect(() => {
    if (!root) return;
    root.dataset.searchStatus = status;
    if (headings) root.dataset.searchTier = 'headings';
    else delete root.dataset.searchTier;
  }, [root, status, headings]);
  return null;
}

/**
 * CUSTOM: hits first answered from the headings alone (the local index's first tier, while the
 * section's shard loads) are asked for again once the shard is in, if the reader has not moved
 * on: same query, focus still in the input.
 */
function AskAgainWithShards() {
  const completed = useSearchStore((s) => s.completed());
  useEffect(() => {
    if (completed === null) return;
    const input = document.querySelector<HTMLInputElement>('.DocSearch-Input');
    if (input && input === document.activeElement && input.value === completed.query) {
      rerunQuery();
    }
  }, [completed]);
  return null;
}

// CUSTOM: the spec's error screen, shown over the modal's results area.
function ErrorScreen() {
  const status = useSearchStore((s) => s.status());
  // Looked up when the status changes: the results area is created after the modal mounts.
  const dropdown = useMemo(
    () => (status === 'error' ? document.querySelector('.DocSearch-Dropdown') : null),
    [status],
  );
  if (status !== 'error' || !dropdown) return null;
  return createPortal(
    <div className="DocSearch-ErrorScreen aisle-search-error" role="alert">
      <p className="DocSearch-Title">
        <Translate id="theme.SearchModal.errorScreen.titleText">Unable to fetch results</Translate>
      </p>
      <p className="DocSearch-Help">
        <Translate id="theme.SearchModal.errorScreen.helpText">
          You might want to check your network connection.
        </Translate>
      </p>
      {process.env.NODE_ENV === 'development' && (
        <p className="DocSearch-Help">
          <Translate id="aisle.search.devHint">
            The search index is written by the production build: run npm run build, then npm run
            serve, to search.
          </Translate>
        </p>
      )}
      <button type="button" className="button button--sm button--primary" onClick={rerunQuery}>
        <Translate id="aisle.search.retry">Try again</Translate>
      </button>
    </div>,
    dropdown,
  );
}

/**
 * CUSTOM: the first element matching `selector` while the modal is open, followed as DocSearch
 * mounts its screens and sets its state classes (a MutationObserver on the modal), or null.
 */
function useModalElement(selector: string): Element | null {
  const [element, setElement] = useState<Element | null>(null);
  useEffect(() => {
    const container = document.querySelector('.DocSearch-Container');
    if (!container) return undefined;
    const look = () => setElement(document.querySelector(selector));
    look();
    const observer = new MutationObserver(look);
    observer.observe(container, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['class'],
    });
    return () => observer.disconnect();
  }, [selector]);
  return element;
}

/** Sets the modal's query as if typed: DocSearch's input listens to `input` events. */
function typeQuery(query: string) {
  const input = document.querySelector<HTMLInputElement>('.DocSearch-Input');
  if (!input) return;
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setValue?.call(input, query);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.focus();
}

// CUSTOM: 'Try searching for' (spec §8), at most 3 (spec §9), on the no-results screen: the
// groups of earlier answers, else the current section's (client/suggestions). Marked up
// as DocSearch's own list, after the screen's title.
function NoResultsSuggestions({ section }: { section: string | null }) {
  // Only on a real no-results answer: DocSearch also mounts its no-results screen for the first
  // keystroke, before any answer (the loading screen covers it), and working out suggestions
  // then (the sidebars' chunk) lengthened that keystroke's task.
  const ready = useSearchStore((s) => s.status()) === 'ready';
  const shown = useModalElement('.DocSearch-NoResults');
  const screen = ready ? shown : null;
  const [host, setHost] = useState<Element | null>(null);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  useEffect(() => {
    if (!screen) return undefined;
    let live = true;
    const earlier = sessionSuggestions();
    if (earlier.length) setSuggestions(earlier);
    else
      sectionSuggestions(section).then(
        (list) => live && setSuggestions(list),
        () => live && setSuggestions([]),
      );
    const element = document.createElement('div');
    element.className = 'DocSearch-NoResults-Prefill-List aisle-search-suggestions';
    screen.querySelector('.DocSearch-Title')?.after(element);
    setHost(element);
    return () => {
      live = false;
      element.remove();
      setHost(null);
    };
  }, [screen, section]);
  if (!host || suggestions.length === 0) return null;
  return createPortal(
    <>
      <p className="DocSearch-Help">
        <Translate id="theme.SearchModal.noResultsScreen.suggestedQueryText">
          Try searching for
        </Translate>
        :
      </p>
      <ul className="DocSearch-NoResults-Prefill-List-Items">
        {suggestions.map((suggestion) => (
          <li key={suggestion}>
            <button
              className="DocSearch-Prefill"
              type="button"
              onClick={() => typeQuery(`${suggestion.toLowerCase()} `)}
            >
              {suggestion}
            </button>
          </li>
        ))}
      </ul>
    </>,
    host,
  );
}

// CUSTOM: DocSearch's results area says 'No results for …' while no answer has come: it mounts
// with the first keystroke, before any hits exist, and keeps a stale no-results screen while
// the search is stalled. A loading screen stands in for it until the client's first answer,
// and while a stalled search would show a no-results screen; its text shows once the search
// is stalled (over 300 ms, spec §4, §9), as DocSearch's spinner does.
function LoadingScreen() {
  const status = useSearchStore((s) => s.status());
  const dropdown = useModalElement('.DocSearch-Dropdown');
  const stalledNoResults = useModalElement('.DocSearch-Container--Stalled .DocSearch-NoResults');
  if (!dropdown || (status !== 'loading' && !stalledNoResults)) return null;
  return createPortal(
    <div className="aisle-search-loading" role="status">
      <p className="DocSearch-Help">
        <Translate id="aisle.search.loading">Loading the search index…</Translate>
      </p>
    </div>,
    dropdown,
  );
}

/**
 * DocSearch scrolls its results area to the top on every query change (`scrollTo({top: 0,
 * behavior: 'smooth'})` in an effect of DocSearchModal, @docsearch/react 4.7). The call forces
 * a synchronous layout inside the keystroke's task even when the area is at its top already,
 * which it is unless the reader scrolled it: the longest tasks while typing spent up to 40
 * samples of about 200 in `scrollTo` (design/search-engine.md, "Longest task while
 * searching"). The results area's `scrollTo` is therefore skipped until it has been scrolled;
 * a scroll event (when layout is already up to date) records that. Once scrolled, it goes to
 * the top at once rather than smoothly.
 */
function ScrollOnlyWhenScrolled() {
  const dropdown = useModalElement('.DocSearch-Dropdown');
  useEffect(() => {
    if (!(dropdown instanceof HTMLElement)) return undefined;
    let scrolled = false; // a new results area is at its top; reading it would force a layout
    const onScroll = () => {
      scrolled = dropdown.scrollTop > 0;
    };
    dropdown.addEventListener('scroll', onScroll, { passive: true });
    const scrollTo = dropdown.scrollTo;
    dropdown.scrollTo = function scrollToWhenScrolled(this: HTMLElement, ...args: unknown[]) {
      if (!scrolled) return;
      // At once, not smoothly: a smooth scroll is cut short when the answer's hits replace the
      // list under it (CI saw the list stop at 140 px instead of its top).
      const [options] = args;
      const instant =
        options && typeof options === 'object' ? [{ ...options, behavior: 'instant' }] : args;
      Reflect.apply(scrollTo, this, instant);
    } as HTMLElement['scrollTo'];
    return () => {
      dropdown.removeEventListener('scroll', onScroll);
      dropdown.scrollTo = scrollTo;
    };
  }, [dropdown]);
  return null;
}

/**
 * Everything the site adds inside the open modal, for the page's `section` (null outside the
 * documentation sections: no scope row, no "all products" row).
 * @param root the element around DocSearchModal, which gets the status attributes.
 */
export function ModalExtras({
  section,
  root,
}: {
  section: string | null;
  root: HTMLElement | null;
}): ReactNode {
  return (
    <>
      {section && <GlobalSearchToggle section={section} />}
      {section && <AllProductsRow section={section} />}
      <SearchStateAttributes root={root} />
      <ScrollOnlyWhenScrolled />
      <AskAgainWithShards />
      <ErrorScreen />
      <LoadingScreen />
      <NoResultsSuggestions section={section} />
    </>
  );
}

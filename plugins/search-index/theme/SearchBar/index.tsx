/**
 * Ejected from @docusaurus/theme-search-algolia 3.10.2, src/theme/SearchBar/index.tsx
 * (`docusaurus swizzle … SearchBar --eject --danger`). Ejected, not wrapped, because the
 * changes below live inside the component's hooks and portal. Changes are marked `// CUSTOM`:
 * - the search client is the site's one seam (src/search/client), local or Algolia;
 * - the Algolia preconnect is emitted only when Algolia is configured;
 * - a 'Global Search' checkbox in the modal header (spec §4), re-running the query on toggle;
 * - typing a character on the focused search button opens the modal with it (spec §4;
 *   DocSearch 4.7 dropped this);
 * - snippets of 10 words, 5 at ≤768 px (spec §9); 'See all {count} results' shows the true
 *   count (DocSearch 4.7 sums counts across keystrokes);
 * - the spec's error screen ('Unable to fetch results'), which DocSearch 4.7 never paints;
 * - 'Believe this query should return results?' links to the support request page;
 * - blocked storage (reading `localStorage` throws) gets an in-memory stand-in before the modal
 *   loads (src/search/storage);
 * - with insights on, the bundled search-insights is ready before the modal mounts, so that
 *   DocSearch loads no script from a CDN, and a hit clicked sends its click event
 *   (src/search/insights);
 * - 'Try searching for' on the no-results screen, which DocSearch 4.7 never paints
 *   (src/search/suggestions);
 * - a loading screen instead of DocSearch's 'No results for …' until the first answer, and
 *   while a stalled search would show a stale no-results screen;
 * - Ctrl/Cmd+K or `/` pressed before hydration opens the modal at hydration
 *   (src/search/earlyShortcut);
 * - when the section gives few hits, a row after them searches all products (Alt+A);
 * - hits first answered from the headings alone are asked for again once the shards are in.
 * The Ask AI branch of upstream is removed (not used by this site).
 */
import React, {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
} from 'react';
import {createPortal} from 'react-dom';
import {DocSearchButton} from '@docsearch/react/button';
import {useDocSearchKeyboardEvents} from '@docsearch/react/useDocSearchKeyboardEvents';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {useHistory, useLocation} from '@docusaurus/router';
import {
  isRegexpStringMatch,
  useSearchLinkCreator,
} from '@docusaurus/theme-common';
import {useSearchResultUrlProcessor} from '@docusaurus/theme-search-algolia/client';
import Translate from '@docusaurus/Translate';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {ensureUsableStorage} from '@site/src/search/storage';
import translations from '@theme/SearchTranslations';
import type {
  InternalDocSearchHit,
  DocSearchModal as DocSearchModalType,
  DocSearchModalProps,
  StoredDocSearchHit,
  DocSearchHit,
  DocSearchTranslations,
  UseDocSearchKeyboardEventsProps,
} from '@docsearch/react';
import {
  getModalClient,
  preloadSearch,
  searchConfig,
  searchHost,
  searchState,
} from '@site/src/search/client'; // CUSTOM
import {hitClicked, prepareInsights} from '@site/src/search/insights'; // CUSTOM
import {searchScope, sectionLabel, sectionOfPath} from '@site/src/search/scope'; // CUSTOM
import {takeEarlyShortcut} from '@site/src/search/earlyShortcut'; // CUSTOM
import {
  recordGroups,
  resetSuggestions,
  sectionSuggestions,
  sessionSuggestions,
} from '@site/src/search/suggestions'; // CUSTOM
import './styles.css';

type DocSearchProps = Omit<
  DocSearchModalProps,
  'onClose' | 'initialScrollY'
> & {
  externalUrlRegex?: string;
  searchPagePath: boolean | string;
  indexName: string;
  translations?: DocSearchTranslations;
};

// CUSTOM: spec §9 constants: results per group 5; recent searches 7, or 4 with favorites.
const MAX_RESULTS_PER_GROUP = 5;
const RECENT_SEARCHES = 7;
const RECENT_SEARCHES_WITH_FAVORITES = 4;

let DocSearchModal: typeof DocSearchModalType | null = null;

function importDocSearchModalIfNeeded() {
  ensureUsableStorage(); // CUSTOM: blocked storage must not crash the modal (src/search/storage)
  preloadSearch(); // CUSTOM: start loading the index together with the modal code
  if (DocSearchModal) {
    return Promise.resolve();
  }
  return Promise.all([
    import('@docsearch/react/modal'),
    import('@docsearch/react/style'),
    prepareInsights(searchConfig()), // CUSTOM: bundled search-insights, ready before the modal mounts
  ]).then(([{DocSearchModal: Modal}]) => {
    DocSearchModal = Modal;
  });
}

function useNavigator({
  externalUrlRegex,
}: Pick<DocSearchProps, 'externalUrlRegex'>) {
  const history = useHistory();
  const [navigator] = useState<DocSearchModalProps['navigator']>(() => {
    return {
      navigate(params) {
        if (isRegexpStringMatch(externalUrlRegex, params.itemUrl)) {
          window.location.href = params.itemUrl;
        } else {
          history.push(params.itemUrl);
        }
      },
    };
  });
  return navigator;
}

// CUSTOM: one stable transform for the modal's whole life; the scope is read per search.
const transformSearchClient: DocSearchModalProps['transformSearchClient'] =
  () =>
    getModalClient() as unknown as ReturnType<
      NonNullable<DocSearchModalProps['transformSearchClient']>
    >;

function useTransformItems(props: Pick<DocSearchProps, 'transformItems'>) {
  const processSearchResultUrl = useSearchResultUrlProcessor();
  const [transformItems] = useState<DocSearchModalProps['transformItems']>(
    () => {
      return (items: DocSearchHit[]) => {
        recordGroups(items); // CUSTOM: the groups of earlier answers, for suggestions
        return props.transformItems
          ? props.transformItems(items)
          : items.map((item) => ({
              ...item,
              url: processSearchResultUrl(item.url),
            }));
      };
    },
  );
  return transformItems;
}

function Hit({
  hit,
  children,
}: {
  hit: InternalDocSearchHit | StoredDocSearchHit;
  children: ReactNode;
}) {
  // CUSTOM: the click event, when insights are on (src/search/insights).
  return (
    <Link to={hit.url} onClick={() => hitClicked(hit)}>
      {children}
    </Link>
  );
}

// CUSTOM: the count is the last answer's nbHits, not DocSearch's running sum, and only once it
// is exhaustive: the first tier's answer (headings, while the shards load) counts fewer hits
// than the search page will list, so its footer names no number. The link keeps the modal's
// section when Global Search is off.
function ResultsFooter({query, onClose}: {query: string; onClose: () => void}) {
  const createSearchLink = useSearchLinkCreator();
  const count = useSyncExternalStore(
    searchState.subscribe,
    searchState.lastNbHits,
    searchState.lastNbHits,
  );
  const answer = useSyncExternalStore(
    searchState.subscribe,
    searchState.lastAnswer,
    searchState.lastAnswer,
  );
  const scope = searchScope.get();
  const section =
    !scope.global && scope.section ? `&section=${scope.section}` : '';
  return (
    <Link to={`${createSearchLink(query)}${section}`} onClick={onClose}>
      {answer !== null && !answer.exhaustive ? (
        <Translate id="theme.SearchBar.seeAllPending">
          See all results
        </Translate>
      ) : (
        <Translate id="theme.SearchBar.seeAll" values={{count}}>
          {'See all {count} results'}
        </Translate>
      )}
    </Link>
  );
}

/** Snippet length in words: 10, or 5 on screens up to 768 px wide (spec §9). */
function snippetWords(): number {
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
function GlobalSearchToggle({section}: {section: string}) {
  const scope = useSyncExternalStore(
    searchScope.subscribe,
    searchScope.get,
    searchScope.get,
  );
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
          <Translate id="aisle.search.scope.global">
            Searching all products
          </Translate>
        ) : (
          <Translate
            id="aisle.search.scope.section"
            values={{section: <strong>{sectionLabel(section)}</strong>}}>
            {'Searching {section}'}
          </Translate>
        )}
      </span>
      <label className="aisle-global-search">
        <input
          type="checkbox"
          checked={scope.global}
          onChange={(event) => {
            searchScope.set({global: event.target.checked});
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
    event.altKey &&
    !event.ctrlKey &&
    !event.metaKey &&
    !event.shiftKey &&
    event.code === 'KeyA'
  );
}

// CUSTOM: after the hits, when the section searched gives few or none, a row that searches all
// products: Enter on its button, or Alt+A from anywhere in the modal. It sits after the results
// area (not inside it, where DocSearch appends its next screen after it), and goes as soon as
// the scope is global or the section answers well.
function AllProductsRow({section}: {section: string}) {
  const answer = useSyncExternalStore(
    searchState.subscribe,
    searchState.lastAnswer,
    searchState.lastAnswer,
  );
  const status = useSyncExternalStore(
    searchState.subscribe,
    searchState.status,
    searchState.status,
  );
  const scope = useSyncExternalStore(
    searchScope.subscribe,
    searchScope.get,
    searchScope.get,
  );
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
            values={{section: <strong>{sectionLabel(section)}</strong>}}>
            {'No matches in {section}.'}
          </Translate>
        ) : (
          <Translate
            id="aisle.search.allProducts.few"
            values={{section: <strong>{sectionLabel(section)}</strong>}}>
            {'Few matches in {section}.'}
          </Translate>
        )}
      </span>
      <button
        type="button"
        className="aisle-search-all__button"
        aria-keyshortcuts={SEARCH_ALL_SHORTCUT}
        onClick={searchAllProducts}>
        <Translate id="aisle.search.allProducts.button">
          Search all products
        </Translate>
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
  searchScope.set({global: true});
  rerunQuery();
}

/**
 * CUSTOM: the search's status (`data-search-status`) and, while the local index's first tier
 * answers, `data-search-tier="headings"`, set on the modal's root by hand: a subscription in
 * the component that renders DocSearchModal re-rendered the whole modal on every change of
 * either: a render of its own besides DocSearch's, on each answer.
 */
function SearchStateAttributes({root}: {root: HTMLElement | null}) {
  const status = useSyncExternalStore(
    searchState.subscribe,
    searchState.status,
    searchState.status,
  );
  const answer = useSyncExternalStore(
    searchState.subscribe,
    searchState.lastAnswer,
    searchState.lastAnswer,
  );
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
  const completed = useSyncExternalStore(
    searchState.subscribe,
    searchState.completed,
    searchState.completed,
  );
  useEffect(() => {
    if (completed === null) return;
    const input = document.querySelector<HTMLInputElement>('.DocSearch-Input');
    if (
      input &&
      input === document.activeElement &&
      input.value === completed.query
    ) {
      rerunQuery();
    }
  }, [completed]);
  return null;
}

// CUSTOM: the spec's error screen, shown over the modal's results area.
function ErrorScreen() {
  const status = useSyncExternalStore(
    searchState.subscribe,
    searchState.status,
    searchState.status,
  );
  // Looked up when the status changes: the results area is created after the modal mounts.
  const dropdown = useMemo(
    () =>
      status === 'error' ? document.querySelector('.DocSearch-Dropdown') : null,
    [status],
  );
  if (status !== 'error' || !dropdown) return null;
  return createPortal(
    <div className="DocSearch-ErrorScreen aisle-search-error" role="alert">
      <p className="DocSearch-Title">
        <Translate id="theme.SearchModal.errorScreen.titleText">
          Unable to fetch results
        </Translate>
      </p>
      <p className="DocSearch-Help">
        <Translate id="theme.SearchModal.errorScreen.helpText">
          You might want to check your network connection.
        </Translate>
      </p>
      {process.env.NODE_ENV === 'development' && (
        <p className="DocSearch-Help">
          <Translate id="aisle.search.devHint">
            The search index is written by the production build: run npm run
            build, then npm run serve, to search.
          </Translate>
        </p>
      )}
      <button
        type="button"
        className="button button--sm button--primary"
        onClick={rerunQuery}>
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
  const setValue = Object.getOwnPropertyDescriptor(
    HTMLInputElement.prototype,
    'value',
  )?.set;
  setValue?.call(input, query);
  input.dispatchEvent(new Event('input', {bubbles: true}));
  input.focus();
}

// CUSTOM: 'Try searching for' (spec §8), at most 3 (spec §9), on the no-results screen: the
// groups of earlier answers, else the current section's (src/search/suggestions). Marked up
// as DocSearch's own list, after the screen's title.
function NoResultsSuggestions({section}: {section: string | null}) {
  const screen = useModalElement('.DocSearch-NoResults');
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
    element.className =
      'DocSearch-NoResults-Prefill-List aisle-search-suggestions';
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
              onClick={() => typeQuery(`${suggestion.toLowerCase()} `)}>
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
  const status = useSyncExternalStore(
    searchState.subscribe,
    searchState.status,
    searchState.status,
  );
  const dropdown = useModalElement('.DocSearch-Dropdown');
  const stalledNoResults = useModalElement(
    '.DocSearch-Container--Stalled .DocSearch-NoResults',
  );
  if (!dropdown || (status !== 'loading' && !stalledNoResults)) return null;
  return createPortal(
    <div className="aisle-search-loading" role="status">
      <p className="DocSearch-Help">
        <Translate id="aisle.search.loading">
          Loading the search index…
        </Translate>
      </p>
    </div>,
    dropdown,
  );
}

function DocSearch({externalUrlRegex, ...props}: DocSearchProps) {
  const navigator = useNavigator({externalUrlRegex});
  const transformItems = useTransformItems(props);
  const supportUrl = useBaseUrl('/support/request_technical_support'); // CUSTOM
  const {pathname} = useLocation(); // CUSTOM
  const {siteConfig} = useDocusaurusContext(); // CUSTOM
  const section = sectionOfPath(pathname, siteConfig.baseUrl); // CUSTOM

  const searchContainer = useRef<HTMLDivElement | null>(null);
  const [modalRoot, setModalRoot] = useState<HTMLDivElement | null>(null); // CUSTOM
  const searchButtonRef = useRef<HTMLButtonElement | null>(null);
  const typedBuffer = useRef(''); // CUSTOM: keys typed before the modal input exists
  const [isOpen, setIsOpen] = useState(false);
  const [initialQuery, setInitialQuery] = useState<string | undefined>(
    undefined,
  );
  const [snippetLength, setSnippetLength] = useState(10); // CUSTOM

  // CUSTOM: the scope follows the page the reader is on.
  useEffect(() => {
    searchScope.set({section});
  }, [section]);

  const prepareSearchContainer = useCallback(() => {
    if (!searchContainer.current) {
      const divElement = document.createElement('div');
      searchContainer.current = divElement;
      document.body.insertBefore(divElement, document.body.firstChild);
    }
  }, []);

  const openModal = useCallback(() => {
    prepareSearchContainer();
    setSnippetLength(snippetWords()); // CUSTOM
    resetSuggestions(); // CUSTOM
    importDocSearchModalIfNeeded().then(() => {
      setInitialQuery((q) => q ?? (typedBuffer.current || undefined)); // CUSTOM
      setIsOpen(true);
    });
  }, [prepareSearchContainer]);

  const closeModal = useCallback(() => {
    setIsOpen(false);
    searchButtonRef.current?.focus();
    setInitialQuery(undefined);
    typedBuffer.current = ''; // CUSTOM
  }, []);

  // CUSTOM: a printable key on the focused button opens the modal with that key typed.
  const onButtonKeyDown = useCallback(
    (event: ReactKeyboardEvent<HTMLButtonElement>) => {
      if (
        event.key.length !== 1 ||
        event.key === ' ' ||
        event.ctrlKey ||
        event.metaKey ||
        event.altKey ||
        event.nativeEvent.isComposing
      ) {
        return;
      }
      event.preventDefault();
      typedBuffer.current +=
        event.key === '/' && !typedBuffer.current ? '' : event.key;
      if (!isOpen) openModal();
    },
    [isOpen, openModal],
  );

  // CUSTOM: once the input exists, keys buffered during loading are already in the initial
  // query; focus moves to the input so the next keys land there directly.
  useEffect(() => {
    if (isOpen) {
      typedBuffer.current = '';
    }
  }, [isOpen]);

  // CUSTOM: a shortcut pressed before hydration opens the modal now (src/search/earlyShortcut).
  useEffect(() => {
    if (takeEarlyShortcut() !== null) openModal();
  }, [openModal]);

  useDocSearchKeyboardEvents({
    isOpen,
    onOpen: openModal,
    onClose: closeModal,
    searchButtonRef,
  } as UseDocSearchKeyboardEventsProps);

  const resultsFooterComponent = useMemo<
    DocSearchModalProps['resultsFooterComponent']
  >(() => {
    function Footer({state}: {state: {query: string}}) {
      return <ResultsFooter query={state.query} onClose={closeModal} />;
    }
    return Footer;
  }, [closeModal]);

  // CUSTOM: snippet word counts of spec §9, for every level and the content.
  const searchParameters = useMemo(
    () => ({
      ...props.searchParameters,
      attributesToSnippet: [
        ...['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'].map(
          (l) => `hierarchy.${l}:${snippetLength}`,
        ),
        `content:${snippetLength}`,
      ],
    }),
    [props.searchParameters, snippetLength],
  );

  // CUSTOM: 'Let us know.' opens a support request carrying the query.
  const getMissingResultsUrl = useCallback(
    ({query}: {query: string}) =>
      `${supportUrl}?q=${encodeURIComponent(query)}`,
    [supportUrl],
  );

  const algolia = searchConfig().mode === 'algolia'; // CUSTOM

  return (
    <>
      {/* CUSTOM: preconnect only when a hosted search service is configured. */}
      {algolia && (
        <Head>
          <link
            rel="preconnect"
            href={searchHost(searchConfig())}
            crossOrigin="anonymous"
          />
        </Head>
      )}

      <DocSearchButton
        onTouchStart={importDocSearchModalIfNeeded}
        onFocus={importDocSearchModalIfNeeded}
        onMouseOver={importDocSearchModalIfNeeded}
        onClick={openModal}
        onKeyDown={onButtonKeyDown}
        ref={searchButtonRef}
        translations={props.translations?.button ?? translations.button}
      />

      {isOpen &&
        DocSearchModal &&
        searchContainer.current &&
        createPortal(
          <div
            ref={setModalRoot}
            className={algolia ? undefined : 'aisle-search--local'}>
            <DocSearchModal
              {...(props as unknown as DocSearchModalProps)}
              onClose={closeModal}
              initialScrollY={window.scrollY}
              initialQuery={initialQuery}
              navigator={navigator}
              transformItems={transformItems}
              hitComponent={Hit}
              transformSearchClient={transformSearchClient}
              {...(props.searchPagePath && {resultsFooterComponent})}
              translations={props.translations?.modal ?? translations.modal}
              searchParameters={searchParameters}
              getMissingResultsUrl={getMissingResultsUrl}
              maxResultsPerGroup={MAX_RESULTS_PER_GROUP}
              recentSearchesLimit={RECENT_SEARCHES}
              recentSearchesWithFavoritesLimit={RECENT_SEARCHES_WITH_FAVORITES}
            />
            {section && <GlobalSearchToggle section={section} />}
            {section && <AllProductsRow section={section} />}
            <SearchStateAttributes root={modalRoot} />
            <AskAgainWithShards />
            <ErrorScreen />
            <LoadingScreen />
            <NoResultsSuggestions section={section} />
          </div>,
          searchContainer.current,
        )}
    </>
  );
}

/** The navbar search button and modal; props override `themeConfig.algolia`. */
export default function SearchBar(props: Partial<DocSearchProps>): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const docSearchProps: DocSearchProps = {
    ...(siteConfig.themeConfig.algolia as DocSearchProps),
    ...props,
  };
  return <DocSearch {...docSearchProps} />;
}

/**
 * Ejected from @docusaurus/theme-search-algolia 3.10.2, src/theme/SearchBar/index.tsx
 * (`docusaurus swizzle … SearchBar --eject --danger`), owned by plugins/search-index through
 * getThemePath(). Ejected, not wrapped: upstream passes its own search client, hit component and
 * footer to DocSearchModal after the props, so a wrapper cannot replace them. What lives in the
 * component's hooks stays here, marked `// CUSTOM`; what is drawn inside the open modal is in
 * ./ModalExtras (scope row, "all products" row, error, loading and suggestion screens, hit link,
 * 'See all' footer). Here:
 * - the search client, preload, scope and status are the site's one seam (client/seam,
 *   through client/client), local or Algolia;
 * - the Algolia preconnect is emitted only when Algolia is configured;
 * - the scope follows the page the reader is on;
 * - typing a character on the focused search button opens the modal with it (spec §4;
 *   DocSearch 4.7 dropped this);
 * - snippets of 10 words, 5 at ≤768 px (spec §9), and the result limits of spec §9;
 * - 'Believe this query should return results?' links to the support request page;
 * - blocked storage (reading `localStorage` throws) gets an in-memory stand-in before the modal
 *   loads (client/storage);
 * - with insights on, the bundled search-insights is ready before the modal mounts, so that
 *   DocSearch loads no script from a CDN (client/insights);
 * - the groups of each answer are kept for 'Try searching for' (client/suggestions);
 * - Ctrl/Cmd+K, `/` or a tap on the button open at once a shell of the modal that keeps what
 *   is typed, before hydration and while the modal's code loads; the modal replaces it
 *   (client/earlyShortcut).
 * - DocSearch's variables and button styles are imported here, for the first paint, and the
 *   modal's styles (DocSearch's and the site's ./modal.css) with the modal's code, out of the
 *   page's stylesheet (./modalStyles; plugins/search-index, MODAL_STYLES), instead of
 *   all of `@docsearch/react/style` in the page's stylesheet.
 * The Ask AI branch of upstream is removed (not used by this site).
 */
import React, {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
} from 'react';
import {createPortal} from 'react-dom';
import {DocSearchButton} from '@docsearch/react/button';
import {useDocSearchKeyboardEvents} from '@docsearch/react/useDocSearchKeyboardEvents';
import Head from '@docusaurus/Head';
import {useHistory, useLocation} from '@docusaurus/router';
import {isRegexpStringMatch} from '@docusaurus/theme-common';
import {useSearchResultUrlProcessor} from '@docusaurus/theme-search-algolia/client';
import {translate} from '@docusaurus/Translate';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {ensureUsableStorage} from '../../client/storage';
import translations from '@theme/SearchTranslations';
import type {
  DocSearchModal as DocSearchModalType,
  DocSearchModalProps,
  DocSearchHit,
  DocSearchTranslations,
  UseDocSearchKeyboardEventsProps,
} from '@docsearch/react';
import {searchHost, searchSeam} from '../../client/client'; // CUSTOM
import {prepareInsights} from '../../client/insights'; // CUSTOM
import {sectionOfPath} from '../../client/scope'; // CUSTOM
import {
  failSearchShell,
  hideSearchShell,
  searchShellOpen,
  searchShellValue,
  showSearchShell,
  takeEarlyShortcut,
} from '../../client/earlyShortcut'; // CUSTOM
import {recordGroups, resetSuggestions} from '../../client/suggestions'; // CUSTOM
import {Hit, ModalExtras, ResultsFooter, snippetWords} from './ModalExtras'; // CUSTOM
// CUSTOM: DocSearch's variables and button styles for the first paint; the modal's come with
// the modal (importDocSearchModalIfNeeded)
import '@docsearch/css/dist/_variables.css';
import '@docsearch/css/dist/button.css';
// Upstream's stylesheet, not a copy (an alias of plugins/search-index: the package's exports
// map hides it); the site's additions follow and override it.
import '@docusaurus/theme-search-algolia/lib/theme/SearchBar/styles.css';
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
  ensureUsableStorage(); // CUSTOM: blocked storage must not crash the modal (client/storage)
  searchSeam().preload(); // CUSTOM: start loading the index together with the modal code
  if (DocSearchModal) {
    return Promise.resolve();
  }
  return Promise.all([
    import('@docsearch/react/modal'),
    // CUSTOM: only the modal's styles, DocSearch's and the site's, in a chunk of their own, not
    // the render-blocking stylesheet (the button's are imported above; design/performance.md,
    // "DocSearch's modal styles" and "Styles that load with their page")
    import('./modalStyles'),
    prepareInsights(searchSeam().config), // CUSTOM: bundled search-insights, ready before the modal mounts
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
    searchSeam().modalClient() as unknown as ReturnType<
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
    searchSeam().setScope({section});
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
    // CUSTOM: until the modal's code is in, its shell shows at once and keeps what is typed.
    const shell = !DocSearchModal && showSearchShell(typedBuffer.current);
    importDocSearchModalIfNeeded().then(
      () => {
        if (shell && !searchShellOpen()) return; // CUSTOM: closed while loading
        const typed = shell ? searchShellValue() : typedBuffer.current; // CUSTOM
        setInitialQuery((q) => q ?? (typed || undefined)); // CUSTOM
        setIsOpen(true);
      },
      // CUSTOM: e.g. offline before the modal's code was ever loaded.
      () =>
        failSearchShell(
          translate({
            id: 'aisle.search.shellFailed',
            message:
              'The search could not load. Check your connection, then try again.',
          }),
        ),
    );
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
      // CUSTOM: the real modal has replaced the shell; its input has the focus.
      hideSearchShell();
      if (document.activeElement === document.body) {
        document.querySelector<HTMLInputElement>('.DocSearch-Input')?.focus();
      }
    }
  }, [isOpen]);

  // CUSTOM: a shortcut pressed before hydration opens the modal now (client/earlyShortcut).
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

  const {config} = searchSeam(); // CUSTOM
  const algolia = config.mode === 'algolia'; // CUSTOM

  return (
    <>
      {/* CUSTOM: preconnect only when a hosted search service is configured. */}
      {algolia && (
        <Head>
          <link
            rel="preconnect"
            href={searchHost(config)}
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
            <ModalExtras section={section} root={modalRoot} />
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

/**
 * The docs plugin's "active doc context" (which version and doc the current path shows, and the
 * same doc in the other versions), answered from a map instead of a scan.
 *
 * @docusaurus/plugin-content-docs 3.10.2 (`getActiveDocContext`, lib/client/docsClientUtils.js)
 * finds the doc with `matchPath(pathname, { path: doc.path, exact: true, strict: false })` over
 * every doc of the active version, and is called afresh by each hook that needs it: the Glossary
 * `doc` navbar item twice (`useActiveDocContext`, then `useLayoutDoc`) and the version dropdown
 * twice (`useActiveDocContext`, then `useDocsVersionCandidates`), and each `docSidebar` item
 * twice, on every page and every render. On the home page, which is no doc, the `doc` item and
 * the dropdown alone made four scans of all 400 docs without a match: about 75 ms of the
 * hydration task at Lighthouse's 4× CPU slowdown (design/main-thread.md, "Active doc context").
 */

/** What the lookup reads of a doc (`GlobalDoc` of the docs plugin). */
export interface DocEntry {
  id: string;
  path: string;
}

/** What the lookup reads of a version (`GlobalVersion`). */
export interface VersionEntry<D extends DocEntry = DocEntry> {
  name: string;
  docs: readonly D[];
}

/** What the lookup reads of the plugin's global data (`GlobalPluginData`). */
export interface DocsData<V extends VersionEntry = VersionEntry> {
  versions: readonly V[];
}

/** The answer, shaped as the docs plugin's `ActiveDocContext`. */
export interface DocContext<V extends VersionEntry> {
  activeVersion?: V;
  activeDoc?: V['docs'][number];
  alternateDocVersions: { [versionName: string]: V['docs'][number] };
}

/**
 * Characters that make a path a pattern for `matchPath` (path-to-regexp 1: parameters, groups,
 * modifiers). A version holding a doc path with one of them is searched as upstream does.
 */
const PATTERN_CHARS = /[:*?+()]/;

/**
 * A pathname as `matchPath` with `exact: true, strict: false, sensitive: false` compares it:
 * one trailing slash is optional and case does not count ("/Connect/" finds "/connect", but
 * "/connect//" finds nothing).
 */
export function docPathKey(pathname: string): string {
  return (pathname.endsWith('/') ? pathname.slice(0, -1) : pathname).toLowerCase();
}

/** Per version: its docs by path key (the first listed wins), or null when it must be scanned. */
const docMaps = new WeakMap<VersionEntry, Map<string, DocEntry> | null>();

function docMap(version: VersionEntry): Map<string, DocEntry> | null {
  let map = docMaps.get(version);
  if (map === undefined) {
    map = version.docs.some((doc) => PATTERN_CHARS.test(doc.path)) ? null : new Map();
    if (map) {
      for (const doc of version.docs) {
        const key = docPathKey(doc.path);
        if (!map.has(key)) map.set(key, doc);
      }
    }
    docMaps.set(version, map);
  }
  return map;
}

/** The last answer per plugin data: every hook of one render asks for the same pathname. */
const lastAnswers = new WeakMap<
  DocsData,
  { pathname: string; context: DocContext<VersionEntry> }
>();

/**
 * The active doc context of `pathname`, the same answer as upstream `getActiveDocContext`.
 * The last answer per data object is kept and returned again (the same object) for the same
 * pathname; each version's map of doc paths is built once, on first use, and kept while the
 * version object lives.
 * @param data the docs plugin's global data.
 * @param pathname the router location's pathname (without base URL handling: as upstream).
 * @param activeVersionOf upstream `getActiveVersion` (version paths are prefixes, matched with
 *   `matchPath`; a handful per site, so left to upstream).
 * @param matches upstream's doc test, `matchPath(pathname, { path, exact: true, strict: false })`,
 *   used only for a version holding a doc path with pattern characters.
 */
export function activeDocContext<V extends VersionEntry, T extends DocsData<V>>(
  data: T,
  pathname: string,
  activeVersionOf: (data: T, pathname: string) => V | undefined,
  matches: (pathname: string, docPath: string) => boolean,
): DocContext<V> {
  const last = lastAnswers.get(data);
  if (last && last.pathname === pathname) return last.context as DocContext<V>;

  const activeVersion = activeVersionOf(data, pathname);
  let activeDoc: V['docs'][number] | undefined;
  if (activeVersion) {
    const map = docMap(activeVersion);
    activeDoc = map
      ? (map.get(docPathKey(pathname)) as V['docs'][number] | undefined)
      : activeVersion.docs.find((doc) => matches(pathname, doc.path));
  }
  const alternateDocVersions: DocContext<V>['alternateDocVersions'] = {};
  if (activeDoc) {
    // As upstream: every doc with the same id, the last one listed in a version winning.
    for (const version of data.versions) {
      for (const doc of version.docs) {
        if (doc.id === activeDoc.id) alternateDocVersions[version.name] = doc;
      }
    }
  }
  const context: DocContext<V> = { activeVersion, activeDoc, alternateDocVersions };
  lastAnswers.set(data, { pathname, context });
  return context;
}

/**
 * The sidebar of the doc at a pathname, from a map built once per docs plugin data. The same
 * answer as `useActiveDocContext(pluginId).activeDoc?.sidebar` of
 * @docusaurus/plugin-content-docs 3.10.2, which finds the doc with `matchPath` (exact, not
 * strict, not case-sensitive) over every doc of the active version, on every render of every
 * `docSidebar` navbar item: 9 items × 400 docs on a page that is no doc (the home page), about
 * 90 ms of hydration at Lighthouse's 4× CPU slowdown (design/main-thread.md, "Navbar items").
 */

/** What the lookup reads of the docs plugin's global data (`GlobalPluginData`). */
export interface DocsData {
  versions: readonly { path: string; docs: readonly { path: string; sidebar?: string }[] }[];
}

/**
 * A pathname as `matchPath` compares it with `exact: true, strict: false`: without trailing
 * slashes, case-insensitive ("/Connect/" and "/connect" are the same doc).
 */
export function pathKey(pathname: string): string {
  return pathname.replace(/\/+$/, '').toLowerCase() || '/';
}

const maps = new WeakMap<DocsData, Map<string, string | undefined>>();

/**
 * The sidebar id of the doc at `pathname`, or undefined when no doc is there (or it is in no
 * sidebar). Doc paths are unique across versions (each version has its own path prefix), so one
 * map of all versions answers as the active version would; the first doc listed wins a tie.
 * @param data the plugin's global data; its map is built on first use and kept while the object
 *   lives.
 */
export function activeDocSidebar(data: DocsData, pathname: string): string | undefined {
  let map = maps.get(data);
  if (!map) {
    map = new Map();
    for (const version of data.versions) {
      for (const doc of version.docs) {
        const key = pathKey(doc.path);
        if (!map.has(key)) map.set(key, doc.sidebar);
      }
    }
    maps.set(data, map);
  }
  return map.get(pathKey(pathname));
}

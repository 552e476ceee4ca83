/**
 * Client module: an address whose percent-escapes are not UTF-8 (for example
 * `/connect/foo%E0%A4`, a pasted or truncated link) still gets a working not-found page.
 *
 * The router's history library decodes `location.pathname` with `decodeURI` when it starts
 * and throws on such an address, so the page the server sent (its not-found page) never
 * hydrated: no search, no colour mode, no menu. Before the router starts (client modules are
 * evaluated first), the address is rewritten in place with every `%` of the path escaped as
 * `%25`: the path then decodes to the characters the reader sent, matches no route, and the
 * not-found page renders as the server rendered it. Well-formed addresses are left alone.
 */

/**
 * The pathname to use instead of `pathname`, or `null` when `decodeURI` accepts it.
 * @param pathname a location pathname, e.g. `/connect/foo%E0%A4` → `/connect/foo%25E0%25A4`
 */
export function repairedPathname(pathname: string): string | null {
  try {
    decodeURI(pathname);
    return null;
  } catch {
    return pathname.replace(/%/g, '%25');
  }
}

if (typeof window !== 'undefined') {
  const { pathname, search, hash } = window.location;
  const repaired = repairedPathname(pathname);
  if (repaired !== null)
    window.history.replaceState(window.history.state, '', repaired + search + hash);
}

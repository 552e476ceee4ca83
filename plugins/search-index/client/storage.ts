/**
 * A usable `window.localStorage` for the search modal. Where storage is blocked (site data off,
 * some private modes, sandboxed frames) reading `window.localStorage` throws a SecurityError,
 * and DocSearch reads it outside any `try` (its storage size check), which crashed the navbar's
 * search item before the modal could open. Here an in-memory Storage takes the place of the
 * blocked one for this page: recent searches and favorites then last until the page is left.
 */

/** An in-memory `Storage` (the Web Storage interface), for this page only. */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  const storage = {
    get length() {
      return items.size;
    },
    key: (index: number) => [...items.keys()][index] ?? null,
    getItem: (key: string) => items.get(String(key)) ?? null,
    setItem: (key: string, value: string) => void items.set(String(key), String(value)),
    removeItem: (key: string) => void items.delete(String(key)),
    clear: () => items.clear(),
  };
  return storage as Storage;
}

/**
 * Makes `window.localStorage` readable: when reading it throws, an own `localStorage` property
 * on `window` with memoryStorage() shadows the blocked one. Does nothing where storage works or
 * outside a browser.
 * @returns true when the in-memory storage was put in place.
 */
export function ensureUsableStorage(): boolean {
  if (typeof window === 'undefined') return false;
  try {
    // Reading the property is what throws when storage is blocked.
    void window.localStorage?.length;
    return false;
  } catch {
    Object.defineProperty(window, 'localStorage', {
      value: memoryStorage(),
      configurable: true,
    });
    return true;
  }
}

/**
 * Replacement for `@docusaurus/core/lib/client/prefetch.js` (3.10.2), put in by the bundler
 * (see ./index.ts): the same `<link rel=prefetch>` (or XHR where `prefetch` is unsupported),
 * but each chunk URL is requested once per page life. Upstream appends a new `<link>` for
 * every route that needs a chunk, and routes share most of theirs: an API page appended 467
 * links for 29 distinct URLs at 412 px, and 927 for 49 at 1440 px, about 750 ms of
 * main-thread work at Lighthouse's 4× CPU slowdown (design/main-thread.md, "Prefetch").
 */

/** Fetches one URL into the HTTP cache; rejects when it cannot. */
export type PrefetchStrategy = (url: string) => Promise<void>;

function supportsPrefetch(): boolean {
  try {
    return document.createElement('link').relList.supports('prefetch');
  } catch {
    return false;
  }
}

const linkStrategy: PrefetchStrategy = (url) =>
  new Promise((resolve, reject) => {
    if (typeof document === 'undefined') {
      reject(new Error('no document'));
      return;
    }
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = url;
    link.onload = () => resolve();
    link.onerror = () => reject(new Error(`prefetch failed: ${url}`));
    document.head.appendChild(link);
  });

const xhrStrategy: PrefetchStrategy = (url) =>
  new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('GET', url, true);
    request.withCredentials = true;
    request.onload = () =>
      request.status === 200 ? resolve() : reject(new Error(`HTTP ${request.status}`));
    request.onerror = () => reject(new Error(`prefetch failed: ${url}`));
    request.send(null);
  });

/**
 * Returns `prefetch(url)`: the first call for a URL starts `strategy(url)`; later calls for
 * the same URL, while it is in flight or after it succeeded, start nothing. A failed URL may
 * be tried again by a later call. The returned promise never rejects (upstream's contract:
 * a 404 is already in the console).
 */
export function createPrefetcher(strategy: PrefetchStrategy): (url: string) => Promise<void> {
  const requested = new Map<string, Promise<void>>();
  return (url) => {
    const known = requested.get(url);
    if (known) return known;
    const pending = strategy(url).catch(() => {
      requested.delete(url);
    });
    requested.set(url, pending);
    return pending;
  };
}

let prefetcher: ((url: string) => Promise<void>) | undefined;

/** Upstream's default export: prefetches one chunk URL, at most once at a time. */
export default function prefetch(url: string): Promise<void> {
  prefetcher ??= createPrefetcher(supportsPrefetch() ? linkStrategy : xhrStrategy);
  return prefetcher(url);
}

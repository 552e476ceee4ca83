/**
 * Options for Algolia's lite client (algoliasearch 5.64.0), loaded with it on the first
 * search so that local builds never ship them.
 *
 * Host health (spec §4 "Search host health", §7 failure handling, §9 host-down expiry
 * 120 000 ms) is algoliasearch's own retry strategy: a host that fails (network error, timeout,
 * status outside 2xx and 4xx) is marked down or timed out in the client's `hostsCache`, and
 * `createStatefulHost` treats the mark as expired after 2 minutes. The cache the browser build
 * sets up keeps no mark across searches, for two reasons in @algolia/client-common 5.64.0:
 * - the transporter reads a host's state under the host as configured (`url`, `port`,
 *   `protocol`, `accept`) but writes a failure under the state object it tried, which also
 *   carries `status` and `lastUpdate`; the keys never match, so the failed host is tried first
 *   again on the next search;
 * - the default cache keeps states as JSON in localStorage, which drops the `isUp()` and
 *   `isTimedOut()` methods the transporter calls on a cached state.
 * {@link createHostsCache} is the client's `hostsCache` option with both put right.
 */
import type { liteClient } from 'algoliasearch/lite';

/** The lite client's options (`ClientOptions` of @algolia/client-common). */
export type AlgoliaClientOptions = NonNullable<Parameters<typeof liteClient>[2]>;
type HostsCache = NonNullable<AlgoliaClientOptions['hostsCache']>;

/** Search client timeouts in ms (spec §9: connect 1 s, read 2 s, write 30 s). */
export const SEARCH_TIMEOUTS = { connect: 1_000, read: 2_000, write: 30_000 } as const;

/** The fields that name a host; a host's state adds `status`, `lastUpdate` and two methods. */
const HOST_FIELDS = ['url', 'port', 'protocol', 'accept'] as const;

function hostKey(key: Record<string, unknown> | string): string {
  if (typeof key === 'string') return key;
  return JSON.stringify(HOST_FIELDS.map((field) => key[field] ?? null));
}

/**
 * A hosts cache that keeps each host's state across searches for the life of the page (and
 * across the site's client-side navigation): keyed by the host's own fields whatever state
 * object the transporter passes, values kept as they are (methods included), in memory.
 * A full page load starts with every host up.
 */
export function createHostsCache(): HostsCache {
  const states = new Map<string, unknown>();
  return {
    async get<T>(
      key: Record<string, unknown> | string,
      defaultValue: () => Promise<T>,
      events?: { miss: (value: T) => Promise<unknown> },
    ): Promise<T> {
      const k = hostKey(key);
      if (states.has(k)) return states.get(k) as T;
      const value = await defaultValue();
      await events?.miss(value);
      return value;
    },
    async set<T>(key: Record<string, unknown> | string, value: T): Promise<T> {
      states.set(hostKey(key), value);
      return value;
    },
    async delete(key) {
      states.delete(hostKey(key));
    },
    async clear() {
      states.clear();
    },
  };
}

/**
 * The lite client's options: the spec's timeouts, the hosts cache above, and `origins` (from
 * ALGOLIA_HOSTS, e.g. `https://search.aisle.example` or `http://127.0.0.1:8080`) in place of
 * Algolia's default hosts when any are given, tried in that order.
 * @throws TypeError when an origin is not a URL (config/env.ts validates them at build time).
 */
export function algoliaClientOptions(origins: readonly string[]): AlgoliaClientOptions {
  return {
    timeouts: { ...SEARCH_TIMEOUTS },
    hostsCache: createHostsCache(),
    ...(origins.length > 0 && {
      hosts: origins.map((origin) => {
        const u = new URL(origin);
        return {
          url: u.hostname,
          port: u.port ? Number(u.port) : undefined,
          protocol: u.protocol === 'http:' ? ('http' as const) : ('https' as const),
          accept: 'read' as const,
        };
      }),
    }),
  };
}

/**
 * The hosts of the Try it panel (CONTRIBUTING.md "Hosts"): the sandbox and test servers the
 * sandbox twin answers for, and the production servers a build may offer as well
 * (TRY_IT_REAL_HOSTS=true). One list for the panel and the Content-Security-Policy
 * (deploy/headers.ts), whose `connect-src` must allow them: the browser checks the CSP before
 * the service worker sees a request. Derived from the platform's base URLs
 * (src/data/facts/hosts.ts), so the twin, the panel and the CSP name the same hosts.
 */
import { baseUrls } from '../../src/data/facts/hosts';

/** Origins of the sandbox and test servers (the twin answers these; msw intercepts only these). */
export const SANDBOX_ORIGINS: readonly string[] = [
  ...new Set(Object.values(baseUrls).map((b) => new URL(b.sandbox).origin)),
];

/** The store a FoodStorm production target names (its host is one per store). */
const FOODSTORM_STORE = 'fresh-market';

/**
 * Production origin of each sandbox origin, from the same facts. Aisle Ads has none of its own:
 * its test accounts use the production host, so every request to it is the twin's and no real
 * target is offered. FoodStorm has one host per store; the example retailer's store stands for it.
 */
export const PRODUCTION_ORIGIN_OF: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(baseUrls)
    .filter((b) => b.production !== b.sandbox)
    .map((b) => [
      new URL(b.sandbox).origin,
      new URL(b.production.replace('{store}', FOODSTORM_STORE)).origin,
    ]),
);

/** Production origins offered when TRY_IT_REAL_HOSTS=true (for the CSP). */
export const PRODUCTION_ORIGINS: readonly string[] = Object.values(PRODUCTION_ORIGIN_OF);

/**
 * The production server of a sandbox server (origin and base path), or undefined when the API
 * has none apart from its sandbox (Aisle Ads).
 * @param sandboxServer e.g. `https://api.sandbox.aisle.example/idp/v1`
 */
export function productionServer(sandboxServer: string): string | undefined {
  let url: URL;
  try {
    url = new URL(sandboxServer);
  } catch {
    return undefined;
  }
  const origin = PRODUCTION_ORIGIN_OF[url.origin];
  return origin ? `${origin}${url.pathname.replace(/\/$/, '')}` : undefined;
}

/**
 * The hosts of the Try it panel (CONTRIBUTING.md "Hosts"): the sandbox and test servers the
 * sandbox twin answers for, and the production servers a build may offer as well
 * (TRY_IT_REAL_HOSTS=true). One list for the panel and the Content-Security-Policy
 * (deploy/headers.ts), whose `connect-src` must allow them: the browser checks the CSP before
 * the service worker sees a request.
 */

/** Origins of the sandbox and test servers (the twin answers these; msw intercepts only these). */
export const SANDBOX_ORIGINS = [
  'https://connect.sandbox.aisle.example',
  'https://catalog.sandbox.aisle.example',
  'https://api.sandbox.aisle.example',
  'https://ads.aisle.example',
  'https://fresh-market-test.foodstorm.example',
] as const;

/**
 * Production origin of each sandbox origin. Aisle Ads has none of its own: its test accounts
 * use the production host, so every request to it is the twin's and no real target is offered.
 * FoodStorm has one host per store; the example retailer's store (`fresh-market`) stands for it.
 */
export const PRODUCTION_ORIGIN_OF: Readonly<Record<string, string>> = {
  'https://connect.sandbox.aisle.example': 'https://connect.aisle.example',
  'https://catalog.sandbox.aisle.example': 'https://catalog.aisle.example',
  'https://api.sandbox.aisle.example': 'https://api.aisle.example',
  'https://fresh-market-test.foodstorm.example': 'https://fresh-market.foodstorm.example',
};

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

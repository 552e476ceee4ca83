/**
 * The platform's hosts (CONTRIBUTING.md "Hosts" and the hosts pages established): every
 * `*.aisle.example` host a page or definition names is one of these.
 */

/** Every host under `aisle.example`, production and sandbox. */
export const hosts: readonly string[] = [
  'aisle.example',
  'connect.aisle.example',
  'connect.sandbox.aisle.example',
  'catalog.aisle.example',
  'catalog.sandbox.aisle.example',
  // The sandbox's reference payment connector (the Storefront's connector contract).
  'payments.sandbox.aisle.example',
  'api.aisle.example',
  'api.sandbox.aisle.example',
  'ads.aisle.example',
  'portal.aisle.example',
  'status.aisle.example',
  'www.aisle.example',
  'sftp.aisle.example',
  'docs.aisle.example',
  'images.aisle.example',
  'widgets.aisle.example',
  'storefront-edge.aisle.example',
  // Hosted storefronts: `<slug>.storefront.aisle.example` and `preview-<slug>…`.
  'fresh-market.storefront.aisle.example',
  'preview-fresh-market.storefront.aisle.example',
];

/** Base URLs of the APIs, production and sandbox. */
export const baseUrls = {
  connect: {
    production: 'https://connect.aisle.example',
    sandbox: 'https://connect.sandbox.aisle.example',
  },
  catalog: {
    production: 'https://catalog.aisle.example',
    sandbox: 'https://catalog.sandbox.aisle.example',
  },
  'developer-platform': {
    production: 'https://api.aisle.example/idp/v1',
    sandbox: 'https://api.sandbox.aisle.example/idp/v1',
  },
  ads: {
    production: 'https://ads.aisle.example/api/v2',
    sandbox: 'https://ads.aisle.example/api/v2',
  },
  foodstorm: {
    production: 'https://{store}.foodstorm.example/api/v1',
    sandbox: 'https://fresh-market-test.foodstorm.example/api/v1',
  },
  // Each payment provider runs its connector at its own base URL (the definition's first
  // server is an example host); Aisle runs only the sandbox's reference connector, which
  // answers from the definition's examples. Production is the same host, as for Ads, so the
  // Try it panel offers no real target: there is no Aisle production host to offer.
  'payment-connector': {
    production: 'https://payments.sandbox.aisle.example/aisle/v1',
    sandbox: 'https://payments.sandbox.aisle.example/aisle/v1',
  },
} as const;

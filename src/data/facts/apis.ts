/**
 * The APIs whose facts the site repeats, and which pages and definitions speak for each. A page
 * belongs to the API of its documentation root (`docs/connect/…` is Connect); a definition to
 * the API it describes (the six Connect definitions are Connect).
 */

/**
 * An API family: the Connect APIs share one error catalogue, auth and limits. The payment
 * connector is the one API Aisle calls rather than serves: payment providers implement it for
 * the Storefront (`openapi/payment-connector.yaml`).
 */
export type Api =
  | 'connect'
  | 'catalog'
  | 'foodstorm'
  | 'developer-platform'
  | 'ads'
  | 'payment-connector';

/** Every API family, in navbar order of their products. */
export const apis: readonly Api[] = [
  'connect',
  'catalog',
  'foodstorm',
  'developer-platform',
  'ads',
  'payment-connector',
];

/** Documentation root folder (under `docs/`) of each API family. */
const docsRoots: Record<string, Api> = {
  connect: 'connect',
  catalog: 'catalog',
  foodstorm: 'foodstorm',
  developer_platform_api: 'developer-platform',
  ads: 'ads',
  // The Storefront's payment connector: implemented by payment providers, called by Aisle.
  'payment-connector': 'payment-connector',
};

/** OpenAPI definition (file name without `.yaml`) of each API family. */
const definitions: Record<string, Api> = {
  // The token and revoke endpoints, on the Connect hosts.
  oauth: 'connect',
  fulfillment: 'connect',
  'post-checkout': 'connect',
  recommendations: 'connect',
  sandbox: 'connect',
  transactions: 'connect',
  catalog: 'catalog',
  foodstorm: 'foodstorm',
  'developer-platform': 'developer-platform',
  ads: 'ads',
  // The Storefront's payment connector: implemented by payment providers, called by Aisle.
  'payment-connector': 'payment-connector',
};

/**
 * The API a page or definition speaks for, from its path relative to the repository
 * (`docs/connect/api/webhooks.mdx`, `openapi/fulfillment.yaml`).
 * @returns undefined for pages outside an API's root (Storefront, Widgets, Support…).
 */
export function apiOfFile(file: string): Api | undefined {
  const parts = file.split(/[\\/]/);
  if (parts[0] === 'docs') return docsRoots[parts[1]];
  if (parts[0] === 'openapi') return definitions[parts[1]?.replace(/\.yaml$/, '')];
  return undefined;
}

/**
 * The API definitions turned into reference pages by plugins/openapi-pages (openapi/README.md).
 * `categoryBase` gives the `/category/api/<group>` index pages of spec §2, whose group names
 * are the specification's (`post_checkout`, `transaction`).
 */
import type { OpenApiPagesOptions } from '../plugins/openapi-pages';
import type { Wording } from '../plugins/openapi-pages/render/types';
import { sampleEnvironment } from '../src/data/facts/examples';

/** The words around the definitions' own text on every generated page (US English). */
export const apiWording: Wording = {
  sections: {
    endpoint: 'Endpoint',
    authorization: 'Authorization',
    request: 'Request',
    requestWebhook: 'Request sent by Aisle',
    responses: 'Responses',
    responsesWebhook: 'Responses from your endpoint',
    related: 'Related',
    samples: 'Samples',
    requestSample: 'Request',
    responseSample: 'Response',
    payloadSample: 'Payload',
    samplesEnvironment: 'Reads {variables}',
    samplesHow: 'how to run it',
  },
  parameters: {
    path: 'Path parameters',
    query: 'Query parameters',
    header: 'Header parameters',
    cookie: 'Cookie parameters',
    body: 'Body',
  },
  auth: {
    scheme: 'Scheme',
    header: 'Header',
    scopes: 'Scopes',
    none: 'None: this operation needs no credentials.',
    anyOf: 'Any one of these:',
    oauthClientCredentials: 'OAuth 2.0 access token (client credentials)',
    oauth: 'OAuth 2.0 access token',
    httpBearer: 'Bearer token',
    apiKey: 'API key',
    howToGet: 'How to get one',
    allScopes: 'all scopes',
    webhookSignature:
      'Aisle signs each callback with the `X-Aisle-Signature` header; verify it before you trust the body.',
    webhookHow: 'How to verify it',
  },
  field: {
    required: 'required',
    deprecated: 'deprecated',
    values: 'one of',
    example: 'example',
    circular: 'Repeats an enclosing object; its fields are listed above.',
    depth: 'Nested too deep to list here; see the schema.',
    children: 'Fields ({n})',
    itemChildren: 'Fields of each item ({n})',
    mapChildren: 'Fields of each value ({n})',
    oneOf: 'Exactly one of these',
    anyOf: 'At least one of these',
    discriminator: 'chosen by',
    requires: 'Send',
    arrayBody: 'An array; each item has these fields.',
    expandAll: 'Expand all',
    collapseAll: 'Collapse all',
  },
  responses: {
    codes: 'codes',
    headers: 'Headers',
    body: 'Body',
    noBody: 'No body.',
    errorsPage: 'Every error code, with what to do about it',
    errorsLink: 'Error and status codes',
    webhookAnswer:
      'Answer with a `2xx` status once the event is stored. Any other answer, or none, makes Aisle retry with exponential back-off for 24 hours.',
  },
  endpoint: {
    onBaseUrl: 'on the base URL of the environment:',
    environment: 'Environment',
    baseUrl: 'Base URL',
    deprecated:
      'Deprecated. This operation still works; see the changelog for its replacement and removal date.',
    sentIn: 'Sent in',
    eventType: 'Event type',
    callbackUrl: 'your callback URL',
  },
  related: { definition: '{api} definition (OpenAPI 3.1, YAML)', schemas: '{api} schemas' },
  downloadsPage: {
    title: 'API definitions',
    description:
      'The OpenAPI 3.1 definition of every Aisle API, to import into an API client, a mock server or a client generator.',
    introduction:
      'Every Aisle API is described by an OpenAPI 3.1 definition in YAML. The reference pages of this site are generated from these files, so a definition and its pages always agree. Import one into your API client, point a mock server at it, or generate a client library from it.',
    columns: ['API', 'Version', 'Operations', 'Callbacks', 'Definition', 'Postman'],
    postmanLink: 'Collection',
    after: [
      'Each file is self-contained: shared schemas are bundled in, and `servers` lists the production and sandbox (or test) hosts. The changelog next to each reference in the sidebar says what changed between versions. Each Postman collection (format v2.1) is made from its definition when the site is built: one folder per tag, requests filled with the examples.',
      '',
      '## Run the samples',
      '',
      `The request samples of the API pages read two environment variables: \`${sampleEnvironment.baseUrl}\`, the base URL (the API's sandbox host when it is not set), and \`${sampleEnvironment.token}\`, your credential: a sandbox access token for the Connect and Catalog APIs ([Access tokens](/connect/api/access_tokens)), or the sandbox key of a key-based API (Ads, the Developer Platform API, FoodStorm, the payment connector). Set them, paste a sample and run it. Each run sends a new \`Idempotency-Key\` and, where the call creates something, a new id in place of the example's, and prints the status before the body. The cURL samples make the key with \`uuidgen\`, which macOS has and Linux has in util-linux or uuid-runtime.`,
      '',
      'A call that needs earlier state names what it needs in its description and in its Try it panel, whose Prepare control makes it for you, for example a time-slot hold before an order.',
      '',
      `Each Postman collection has the same two settings as collection variables, \`aisleBaseUrl\` and \`aisleToken\`. Leave \`aisleToken\` empty in a Connect or Catalog collection and set \`clientId\` and \`clientSecret\` instead: the collection gets a token before its first request. Each request sends a new \`Idempotency-Key\` and new ids, and a request that needs earlier state makes it in its pre-request script, as Prepare does, then checks that the answer has a documented success status. Run a collection in order from a fresh sandbox (Reset the sandbox), with a pause of about 300 ms between requests to stay under the sandbox's rate limits.`,
    ].join('\n'),
  },
  schemasPage: {
    title: '{api} schemas',
    sidebarLabel: 'Schemas',
    description:
      'Every object the {api} sends or accepts, with its fields, types and constraints, as its OpenAPI definition describes them.',
  },
};

/** The page listing the definitions; it says how to run the samples and collections. */
const downloadsDoc = 'aisle/api_definitions';
const samples = `/${downloadsDoc}#run-the-samples`;

const connect = (id: string, group: string) => ({
  id,
  spec: `openapi/${id}.yaml`,
  docsDir: `connect/${id}/api_reference`,
  routeBase: `/connect/${id}/api`,
  categoryBase: `/category/api/${group}`,
  links: {
    auth: '/connect/api/authentication',
    scopes: '/connect/api/permissions_scopes',
    errors: '/connect/api/error_and_status_codes',
    webhooks: '/connect/api/webhooks',
    samples,
  },
});

/** An API outside Connect: its own folder, URL base and shared pages. */
const api = (
  id: string,
  docsDir: string,
  routeBase: string,
  group: string,
  links: Record<string, string>,
) => ({
  id,
  spec: `openapi/${id}.yaml`,
  docsDir,
  routeBase,
  categoryBase: `/category/api/${group}`,
  links: { ...links, samples },
});

export const openapiPages = {
  docsPath: 'docs',
  staticPath: 'static',
  wording: apiWording,
  downloadsDoc,
  apis: [
    connect('fulfillment', 'fulfillment'),
    connect('post-checkout', 'post_checkout'),
    connect('recommendations', 'recommendations'),
    connect('sandbox', 'sandbox'),
    connect('transactions', 'transaction'),
    // The token and revoke endpoints every Connect and Catalog call starts from, among the
    // Connect API basics (their pages keep the URLs of the hand-written ones they replace).
    {
      id: 'oauth',
      spec: 'openapi/oauth.yaml',
      docsDir: 'connect/api/oauth/api_reference',
      routeBase: '/connect/api/oauth',
      categoryBase: '/category/api/oauth',
      links: { errors: '/connect/api/error_and_status_codes', samples },
    },
    api('catalog', 'catalog/catalog_api/api_reference', '/catalog/catalog_api/api', 'catalog', {
      auth: '/catalog/catalog_api/api-authentication',
      errors: '/catalog/error_and_status_codes',
    }),
    api('ads', 'ads/api_reference', '/ads/api', 'ads', {
      auth: '/ads/api/authentication',
      errors: '/ads/error_and_status_codes',
    }),
    api(
      'developer-platform',
      'developer_platform_api/api_reference',
      '/developer_platform_api/api',
      'developer_platform',
      { auth: '/developer_platform_api/api-keys', errors: '/developer_platform_api/errors' },
    ),
    api('foodstorm', 'foodstorm/api_reference', '/foodstorm/api', 'foodstorm', {
      auth: '/foodstorm/authentication',
      errors: '/foodstorm/api_overview#errors',
    }),
    // The Storefront's payment connector: payment providers implement it, Aisle calls it.
    api(
      'payment-connector',
      'storefront/integrate/payment_connector/api_reference',
      '/storefront/integrate/payment_connector/api',
      'payment_connector',
      {
        auth: '/storefront/integrate/payment_connector#authentication',
        errors: '/storefront/integrate/payment_connector#errors-and-retries',
      },
    ),
  ],
} satisfies OpenApiPagesOptions;

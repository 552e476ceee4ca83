/**
 * The API definitions turned into reference pages by plugins/openapi-pages (openapi/README.md).
 * `categoryBase` gives the `/category/api/<group>` index pages of spec §2, whose group names
 * are the specification's (`post_checkout`, `transaction`).
 */
import type { OpenApiPagesOptions } from '../plugins/openapi-pages';

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
  links,
});

export const openapiPages = {
  docsPath: 'docs',
  staticPath: 'static',
  apis: [
    connect('fulfillment', 'fulfillment'),
    connect('post-checkout', 'post_checkout'),
    connect('recommendations', 'recommendations'),
    connect('sandbox', 'sandbox'),
    connect('transactions', 'transaction'),
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
  ],
} satisfies OpenApiPagesOptions;

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

export const openapiPages = {
  docsPath: 'docs',
  staticPath: 'static',
  apis: [
    connect('fulfillment', 'fulfillment'),
    connect('post-checkout', 'post_checkout'),
    connect('recommendations', 'recommendations'),
    connect('sandbox', 'sandbox'),
    connect('transactions', 'transaction'),
  ],
} satisfies OpenApiPagesOptions;

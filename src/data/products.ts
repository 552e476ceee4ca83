/**
 * The product areas of the site, in navbar order. The home page cards and the e2e list of
 * documentation roots both read this list, so a new area is added in one place.
 */
export interface ProductArea {
  /** Documentation root path (spec §2 "Documentation roots"), e.g. `/catalog`. */
  path: string;
  /** Card title. */
  title: string;
  /** Who it is for and what it does, one sentence. */
  summary: string;
  /** Menu the area sits under in the navbar. */
  group:
    | 'Aisle Platform'
    | 'Retailer Storefronts'
    | 'Retailer Site Integrations'
    | 'Advertising'
    | 'Developer Platform'
    | 'Help';
}

export const productAreas: readonly ProductArea[] = [
  {
    path: '/catalog',
    title: 'Catalog',
    summary: 'Send your items, prices and availability by inventory file or the Catalog API.',
    group: 'Aisle Platform',
  },
  {
    path: '/discounting_platform',
    title: 'Discounting Platform',
    summary: 'Run coupons, offers and special pricing, and see how discounts stack at checkout.',
    group: 'Aisle Platform',
  },
  {
    path: '/storefront',
    title: 'Storefront and Storefront Pro',
    summary: 'Launch and manage your branded e-commerce site and apps.',
    group: 'Retailer Storefronts',
  },
  {
    path: '/connect',
    title: 'Connect APIs',
    summary: 'Fulfill orders from your own site: delivery, pickup and last mile, with callbacks.',
    group: 'Retailer Site Integrations',
  },
  {
    path: '/foodstorm',
    title: 'FoodStorm',
    summary: 'Manage catering and food-service menus, orders, lead times and production.',
    group: 'Retailer Site Integrations',
  },
  {
    path: '/widgets',
    title: 'Shopping Widgets',
    summary: 'Embed search, collections and a cart on any page with a script tag.',
    group: 'Retailer Site Integrations',
  },
  {
    path: '/ads',
    title: 'Aisle Ads',
    summary: 'Serve sponsored products, display placements and brand pages, and report results.',
    group: 'Advertising',
  },
  {
    path: '/developer_platform_api',
    title: 'Developer Platform API',
    summary: 'Turn recipes and shopping lists into shoppable pages for your readers.',
    group: 'Developer Platform',
  },
  {
    path: '/support',
    title: 'Technical support',
    summary: 'Check platform status, open a request and follow it to resolution.',
    group: 'Help',
  },
  {
    path: '/glossary',
    title: 'Glossary',
    summary: 'Every term used across Aisle products, from access token to zone.',
    group: 'Help',
  },
];

/**
 * Every documentation root of spec §2, with `/aisle/ipp-terms` for `/{product}/ipp-terms`.
 * Used by the e2e tests (each must answer 200 and pass the accessibility scan).
 */
export const documentationRoots: readonly string[] = [
  '/catalog',
  '/connect',
  '/connect/fulfillment',
  '/connect/post-checkout',
  '/connect/recommendations',
  '/connect/sandbox',
  '/connect/transactions',
  '/developer_platform_api',
  '/discounting_platform',
  '/foodstorm',
  '/storefront',
  '/widgets',
  '/ads',
  '/support',
  '/glossary',
  '/aisle/ipp-terms',
];

/**
 * Navbar and footer of the site, kept out of `docusaurus.config.ts` so that the main config
 * stays readable. The menus follow the specification (§2 "Navigation menus") item for item.
 */
import type { UserThemeConfig } from '@docusaurus/theme-common';

type Navbar = NonNullable<UserThemeConfig['navbar']>;
type Footer = NonNullable<UserThemeConfig['footer']>;

/** External product pages (reserved `.example` domain, see CONTRIBUTING.md "Hosts"). */
export const PLATFORM_PORTAL_URL = 'https://portal.aisle.example';
export const STATUS_PAGE_URL = 'https://status.aisle.example';
export const IN_STORE_URL = 'https://www.aisle.example/in-store';

/**
 * Pages of a product area for a dropdown's highlight: Docusaurus marks a dropdown active only
 * through its items' `activeBaseRegex` (a sidebar item alone never lights its dropdown). The
 * area's docs folder and its `/category/{api,guide}/<group>` index pages.
 */
function area(folder: string, groups: string[] = []): string {
  const categories = groups.length ? `|category/(api|guide)/(${groups.join('|')})` : '';
  return `^/(${folder}${categories})(/|$)`;
}

/**
 * The changelogs the version menu lists after the versions: every API and product changelog,
 * so a reader who looks for "what changed" from the version control finds it. Plain links (the
 * build checks them), lit only on their own page: a doc item would light up on every page of
 * its sidebar.
 */
export const CHANGELOGS: { to: string; label: string }[] = [
  { to: '/connect/fulfillment/changelog', label: 'Fulfillment API' },
  { to: '/connect/post-checkout/changelog', label: 'Post-checkout API' },
  { to: '/connect/recommendations/changelog', label: 'Recommendations API' },
  { to: '/connect/transactions/changelog', label: 'Transactions API' },
  { to: '/connect/sandbox/changelog', label: 'Sandbox' },
  { to: '/catalog/changelog', label: 'Catalog' },
  { to: '/discounting_platform/changelog', label: 'Discounting Platform' },
  { to: '/ads/api/changelog', label: 'Ads API' },
  { to: '/storefront/changelog', label: 'Storefront' },
  { to: '/foodstorm/changelog', label: 'FoodStorm' },
  { to: '/widgets/changelog', label: 'Shopping Widgets' },
  { to: '/developer_platform_api/changelog', label: 'Developer Platform' },
];

/** Navbar: product menus on the left; versions, languages and colour mode on the right. */
export const navbar = {
  title: 'Aisle Docs',
  logo: {
    alt: 'Aisle',
    src: 'img/logo.svg',
    srcDark: 'img/logo-dark.svg',
    width: 32,
    height: 32,
  },
  items: [
    {
      type: 'dropdown',
      label: 'Aisle Platform',
      position: 'left',
      items: [
        {
          type: 'docSidebar',
          sidebarId: 'catalog',
          label: 'Catalog',
          activeBaseRegex: area('catalog', ['catalog']),
        },
        { href: PLATFORM_PORTAL_URL, label: 'Platform Portal' },
        {
          type: 'docSidebar',
          sidebarId: 'discounting_platform',
          label: 'Discounting Platform',
          activeBaseRegex: area('discounting_platform'),
        },
      ],
    },
    {
      type: 'docSidebar',
      sidebarId: 'storefront',
      label: 'Retailer Storefronts',
      position: 'left',
    },
    {
      type: 'dropdown',
      label: 'Retailer Site Integrations',
      position: 'left',
      items: [
        {
          type: 'docSidebar',
          sidebarId: 'connect',
          label: 'Connect',
          activeBaseRegex: area('connect', [
            'fulfillment',
            'post_checkout',
            'recommendations',
            'sandbox',
            'transaction',
          ]),
        },
        {
          type: 'docSidebar',
          sidebarId: 'foodstorm',
          label: 'FoodStorm',
          activeBaseRegex: area('foodstorm', ['foodstorm']),
        },
        {
          type: 'docSidebar',
          sidebarId: 'widgets',
          label: 'Widgets',
          activeBaseRegex: area('widgets'),
        },
      ],
    },
    { type: 'docSidebar', sidebarId: 'ads', label: 'Advertising', position: 'left' },
    { href: IN_STORE_URL, label: 'In-Store Solutions', position: 'left' },
    {
      type: 'docSidebar',
      sidebarId: 'developer_platform_api',
      label: 'Developer Platform',
      position: 'left',
    },
    { type: 'doc', docId: 'glossary/index', label: 'Glossary', position: 'left' },
    { type: 'docSidebar', sidebarId: 'support', label: 'Technical support', position: 'left' },
    { type: 'search', position: 'right' },
    // "Next" (the current version, spec §9) with the changelogs after the versions; picking a
    // version stores it as the preferred one (spec §4). The label is never highlighted: the
    // one version is always the one shown. On phones the menu is titled "Versions".
    {
      type: 'docsVersionDropdown',
      position: 'right',
      dropdownActiveClassDisabled: true,
      dropdownItemsAfter: [
        { type: 'html', value: '<hr class="dropdown__divider">' },
        { type: 'html', value: '<span class="dropdown__header">Changelogs</span>' },
        ...CHANGELOGS,
      ],
    },
    { type: 'localeDropdown', position: 'right' },
  ],
} satisfies Navbar;

/** Footer: link columns by reader task, light and dark logos, copyright. */
export const footer = {
  style: 'dark',
  logo: {
    alt: 'Aisle',
    src: 'img/logo-footer.svg',
    srcDark: 'img/logo-footer.svg',
    width: 120,
    height: 32,
    href: '/',
  },
  links: [
    {
      title: 'Build',
      items: [
        { label: 'Connect APIs', to: '/connect' },
        { label: 'Catalog', to: '/catalog' },
        { label: 'Developer Platform API', to: '/developer_platform_api' },
        { label: 'Shopping Widgets', to: '/widgets' },
      ],
    },
    {
      title: 'Run',
      items: [
        { label: 'Storefront', to: '/storefront' },
        { label: 'Discounting Platform', to: '/discounting_platform' },
        { label: 'FoodStorm', to: '/foodstorm' },
        { label: 'Aisle Ads', to: '/ads' },
      ],
    },
    {
      title: 'Help',
      items: [
        { label: 'Technical support', to: '/support' },
        { label: 'Glossary', to: '/glossary' },
        { label: 'Platform status', href: STATUS_PAGE_URL },
        { label: 'Platform Portal', href: PLATFORM_PORTAL_URL },
      ],
    },
    {
      title: 'Legal',
      items: [{ label: 'Integrated Platform Partner terms', to: '/aisle/ipp-terms' }],
    },
  ],
  copyright: `Copyright © ${new Date().getFullYear()} Aisle. Documentation for Aisle's solutions.`,
} satisfies Footer;

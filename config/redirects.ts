/**
 * Redirects from old paths (spec §2 "Redirects"), one list for every consumer: the client
 * redirects plugin (meta-refresh pages in the build), nginx's real 301s and the static hosts'
 * `_redirects`, both checked by deploy/redirect-rules.ts (safe paths, https targets only).
 * Internal targets are paths that must exist in the build (tests/build/redirects.test.ts);
 * the old Connect credential-rotation page goes to the Platform Portal, where rotation is done.
 */
import { PLATFORM_PORTAL_URL } from './navigation';

export interface Redirect {
  /** Old path, without trailing slash. */
  from: string;
  /** New path on this site, or an absolute external URL. */
  to: string;
}

export const redirects: readonly Redirect[] = [
  // Departments are columns of the inventory file now.
  { from: '/catalog/departments', to: '/catalog/catalog_inventory_file/departments_and_aisles' },
  // Creatives (banner sizes and formats) are part of display placements.
  { from: '/ads/creatives', to: '/ads/ads_guide/concepts/display_placements' },
  // Awareness campaigns are built with brand pages.
  { from: '/ads/drive_awareness_campaigns', to: '/ads/ads_guide/concepts/brand_pages' },
  // The shopping-list page guide was renamed.
  {
    from: '/developer_platform_api/create_shopping_list_page',
    to: '/developer_platform_api/shopping_list_page_creation',
  },
  // Loyalty providers moved under Storefront integrations.
  { from: '/storefront/loyalty_providers', to: '/storefront/integrate/loyalty_providers' },
  // Credentials are rotated in the Platform Portal.
  { from: '/connect/api/credential_rotation', to: `${PLATFORM_PORTAL_URL}/credentials` },
];

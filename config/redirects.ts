/**
 * Redirects from old paths (spec §2 "Redirects"), one list for every consumer: the client
 * redirects plugin (meta-refresh pages in the build) and, later, the web server's real 301s.
 * Internal targets are paths that must exist in the build (tests/unit/redirects.test.ts);
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
  // The department list moved into the catalog overview's core columns.
  { from: '/catalog/departments', to: '/catalog' },
  // Ad creatives are described with the ad formats of Aisle Ads.
  { from: '/ads/creatives', to: '/ads' },
  { from: '/ads/drive_awareness_campaigns', to: '/ads' },
  // The shopping-list page guide became part of the Developer Platform API overview.
  { from: '/developer_platform_api/create_shopping_list_page', to: '/developer_platform_api' },
  // Loyalty providers moved under Storefront integrations.
  { from: '/storefront/loyalty_providers', to: '/storefront/integrate/loyalty_providers' },
  // Credentials are rotated in the Platform Portal.
  { from: '/connect/api/credential_rotation', to: `${PLATFORM_PORTAL_URL}/credentials` },
];

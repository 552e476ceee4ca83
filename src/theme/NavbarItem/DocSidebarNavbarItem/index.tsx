/**
 * Ejected from @docusaurus/theme-classic 3.10.2, src/theme/NavbarItem/DocSidebarNavbarItem.tsx
 * (20 lines; wrapping cannot help, as the cost is in the upstream hooks it calls). Both of
 * them called
 * `useActiveDocContext`, which scans every doc with `matchPath` on each render; here:
 * - the active doc's sidebar comes from `activeDocSidebar` (./activeSidebar), a map built once;
 * - the sidebar to link to is found as `useLayoutDocsSidebar` finds it (in the active,
 *   preferred and latest versions, in that order), with the active version from
 *   `useActiveVersion`, which matches version paths only.
 */
import React, {useMemo, type ReactNode} from 'react';
import {
  useActiveVersion,
  useDocsData,
  useDocsPreferredVersion,
  useLatestVersion,
} from '@docusaurus/plugin-content-docs/client';
import {useLocation} from '@docusaurus/router';
import DefaultNavbarItem from '@theme/NavbarItem/DefaultNavbarItem';
import type {Props} from '@theme/NavbarItem/DocSidebarNavbarItem';
import {activeDocSidebar} from './activeSidebar';

/**
 * The link of sidebar `sidebarId` (its first doc or generated index), from the first of the
 * active, preferred and latest versions that has it, as `useLayoutDocsSidebar` does.
 * @throws Error naming the sidebar when no candidate version has it (as upstream).
 */
function useSidebarLink(sidebarId: string, docsPluginId: string | undefined) {
  const activeVersion = useActiveVersion(docsPluginId);
  const {preferredVersion} = useDocsPreferredVersion(docsPluginId);
  const latestVersion = useLatestVersion(docsPluginId);
  return useMemo(() => {
    const candidates = [activeVersion, preferredVersion, latestVersion].filter(
      (version, i, all): version is NonNullable<typeof version> =>
        Boolean(version) && all.indexOf(version) === i,
    );
    const sidebar = candidates
      .map((version) => version.sidebars?.[sidebarId])
      .find(Boolean);
    if (!sidebar) {
      throw new Error(
        `Can't find any sidebar with id "${sidebarId}" in versions ${candidates.map((v) => v.name).join(', ')}.`,
      );
    }
    return sidebar.link;
  }, [sidebarId, activeVersion, preferredVersion, latestVersion]);
}

/** A navbar link to a sidebar's first doc, marked active on any doc of that sidebar. */
export default function DocSidebarNavbarItem({
  sidebarId,
  label,
  docsPluginId,
  ...props
}: Props): ReactNode {
  const data = useDocsData(docsPluginId);
  const {pathname} = useLocation();
  const activeSidebar = activeDocSidebar(data, pathname);
  const sidebarLink = useSidebarLink(sidebarId, docsPluginId);
  if (!sidebarLink) {
    throw new Error(
      `DocSidebarNavbarItem: Sidebar with ID "${sidebarId}" doesn't have anything to be linked to.`,
    );
  }
  return (
    <DefaultNavbarItem
      exact
      {...props}
      isActive={() => activeSidebar === sidebarId}
      label={label ?? sidebarLink.label}
      to={sidebarLink.path}
    />
  );
}

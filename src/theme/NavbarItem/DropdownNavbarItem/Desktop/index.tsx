/**
 * Wraps the desktop navbar dropdown (no ejection) so that a dropdown holding the current product
 * area is highlighted like a top-level item. Upstream highlights an active child only in the
 * mobile menu; here the desktop dropdown gets `navbar__link--active` when one of its items'
 * `activeBaseRegex` (config/navigation.ts `area()`) matches the current path.
 */
import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import { isRegexpStringMatch } from '@docusaurus/theme-common';
import { useLocalPathname } from '@docusaurus/theme-common/internal';
import Desktop from '@theme-original/NavbarItem/DropdownNavbarItem/Desktop';
import type DesktopType from '@theme/NavbarItem/DropdownNavbarItem/Desktop';
import type { WrapperProps } from '@docusaurus/types';

type Props = WrapperProps<typeof DesktopType>;

/** Same props as upstream (`items`, `className`, …). */
export default function DropdownDesktopWrapper(props: Props): ReactNode {
  const pathname = useLocalPathname();
  const active = props.items.some((item) =>
    isRegexpStringMatch((item as { activeBaseRegex?: string }).activeBaseRegex, pathname),
  );
  return <Desktop {...props} className={clsx(props.className, active && 'navbar__link--active')} />;
}

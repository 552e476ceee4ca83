/**
 * Wraps the theme's mobile navigation sidebar (no ejection) so that it is rendered the first
 * time a reader opens it, not on every page load. Upstream renders it, hidden, as soon as the
 * window is narrower than the mobile breakpoint (996 px): on a phone, every page's first render
 * after hydration built the whole menu, the primary items and the doc sidebar, which nobody
 * had asked for yet (about 200 elements on an API page; design/main-thread.md, "Mobile menu on
 * first open"). Once opened it stays rendered, so closing and opening again animate as upstream.
 * The first opening slides in too: a `@starting-style` rule in src/css/custom.css gives the
 * newly rendered panel its closed position to move from.
 */
import React, { useState, type ReactNode } from 'react';
import { useNavbarMobileSidebar } from '@docusaurus/theme-common/internal';
import NavbarMobileSidebar from '@theme-original/Navbar/MobileSidebar';
import type NavbarMobileSidebarType from '@theme/Navbar/MobileSidebar';
import type { WrapperProps } from '@docusaurus/types';

type Props = WrapperProps<typeof NavbarMobileSidebarType>;

/** Upstream's sidebar, from the first time `shown` is true; nothing before. */
export default function NavbarMobileSidebarWrapper(props: Props): ReactNode {
  const { shown } = useNavbarMobileSidebar();
  const [opened, setOpened] = useState(shown);
  if (shown && !opened) setOpened(true);
  return opened ? <NavbarMobileSidebar {...props} /> : null;
}

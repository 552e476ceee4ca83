/**
 * Wraps the theme's colour-mode toggle (no ejection) so that every click changes what the reader
 * sees. Upstream cycles system → light → dark, so on a light system the first click (system →
 * light) changed nothing visible. Here a click always switches to the other mode; when that mode
 * is the system's, the choice becomes "system" (the stored value is cleared, spec §4 "clearing
 * the choice"), so following the system stays reachable. Without `respectPrefersColorScheme`
 * upstream's two-value toggle is kept.
 */
import React, { type ReactNode } from 'react';
import { useColorMode } from '@docusaurus/theme-common';
import ColorModeToggle from '@theme-original/ColorModeToggle';
import type ColorModeToggleType from '@theme/ColorModeToggle';
import type { WrapperProps } from '@docusaurus/types';

type Props = WrapperProps<typeof ColorModeToggleType>;

/** The system's colour scheme, from `prefers-color-scheme`. */
function systemMode(): 'light' | 'dark' {
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Same props as upstream; `onChange` receives `light`, `dark` or `null` (system). */
export default function ColorModeToggleWrapper(props: Props): ReactNode {
  const { colorMode } = useColorMode();
  if (!props.respectPrefersColorScheme) return <ColorModeToggle {...props} />;
  const onChange = () => {
    const target = colorMode === 'dark' ? 'light' : 'dark';
    props.onChange(target === systemMode() ? null : target);
  };
  return <ColorModeToggle {...props} onChange={onChange} />;
}

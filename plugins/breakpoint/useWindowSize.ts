/**
 * theme-common's `useWindowSize`, with the specification's breakpoint: "desktop" from
 * DESKTOP_MIN_WIDTH (996 px) up, "mobile" below, "ssr" until hydration (a constant first value,
 * so server and client markup agree). Replaces the upstream module (./index.ts).
 */
import { useEffect, useState } from 'react';
import { DESKTOP_MIN_WIDTH } from './media';

/** The window's layout: 'desktop', 'mobile', or 'ssr' before hydration. */
export type WindowSize = 'desktop' | 'mobile' | 'ssr';

/**
 * The current layout; re-renders only when the breakpoint is crossed.
 * @param options.desktopBreakpoint the first desktop width, px (default 996, spec §9).
 */
export function useWindowSize({
  desktopBreakpoint = DESKTOP_MIN_WIDTH,
}: { desktopBreakpoint?: number } = {}): WindowSize {
  const [size, setSize] = useState<WindowSize>('ssr');
  useEffect(() => {
    const update = () => setSize(window.innerWidth >= desktopBreakpoint ? 'desktop' : 'mobile');
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [desktopBreakpoint]);
  return size;
}

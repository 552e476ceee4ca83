/**
 * Ejected from @docusaurus/theme-common 3.10.2, lib/utils/skipToContentUtils.js
 * (`SkipToContentLink`, rendered by theme-classic's `SkipToContent`), with one change marked
 * CUSTOM: after a navigation that changes only the query string, focus is not moved to the
 * top of the page. Upstream focuses its container on every PUSH without a hash, and focusing
 * an element scrolls it into view, so a query-only navigation jumped to the top, which the
 * specification rules out (§4: "A query-only change does not scroll").
 */
import React, {useCallback, useRef, type ReactNode} from 'react';
import {useHistory} from '@docusaurus/router';
import {translate} from '@docusaurus/Translate';
import {useLocationChange} from '@docusaurus/theme-common/internal';
// theme-classic's SkipToContent stylesheet, not a copy (tests/unit/ejected-theme.test.ts).
import styles from '@docusaurus/theme-classic/lib/theme/SkipToContent/styles.module.css';

const SkipToContentFallbackId = '__docusaurus_skipToContent_fallback';

function getSkipToContentTarget(): HTMLElement | null {
  return (
    document.querySelector<HTMLElement>('main:first-of-type') ??
    document.getElementById(SkipToContentFallbackId)
  );
}

function programmaticFocus(el: HTMLElement) {
  el.setAttribute('tabindex', '-1');
  el.focus();
  el.removeAttribute('tabindex');
}

const label = translate({
  id: 'theme.common.skipToMainContent',
  description:
    'The skip to content label used for accessibility, allowing to rapidly navigate to main content with keyboard tab/enter navigation',
  message: 'Skip to main content',
});

/** The "Skip to main content" link, first in the page; see the module comment. */
export default function SkipToContent(): ReactNode {
  const containerRef = useRef<HTMLDivElement>(null);
  const {action} = useHistory();
  const onClick = useCallback((e: React.MouseEvent) => {
    e.preventDefault();
    const targetElement = getSkipToContentTarget();
    if (targetElement) {
      programmaticFocus(targetElement);
    }
  }, []);
  // "Reset" focus when navigating.
  useLocationChange(({location, previousLocation}) => {
    // CUSTOM: not when only the query string changed (no scroll, spec §4).
    const queryOnly =
      previousLocation !== undefined &&
      location.pathname === previousLocation.pathname &&
      location.hash === previousLocation.hash;
    if (
      containerRef.current &&
      !location.hash &&
      action === 'PUSH' &&
      !queryOnly
    ) {
      programmaticFocus(containerRef.current);
    }
  });
  return (
    <div ref={containerRef} role="region" aria-label={label}>
      <a
        className={styles.skipToContent}
        // Note this is a fallback href in case JS is disabled
        // It has limitations, see https://github.com/facebook/docusaurus/issues/6411#issuecomment-1284136069
        href={`#${SkipToContentFallbackId}`}
        onClick={onClick}>
        {label}
      </a>
    </div>
  );
}

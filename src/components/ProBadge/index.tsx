/**
 * "Storefront Pro" badge for features available only on Storefront Pro. Inline, text-based
 * (readable by screen readers and search), with WCAG AA contrast in both colour modes.
 *
 * Usage in MDX: `import ProBadge from '@site/src/components/ProBadge';` then
 * `### Custom domains <ProBadge />` or inline in a list item.
 */
import React, { type ReactNode } from 'react';
import styles from './styles.module.css';
import { PRO_BADGE_LABEL } from './markdown';

/** Renders the badge; `label` defaults to "Storefront Pro". The twin's rendering: ./markdown.ts. */
export default function ProBadge({ label = PRO_BADGE_LABEL }: { label?: string }): ReactNode {
  return (
    <span className={styles.badge} title="Available on Storefront Pro">
      {label}
    </span>
  );
}

/**
 * "Storefront Pro" badge for features available only on Storefront Pro. Inline, text-based
 * (readable by screen readers and search), with WCAG AA contrast in both colour modes.
 *
 * Usage in MDX: `import ProBadge from '@site/src/components/ProBadge';` then
 * `### Custom domains <ProBadge />` or inline in a list item.
 */
import React, { type ReactNode } from 'react';
import styles from './styles.module.css';

/** Renders the badge; `label` defaults to "Storefront Pro". */
export default function ProBadge({ label = 'Storefront Pro' }: { label?: string }): ReactNode {
  return (
    <span className={styles.badge} title="Available on Storefront Pro">
      {label}
    </span>
  );
}

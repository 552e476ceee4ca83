/**
 * Wraps the theme's MDX component map (no ejection) for two accessibility fixes:
 * - every Markdown table gets a focusable, labelled scroll container: wide tables otherwise
 *   fail axe's `scrollable-region-focusable` rule and cannot be scrolled from the keyboard;
 * - task-list checkboxes (`- [ ] step`) are read-only bullets, so they are hidden from
 *   assistive technology instead of being announced as unlabelled form fields.
 */
import React, { type ComponentProps, type ReactNode } from 'react';
import MDXComponents from '@theme-original/MDXComponents';
import ScrollableTable from '@site/src/components/ScrollableTable';

/** A Markdown input; only task-list checkboxes occur in content. */
function ChecklistInput(props: ComponentProps<'input'>): ReactNode {
  return props.type === 'checkbox' ? <input {...props} aria-hidden="true" /> : <input {...props} />;
}

export default {
  ...MDXComponents,
  table: ScrollableTable,
  input: ChecklistInput,
};

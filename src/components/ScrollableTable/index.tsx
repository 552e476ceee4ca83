/**
 * `<ScrollableTable label="…">`: a table inside a focusable, labelled scroll region (class
 * `aisle-table-scroll`, src/css/custom.css). Wide tables otherwise fail axe's
 * `scrollable-region-focusable` rule and cannot be scrolled from the keyboard. Used for every
 * Markdown table (src/theme/MDXComponents) and by components that render their own tables.
 */
import type { ComponentProps, ReactNode } from 'react';

/** Props of a `<table>`, plus the region's accessible name (default "Table"). */
export type ScrollableTableProps = ComponentProps<'table'> & { label?: string };

/** The table in its scroll region; see the module comment. */
export default function ScrollableTable({
  label = 'Table',
  ...table
}: ScrollableTableProps): ReactNode {
  return (
    <div className="aisle-table-scroll" tabIndex={0} role="region" aria-label={label}>
      <table {...table} />
    </div>
  );
}

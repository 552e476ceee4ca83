/**
 * `<ScrollableTable label="…">`: a table inside a focusable, labelled scroll region (class
 * `aisle-table-scroll`, src/css/custom.css). Wide tables otherwise fail axe's
 * `scrollable-region-focusable` rule and cannot be scrolled from the keyboard. Used for every
 * Markdown table (src/theme/MDXComponents) and by components that render their own tables.
 *
 * Tables of STACK_MIN_COLUMNS columns or more (reference tables: columns, parameters, errors)
 * also get `aisle-table-scroll--stack`, and each body cell a `data-label` with its column's
 * header: on phones the CSS shows every row as a block, its first cell as the row's title and
 * the others as "Header: value" lines, so no column is off-screen. Narrower tables keep their
 * layout and scroll, with a shadow at the edge that has more to show.
 */
import {
  Children,
  cloneElement,
  isValidElement,
  type ComponentProps,
  type ReactElement,
  type ReactNode,
} from 'react';

/** Props of a `<table>`, plus the region's accessible name (default "Table"). */
export type ScrollableTableProps = ComponentProps<'table'> & { label?: string };

/** Columns from which a table stacks on phones (the reading-experience rule for 4+ columns). */
export const STACK_MIN_COLUMNS = 4;

type Element = ReactElement<{ children?: ReactNode }>;

/** The text of a React node: strings, numbers and the children of elements, joined. */
export function textOf(node: ReactNode): string {
  if (node == null || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement(node)) return textOf((node as Element).props.children);
  return '';
}

function elements(children: ReactNode): Element[] {
  return Children.toArray(children).filter(isValidElement) as Element[];
}

/**
 * The header texts of a table's first head row, or [] when it has no `<thead>`. Cells are
 * read as written (`th`/`td` elements); a header with no text gives ''.
 */
export function headerLabels(children: ReactNode): string[] {
  const head = elements(children).find((el) => el.type === 'thead');
  const row = head && elements(head.props.children).find((el) => el.type === 'tr');
  return row ? elements(row.props.children).map((cell) => textOf(cell.props.children).trim()) : [];
}

/** The table's children with `data-label` on every body cell whose column has a header text. */
export function labelCells(children: ReactNode, labels: string[]): ReactNode {
  return Children.map(children, (section) => {
    if (!isValidElement(section) || section.type !== 'tbody') return section;
    const body = section as Element;
    return cloneElement(body, {
      children: Children.map(body.props.children, (row) => {
        if (!isValidElement(row)) return row;
        const tr = row as Element;
        let column = 0;
        return cloneElement(tr, {
          children: Children.map(tr.props.children, (cell) => {
            if (!isValidElement(cell)) return cell;
            const label = labels[column];
            column += 1;
            return label ? cloneElement(cell as Element, { 'data-label': label } as object) : cell;
          }),
        });
      }),
    });
  });
}

/** The table in its scroll region; see the module comment. */
export default function ScrollableTable({
  label = 'Table',
  children,
  ...table
}: ScrollableTableProps): ReactNode {
  const labels = headerLabels(children);
  const stack = labels.length >= STACK_MIN_COLUMNS;
  return (
    <div
      className={stack ? 'aisle-table-scroll aisle-table-scroll--stack' : 'aisle-table-scroll'}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table {...table}>{stack ? labelCells(children, labels) : children}</table>
    </div>
  );
}

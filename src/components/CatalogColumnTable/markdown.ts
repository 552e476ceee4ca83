/**
 * The Markdown rendering of `<CatalogColumnTable topic="…" />` for the page's Markdown twin
 * (plugins/markdown-twins): the same columns, cells and words as the HTML table, as a GFM
 * table. Shares the registry (src/data/catalog-columns.ts) and the cell wording
 * (src/catalog/columns.ts) with the component, so the twin and the page cannot disagree.
 */
import type { PhrasingContent, Table, TableCell, TableRow } from 'mdast';
import { toMarkdown } from 'mdast-util-to-markdown';
import { gfmToMarkdown } from 'mdast-util-gfm';
import type { CatalogColumn } from '../../data/catalog-columns.types';
import { columnRules, columnTypeLabel } from '../../catalog/columns';
import { COLUMN_TABLE_HEADERS, columnsOfTopic } from './table';

/** Registry text (code spans only, as the registry allows) as phrasing nodes. */
export function inlineNodes(text: string): PhrasingContent[] {
  return text
    .split(/(`[^`]+`)/)
    .filter(Boolean)
    .map((part) =>
      part.startsWith('`') && part.endsWith('`') && part.length > 1
        ? { type: 'inlineCode', value: part.slice(1, -1) }
        : { type: 'text', value: part },
    );
}

const cell = (children: PhrasingContent[]): TableCell => ({ type: 'tableCell', children });
const text = (value: string): PhrasingContent[] => [{ type: 'text', value }];

/** One table row of a column, cell for cell as the HTML row. */
function columnRow(column: CatalogColumn): TableRow {
  const description: PhrasingContent[] = column.deprecated
    ? [
        { type: 'strong', children: text('Deprecated.') },
        { type: 'text', value: ` ${column.deprecated} ` },
        ...inlineNodes(column.description),
      ]
    : inlineNodes(column.description);
  return {
    type: 'tableRow',
    children: [
      cell([{ type: 'inlineCode', value: column.name }]),
      cell(text(columnTypeLabel(column))),
      cell(text(column.required ? 'Yes' : 'No')),
      // The HTML shows one rule per line; a GFM cell holds one line, so they are joined.
      cell(text(columnRules(column).join('; '))),
      cell([{ type: 'inlineCode', value: column.example }]),
      cell(description),
    ],
  };
}

/**
 * The column table of `topic` as GFM Markdown (header row plus one row per column; `|` in a
 * cell is escaped by the serializer). A topic with no columns gives the warning the page
 * shows, as a quoted line, rather than an empty table.
 */
export function catalogColumnTableMarkdown(topic: string): string {
  const columns = columnsOfTopic(topic);
  if (!columns.length) return `> No columns are registered for the topic \`${topic}\`.\n`;
  const table: Table = {
    type: 'table',
    align: COLUMN_TABLE_HEADERS.map(() => null),
    children: [
      { type: 'tableRow', children: COLUMN_TABLE_HEADERS.map((h) => cell(text(h))) },
      ...columns.map(columnRow),
    ],
  };
  return toMarkdown(table, { extensions: [gfmToMarkdown({ tablePipeAlign: false })] });
}

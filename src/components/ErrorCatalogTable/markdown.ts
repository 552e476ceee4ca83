/**
 * The Markdown rendering of `<ErrorCatalogTable api="…" codes="…" />` for the page's Markdown
 * twin (plugins/markdown-twins): the same rows, cells and words as the HTML table, as a GFM
 * table, from the same rows (./table.ts). Links stay root-relative, as on the page.
 */
import type { PhrasingContent, Table, TableCell, TableRow } from 'mdast';
import { toMarkdown } from 'mdast-util-to-markdown';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { ERROR_TABLE_HEADERS, emptyMessage, errorRows, inlineParts, type ErrorRow } from './table';

/** A cell's inline Markdown as phrasing nodes. */
function phrasing(markdown: string): PhrasingContent[] {
  return inlineParts(markdown).map((part): PhrasingContent => {
    if (part.type === 'code') return { type: 'inlineCode', value: part.value };
    if (part.type === 'link')
      return { type: 'link', url: part.url, children: [{ type: 'text', value: part.value }] };
    return { type: 'text', value: part.value };
  });
}

const cell = (children: PhrasingContent[]): TableCell => ({ type: 'tableCell', children });

function row(error: ErrorRow): TableRow {
  const statuses: PhrasingContent[] = error.statuses.flatMap((status, i) => [
    ...(i ? [{ type: 'text', value: ', ' } as const] : []),
    { type: 'inlineCode', value: String(status) } as const,
  ]);
  return {
    type: 'tableRow',
    children: [
      cell([{ type: 'inlineCode', value: String(error.code) }]),
      cell(statuses),
      cell(phrasing(error.cause)),
      cell(phrasing(error.fix)),
    ],
  };
}

/**
 * The codes of `api` in `codes` (`"1000-1999"`) as a GFM table, or, when there are none, the
 * warning the page shows, as a quoted line.
 */
export function errorCatalogTableMarkdown(api: string, codes: string): string {
  const rows = errorRows(api, codes);
  if (!rows.length) return `> ${emptyMessage(api, codes)}\n`;
  const table: Table = {
    type: 'table',
    align: ERROR_TABLE_HEADERS.map(() => null),
    children: [
      {
        type: 'tableRow',
        children: ERROR_TABLE_HEADERS.map((header) => cell([{ type: 'text', value: header }])),
      },
      ...rows.map(row),
    ],
  };
  return toMarkdown(table, { extensions: [gfmToMarkdown()] });
}

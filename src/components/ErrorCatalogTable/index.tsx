/**
 * `<ErrorCatalogTable api="connect" codes="1000-1999" />`: the codes an API answers in a range,
 * with their statuses on that API, meaning and fix, rendered from the error catalogue
 * (src/data/facts/errors.ts), the data the facts tests check every page and definition against.
 * Server-rendered, so the table is in the static HTML and the search index; the page's Markdown
 * twin gets the same table from ./markdown.ts. An unknown API or range renders a visible warning
 * rather than failing the page.
 */
import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import ScrollableTable from '@site/src/components/ScrollableTable';
import { ERROR_TABLE_HEADERS, emptyMessage, errorRows, inlineParts } from './table';

/** A cell's inline Markdown as React nodes. */
function inline(markdown: string): ReactNode {
  return inlineParts(markdown).map((part, i) => {
    if (part.type === 'code') return <code key={i}>{part.value}</code>;
    if (part.type === 'link')
      return (
        <Link key={i} to={part.url}>
          {part.value}
        </Link>
      );
    return part.value;
  });
}

/** Props: the API family (`connect`, `catalog`, …) and the code range, `"1000-1999"`. */
export interface ErrorCatalogTableProps {
  api: string;
  codes: string;
}

/** The table; see the module comment. */
export default function ErrorCatalogTable({ api, codes }: ErrorCatalogTableProps): ReactNode {
  const rows = errorRows(api, codes);
  if (!rows.length)
    return (
      <div className="alert alert--warning" role="alert">
        {emptyMessage(api, codes)}
      </div>
    );
  return (
    <ScrollableTable label={`Error codes ${codes.replace('-', '–')}`} data-error-codes={codes}>
      <thead>
        <tr>
          {ERROR_TABLE_HEADERS.map((header) => (
            <th key={header} scope="col">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.code} data-code={row.code}>
            <td>
              <code>{row.code}</code>
            </td>
            <td>
              {row.statuses.map((status, i) => (
                <span key={status}>
                  {i ? ', ' : ''}
                  <code>{status}</code>
                </span>
              ))}
            </td>
            <td>{inline(row.cause)}</td>
            <td>{inline(row.fix)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}

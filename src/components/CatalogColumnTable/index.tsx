/**
 * `<CatalogColumnTable topic="pricing" />`: the specification table of one inventory-file
 * topic, rendered from the column registry (src/data/catalog-columns.ts), the source the file
 * checker validates with. Server-rendered, so the table is in the static HTML and the search
 * index. An unknown topic renders a visible warning rather than failing the page. The page's
 * Markdown twin gets the same table from ./markdown.ts.
 */
import type { ReactNode } from 'react';
import type { ColumnTopic } from '@site/src/data/catalog-columns.types';
import { columnRules, columnTypeLabel } from '@site/src/catalog/columns';
import ScrollableTable from '@site/src/components/ScrollableTable';
import { COLUMN_TABLE_HEADERS, columnsOfTopic } from './table';

/** Inline Markdown subset of registry descriptions: `code` spans only. */
function inline(text: string): ReactNode {
  return text
    .split(/(`[^`]+`)/)
    .map((part, i) =>
      part.startsWith('`') && part.endsWith('`') ? <code key={i}>{part.slice(1, -1)}</code> : part,
    );
}

/** The table; see the module comment. */
export default function CatalogColumnTable({ topic }: { topic: ColumnTopic }): ReactNode {
  const columns = columnsOfTopic(topic);
  if (!columns.length)
    return (
      <div className="alert alert--warning" role="alert">
        No columns are registered for the topic <code>{topic}</code>.
      </div>
    );
  return (
    <ScrollableTable label={`Columns: ${topic.replace(/_/g, ' ')}`} data-catalog-topic={topic}>
      <thead>
        <tr>
          {COLUMN_TABLE_HEADERS.map((header) => (
            <th key={header} scope="col">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {columns.map((column) => (
          <tr key={column.name} data-column={column.name}>
            <td>
              <code>{column.name}</code>
            </td>
            <td>{columnTypeLabel(column)}</td>
            <td>{column.required ? 'Yes' : 'No'}</td>
            <td>
              {columnRules(column).map((rule) => (
                <div key={rule}>{rule}</div>
              ))}
            </td>
            <td>
              <code>{column.example}</code>
            </td>
            <td>
              {column.deprecated && (
                <>
                  <strong>Deprecated.</strong> {column.deprecated}{' '}
                </>
              )}
              {inline(column.description)}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}

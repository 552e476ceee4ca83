/**
 * `<CatalogColumnTable topic="pricing" />`: the specification table of one inventory-file
 * topic, rendered from the column registry (src/data/catalog-columns.ts), the source the file
 * checker validates with. Server-rendered, so the table is in the static HTML and the search
 * index. An unknown topic renders a visible warning rather than failing the page.
 */
import type { ReactNode } from 'react';
import { catalogColumns } from '@site/src/data/catalog-columns';
import type { ColumnTopic } from '@site/src/data/catalog-columns.types';
import { columnRules, columnTypeLabel } from '@site/src/catalog/columns';
import ScrollableTable from '@site/src/components/ScrollableTable';

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
  const columns = catalogColumns.filter((c) => c.topic === topic);
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
          <th scope="col">Column</th>
          <th scope="col">Type</th>
          <th scope="col">Required</th>
          <th scope="col">Rules</th>
          <th scope="col">Example</th>
          <th scope="col">Description</th>
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

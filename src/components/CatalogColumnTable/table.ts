/**
 * What the column table shows, shared by the component (./index.tsx) and its Markdown
 * rendering (./markdown.ts). Kept apart from the latter so the page bundle does not carry the
 * Markdown serializer.
 */
import { catalogColumns } from '../../data/catalog-columns';
import type { CatalogColumn } from '../../data/catalog-columns.types';

/** Header cells of the table, in order. */
export const COLUMN_TABLE_HEADERS = [
  'Column',
  'Type',
  'Required',
  'Rules',
  'Example',
  'Description',
] as const;

/** Columns of one topic, in registry order; [] for a topic with none. */
export function columnsOfTopic(topic: string): CatalogColumn[] {
  return catalogColumns.filter((c) => c.topic === topic);
}

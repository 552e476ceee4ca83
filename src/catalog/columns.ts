/**
 * Column registry helpers shared by the specification tables (CatalogColumnTable) and their
 * build test: the words a reader sees for a column's type and rules.
 */
import type { CatalogColumn } from '../data/catalog-columns.types';

/** Readable type of a column, e.g. `decimal (2 places)`, `one of`. */
export function columnTypeLabel(column: CatalogColumn): string {
  switch (column.type) {
    case 'enum':
      return 'one of the values';
    case 'enum_list':
      return 'values separated by |';
    case 'decimal':
      return column.decimals !== undefined ? `decimal (${column.decimals} places)` : 'decimal';
    case 'lookup_code':
      return 'lookup code';
    case 'datetime':
      return 'date-time';
    case 'period_list':
      return 'dates or periods separated by |';
    default:
      return column.type;
  }
}

/**
 * Rules of a column in words (allowed values, bounds, length, entries, period length, pattern,
 * default, needs).
 */
export function columnRules(column: CatalogColumn): string[] {
  const rules: string[] = [];
  if (column.allowedValues?.length) rules.push(`Allowed: ${column.allowedValues.join(', ')}`);
  if (column.min !== undefined) rules.push(`Min ${column.min}`);
  if (column.max !== undefined) rules.push(`Max ${column.max}`);
  if (column.maxLength !== undefined) rules.push(`Up to ${column.maxLength} characters`);
  if (column.maxItems !== undefined) rules.push(`Up to ${column.maxItems} entries`);
  if (column.maxPeriodDays !== undefined)
    rules.push(`Each period up to ${column.maxPeriodDays} days`);
  if (column.pattern) rules.push(`Pattern ${column.pattern}`);
  if (column.defaultValue !== undefined) rules.push(`Default ${column.defaultValue}`);
  if (column.requires?.length) rules.push(`Needs ${column.requires.join(', ')}`);
  return rules;
}

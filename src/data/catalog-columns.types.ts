/**
 * Shape of the catalog inventory file's column registry (src/data/catalog-columns.ts): one
 * entry per column, the single source of the specification tables on the inventory-file
 * pages and of the rules of the in-browser file checker.
 */

/** Value types a column can hold, as the file checker validates them. */
export type ColumnType =
  /** Any text (UTF-8); `maxLength` and `pattern` may restrict it. */
  | 'string'
  /** Whole number, optional leading `-`; `min`/`max` may restrict it. */
  | 'integer'
  /** Decimal number with `.` as separator, e.g. `4.99`; `min`/`max`/`decimals` may restrict it. */
  | 'decimal'
  /** `true` or `false` (lowercase). */
  | 'boolean'
  /** One of `allowedValues`. */
  | 'enum'
  /** Several of `allowedValues`, separated by `|`. */
  | 'enum_list'
  /** Calendar date `YYYY-MM-DD`. */
  | 'date'
  /** ISO 8601 date-time with offset, e.g. `2026-03-14T08:00:00-05:00`. */
  | 'datetime'
  /** Absolute `https://` URL. */
  | 'url'
  /** UPC-A/EAN-13 (12–14 digits, check digit valid), a 4–5 digit PLU, or a retailer code. */
  | 'lookup_code'
  /**
   * Dates and periods separated by `|`: a date `YYYY-MM-DD` (the whole day, store local time),
   * or `start/end`, two ISO 8601 date-times with offset, the end exclusive (ISO 8601 interval).
   */
  | 'period_list';

/** Specification topics; each has a page under /catalog/catalog_inventory_file/. */
export type ColumnTopic =
  | 'required_columns'
  | 'item_identifiers'
  | 'pricing'
  | 'weighted_items'
  | 'sizes_and_units'
  | 'availability'
  | 'lead_times_and_blackouts'
  | 'promotions'
  | 'sales'
  | 'variants'
  | 'nutrition_info'
  | 'ingredients_and_allergens'
  | 'tax'
  | 'alcohol'
  | 'age_restricted_items'
  | 'snap-ebt'
  | 'bottle_deposits'
  | 'images'
  | 'departments_and_aisles'
  | 'multi_language_fields'
  | 'store_locations'
  | 'product_attributes';

/** One column of the inventory file. */
export interface CatalogColumn {
  /** Header name, lowercase snake_case, exactly as in the file's header row. */
  name: string;
  type: ColumnType;
  /** True when every row must have a value (and the header must be present). */
  required: boolean;
  /** The topic page that explains the column (its table lists the column). */
  topic: ColumnTopic;
  /** One or two sentences, Markdown inline (code spans allowed, no links). */
  description: string;
  /** A valid example value, as it appears in the file (string form). */
  example: string;
  /** For `enum` and `enum_list`. */
  allowedValues?: readonly string[];
  /** Inclusive bounds for `integer` and `decimal`. */
  min?: number;
  max?: number;
  /** Maximum digits after the decimal point, for `decimal`. */
  decimals?: number;
  /** Maximum entries separated by `|`, for `enum_list` and `period_list`. */
  maxItems?: number;
  /** Maximum length of one period in days, for `period_list`. */
  maxPeriodDays?: number;
  /** Maximum length in characters, for `string`. */
  maxLength?: number;
  /** Regular expression (JavaScript syntax, anchored by the checker) for `string`. */
  pattern?: string;
  /** Default applied by Aisle when the cell is empty (string form). */
  defaultValue?: string;
  /** Another column this one needs, e.g. `size_uom` needs `size`. */
  requires?: readonly string[];
  /** Deprecated: still accepted; the text says what replaces it and from when. */
  deprecated?: string;
}

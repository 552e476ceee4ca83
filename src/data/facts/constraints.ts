/**
 * Field constraints shared by several definitions (CONTRIBUTING.md "Facts established by
 * pages"); tests/unit/facts.test.ts checks every schema of `openapi/*.yaml` with these names.
 */

/** A string constraint as JSON Schema writes it. */
export interface StringConstraint {
  minLength: number;
  maxLength: number;
  /** ECMAScript regular expression source, as in the definitions. */
  pattern?: string;
}

/** `lookup_code` (and `replacement_lookup_code`): UPC, PLU or retailer code, 1–32 letters, digits, `-`. */
export const lookupCode: StringConstraint = {
  minLength: 1,
  maxLength: 32,
  pattern: '^[A-Za-z0-9-]+$',
};

/** `user_id`: 1–64 letters, digits, `-`, `_`; case-sensitive. */
export const userId: StringConstraint = {
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
};

/** Type prefixes of Aisle-created ids (CONTRIBUTING.md, "Connect, general"). */
export const idPrefixes = {
  order: 'fo_',
  event: 'evt_',
  hold: 'hold_',
  serviceOption: 'so_',
  orderItem: 'oi_',
  chatMessage: 'msg_',
  shopper: 'shp_',
  transaction: 'txn_',
  catalogBatch: 'batch_',
} as const;

/** Property names whose schemas must carry exactly these constraints. */
export const constrainedFields: Readonly<Record<string, StringConstraint>> = {
  lookup_code: lookupCode,
  replacement_lookup_code: lookupCode,
  user_id: userId,
};

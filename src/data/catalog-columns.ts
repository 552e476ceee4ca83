/**
 * Column registry of the catalog inventory file: every column a `full`, `delta` or
 * `reinventory` file may carry, exactly once, with its type and rules. The specification
 * tables on /catalog/catalog_inventory_file/* (`<CatalogColumnTable topic="…" />`) and the
 * in-browser file checker (src/catalog/fileChecker.ts) both read this list, so a rule changed
 * here changes the pages and the checker together. Each topic page explains its columns in
 * prose; keep the descriptions short (one or two sentences, code spans only, no links) and
 * every `example` valid for its own column's rules.
 */
import type { CatalogColumn } from './catalog-columns.types';

/** Allergen values shared by `allergens` and `may_contain`: the US major nine, as in the Catalog API. */
const ALLERGENS = [
  'milk',
  'eggs',
  'fish',
  'shellfish',
  'tree_nuts',
  'peanuts',
  'wheat',
  'soy',
  'sesame',
] as const;

/** Nutrients per serving: all need `serving_size` so that the numbers mean something. */
const NEEDS_SERVING = ['serving_size'] as const;

/** The offer columns need each other: an offer without an ID, value or dates is rejected. */
const OFFER_CORE = [
  'offer_id',
  'offer_discount_type',
  'offer_discount_value',
  'offer_starts_at',
  'offer_ends_at',
];
const offerNeeds = (self: string) => OFFER_CORE.filter((name) => name !== self);

export const catalogColumns: readonly CatalogColumn[] = [
  // required_columns
  {
    name: 'lookup_code',
    type: 'lookup_code',
    required: true,
    topic: 'required_columns',
    description:
      'The item code: a UPC or EAN of 12–14 digits with a valid check digit, an 8-digit UPC-E or EAN-8, a 4–5 digit PLU, or your own code of up to 32 letters, digits and hyphens. Unique within a store; keep leading zeros.',
    example: '4011',
  },
  {
    name: 'item_name',
    type: 'string',
    required: true,
    topic: 'required_columns',
    description:
      'The name shoppers see, without the size: Aisle adds the size from `size` and `size_uom`. Sentence case, no promotional text.',
    example: 'Organic whole milk',
    maxLength: 200,
  },
  {
    name: 'price',
    type: 'decimal',
    required: true,
    topic: 'required_columns',
    description:
      'The regular shelf price in the store currency, per `cost_unit`: per item for `each`, per pound or kilogram for `lb` and `kg`. No currency sign, no thousands separator.',
    example: '5.49',
    min: 0.01,
    max: 99999.99,
    decimals: 2,
  },
  {
    name: 'cost_unit',
    type: 'enum',
    required: true,
    topic: 'required_columns',
    description:
      'What one `price` buys: one item (`each`), one pound (`lb`) or one kilogram (`kg`).',
    example: 'each',
    allowedValues: ['each', 'lb', 'kg'],
  },
  {
    name: 'available',
    type: 'boolean',
    required: true,
    topic: 'required_columns',
    description:
      'Whether shoppers can add the item to a cart now. `false` keeps the item and its data in the catalog and shows it as out of stock.',
    example: 'true',
  },
  {
    name: 'store_identifier',
    type: 'string',
    required: true,
    topic: 'required_columns',
    description:
      'Your store code, the same value as `store_location` in the Connect APIs. In a one-store file it is the first part of the file name in every row; in a `stores_` file each row names its own store.',
    example: '0142',
    maxLength: 32,
    pattern: '[A-Za-z0-9-]{1,32}',
  },

  // item_identifiers
  {
    name: 'lookup_code_type',
    type: 'enum',
    required: false,
    topic: 'item_identifiers',
    description:
      'How Aisle reads `lookup_code`. Leave it empty to let Aisle decide from the digits; send `retailer` for your own all-digit codes so that a 4–5 digit code is not matched as a PLU.',
    example: 'plu',
    allowedValues: ['upc', 'ean', 'plu', 'retailer'],
  },
  {
    name: 'retailer_item_id',
    type: 'string',
    required: false,
    topic: 'item_identifiers',
    description:
      'Your internal item number when `lookup_code` is a UPC, EAN or PLU. Shown in the Platform Portal and in rejected-row reports so that your team can find the item.',
    example: 'FM-100234',
    maxLength: 40,
    pattern: '[A-Za-z0-9._-]{1,40}',
  },
  {
    name: 'alternate_lookup_codes',
    type: 'string',
    required: false,
    topic: 'item_identifiers',
    description:
      'Up to 10 more UPCs or EANs that scan as this item, such as a promotional pack or an older label, separated by `|`. Each must have a valid check digit and belong to no other item.',
    example: '0001234569103',
    maxLength: 149,
    pattern: '(\\d{8}|\\d{12,14})(\\|(\\d{8}|\\d{12,14})){0,9}',
  },
  {
    name: 'replaces_lookup_code',
    type: 'lookup_code',
    required: false,
    topic: 'item_identifiers',
    description:
      'The code this item takes over from, for example after a packaging change. Aisle moves favorites, shopping lists and ratings to the new code and removes the old item from the store.',
    example: '0001234569400',
  },

  // pricing
  {
    name: 'currency',
    type: 'enum',
    required: false,
    topic: 'pricing',
    description:
      'Currency of every amount in the row. Empty means the store currency; a value that differs from it (USD for US stores, CAD for Canadian stores) rejects the row.',
    example: 'USD',
    allowedValues: ['USD', 'CAD'],
  },
  {
    name: 'loyalty_price',
    type: 'decimal',
    required: false,
    topic: 'pricing',
    description:
      'An everyday price for shoppers with a loyalty number, per `cost_unit`. Must be lower than `price`; other shoppers see it next to the regular price.',
    example: '5.29',
    min: 0.01,
    max: 99999.99,
    decimals: 2,
  },
  {
    name: 'price_effective_at',
    type: 'datetime',
    required: false,
    topic: 'pricing',
    description:
      'When `price` and `loyalty_price` in this row take effect, up to 30 days ahead. Empty or in the past means at once; until then the current prices stay.',
    example: '2026-03-15T00:00:00-05:00',
  },

  // weighted_items
  {
    name: 'order_by',
    type: 'enum',
    required: false,
    topic: 'weighted_items',
    description:
      'How shoppers choose a quantity of an item sold by `lb` or `kg`: by weight, by count (Aisle estimates the weight) or either. Ignored when `cost_unit` is `each`.',
    example: 'count',
    allowedValues: ['weight', 'count', 'both'],
    defaultValue: 'weight',
  },
  {
    name: 'average_weight',
    type: 'decimal',
    required: false,
    topic: 'weighted_items',
    description:
      'The typical weight of one piece, in the `cost_unit` unit. Required when `order_by` is `count` or `both`: Aisle uses it to estimate the price.',
    example: '0.4',
    min: 0.001,
    max: 100,
    decimals: 3,
  },
  {
    name: 'weight_increment',
    type: 'decimal',
    required: false,
    topic: 'weighted_items',
    description:
      'The step of the weight selector, in the `cost_unit` unit. Empty means 0.25 for `lb` and 0.1 for `kg`; the smallest orderable weight is one step.',
    example: '0.5',
    min: 0.01,
    max: 5,
    decimals: 2,
  },
  {
    name: 'max_weight',
    type: 'decimal',
    required: false,
    topic: 'weighted_items',
    description:
      'The largest weight one order line can ask for, in the `cost_unit` unit. Empty means 10 for `lb` and 5 for `kg`.',
    example: '5',
    min: 0.1,
    max: 100,
    decimals: 2,
  },

  // sizes_and_units
  {
    name: 'size',
    type: 'decimal',
    required: false,
    topic: 'sizes_and_units',
    description:
      'The net content of one unit, in `size_uom`. For a multipack, the size of one unit inside it; `pack_count` says how many.',
    example: '1',
    min: 0.001,
    max: 99999,
    decimals: 3,
    requires: ['size_uom'],
  },
  {
    name: 'size_uom',
    type: 'enum',
    required: false,
    topic: 'sizes_and_units',
    description:
      'The unit of `size`. Use `fl_oz` for liquids sold in fluid ounces and `oz` for weight; `ct` for a count, such as 12 eggs.',
    example: 'gal',
    allowedValues: [
      'oz',
      'fl_oz',
      'lb',
      'g',
      'kg',
      'ml',
      'l',
      'gal',
      'qt',
      'pt',
      'ct',
      'ft',
      'sq_ft',
    ],
    requires: ['size'],
  },
  {
    name: 'pack_count',
    type: 'integer',
    required: false,
    topic: 'sizes_and_units',
    description:
      'Units in a multipack sold as one item, such as 12 cans. Aisle shows `12 × 12 fl oz` and calculates the unit price over the whole pack.',
    example: '12',
    min: 1,
    max: 999,
    defaultValue: '1',
    requires: ['size'],
  },
  {
    name: 'size_description',
    type: 'string',
    required: false,
    topic: 'sizes_and_units',
    description:
      'Free text shown instead of the calculated size, for items without a net content such as a bunch of herbs. Aisle calculates no unit price when it is set.',
    example: 'Bunch',
    maxLength: 40,
  },

  // availability
  {
    name: 'quantity_on_hand',
    type: 'integer',
    required: false,
    topic: 'availability',
    description:
      'Units (or whole pounds or kilograms) on the shelf when you exported the file. `0` shows the item as out of stock even when `available` is `true`.',
    example: '36',
    min: 0,
    max: 999999,
  },
  {
    name: 'max_order_quantity',
    type: 'integer',
    required: false,
    topic: 'availability',
    description:
      'The most units of the item one order may contain, for limited stock or purchase limits. Empty means no limit beyond the storefront maximum of 99.',
    example: '4',
    min: 1,
    max: 99,
  },
  {
    name: 'available_for',
    type: 'enum_list',
    required: false,
    topic: 'availability',
    description:
      'The fulfillment workflows that may sell the item. `pickup` alone suits items that do not travel well, such as decorated cakes.',
    example: 'pickup',
    allowedValues: ['delivery', 'pickup'],
    defaultValue: 'delivery|pickup',
  },
  {
    name: 'available_from',
    type: 'date',
    required: false,
    topic: 'availability',
    description:
      'The first day, in store local time, on which the item can be ordered. Before it, the item is hidden; use it for seasonal items.',
    example: '2026-10-01',
  },
  {
    name: 'available_until',
    type: 'date',
    required: false,
    topic: 'availability',
    description:
      'The last day, in store local time, on which the item can be ordered. From the next day the item is hidden until a later file changes the date.',
    example: '2026-11-30',
  },

  // lead_times_and_blackouts
  {
    name: 'lead_time_hours',
    type: 'integer',
    required: false,
    topic: 'lead_times_and_blackouts',
    description:
      'Hours of notice the store needs to prepare the item, such as a decorated cake. A cart holding it is offered only delivery and pickup slots that start at least this many hours after checkout. Empty or `0`: no notice.',
    example: '48',
    min: 0,
    max: 168,
  },
  {
    name: 'blackout_periods',
    type: 'period_list',
    required: false,
    topic: 'lead_times_and_blackouts',
    description:
      'When the item cannot be delivered or picked up: dates (`YYYY-MM-DD`, the whole day in the store time zone) or periods (`start/end`, date-times with offset, end exclusive), separated by `|`. Slots that overlap one are not offered for a cart holding the item.',
    example: '2026-11-26|2026-12-24T15:00:00-06:00/2026-12-26T00:00:00-06:00',
    maxItems: 20,
    maxPeriodDays: 31,
  },

  // promotions
  {
    name: 'offer_id',
    type: 'string',
    required: false,
    topic: 'promotions',
    description:
      'Your stable ID of an item-level offer, in the same ID space as `promotion_id` in promotion files. Rows with the same ID form one mix-and-match offer.',
    example: 'FM-2026-W11-YOGURT',
    maxLength: 64,
    pattern: '[A-Za-z0-9-]{1,64}',
    requires: offerNeeds('offer_id'),
  },
  {
    name: 'offer_discount_type',
    type: 'enum',
    required: false,
    topic: 'promotions',
    description:
      '`percent` off the group, `amount` off the group, or a `fixed_price` for the group of `offer_min_quantity` units.',
    example: 'fixed_price',
    allowedValues: ['percent', 'amount', 'fixed_price'],
    requires: offerNeeds('offer_discount_type'),
  },
  {
    name: 'offer_discount_value',
    type: 'decimal',
    required: false,
    topic: 'promotions',
    description:
      'The percent (1–100), the amount off, or the price of the whole group, depending on `offer_discount_type`.',
    example: '3.00',
    min: 0.01,
    max: 99999.99,
    decimals: 2,
    requires: offerNeeds('offer_discount_value'),
  },
  {
    name: 'offer_min_quantity',
    type: 'integer',
    required: false,
    topic: 'promotions',
    description:
      'Units in one group. The offer applies to every complete group on the line: with `3`, a line of 7 units gets the offer twice.',
    example: '3',
    min: 1,
    max: 99,
    defaultValue: '1',
    requires: ['offer_id'],
  },
  {
    name: 'offer_starts_at',
    type: 'datetime',
    required: false,
    topic: 'promotions',
    description: 'When the offer starts, with the offset of the store time zone.',
    example: '2026-03-12T00:00:00-05:00',
    requires: offerNeeds('offer_starts_at'),
  },
  {
    name: 'offer_ends_at',
    type: 'datetime',
    required: false,
    topic: 'promotions',
    description: 'When the offer ends (exclusive), at most 90 days after `offer_starts_at`.',
    example: '2026-03-19T00:00:00-05:00',
    requires: offerNeeds('offer_ends_at'),
  },
  {
    name: 'offer_loyalty_only',
    type: 'boolean',
    required: false,
    topic: 'promotions',
    description:
      '`true` to give the offer only to shoppers whose account carries a loyalty number.',
    example: 'false',
    defaultValue: 'false',
    requires: ['offer_id'],
  },
  {
    name: 'promotion_group_id',
    type: 'string',
    required: false,
    topic: 'promotions',
    description:
      "Your ID of the group the row's offer belongs to, such as a weekly ad, in the same ID space as `promotion_group_id` in promotion files. Ending the group in the Platform Portal ends all of its offers at once.",
    example: 'FM-2026-W11',
    maxLength: 64,
    pattern: '[A-Za-z0-9-]{1,64}',
    requires: ['offer_id'],
  },

  // sales
  {
    name: 'sale_price',
    type: 'decimal',
    required: false,
    topic: 'sales',
    description:
      'A temporary price per `cost_unit`, lower than `price`. Shoppers see it with the regular price struck through between `sale_starts_at` and `sale_ends_at`.',
    example: '4.99',
    min: 0.01,
    max: 99999.99,
    decimals: 2,
    requires: ['sale_starts_at', 'sale_ends_at'],
  },
  {
    name: 'sale_starts_at',
    type: 'datetime',
    required: false,
    topic: 'sales',
    description: 'When the sale price starts, with the offset of the store time zone.',
    example: '2026-03-12T00:00:00-05:00',
    requires: ['sale_price'],
  },
  {
    name: 'sale_ends_at',
    type: 'datetime',
    required: false,
    topic: 'sales',
    description: 'When the sale price ends (exclusive), at most 90 days after `sale_starts_at`.',
    example: '2026-03-19T00:00:00-05:00',
    requires: ['sale_price'],
  },
  {
    name: 'sale_max_quantity',
    type: 'integer',
    required: false,
    topic: 'sales',
    description:
      'The most units per order at the sale price; further units cost `price`. Empty means no limit.',
    example: '4',
    min: 1,
    max: 99,
    requires: ['sale_price'],
  },
  {
    name: 'sale_loyalty_only',
    type: 'boolean',
    required: false,
    topic: 'sales',
    description:
      '`true` to give the sale price only to shoppers with a loyalty number; others pay `price` and see the sale price as a member price.',
    example: 'false',
    defaultValue: 'false',
    requires: ['sale_price'],
  },

  // variants
  {
    name: 'variant_group_id',
    type: 'string',
    required: false,
    topic: 'variants',
    description:
      'Your ID shared by the items that are variants of one product, such as the flavors of a yogurt. Each item keeps its own row, code and price.',
    example: 'FM-GREEK-YOGURT-53',
    maxLength: 40,
    pattern: '[A-Za-z0-9-]{1,40}',
    requires: ['variant_attribute', 'variant_value'],
  },
  {
    name: 'variant_attribute',
    type: 'enum',
    required: false,
    topic: 'variants',
    description: 'What differs between the variants of the group. One attribute per group.',
    example: 'flavor',
    allowedValues: ['flavor', 'size', 'color', 'scent', 'style'],
    requires: ['variant_group_id', 'variant_value'],
  },
  {
    name: 'variant_value',
    type: 'string',
    required: false,
    topic: 'variants',
    description:
      'This item’s value of `variant_attribute`, as shown on the selector. Unique within the group.',
    example: 'Vanilla',
    maxLength: 40,
    requires: ['variant_group_id', 'variant_attribute'],
  },
  {
    name: 'variant_sort_order',
    type: 'integer',
    required: false,
    topic: 'variants',
    description:
      'Position of this variant on the selector, lowest first. Empty sorts after numbered variants, alphabetically.',
    example: '1',
    min: 1,
    max: 999,
    requires: ['variant_group_id'],
  },

  // product_attributes
  {
    name: 'brand_name',
    type: 'string',
    required: false,
    topic: 'product_attributes',
    description:
      'The brand on the package, shown above the item name and used by search and ads. Use your store brand for private-label items.',
    example: 'Fresh Market',
    maxLength: 100,
  },
  {
    name: 'description',
    type: 'string',
    required: false,
    topic: 'product_attributes',
    description:
      'Marketing copy for the product page, in plain text. A line break inside the quoted value starts a new paragraph.',
    example: 'Pasteurized organic whole milk from pasture-raised cows.',
    maxLength: 2000,
  },
  {
    name: 'manufacturer',
    type: 'string',
    required: false,
    topic: 'product_attributes',
    description: 'The company that makes the product, when it differs from the brand owner.',
    example: 'Brightmeadow Dairy',
    maxLength: 100,
  },
  {
    name: 'dietary_attributes',
    type: 'enum_list',
    required: false,
    topic: 'product_attributes',
    description:
      'Claims printed or certified on the package, separated by `|`. They drive the dietary filters of search and browse pages.',
    example: 'organic|gluten_free',
    allowedValues: [
      'organic',
      'gluten_free',
      'vegan',
      'vegetarian',
      'dairy_free',
      'kosher',
      'halal',
      'non_gmo',
    ],
  },
  {
    name: 'country_of_origin',
    type: 'string',
    required: false,
    topic: 'product_attributes',
    description: 'Where the product was grown or made, as an ISO 3166-1 alpha-2 code.',
    example: 'US',
    maxLength: 2,
    pattern: '[A-Z]{2}',
  },
  {
    name: 'storage_type',
    type: 'enum',
    required: false,
    topic: 'product_attributes',
    description:
      'How the item is kept. Pickers collect `refrigerated` and `frozen` items last, and they travel in insulated bags.',
    example: 'refrigerated',
    allowedValues: ['ambient', 'refrigerated', 'frozen'],
    defaultValue: 'ambient',
  },

  // departments_and_aisles
  {
    name: 'department',
    type: 'string',
    required: false,
    topic: 'departments_and_aisles',
    description:
      'The store department, the first level of browse pages and the `department` target of offers and ads. Spell each department the same way in every file.',
    example: 'Dairy',
    maxLength: 100,
  },
  {
    name: 'category',
    type: 'string',
    required: false,
    topic: 'departments_and_aisles',
    description: 'The second browse level inside `department`, such as Milk or Yogurt.',
    example: 'Milk',
    maxLength: 100,
    requires: ['department'],
  },
  {
    name: 'aisle_location',
    type: 'string',
    required: false,
    topic: 'departments_and_aisles',
    description:
      'Where the item sits in this store, as printed on your shelf tags. Pick lists are sorted by it.',
    example: 'A07-L',
    maxLength: 20,
    pattern: '[A-Za-z0-9 -]{1,20}',
  },

  // images
  {
    name: 'remote_image_url',
    type: 'url',
    required: false,
    topic: 'images',
    description:
      'HTTPS address of the main product image, a JPEG or PNG of at least 500 × 500 pixels and at most 10 MB. Aisle copies it; change the address to replace it.',
    example: 'https://images.fresh-market.example/0001234567895.jpg',
  },
  {
    name: 'additional_image_urls',
    type: 'string',
    required: false,
    topic: 'images',
    description:
      'Up to 7 more HTTPS image addresses, such as the back of the package, separated by `|`, in display order: 8 images per item at most.',
    example:
      'https://images.fresh-market.example/0001234567895-back.jpg|https://images.fresh-market.example/0001234567895-side.jpg',
    maxLength: 4000,
    pattern: 'https://[^|\\s]+(\\|https://[^|\\s]+){0,6}',
  },
  {
    name: 'image_alt_text',
    type: 'string',
    required: false,
    topic: 'images',
    description:
      'Text alternative of the main image for screen readers. Empty means Aisle uses the brand, name and size.',
    example: 'Gallon jug of Fresh Market organic whole milk with a green cap',
    maxLength: 250,
  },

  // nutrition_info
  {
    name: 'serving_size',
    type: 'string',
    required: false,
    topic: 'nutrition_info',
    description:
      'The serving size as printed on the Nutrition Facts label, household measure first. Every nutrient column needs it.',
    example: '1 cup (240 mL)',
    maxLength: 40,
  },
  {
    name: 'servings_per_container',
    type: 'decimal',
    required: false,
    topic: 'nutrition_info',
    description: 'Servings per package; send `16` for a label that says about 16.',
    example: '16',
    min: 0.5,
    max: 999,
    decimals: 1,
    requires: NEEDS_SERVING,
  },
  {
    name: 'calories',
    type: 'integer',
    required: false,
    topic: 'nutrition_info',
    description: 'Calories per serving.',
    example: '150',
    min: 0,
    max: 5000,
    requires: NEEDS_SERVING,
  },
  {
    name: 'total_fat_g',
    type: 'decimal',
    required: false,
    topic: 'nutrition_info',
    description: 'Total fat per serving, in grams.',
    example: '8',
    min: 0,
    max: 500,
    decimals: 1,
    requires: NEEDS_SERVING,
  },
  {
    name: 'saturated_fat_g',
    type: 'decimal',
    required: false,
    topic: 'nutrition_info',
    description: 'Saturated fat per serving, in grams; at most `total_fat_g`.',
    example: '5',
    min: 0,
    max: 500,
    decimals: 1,
    requires: NEEDS_SERVING,
  },
  {
    name: 'sodium_mg',
    type: 'integer',
    required: false,
    topic: 'nutrition_info',
    description: 'Sodium per serving, in milligrams.',
    example: '120',
    min: 0,
    max: 50000,
    requires: NEEDS_SERVING,
  },
  {
    name: 'total_carbohydrate_g',
    type: 'decimal',
    required: false,
    topic: 'nutrition_info',
    description: 'Total carbohydrate per serving, in grams.',
    example: '12',
    min: 0,
    max: 500,
    decimals: 1,
    requires: NEEDS_SERVING,
  },
  {
    name: 'dietary_fiber_g',
    type: 'decimal',
    required: false,
    topic: 'nutrition_info',
    description: 'Dietary fiber per serving, in grams; at most `total_carbohydrate_g`.',
    example: '0',
    min: 0,
    max: 500,
    decimals: 1,
    requires: NEEDS_SERVING,
  },
  {
    name: 'total_sugars_g',
    type: 'decimal',
    required: false,
    topic: 'nutrition_info',
    description: 'Total sugars per serving, in grams; at most `total_carbohydrate_g`.',
    example: '12',
    min: 0,
    max: 500,
    decimals: 1,
    requires: NEEDS_SERVING,
  },
  {
    name: 'protein_g',
    type: 'decimal',
    required: false,
    topic: 'nutrition_info',
    description: 'Protein per serving, in grams.',
    example: '8',
    min: 0,
    max: 500,
    decimals: 1,
    requires: NEEDS_SERVING,
  },

  // ingredients_and_allergens
  {
    name: 'ingredients',
    type: 'string',
    required: false,
    topic: 'ingredients_and_allergens',
    description:
      'The ingredient statement exactly as printed, in the same order, without the word Ingredients.',
    example: 'Organic whole milk, vitamin D3.',
    maxLength: 2000,
  },
  {
    name: 'allergens',
    type: 'enum_list',
    required: false,
    topic: 'ingredients_and_allergens',
    description:
      'Allergens the product contains, separated by `|`. Drives the allergen badges and the "free from" filters.',
    example: 'milk',
    allowedValues: ALLERGENS,
  },
  {
    name: 'may_contain',
    type: 'enum_list',
    required: false,
    topic: 'ingredients_and_allergens',
    description:
      'Allergens named in a precautionary statement such as "may contain" or "made in a facility that also processes". Never repeats a value of `allergens`.',
    example: 'tree_nuts|peanuts',
    allowedValues: ALLERGENS,
  },

  // multi_language_fields
  {
    name: 'item_name_fr',
    type: 'string',
    required: false,
    topic: 'multi_language_fields',
    description:
      'The French item name, shown to shoppers who use `fr-CA`. Empty means they see `item_name`.',
    example: 'Lait entier biologique',
    maxLength: 200,
  },
  {
    name: 'department_fr',
    type: 'string',
    required: false,
    topic: 'multi_language_fields',
    description: 'The French name of `department`; use one spelling per department.',
    example: 'Produits laitiers',
    maxLength: 100,
    requires: ['department'],
  },
  {
    name: 'category_fr',
    type: 'string',
    required: false,
    topic: 'multi_language_fields',
    description: 'The French name of `category`.',
    example: 'Lait',
    maxLength: 100,
    requires: ['category'],
  },
  {
    name: 'description_fr',
    type: 'string',
    required: false,
    topic: 'multi_language_fields',
    description: 'The French product description, with the same rules as `description`.',
    example: 'Lait entier biologique pasteurisé de vaches élevées au pâturage.',
    maxLength: 2000,
  },
  {
    name: 'ingredients_fr',
    type: 'string',
    required: false,
    topic: 'multi_language_fields',
    description: 'The French ingredient statement as printed on a bilingual label.',
    example: 'Lait entier biologique, vitamine D3.',
    maxLength: 2000,
  },

  // tax
  {
    name: 'tax_rate',
    type: 'decimal',
    required: false,
    topic: 'tax',
    description:
      'The combined sales tax rate of the item at this store as a fraction: `0.0625` is 6.25%, `0` is not taxed. Overrides `tax_category`.',
    example: '0.0625',
    min: 0,
    max: 1,
    decimals: 5,
  },
  {
    name: 'tax_category',
    type: 'enum',
    required: false,
    topic: 'tax',
    description:
      'The tax class of the item. When `tax_rate` is empty, Aisle applies the rate you set for this category and store in the Platform Portal.',
    example: 'grocery_food',
    allowedValues: [
      'general',
      'grocery_food',
      'prepared_food',
      'candy',
      'soft_drinks',
      'alcohol',
      'non_taxable',
    ],
    defaultValue: 'general',
  },
  {
    name: 'tax_code',
    type: 'string',
    required: false,
    topic: 'tax',
    description:
      'Your point-of-sale tax code, returned in order and transaction reports so that you can reconcile tax with your own books.',
    example: 'TX-FOOD-0',
    maxLength: 20,
    pattern: '[A-Za-z0-9_-]{1,20}',
  },

  // snap-ebt
  {
    name: 'snap_eligible',
    type: 'boolean',
    required: false,
    topic: 'snap-ebt',
    description:
      'Whether shoppers may pay for the item with SNAP benefits on an EBT card. Aisle never charges sales tax on the part paid with SNAP.',
    example: 'true',
    defaultValue: 'false',
  },
  {
    name: 'hot_food',
    type: 'boolean',
    required: false,
    topic: 'snap-ebt',
    description:
      'Whether the item is sold hot, such as a rotisserie chicken from the warmer. Hot foods are never SNAP-eligible: a row with both `true` is rejected.',
    example: 'false',
    defaultValue: 'false',
  },
  {
    name: 'wic_eligible',
    type: 'boolean',
    required: false,
    topic: 'snap-ebt',
    description:
      'Whether the item is on your state’s WIC approved product list. Shown as a badge and filter; WIC benefits themselves are redeemed in store.',
    example: 'false',
    defaultValue: 'false',
  },

  // bottle_deposits
  {
    name: 'bottle_deposit',
    type: 'decimal',
    required: false,
    topic: 'bottle_deposits',
    description:
      'The deposit or recycling fee per container, in the store currency, as your state or province sets it. Not part of `price`.',
    example: '0.05',
    min: 0.01,
    max: 1,
    decimals: 2,
  },
  {
    name: 'deposit_container_count',
    type: 'integer',
    required: false,
    topic: 'bottle_deposits',
    description:
      'Containers the deposit applies to in one item, such as 12 for a 12-pack. The line deposit is `bottle_deposit` × this count × quantity.',
    example: '12',
    min: 1,
    max: 99,
    defaultValue: '1',
    requires: ['bottle_deposit'],
  },
  {
    name: 'deposit_taxable',
    type: 'boolean',
    required: false,
    topic: 'bottle_deposits',
    description:
      '`true` where your state taxes the deposit at the item’s tax rate; `false` where the deposit is not taxed.',
    example: 'false',
    defaultValue: 'false',
    requires: ['bottle_deposit'],
  },

  // alcohol
  {
    name: 'alcoholic',
    type: 'boolean',
    required: false,
    topic: 'alcohol',
    description:
      'Whether the item is an alcoholic beverage. `true` applies the store’s alcohol rules: legal age, sale hours, ID check at handover, no SNAP.',
    example: 'true',
    defaultValue: 'false',
  },
  {
    name: 'alcohol_type',
    type: 'enum',
    required: false,
    topic: 'alcohol',
    description:
      'The kind of drink, for browse pages and for stores licensed to sell only some kinds, such as beer and wine but not spirits.',
    example: 'beer',
    allowedValues: ['beer', 'wine', 'spirits', 'hard_seltzer', 'cider', 'other'],
    requires: ['alcoholic'],
  },
  {
    name: 'abv_percent',
    type: 'decimal',
    required: false,
    topic: 'alcohol',
    description: 'Alcohol by volume as printed, in percent: `5` for 5% ABV.',
    example: '4.8',
    min: 0.5,
    max: 95,
    decimals: 1,
    requires: ['alcoholic'],
  },

  // age_restricted_items
  {
    name: 'age_restricted',
    type: 'boolean',
    required: false,
    topic: 'age_restricted_items',
    description:
      'Whether the item, not being alcohol, may be sold only to shoppers of a minimum age. `true` asks for a date of birth at checkout and an ID check at handover.',
    example: 'true',
    defaultValue: 'false',
  },
  {
    name: 'minimum_age',
    type: 'integer',
    required: false,
    topic: 'age_restricted_items',
    description:
      'The age in years the shopper must have reached. Send the strictest age that applies at this store.',
    example: '18',
    min: 16,
    max: 21,
    requires: ['age_restricted'],
  },
  {
    name: 'age_restriction_reason',
    type: 'enum',
    required: false,
    topic: 'age_restricted_items',
    description:
      'Why the item is restricted, shown to the shopper and to the picker. `tobacco` and `nicotine` items also need a store license set in the Platform Portal.',
    example: 'dextromethorphan',
    allowedValues: [
      'tobacco',
      'nicotine',
      'dextromethorphan',
      'spray_paint',
      'fireworks',
      'knives',
      'other',
    ],
    requires: ['age_restricted'],
  },

  // store_locations
  {
    name: 'price_zone',
    type: 'string',
    required: false,
    topic: 'store_locations',
    description:
      'Your price zone of the store. The Platform Portal price report flags items whose price differs between stores of one zone.',
    example: 'SPRINGFIELD-METRO',
    maxLength: 30,
    pattern: '[A-Za-z0-9-]{1,30}',
  },
  {
    name: 'fulfillment_location',
    type: 'string',
    required: false,
    topic: 'store_locations',
    description:
      'The code of the site that picks this item for the store, when it is not the store itself, such as a micro-fulfillment center registered in the Platform Portal.',
    example: 'MFC-01',
    maxLength: 20,
    pattern: '[A-Za-z0-9-]{1,20}',
  },
];

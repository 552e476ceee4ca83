/**
 * Sample data for the Shopping Widgets live examples: twelve products of the example retailer
 * Fresh Market Co. (store `0142`), a signed-in shopper profile, and the money helpers the
 * examples share. Everything is local: the images are inline SVG data URIs generated here, and
 * nothing in the examples touches the network.
 */

/** An ISO 4217 currency code; the sample retailer sells in US dollars only. */
export type CurrencyCode = 'USD';

/** Money in the Aisle convention: the amount as a decimal string, plus a currency. */
export interface Money {
  amount: string;
  currency: CurrencyCode;
}

/** A product as the widgets receive it, with catalog column names. */
export interface SampleProduct {
  /** UPC, PLU or retailer code, for example `0001234567895`. */
  lookup_code: string;
  item_name: string;
  brand_name: string;
  /** Size as shown to the shopper, for example `1 gal`. */
  size: string;
  /** Price per `cost_unit` as a decimal string, for example `"5.49"`. */
  price: string;
  /** Catalog `cost_unit`: `each`, or `lb` for an item sold by weight (bananas, apples). */
  cost_unit: 'each' | 'lb';
  currency: CurrencyCode;
  department: string;
  /** A small inline SVG image (data URI); decorative, the name carries the meaning. */
  image: string;
  snap_eligible: boolean;
}

/** The retailer and store the examples shop at. */
export interface SampleStore {
  retailer_slug: string;
  retailer_name: string;
  store_location: string;
  /** Short store name shown in the profile button, for example "Harbor Avenue". */
  name: string;
  address_line_1: string;
  city: string;
}

/** The signed-in shopper shown by the auth_profile example. */
export interface SampleProfile {
  user_id: string;
  first_name: string;
  /** Loyalty number with all but the last four digits masked. */
  loyalty_number_masked: string;
  store: SampleStore;
}

/** A cart line: which product and how many units. */
export interface SampleCartLine {
  lookup_code: string;
  quantity: number;
}

type Shape = 'circle' | 'triangle' | 'bar' | 'diamond' | 'ring' | 'drop';

const shapes: Record<Shape, string> = {
  circle: '<circle cx="32" cy="32" r="15" fill="#ffffff" fill-opacity="0.9"/>',
  triangle: '<path d="M32 16 49 46H15Z" fill="#ffffff" fill-opacity="0.9"/>',
  bar: '<rect x="16" y="24" width="32" height="16" rx="4" fill="#ffffff" fill-opacity="0.9"/>',
  diamond: '<path d="M32 14 50 32 32 50 14 32Z" fill="#ffffff" fill-opacity="0.9"/>',
  ring: '<circle cx="32" cy="32" r="13" fill="none" stroke="#ffffff" stroke-opacity="0.9" stroke-width="6"/>',
  drop: '<path d="M32 14C40 26 46 32 46 39a14 14 0 0 1-28 0c0-7 6-13 14-25Z" fill="#ffffff" fill-opacity="0.9"/>',
};

/** Builds a 64 × 64 image: a coloured rounded square with one simple white shape on it. */
function productImage(background: string, shape: Shape): string {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">' +
    `<rect width="64" height="64" rx="12" fill="${background}"/>${shapes[shape]}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** The example retailer's store, as in the writers' guide. */
export const sampleStore: SampleStore = {
  retailer_slug: 'fresh-market',
  retailer_name: 'Fresh Market Co.',
  store_location: '0142',
  name: 'Harbor Avenue',
  address_line_1: '1420 Harbor Avenue',
  city: 'Springfield',
};

/** Twelve products of Fresh Market Co.; the first is the guide's example product. */
export const sampleProducts: readonly SampleProduct[] = [
  {
    lookup_code: '0001234567895',
    item_name: 'Organic whole milk',
    brand_name: 'Brightmeadow Dairy',
    size: '1 gal',
    price: '5.49',
    cost_unit: 'each',
    currency: 'USD',
    department: 'Dairy',
    image: productImage('#2d6a9f', 'drop'),
    snap_eligible: true,
  },
  {
    lookup_code: '4011',
    item_name: 'Bananas',
    brand_name: 'Greenrow Farms',
    size: 'by weight',
    price: '0.69',
    cost_unit: 'lb',
    currency: 'USD',
    department: 'Produce',
    image: productImage('#9a6b00', 'bar'),
    snap_eligible: true,
  },
  {
    lookup_code: '0001234567840',
    item_name: 'Large brown eggs',
    brand_name: 'Brightmeadow Dairy',
    size: '12 ct',
    price: '4.29',
    cost_unit: 'each',
    currency: 'USD',
    department: 'Dairy',
    image: productImage('#8a4f2a', 'circle'),
    snap_eligible: true,
  },
  {
    lookup_code: '0001234567918',
    item_name: 'Sourdough bread',
    brand_name: 'Harbor Avenue Bakehouse',
    size: '24 oz',
    price: '4.99',
    cost_unit: 'each',
    currency: 'USD',
    department: 'Bakery',
    image: productImage('#a0522d', 'bar'),
    snap_eligible: true,
  },
  {
    lookup_code: '4131',
    item_name: 'Fuji apples',
    brand_name: 'Greenrow Farms',
    size: 'by weight',
    price: '1.99',
    cost_unit: 'lb',
    currency: 'USD',
    department: 'Produce',
    image: productImage('#b3261e', 'circle'),
    snap_eligible: true,
  },
  {
    lookup_code: '0001234567925',
    item_name: 'Plain Greek yogurt',
    brand_name: 'Brightmeadow Dairy',
    size: '32 oz',
    price: '5.99',
    cost_unit: 'each',
    currency: 'USD',
    department: 'Dairy',
    image: productImage('#3d5a80', 'ring'),
    snap_eligible: true,
  },
  {
    lookup_code: '0001234567857',
    item_name: 'Extra virgin olive oil',
    brand_name: 'Tidewater Pantry',
    size: '16.9 fl oz',
    price: '9.99',
    cost_unit: 'each',
    currency: 'USD',
    department: 'Pantry',
    image: productImage('#5a6b1e', 'drop'),
    snap_eligible: true,
  },
  {
    lookup_code: '0001234567871',
    item_name: 'Baby spinach',
    brand_name: 'Greenrow Farms',
    size: '5 oz',
    price: '3.49',
    cost_unit: 'each',
    currency: 'USD',
    department: 'Produce',
    image: productImage('#2f6f4f', 'diamond'),
    snap_eligible: true,
  },
  {
    lookup_code: '0001234567963',
    item_name: 'Frozen wild blueberries',
    brand_name: 'Fresh Market Co.',
    size: '32 oz',
    price: '7.49',
    cost_unit: 'each',
    currency: 'USD',
    department: 'Frozen',
    image: productImage('#4b3f8f', 'circle'),
    snap_eligible: true,
  },
  {
    lookup_code: '0001234567970',
    item_name: 'Lime sparkling water',
    brand_name: 'Fresh Market Co.',
    size: '12 × 12 fl oz',
    price: '5.99',
    cost_unit: 'each',
    currency: 'USD',
    department: 'Beverages',
    image: productImage('#1f7a7a', 'drop'),
    snap_eligible: true,
  },
  {
    lookup_code: '0001234567987',
    item_name: 'Hot rotisserie chicken',
    brand_name: 'Fresh Market Co.',
    size: '1 each',
    price: '7.99',
    cost_unit: 'each',
    currency: 'USD',
    department: 'Deli',
    image: productImage('#9c4a1a', 'triangle'),
    snap_eligible: false,
  },
  {
    lookup_code: '0001234567994',
    item_name: 'Paper towels',
    brand_name: 'Fresh Market Co.',
    size: '6 rolls',
    price: '8.99',
    cost_unit: 'each',
    currency: 'USD',
    department: 'Household',
    image: productImage('#566573', 'triangle'),
    snap_eligible: false,
  },
];

/** The shopper shown once signed in; no real person, and the loyalty number is masked. */
export const sampleProfile: SampleProfile = {
  user_id: 'cust-8812',
  first_name: 'Maya',
  loyalty_number_masked: '•••• 6789',
  store: sampleStore,
};

/** The cart the cart example starts with: three lines (milk, bread, 2 lb of bananas), subtotal $11.86. */
export const sampleCartLines: readonly SampleCartLine[] = [
  { lookup_code: '0001234567895', quantity: 1 },
  { lookup_code: '0001234567918', quantity: 1 },
  { lookup_code: '4011', quantity: 2 },
];

/** Returns the sample product with this lookup code, or `undefined`. */
export function findProduct(lookupCode: string): SampleProduct | undefined {
  return sampleProducts.find((product) => product.lookup_code === lookupCode);
}

/**
 * The price as the shopper reads it: `$5.49` each, or `$0.69/lb` for an item sold by weight
 * (catalog `cost_unit` `lb`).
 */
export function formatUnitPrice(
  product: Pick<SampleProduct, 'price' | 'currency' | 'cost_unit'>,
): string {
  const price = formatMoney({ amount: product.price, currency: product.currency });
  return product.cost_unit === 'each' ? price : `${price}/${product.cost_unit}`;
}

/** Converts a decimal string such as `"5.49"` to integer cents (549) without float error. */
export function toCents(amount: string): number {
  const [whole, fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** Converts integer cents to the Aisle money object, for example 549 → `{ amount: "5.49" }`. */
export function toMoney(cents: number, currency: CurrencyCode = 'USD'): Money {
  const whole = Math.floor(cents / 100);
  const fraction = String(cents % 100).padStart(2, '0');
  return { amount: `${whole}.${fraction}`, currency };
}

const formatters = new Map<CurrencyCode, Intl.NumberFormat>();

/** Formats money for display, for example `$5.49`. */
export function formatMoney(money: Money): string {
  let formatter = formatters.get(money.currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: money.currency });
    formatters.set(money.currency, formatter);
  }
  return formatter.format(toCents(money.amount) / 100);
}

/**
 * Totals a list of cart lines: units (`items_count`; a line sold by weight counts as one) and
 * `subtotal`, as the events carry them.
 */
export function cartTotals(lines: readonly SampleCartLine[]): {
  items_count: number;
  subtotal: Money;
} {
  let units = 0;
  let cents = 0;
  for (const line of lines) {
    const product = findProduct(line.lookup_code);
    if (!product) continue;
    units += product.cost_unit === 'each' ? line.quantity : 1;
    cents += toCents(product.price) * line.quantity;
  }
  return { items_count: units, subtotal: toMoney(cents) };
}

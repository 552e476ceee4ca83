/**
 * The example world every sample uses (CONTRIBUTING.md "Example data", "Example people" and the
 * sample products of "Shopping Widgets"): one retailer, its stores, one customer, and products
 * each named by one `lookup_code` everywhere. tests/unit/facts.test.ts checks pages,
 * definitions and the widget sample data against it.
 */

/** The example retailer. */
export const retailer = { name: 'Fresh Market Co.', slug: 'fresh-market' } as const;

/** A store of the example retailer. */
export interface ExampleStore {
  store_location: string;
  country: 'US' | 'CA';
  currency: 'USD' | 'CAD';
  /** Weight unit its weighted items are sold by. */
  weight_unit: 'lb' | 'kg';
  city?: string;
  address_line_1?: string;
}

/** Stores: `0142` is the main example; `0521` is Gatineau, Quebec, selling by the kilogram. */
export const stores: readonly ExampleStore[] = [
  {
    store_location: '0142',
    country: 'US',
    currency: 'USD',
    weight_unit: 'lb',
    address_line_1: '1420 Harbor Avenue',
    city: 'Springfield',
  },
  { store_location: '0208', country: 'US', currency: 'USD', weight_unit: 'lb' },
  { store_location: '0317', country: 'CA', currency: 'CAD', weight_unit: 'kg' },
  { store_location: '0521', country: 'CA', currency: 'CAD', weight_unit: 'kg', city: 'Gatineau' },
];

/** The example customer: `cust-8812` is Maya Lopez on every page, definition and widget. */
export const customer = {
  user_id: 'cust-8812',
  first_name: 'Maya',
  last_name: 'Lopez',
  /** E.164. */
  phone_number: '+12175550142',
  address_line_1: '88 Maple Street',
  address_line_2: 'Apt 2B',
  city: 'Springfield',
  postal_code: '62704',
} as const;

/** The number the customer changes to in the "update a user" examples. */
export const customerNewPhoneNumber = '+12175550199';

/** The person who collects the customer's pickup order in the examples. */
export const collector = {
  first_name: 'Sam',
  last_name: 'Lopez',
  phone_number: '+12175550177',
} as const;

/** The other example people (first names only): the shopper and the driver. */
export const people = { shopper: 'Dana', driver: 'Luis' } as const;

/** Example orders: the main delivery order, then pickup and last mile. */
export const orders = {
  delivery: 'ord-20260314-0007',
  pickup: 'ord-20260314-0011',
  lastMileScheduled: 'ord-20260314-0015',
  lastMileDispatch: 'ord-20260314-0016',
} as const;

/** How a product is priced: per unit, or per weight unit of the store (lb, or kg in Canada). */
export type SoldBy = 'each' | 'weight';

/** An example product. */
export interface ExampleProduct {
  lookup_code: string;
  /** `item_name`; a page may add the size after a comma ("Organic whole milk, 1 gal"). */
  item_name: string;
  sold_by: SoldBy;
  /** Regular price at store `0142` (USD), when the examples give one. */
  price?: string;
  brand_name?: string;
}

/** The example products; a `lookup_code` names one product everywhere. */
export const products: readonly ExampleProduct[] = [
  {
    lookup_code: '0001234567895',
    item_name: 'Organic whole milk',
    sold_by: 'each',
    price: '5.49',
    brand_name: 'Brightmeadow Dairy',
  },
  { lookup_code: '4011', item_name: 'Bananas', sold_by: 'weight', price: '0.69' },
  { lookup_code: '94011', item_name: 'Organic bananas', sold_by: 'weight', price: '0.89' },
  { lookup_code: '4131', item_name: 'Fuji apples', sold_by: 'weight', price: '1.99' },
  { lookup_code: '0001234567840', item_name: 'Large brown eggs', sold_by: 'each', price: '4.29' },
  { lookup_code: '0001234567918', item_name: 'Sourdough bread', sold_by: 'each', price: '4.99' },
  { lookup_code: '0001234567925', item_name: 'Greek yogurt', sold_by: 'each', price: '5.99' },
  { lookup_code: '0001234567857', item_name: 'Olive oil', sold_by: 'each', price: '9.99' },
  {
    lookup_code: '0001234567901',
    item_name: 'Organic 2% milk',
    sold_by: 'each',
    price: '5.29',
    brand_name: 'Brightmeadow Dairy',
  },
  { lookup_code: '0001234567932', item_name: 'Honey oat granola', sold_by: 'each' },
  {
    lookup_code: '0001234567956',
    item_name: 'Whole milk, half gal',
    sold_by: 'each',
    price: '2.99',
    brand_name: 'Brightmeadow Dairy',
  },
];

/** The example product with this code, or undefined. */
export function productOf(lookupCode: string): ExampleProduct | undefined {
  return products.find((p) => p.lookup_code === lookupCode);
}

/**
 * Whether a name a page gives a product names the same product: equal ignoring case, or one
 * extends the other ("Greek yogurt" and "Plain Greek yogurt", "Olive oil" and "Extra virgin
 * olive oil", "Organic whole milk, 1 gal").
 */
export function sameProductName(product: ExampleProduct, name: string): boolean {
  const a = product.item_name.toLowerCase().split(',')[0].trim();
  const b = name.toLowerCase().split(',')[0].trim();
  return a === b || a.endsWith(b) || b.endsWith(a) || a.startsWith(b) || b.startsWith(a);
}

/**
 * The two environment variables every generated request sample reads (CONTRIBUTING.md "Sample
 * environment variables"): the base URL, whose default in each sample is its API's sandbox
 * origin, and the credential the API takes (an access token for the Connect APIs, the API key
 * for the key-based ones). `npm run sandbox` prints both for the local sandbox twin.
 */
export const sampleEnvironment = { baseUrl: 'AISLE_BASE_URL', token: 'AISLE_TOKEN' } as const;

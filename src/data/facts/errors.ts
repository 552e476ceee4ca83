/**
 * The error catalogue: every code a page, a definition or the sandbox twin answers, with the
 * HTTP status each API answers it with. Seeded from CONTRIBUTING.md "Error codes in use" and
 * the per-API codes of its "Facts established by pages"; tests/unit/facts.test.ts fails when an
 * error table or a definition's example pairs a code with another status. The shared codes'
 * `cause` and `fix` are the words of the shared catalogue, the Connect error page, which renders
 * them with `<ErrorCatalogTable>` (src/components/ErrorCatalogTable).
 *
 * Statuses are per API because they are not the same everywhere, on purpose: Catalog,
 * FoodStorm and the Developer Platform answer every validation error (1001–1003) with `400`,
 * Connect and Ads with `422` (CONTRIBUTING.md "Error codes in use").
 */
import type { Api } from './apis';

/** One code of the catalogue. */
export interface ErrorCode {
  /** The `code` of the error object, 1000–6999. */
  code: number;
  /** Short name, sentence case, as an error table's reader scans it. */
  title: string;
  /** What makes the platform answer it; inline Markdown: code spans and root-relative links. */
  cause: string;
  /** What the client does about it; inline Markdown as `cause`. */
  fix: string;
  /** HTTP statuses it comes with, per API that answers it (2xx: a warning in a success). */
  status: Partial<Record<Api, readonly number[]>>;
}

type Row = [code: number, title: string, cause: string, fix: string, status: ErrorCode['status']];

const ALL = (s: readonly number[]): ErrorCode['status'] => ({
  connect: s,
  catalog: s,
  foodstorm: s,
  'developer-platform': s,
  ads: s,
  'payment-connector': s,
});

/** Validation statuses: 422 on Connect and Ads, 400 on the APIs that answer every validation error with 400. */
const VALIDATION = (connect: readonly number[]): ErrorCode['status'] => ({
  connect,
  ads: [422],
  'payment-connector': [422],
  catalog: [400],
  foodstorm: [400],
  'developer-platform': [400],
});

const rows: Row[] = [
  [
    1001,
    'Missing field',
    'A required field is missing.',
    'Add the field in `meta.key`.',
    { ...VALIDATION([400, 422]), ads: [400, 422] },
  ],
  [
    1002,
    'Invalid value',
    'A field has an invalid value.',
    'Check the allowed values on the API page.',
    VALIDATION([422]),
  ],
  [
    1003,
    'Too long or out of range',
    'A field is too long or out of range, such as `limit` above 100; with `413`, the body is over 1 MB.',
    'Shorten or bound the value.',
    VALIDATION([422, 413]),
  ],
  [
    1004,
    'Not JSON',
    'The body is not valid JSON, or not UTF-8.',
    'Serialize the body with a JSON library.',
    ALL([400]),
  ],
  [
    1005,
    'Not application/json',
    '`Content-Type` is not `application/json`.',
    'Send JSON with that header.',
    ALL([415]),
  ],
  [
    1006,
    'Idempotency key not a UUID',
    '`Idempotency-Key` is not a UUID.',
    "Send a UUID, such as one from your language's UUID library.",
    { connect: [400], catalog: [400], foodstorm: [400], 'payment-connector': [400] },
  ],
  [
    1007,
    'Cursor refused',
    "`cursor` is malformed, older than 24 hours, or sent with filters different from the first page's.",
    'Start again from the first page.',
    { connect: [400], foodstorm: [400], ads: [400] },
  ],
  [
    1008,
    'Idempotency key reused',
    '`Idempotency-Key` reused with a different body.',
    'Use a new key for a new operation.',
    { connect: [409], catalog: [409], foodstorm: [409], 'payment-connector': [409] },
  ],
  [
    1009,
    'Request still running',
    'A request with the same `Idempotency-Key` is still running.',
    'Wait 1 second, then retry with the same key.',
    { connect: [409], catalog: [409], foodstorm: [409], 'payment-connector': [409] },
  ],
  [
    1010,
    'Amounts do not add up',
    'Amounts do not add up, such as line totals against `subtotal`.',
    'Recompute the totals.',
    { connect: [422] },
  ],
  [
    1011,
    'Completion time refused',
    '`completed_at` is in the future or older than 30 days.',
    'Send transactions within 30 days.',
    { connect: [422] },
  ],
  [
    1012,
    'Quantity or weight',
    'A line has both `quantity` and `weight`, or neither.',
    'Send exactly one of them.',
    { connect: [422] },
  ],
  [
    1013,
    'Duplicate transaction',
    'The `transaction_id` is already used for this store.',
    "Treat as already received; don't resend.",
    { connect: [409] },
  ],
  [
    1014,
    'Unknown lookup code',
    'Unknown `lookup_code`: a warning in a successful answer, not an error.',
    'Check the code against your catalog.',
    { connect: [200, 201, 202], ads: [202] },
  ],
  [
    1015,
    'Unknown path or method',
    "Unknown path, or a method the path doesn't take.",
    'Check the path, the version and the method.',
    ALL([404, 405]),
  ],
  [
    1016,
    'Unknown user',
    'No user with this `user_id`.',
    'Create the user with `POST /v2/fulfillment/users`, then retry.',
    { connect: [404] },
  ],
  [
    1017,
    'User exists',
    'A user with this `user_id` already exists.',
    'Treat the user as created and continue.',
    { connect: [409] },
  ],
  [
    2001,
    'Unauthenticated',
    'Token or API key missing, expired, unknown or revoked.',
    'Get a new token and retry once.',
    ALL([401]),
  ],
  [
    2002,
    'Scope missing',
    'The token lacks the scope, or a user token was used for another user.',
    'Request the scope; see [Permissions and scopes](/connect/api/permissions_scopes).',
    { connect: [403], catalog: [403], foodstorm: [403] },
  ],
  [
    2003,
    'API key revoked',
    'The API key is revoked.',
    'Create a new key in the Platform Portal.',
    { connect: [403], 'developer-platform': [403], ads: [403] },
  ],
  [
    2004,
    'Invalid client credentials',
    'Invalid client credentials: unknown `client_id`, wrong or retired `client_secret`.',
    'Check the secret and the environment.',
    { connect: [401], catalog: [401] },
  ],
  [2005, 'Rate limit exceeded', 'Rate limit exceeded.', 'Wait `Retry-After` seconds.', ALL([429])],
  [
    2006,
    'Scope not enabled',
    'A requested scope is not enabled for your app in this environment.',
    'Enable it in the Platform Portal.',
    { connect: [403], catalog: [403] },
  ],
  [
    2007,
    'Credentials in the query string',
    'Credentials sent in the query string.',
    'Send them in the body, then rotate the secret.',
    { connect: [403], catalog: [403], 'developer-platform': [403] },
  ],
  [
    2008,
    'Origin not registered',
    'The browser origin is not registered for user tokens.',
    'Register the origin in the Platform Portal.',
    { connect: [403] },
  ],
  [
    2009,
    'Key of another account',
    'The key does not serve this retailer (Ads) or store (FoodStorm).',
    'Use the key of that retailer or store.',
    { ads: [403], foodstorm: [403] },
  ],
  [
    3001,
    'Order not found',
    'Order not found, or no item with this `order_item_id` or `line_num` in the order.',
    'Check the `order_id`, `order_item_id`, `line_num` and `user_id` in the path.',
    { connect: [404] },
  ],
  [
    3002,
    'Status does not allow it',
    "The order's status does not allow the change.",
    'Read the order; the change may no longer apply.',
    { connect: [409] },
  ],
  [
    3003,
    'Order id used',
    'The `order_id` is already used.',
    'Use a new `order_id`, or read the existing order.',
    { connect: [409], ads: [409] },
  ],
  [
    3005,
    'Decision too late',
    'The replacement decision came too late.',
    "Show the customer the shopper's choice.",
    { connect: [409] },
  ],
  [
    3006,
    'Chat closed',
    'The chat is closed.',
    'Hide the chat input for this order.',
    { connect: [409] },
  ],
  [
    3007,
    'No rating',
    'The order has no rating yet.',
    'Show the rating form instead of a rating.',
    { connect: [404] },
  ],
  [
    4001,
    'Unknown store',
    'Unknown or disabled `store_location`.',
    'Check the code with `GET /v2/fulfillment/stores`.',
    { connect: [404], catalog: [404], ads: [404] },
  ],
  [
    4002,
    'Hold expired',
    'The time-slot hold expired or belongs to another user.',
    'Reserve the slot again.',
    { connect: [409] },
  ],
  [
    4003,
    'Slot full',
    'The time slot is full.',
    'List time slots again and let the customer choose.',
    { connect: [409] },
  ],
  [
    4004,
    'Not a pickup order',
    'Not a pickup order.',
    "Don't call pickup endpoints for this order.",
    { connect: [409] },
  ],
  [
    4005,
    'Unknown service option',
    'Unknown `service_option_id`, past its booking cut-off, or no slot with exactly this window.',
    'List time slots again and let the customer choose.',
    { connect: [404] },
  ],
  [
    4006,
    'No hold',
    'The user has no live time-slot hold.',
    'Reserve a time slot again.',
    { connect: [404] },
  ],
  [
    5001,
    'Server error',
    'Server error.',
    'Retry with back-off and the same `Idempotency-Key`.',
    ALL([500, 503]),
  ],
  [
    5002,
    'Timeout',
    'Aisle timed out; the request may or may not have taken effect.',
    'Retry with the same `Idempotency-Key`, or read the resource first.',
    ALL([504]),
  ],
  // Catalog only.
  [
    1101,
    'Image not downloaded',
    'An image could not be downloaded (a warning).',
    'Check the image URL.',
    { catalog: [200] },
  ],
  [
    1102,
    'Store does not sell alcohol',
    'The store does not sell alcohol; the item is rejected.',
    'Send alcohol only to stores that sell it.',
    { catalog: [200] },
  ],
  [
    1103,
    'Price changed over 50 %',
    'The price changed more than 50 % (a warning).',
    'Check the price.',
    { catalog: [200] },
  ],
  [
    1104,
    'Duplicate item',
    'The same `lookup_code` twice for a store in one batch.',
    'Send each item once.',
    { catalog: [400] },
  ],
  [
    1105,
    'Ended promotion group',
    'A file row names a promotion group ended in the Platform Portal; its offer is ignored (a warning).',
    'Start the offers again under a new `promotion_group_id`.',
    { catalog: [200] },
  ],
  [
    4101,
    'Item not found',
    'Item not found.',
    'Check the `lookup_code` and store.',
    { catalog: [404] },
  ],
  [
    4102,
    'Batch not found',
    'Batch not found (batches are kept 30 days).',
    'Check the batch id.',
    { catalog: [404] },
  ],
  [4103, 'Product not found', 'Product not found.', 'Check the `lookup_code`.', { catalog: [404] }],
];

/**
 * Codes 6001–6009 mean different things on FoodStorm, Ads and the payment connector: each API
 * has its own. The payment connector's (openapi/payment-connector.yaml) are the answers a
 * connector gives about an authorization, a capture or a refund; a declined card is not one of
 * them, but a `declined` authorization (CONTRIBUTING.md "Storefront payment connector").
 */
const apiOwn: Row[] = [
  [
    6001,
    'Authorization not found',
    'No authorization with this `authorization_id` at the connector.',
    'Check the id the authorization answered with.',
    { 'payment-connector': [404] },
  ],
  [
    6002,
    'Capture not found',
    'No capture with this `capture_id` at the connector.',
    'Check the id the capture answered with.',
    { 'payment-connector': [404] },
  ],
  [
    6003,
    'Authorization expired',
    'The authorization expired before the capture or increment.',
    'Authorize the final amount again with the saved payment token, then capture.',
    { 'payment-connector': [409] },
  ],
  [
    6004,
    'Authorization closed',
    'The authorization is already captured or voided.',
    'Read the order in the retailer admin; do not retry.',
    { 'payment-connector': [409] },
  ],
  [
    6005,
    'Above the authorization',
    'The capture amount is above the authorized amount.',
    'Increment the authorization first, then capture.',
    { 'payment-connector': [422] },
  ],
  [
    6006,
    'Above the captured amount',
    'The refund is above what remains of the capture.',
    'Refund at most the capture minus earlier refunds.',
    { 'payment-connector': [422] },
  ],
  [
    6007,
    'Refund window over',
    'The capture is more than 120 days old.',
    'Refund the shopper another way, outside the card network.',
    { 'payment-connector': [409] },
  ],
  [
    6008,
    'Payment token unusable',
    'The payment token is unknown, expired or of another merchant account.',
    'Ask the shopper for the card again.',
    { 'payment-connector': [422] },
  ],
  [6001, 'Item not found', 'Item not found.', 'Check the item id.', { foodstorm: [404] }],
  [
    6002,
    'SKU taken',
    'The SKU is taken by another item.',
    'Use another SKU.',
    { foodstorm: [409] },
  ],
  [6003, 'Unknown menu', 'Unknown menu.', 'List the menus.', { foodstorm: [400] }],
  [6004, 'Unknown site', 'Unknown site.', 'Check the site id.', { foodstorm: [404] }],
  [6005, 'Item archived', 'The item is archived.', 'Restore the item first.', { foodstorm: [409] }],
  [
    6001,
    'Unknown placement',
    'The `placement_id` is unknown or inactive for the retailer.',
    'Check the placement in the Platform Portal.',
    { ads: [404] },
  ],
  [
    6002,
    'Context not allowed',
    "The placement doesn't serve this `context`.",
    'Add the context to the placement, or use another placement.',
    { ads: [422] },
  ],
  [
    6003,
    'Tracking token unknown',
    'A tracking token is unknown or of another retailer: the event is rejected.',
    'Send the token exactly as the ad response gave it.',
    { ads: [202] },
  ],
  [
    6004,
    'Tracking token expired',
    'A tracking token expired, 24 hours after the ad was served: the event is rejected.',
    'Send events sooner; drop this one.',
    { ads: [202] },
  ],
  [
    6005,
    'Event time refused',
    "An event's `occurred_at` is more than 5 minutes ahead or before the ad was served.",
    'Take the time from the device clock in UTC.',
    { ads: [202] },
  ],
  [
    6006,
    'Brand page not live',
    "The brand page doesn't exist or is not live.",
    'Show your own brand listing.',
    { ads: [404] },
  ],
  [
    6007,
    'Block not on page',
    'The block is not on the brand page.',
    'Request the brand page again.',
    { ads: [404] },
  ],
  [
    6008,
    'Order time refused',
    "An order's `occurred_at` is in the future or more than 7 days old.",
    'Send orders within 24 hours of placing them.',
    { ads: [422] },
  ],
  [
    6009,
    'Wrong placement format',
    "The placement's format doesn't match the operation.",
    'Request display placements with `POST /ian/dp`.',
    { ads: [422] },
  ],
];

/** The whole catalogue, codes ascending (a code shared by FoodStorm and Ads appears twice). */
export const errorCatalogue: readonly ErrorCode[] = [...rows, ...apiOwn]
  .map(([code, title, cause, fix, status]) => ({ code, title, cause, fix, status }))
  .sort((a, b) => a.code - b.code);

/** The entry an API answers with this code, or undefined when the API does not use the code. */
export function errorOf(api: Api, code: number): ErrorCode | undefined {
  return errorCatalogue.find((e) => e.code === code && e.status[api]);
}

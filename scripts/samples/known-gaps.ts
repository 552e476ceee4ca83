/**
 * Samples that cannot pass yet, each with its reason: a gap of the sandbox twin or an error of
 * the page. The run reports them and does not fail on them; it fails when one of them passes,
 * so that the list never outlives the gap (design/sample-execution.md).
 */

/** A sample expected to fail: its page, its block index on the page (`#n` in the report). */
export interface KnownGap {
  page: string;
  block: number;
  /** What fails and whose it is: `twin: …` or `page: …`. */
  reason: string;
}

const BATCH_OF_ACKNOWLEDGED =
  "twin: the example world's ord-20260314-0007 is already acknowledged, so batching it sends no callback and answers orders[].event_id null; the definition says a string, and the pages batch a brand_new order (a reset arranged for a batch could leave its orders brand_new)";

export const KNOWN_GAPS: KnownGap[] = [
  {
    page: '/connect/sandbox',
    block: 1,
    reason: BATCH_OF_ACKNOWLEDGED,
  },
  {
    page: '/connect/fulfillment_guide/get_started',
    block: 15,
    reason: BATCH_OF_ACKNOWLEDGED,
  },
  {
    page: '/connect/fulfillment_guide/how_to/test_in_sandbox',
    block: 2,
    reason: BATCH_OF_ACKNOWLEDGED,
  },
  {
    page: '/connect/fulfillment_guide/how_to/test_in_sandbox',
    block: 3,
    reason: BATCH_OF_ACKNOWLEDGED,
  },
  {
    page: '/connect/fulfillment_guide/how_to/test_in_sandbox',
    block: 5,
    reason: BATCH_OF_ACKNOWLEDGED,
  },
  {
    page: '/connect/fulfillment/api/set_replacement_items',
    block: 0,
    reason:
      'twin: set_replacement_items answers line_num as the path parameter\'s string ("1"); the definition says integer',
  },
  {
    page: '/connect/fulfillment/api/set_replacement_items',
    block: 1,
    reason:
      'twin: set_replacement_items answers line_num as the path parameter\'s string ("1"); the definition says integer',
  },
  {
    page: '/connect/fulfillment/api/set_replacement_items',
    block: 2,
    reason:
      'twin: set_replacement_items answers line_num as the path parameter\'s string ("1"); the definition says integer',
  },
  {
    page: '/connect/fulfillment_guide/concepts/items_and_replacements',
    block: 2,
    reason:
      'twin: set_replacement_items answers line_num as the path parameter\'s string ("1"); the definition says integer',
  },
  {
    page: '/connect/fulfillment_guide/concepts/users_and_accounts',
    block: 0,
    reason:
      "twin: create_user answers only the fields sent; the User schema also requires birthday, sms_opt_in and locale (null, false and the store's default locale when not sent)",
  },
  {
    page: '/connect/fulfillment_guide/get_started',
    block: 5,
    reason:
      "twin: create_user answers only the fields sent; the User schema also requires birthday, sms_opt_in and locale (null, false and the store's default locale when not sent)",
  },
  {
    page: '/connect/sandbox/api/create_batch',
    block: 0,
    reason: BATCH_OF_ACKNOWLEDGED,
  },
  {
    page: '/connect/sandbox/api/create_batch',
    block: 1,
    reason: BATCH_OF_ACKNOWLEDGED,
  },
  {
    page: '/connect/sandbox/api/create_batch',
    block: 2,
    reason: BATCH_OF_ACKNOWLEDGED,
  },
  {
    page: '/connect/sandbox_guide/get_started',
    block: 1,
    reason:
      'twin: a reset arranged for create_sandbox_user keeps cust-8812 (arrangeFor frees the user only when the first documented status is 201; sandbox.yaml lists 200 first), so the create answers 200 where the page documents 201; also step 1 of the simulate tutorial',
  },
  {
    page: '/connect/sandbox_guide/get_started',
    block: 2,
    reason:
      'twin: a reset arranged for create_sandbox_user keeps cust-8812 (arrangeFor frees the user only when the first documented status is 201; sandbox.yaml lists 200 first), so the create answers 200 where the page documents 201; also step 1 of the simulate tutorial',
  },
  {
    page: '/connect/sandbox_guide/get_started',
    block: 3,
    reason:
      'twin: a reset arranged for create_sandbox_user keeps cust-8812 (arrangeFor frees the user only when the first documented status is 201; sandbox.yaml lists 200 first), so the create answers 200 where the page documents 201; also step 1 of the simulate tutorial',
  },
  {
    page: '/connect/sandbox_guide/how_to/reset_test_data',
    block: 0,
    reason:
      'twin: a reset arranged for DELETE /v2/fulfillment_sandbox/users/cust-ci-0412 does not create the user the path names, so it answers 422 1002 where the page documents 202',
  },
  {
    page: '/connect/sandbox_guide/how_to/reset_test_data',
    block: 1,
    reason:
      'twin: a reset arranged for DELETE /v2/fulfillment_sandbox/users/cust-ci-0412 does not create the user the path names, so it answers 422 1002 where the page documents 202',
  },
  {
    page: '/connect/sandbox_guide/how_to/reset_test_data',
    block: 2,
    reason:
      'twin: a reset arranged for DELETE /v2/fulfillment_sandbox/users/cust-ci-0412 does not create the user the path names, so it answers 422 1002 where the page documents 202',
  },
  {
    page: '/catalog/catalog_api/test',
    block: 1,
    reason:
      "twin: a catalog batch stays processing, so the page's poll loop never ends (Python meets the 10 requests per second limit with its pauses skipped; Node.js reaches the time limit)",
  },
  {
    page: '/catalog/catalog_api/test',
    block: 2,
    reason:
      "twin: a catalog batch stays processing, so the page's poll loop never ends (Python meets the 10 requests per second limit with its pauses skipped; Node.js reaches the time limit)",
  },
  {
    page: '/connect/fulfillment_guide/tutorials/implement_pickup',
    block: 2,
    reason:
      'twin: one reset arranges for one request; the pickup tutorial needs both its slot so_52310 (step 2 reserves it: 404 4005) and a free order_id ord-20260314-0011 (step 3); a reset taking several requests, or so_52310 in the example world, would let it run',
  },
  {
    page: '/connect/fulfillment_guide/tutorials/implement_pickup',
    block: 5,
    reason:
      'twin: one reset arranges for one request; the pickup tutorial needs both its slot so_52310 (step 2 reserves it: 404 4005) and a free order_id ord-20260314-0011 (step 3); a reset taking several requests, or so_52310 in the example world, would let it run',
  },
  {
    page: '/connect/fulfillment_guide/tutorials/implement_pickup',
    block: 6,
    reason:
      'twin: one reset arranges for one request; the pickup tutorial needs both its slot so_52310 (step 2 reserves it: 404 4005) and a free order_id ord-20260314-0011 (step 3); a reset taking several requests, or so_52310 in the example world, would let it run',
  },
  {
    page: '/connect/fulfillment_guide/tutorials/implement_pickup',
    block: 7,
    reason:
      'twin: one reset arranges for one request; the pickup tutorial needs both its slot so_52310 (step 2 reserves it: 404 4005) and a free order_id ord-20260314-0011 (step 3); a reset taking several requests, or so_52310 in the example world, would let it run',
  },
  {
    page: '/connect/api/permissions_scopes',
    block: 3,
    reason:
      "page: the block shows the 403 2002 of a token without connect:transactions (the answer printed after it) and sends an incomplete body; the run's token has every scope, so the twin answers 400 1001 (transaction_type, business_date)",
  },
  {
    page: '/connect/fulfillment_guide/how_to/test_in_sandbox',
    block: 6,
    reason:
      "page: the last-mile steps use ord-20260314-0023, the order the last-mile tutorial creates; the example world's last-mile orders are ord-20260314-0015 and ord-20260314-0016 (CONTRIBUTING.md), so every call answers 404 3001",
  },
];

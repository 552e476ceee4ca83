/**
 * State for the Connect flow (design/sandbox-twin.md), as the guides and CONTRIBUTING.md
 * ("Fulfillment", "Fulfillment details", "Post-checkout, sandbox and transactions details")
 * describe it: users, service options, time-slot holds (10 minutes, one per user), delivery,
 * pickup and last-mile orders and their lifecycle, the sandbox endpoints that move an order,
 * and a signed callback for every state change. Answers start from the definition's example of
 * the same operation and overwrite what the state knows, so they keep the documented shape.
 */
import { productOf } from '../../../src/data/facts/examples';
import { fail, type Answer } from './errors';
import type { Handler, HandlerContext } from './twin';
import { iso, newId, type Resource, type World, withoutPrototypes } from './world';
import { clone, details, record, serviceOption, slots, STORE_ZONES } from './example-world';

export { SEED_EXAMPLES, seedWorld } from './example-world';
import type { CallbackDelivery, OperationSpec } from './types';

/** A hold lasts 10 minutes (CONTRIBUTING.md "Connect API conventions"). */
export const HOLD_MS = 10 * 60_000;

/** Sandbox time slots: hourly, 08:00–20:00 store time, 7 days ahead (CONTRIBUTING.md "Sandbox"). */
/** Statuses in lifecycle order, per workflow (CONTRIBUTING.md "Fulfillment order lifecycle"). */
const LIFECYCLE: Record<string, string[]> = {
  delivery: [
    'brand_new',
    'acknowledged',
    'picking',
    'checkout',
    'staged',
    'delivering',
    'delivered',
  ],
  pickup: ['brand_new', 'acknowledged', 'picking', 'checkout', 'staged', 'delivered'],
  last_mile: ['brand_new', 'acknowledged', 'staged', 'delivering', 'delivered'],
};

/** Event types by workflow letter (CONTRIBUTING.md "Event types and the workflows that send them"). */
const EVENTS: Record<string, string> = {
  brand_new: 'DPL',
  acknowledged: 'DPL',
  picking: 'DP',
  item_replacement: 'DP',
  item_refund: 'DP',
  checkout: 'DP',
  delivering: 'DL',
  order_location: 'DL',
  late_delivery: 'DL',
  customer_missing: 'DL',
  staged: 'DPL',
  customer_acknowledged: 'P',
  runner_started: 'P',
  unable_to_find_customer: 'P',
  runner_not_found: 'P',
  geofence_reached: 'P',
  late_pickup: 'P',
  delivered: 'DPL',
  rescheduled: 'DPL',
  canceled: 'DPL',
  tip_adjustment: 'DL',
  at_store: 'L',
  acknowledged_for_delivery: 'L',
  bags_verified: 'L',
  arrival_at_customer: 'L',
  at_store_eta: 'L',
  rating_updated: 'DPL',
  rating_reminder: 'DPL',
};
const LETTER: Record<string, string> = { delivery: 'D', pickup: 'P', last_mile: 'L' };

function requireUser(world: World, userId: string): Resource {
  const user = world.users[userId];
  if (!user) throw fail(404, 1016, `no user ${userId}; create it first`, 'user_id');
  return user;
}

function liveHold(world: World, userId: string, now: number): Resource | undefined {
  const hold = world.holds[userId];
  if (hold && Date.parse(String(hold.expires_at)) > now) return hold;
  if (hold) delete world.holds[userId];
  return undefined;
}

function findOrder(world: World, orderId: string, userId?: string): Resource {
  const order = world.orders[orderId];
  if (!order || (userId !== undefined && order.user_id !== userId))
    throw fail(404, 3001, `no order ${orderId}${userId ? ` for user ${userId}` : ''}`, 'order_id');
  return order;
}

/** The order as the API answers it: the twin's bookkeeping fields left out. */
function view(order: Resource): Resource {
  const out = clone(order);
  delete out.window_starts_at;
  delete out.window_ends_at;
  delete out.store_location;
  return out;
}

/** Sets an order's status and sends the callback of the same name. */
async function move(
  ctx: HandlerContext,
  order: Resource,
  status: string,
  extra: Record<string, unknown> = {},
) {
  order.status = status;
  order.updated_at = iso(ctx.now);
  Object.assign(order, extra);
  await ctx.emit(status, order);
}

/** A hold of `option` that expires HOLD_MS after `now`. */
function holdOf(option: Resource, now: number, id = newId('hold')): Resource {
  return { id, expires_at: iso(now + HOLD_MS), service_option: clone(option) };
}

/**
 * Takes the user's live hold named `holdId` for an order: its option, the hold used up.
 * @throws ApiError 409 4002 when the hold expired, is another's, or is not this id.
 */
function takeHold(ctx: HandlerContext, userId: string, holdId: unknown): Resource {
  const hold = liveHold(ctx.world, userId, ctx.now);
  if (!hold || hold.id !== holdId)
    throw fail(
      409,
      4002,
      'the time-slot hold expired or belongs to another user; reserve a slot again',
      'service_option_hold_id',
    );
  delete ctx.world.holds[userId];
  return record(hold.service_option);
}

/** Service options a world remembers (see offerSlots). */
const OFFERS_KEPT = 200;

function offerSlots(ctx: HandlerContext, workflow: string): Answer {
  const store = String(record(ctx.body).store_location ?? '0142');
  const zone = STORE_ZONES[store];
  if (!zone) throw fail(404, 4001, `no store ${store}`, 'store_location');
  const template = record(
    (record(ctx.example().body).service_options as unknown[] | undefined)?.[0],
  );
  const options = slots(ctx.now, zone).map((slot, i) => {
    const option: Resource = {
      ...template,
      ...serviceOption(workflow, store, slot),
      availability: i === 1 ? 'limited' : 'available',
    };
    ctx.world.serviceOptions[option.id as string] = option;
    return option;
  });
  // Offers are remembered for the last OFFERS_KEPT options, about 30 listings: an id from an
  // older listing answers 4005 ("list them again"), and a loop of listings stays small.
  const offered = Object.keys(ctx.world.serviceOptions);
  for (const id of offered.slice(0, Math.max(0, offered.length - OFFERS_KEPT)))
    delete ctx.world.serviceOptions[id];
  return { status: 200, body: { ...record(ctx.example().body), service_options: options } };
}

function reserve(ctx: HandlerContext, option: Resource | undefined): Answer {
  const userId = ctx.path.user_id;
  requireUser(ctx.world, userId);
  if (!option)
    throw fail(
      404,
      4005,
      'no service option with this id or window; list them again',
      'service_option_id',
    );
  if (Date.parse(String(option.window_starts_at)) <= ctx.now)
    throw fail(404, 4005, 'this service option is past its cut-off', 'service_option_id');
  if (option.availability === 'unavailable') throw fail(409, 4003, 'this time slot is full');
  const hold = holdOf(option, ctx.now);
  // One hold per user: a new one replaces the old.
  ctx.world.holds[userId] = hold;
  return { status: 201, body: hold };
}

function orderItems(items: unknown, warnings: unknown[]): Resource[] {
  return (Array.isArray(items) ? items : []).map((raw, i) => {
    const item = record(raw);
    const code = String(item.lookup_code ?? '');
    const name = productOf(code)?.item_name;
    if (!name)
      warnings.push({
        code: 1014,
        message: `lookup_code ${code} is not in the store's catalog; the shopper will look for it`,
        meta: { key: `items[${i}].lookup_code` },
      });
    return {
      line_num: item.line_num ?? i + 1,
      lookup_code: code,
      item_name: name ?? code,
      count: item.count ?? null,
      weight: item.weight ?? null,
      weight_unit: item.weight_unit ?? null,
      special_instructions: item.special_instructions ?? null,
      replacement_policy: item.replacement_policy ?? 'users_choice',
      replacement_items: item.replacement_items ?? [],
      status: 'to_pick',
    };
  });
}

function createOrder(workflow: 'delivery' | 'pickup' | 'last_mile'): Handler {
  return async (ctx) => {
    const body = record(ctx.body);
    const userId = ctx.path.user_id;
    requireUser(ctx.world, userId);
    const orderId = String(body.order_id);
    if (ctx.world.orders[orderId])
      throw fail(409, 3003, `order_id ${orderId} is already used`, 'order_id');
    const dispatch = workflow === 'last_mile' && body.order_type === 'dispatch';
    let window: { starts: unknown; ends: unknown } = { starts: null, ends: null };
    if (!dispatch) {
      const option = takeHold(ctx, userId, body.service_option_hold_id);
      if (option.workflow !== workflow)
        throw fail(
          422,
          1002,
          `the hold is for a ${String(option.workflow)} slot, not ${workflow}`,
          'service_option_hold_id',
        );
      window = { starts: option.window_starts_at, ends: option.window_ends_at };
    }
    const template = record(ctx.example().body);
    const id = newId('fo');
    const warnings: unknown[] = [];
    const order: Resource = {
      ...clone(template),
      id,
      order_id: orderId,
      user_id: userId,
      workflow,
      status: 'brand_new',
      order_url: `https://portal.aisle.example/orders/${id}`,
      created_at: iso(ctx.now),
      updated_at: iso(ctx.now),
      cancellation_reason: null,
      locale: body.locale ?? 'en-US',
      tip_amount_cents: workflow === 'pickup' ? null : (body.initial_tip_cents ?? 0),
      fulfillment_details: {
        ...details(template),
        store_location: body.store_location,
        window_starts_at: window.starts,
        window_ends_at: window.ends,
        ...('bag_count' in details(template) && { bag_count: body.bag_count ?? null }),
      },
      items: orderItems(body.items, warnings),
      warnings,
      // bookkeeping for callbacks (left out of answers by view())
      store_location: body.store_location,
      window_starts_at: window.starts,
      window_ends_at: window.ends,
    };
    if ('order_type' in template)
      order.order_type = workflow === 'last_mile' ? (body.order_type ?? 'scheduled') : null;
    ctx.world.orders[orderId] = order;
    await ctx.emit('brand_new', order);
    return { status: 201, body: view(order) };
  };
}

/** Cancels an order for the retailer: allowed before `delivering` (3002 after). */
async function cancel(ctx: HandlerContext, order: Resource): Promise<Answer> {
  if (['delivering', 'delivered', 'canceled'].includes(String(order.status)))
    throw fail(409, 3002, `a ${String(order.status)} order cannot be canceled`);
  await move(ctx, order, 'canceled', { cancellation_reason: 'retailer_driven' });
  return { status: 200, body: view(order) };
}

/** Moves an order by the sandbox endpoint: forward along its lifecycle, or to rescheduled/canceled before delivering. */
async function setStatus(ctx: HandlerContext, order: Resource, status: string): Promise<string> {
  const workflow = String(order.workflow);
  const steps = LIFECYCLE[workflow] ?? [];
  const previous = String(order.status);
  const delivering =
    steps.indexOf('delivering') >= 0 ? steps.indexOf('delivering') : steps.indexOf('delivered');
  const current =
    previous === 'rescheduled' ? steps.indexOf('acknowledged') - 1 : steps.indexOf(previous);
  if (previous === 'canceled' || previous === 'delivered')
    throw fail(409, 3002, `the order is ${previous}; its status cannot change`, 'status');
  if (status === 'canceled' || status === 'rescheduled') {
    if (current >= delivering)
      throw fail(409, 3002, `a ${previous} order cannot be ${status}`, 'status');
  } else {
    const target = steps.indexOf(status);
    if (target < 0)
      throw fail(422, 1002, `${status} is not a status of ${workflow} orders`, 'status');
    if (target <= current)
      throw fail(409, 3002, `the order is ${previous}; statuses only move forward`, 'status');
    // One step at a time (openapi/sandbox.yaml `update_order_status`); a delivery order's
    // `staged` is the only step that may be left out (no separate driver).
    const skipped = steps.slice(current + 1, target);
    if (skipped.some((step) => !(workflow === 'delivery' && step === 'staged')))
      throw fail(
        409,
        3002,
        `Order ${String(order.order_id)} can't move from ${previous} to ${status}.`,
        'status',
      );
  }
  await move(
    ctx,
    order,
    status,
    status === 'canceled' ? { cancellation_reason: 'platform_driven' } : {},
  );
  return previous;
}

/**
 * One page of callback deliveries (newest first). The cursor is base64 JSON `{"after", "f"}`:
 * `after` is the last event id shown, or a time (the documented cursors carry
 * `occurred_at`), `f` the filters of the first page; a cursor with other filters, or one that
 * does not parse, is 400 1007.
 */
function paginate(
  ctx: HandlerContext,
  items: CallbackDelivery[],
  filters: string,
): { page: CallbackDelivery[]; next: string | null } {
  const limit = Number(ctx.query.get('limit') ?? 20);
  const cursor = ctx.query.get('cursor');
  let offset = 0;
  if (cursor) {
    let parsed: { after?: unknown; f?: unknown } = {};
    try {
      parsed = record(JSON.parse(atob(cursor.replace(/-/g, '+').replace(/_/g, '/'))));
    } catch {
      throw fail(400, 1007, 'the cursor is malformed', 'cursor');
    }
    if (typeof parsed.after !== 'string')
      throw fail(400, 1007, 'the cursor is malformed', 'cursor');
    if (parsed.f !== undefined && parsed.f !== filters)
      throw fail(
        400,
        1007,
        'the cursor was sent with different filters than the first page',
        'cursor',
      );
    const after = parsed.after;
    const index = items.findIndex((c) => c.event_id === after);
    if (index >= 0) offset = index + 1;
    else if (!Number.isNaN(Date.parse(after))) {
      const older = items.findIndex((c) => Date.parse(occurredAt(c)) < Date.parse(after));
      offset = older < 0 ? items.length : older;
    } else throw fail(400, 1007, 'the cursor is malformed', 'cursor');
  }
  const page = items.slice(offset, offset + limit);
  const last = page[page.length - 1];
  const more = offset + limit < items.length && last;
  return { page, next: more ? btoa(JSON.stringify({ after: last.event_id, f: filters })) : null };
}

function occurredAt(c: CallbackDelivery): string {
  return String(record(JSON.parse(c.body)).occurred_at);
}

const deliveries: Handler = (ctx) => {
  const template = record((record(ctx.example().body).callbacks as unknown[] | undefined)?.[0]);
  const orderId = ctx.query.get('order_id');
  const eventType = ctx.query.get('event_type');
  const list = ctx.world.callbacks.filter(
    (c) => (!orderId || c.order_id === orderId) && (!eventType || c.event_type === eventType),
  );
  const { page, next } = paginate(ctx, list, JSON.stringify([orderId, eventType]));
  const callbacks = page.map((c) => {
    const payload = JSON.parse(c.body) as Record<string, unknown>;
    return {
      ...template,
      event_id: c.event_id,
      event_type: c.event_type,
      order_id: c.order_id,
      url: c.url,
      attempt: 1,
      sent_at: payload.occurred_at,
      response_status: 200,
      response_time_ms: 1,
      response_body: '',
      error: null,
      next_attempt_at: null,
      payload,
    };
  });
  return { status: 200, body: { ...record(ctx.example().body), callbacks, next_cursor: next } };
};

/** A linking token lasts 15 minutes (CONTRIBUTING.md "Account linking"). */
const LINKING_MS = 15 * 60_000;

function bucket(world: World, name: string): Record<string, Resource> {
  // Without a prototype, as every map of the world (world.ts withoutPrototypes).
  world.extra[name] ??= Object.create(null) as Record<string, Resource>;
  return world.extra[name];
}

function liveLink(ctx: HandlerContext, token: string): Resource {
  const link = bucket(ctx.world, 'links')[token];
  if (!link || link.user_id !== ctx.path.user_id || Date.parse(String(link.expires_at)) <= ctx.now)
    throw fail(
      422,
      1002,
      'the linking token is unknown, expired or for another user',
      'linking_token',
    );
  return link;
}

/** A shopper waits about 5 minutes for a replacement decision (CONTRIBUTING.md "Post-checkout…"). */
export const DECISION_MS = 5 * 60_000;

/** Picking outcomes of the sandbox's pick endpoint (openapi/sandbox.yaml `PickRequest`). */
type Outcome = 'found' | 'partial' | 'replaced' | 'refunded';

/** Line status after each outcome (the fulfillment `OrderItem.status` values). */
const PICKED_STATUS: Record<Outcome, string> = {
  found: 'found',
  partial: 'found',
  replaced: 'replacement_proposed',
  refunded: 'refunded',
};

/** `quantity` × `price` as the definitions' `Amount` (two decimals, half a cent up), in cents to avoid float drift. */
const money = (quantity: number, price: number) =>
  (Math.round(quantity * Math.round(price * 100)) / 100).toFixed(2);

/**
 * Aisle's id of an order line (`oi_…`, the callbacks' `order_item_id`): the order's own id
 * with the line number, so a line keeps one id without the twin storing it.
 */
function orderItemId(order: Resource, lineNum: number): string {
  const own = /^fo_([A-Za-z0-9]+)$/.exec(String(order.id ?? ''))?.[1] ?? 'SBX';
  return `oi_${own}${lineNum}`;
}

/**
 * Picks one line of an order that is `picking` (openapi/sandbox.yaml `pick_order_item`): the
 * line's status changes, and `partial`/`refunded` send a signed `item_refund`, `replaced` an
 * `item_replacement` (payloads as fulfillment.yaml's webhooks describe them).
 * @throws ApiError 404 3001 for an unknown order or line, 409 3002 when the order is not
 *   `picking` or the line is not `to_pick`, 400 1001 when the outcome's field is missing, 422
 *   1002 for a quantity not below the ordered one, the wrong kind of quantity, or a
 *   replacement with the line's own product.
 */
async function pickItem(ctx: HandlerContext): Promise<Answer> {
  const order = findOrder(ctx.world, ctx.path.order_id);
  const orderId = String(order.order_id);
  const lineNum = Number(ctx.path.line_num);
  const item = (Array.isArray(order.items) ? order.items : [])
    .map(record)
    .find((line) => Number(line.line_num) === lineNum);
  if (!item) throw fail(404, 3001, `order ${orderId} has no line ${lineNum}`, 'line_num');
  if (order.status !== 'picking')
    throw fail(
      409,
      3002,
      `items of order ${orderId} are picked only while it is picking; it is ${String(order.status)}`,
      'order_id',
    );
  if (item.status !== 'to_pick')
    throw fail(
      409,
      3002,
      `line ${lineNum} of order ${orderId} is already ${String(item.status)}; each line is picked once`,
      'line_num',
    );
  const body = record(ctx.body);
  const outcome = String(body.outcome) as Outcome;
  const code = String(item.lookup_code);
  const byWeight = typeof item.weight === 'number';
  const ordered = Number(byWeight ? item.weight : (item.count ?? 1));
  const unit = byWeight ? (item.weight_unit ?? 'lb') : null;
  // found and refunded quantities, in units or in weight_unit
  let found = outcome === 'found' ? ordered : 0;
  if (outcome === 'partial') {
    const field = byWeight ? 'found_weight' : 'found_count';
    const other = byWeight ? 'found_count' : 'found_weight';
    if (body[other] !== undefined)
      throw fail(
        422,
        1002,
        `line ${lineNum} is sold ${byWeight ? 'by weight' : 'by the each'}; send ${field}, not ${other}`,
        other,
      );
    if (body[field] === undefined)
      throw fail(400, 1001, `${field} is required when outcome is partial`, field);
    found = Number(body[field]);
    if (!(found < ordered))
      throw fail(
        422,
        1002,
        `${field} must be less than the ${ordered}${byWeight ? ` ${String(unit)}` : ' units'} ordered on line ${lineNum}; send outcome found instead`,
        field,
      );
  }
  const replacementBody = record(body.replacement);
  if (outcome === 'replaced') {
    if (body.replacement === undefined)
      throw fail(400, 1001, 'replacement is required when outcome is replaced', 'replacement');
    if (replacementBody.lookup_code === code)
      throw fail(
        422,
        1002,
        `the replacement must be another product than ${code}`,
        'replacement.lookup_code',
      );
  }
  const refunded = outcome === 'partial' || outcome === 'refunded' ? ordered - found : 0;
  const price = Number(productOf(code)?.price);
  const refundAmount = refunded > 0 && Number.isFinite(price) ? money(refunded, price) : null;
  item.status = PICKED_STATUS[outcome];
  order.updated_at = iso(ctx.now);
  const line = { order_item_id: orderItemId(order, lineNum), line_num: lineNum, lookup_code: code };
  let replacement: Resource | null = null;
  let eventType: string | undefined;
  if (outcome === 'replaced') {
    replacement = {
      lookup_code: replacementBody.lookup_code,
      count: replacementBody.count ?? (byWeight ? 1 : ordered),
      decision_due_at: iso(ctx.now + DECISION_MS),
    };
    eventType = 'item_replacement';
    await ctx.emit(eventType, order, {
      ...line,
      replacement_lookup_code: replacement.lookup_code,
      replacement_count: replacement.count,
      decision_due_at: replacement.decision_due_at,
    });
  } else if (refunded > 0) {
    eventType = 'item_refund';
    await ctx.emit(eventType, order, {
      ...line,
      ...(byWeight
        ? { refunded_weight: Math.round(refunded * 1000) / 1000, weight_unit: unit }
        : { refunded_count: refunded }),
      ...(refundAmount !== null && { refund_amount: refundAmount, currency: 'USD' }),
      refund_reason: body.refund_reason ?? 'not_found',
    });
  }
  return {
    status: 200,
    body: {
      ...record(ctx.example().body),
      order_id: orderId,
      line_num: lineNum,
      lookup_code: code,
      outcome,
      status: item.status,
      found_count: byWeight ? null : found,
      found_weight: byWeight ? found : null,
      weight_unit: unit,
      replacement,
      refunded_count: byWeight ? null : refunded,
      refunded_weight: byWeight ? Math.round(refunded * 1000) / 1000 : null,
      refund_amount: refundAmount,
      // the twin's one store, 0142, sells in USD
      currency: 'USD',
      events: eventType
        ? [{ event_type: eventType, event_id: ctx.world.callbacks[0].event_id }]
        : [],
      picked_at: iso(ctx.now),
    },
  };
}

const F = 'fulfillment/';
const S = 'sandbox/';

/** State handlers by module key (`<api>/<operationId>`); other operations answer their example. */
export const connectHandlers: Record<string, Handler> = {
  [`${F}create_user`]: (ctx) => {
    const body = record(ctx.body);
    const userId = String(body.user_id);
    if (ctx.world.users[userId])
      throw fail(409, 1017, `user_id ${userId} already exists`, 'user_id');
    // Fields not sent take their defaults: no birthday, no SMS, the US stores' locale.
    const user = {
      birthday: null,
      sms_opt_in: false,
      locale: 'en-US',
      ...body,
      created_at: iso(ctx.now),
      updated_at: iso(ctx.now),
    };
    ctx.world.users[userId] = user;
    return { status: 201, body: user };
  },
  [`${F}update_user`]: (ctx) => {
    const user = requireUser(ctx.world, ctx.path.user_id);
    Object.assign(user, record(ctx.body), { updated_at: iso(ctx.now) });
    return { status: 200, body: user };
  },
  [`${F}delete_user`]: async (ctx) => {
    const userId = ctx.path.user_id;
    requireUser(ctx.world, userId);
    const open = Object.values(ctx.world.orders).some(
      (o) => o.user_id === userId && !['delivered', 'canceled'].includes(String(o.status)),
    );
    if (open) throw fail(409, 3002, 'the user has an open order; cancel or complete it first');
    delete ctx.world.users[userId];
    delete ctx.world.holds[userId];
    await ctx.emit('user.deleted', null, { user_id: userId, requested_by: 'retailer' });
    return {
      status: 202,
      body: { ...record(ctx.example().body), user_id: userId, requested_at: iso(ctx.now) },
    };
  },
  [`${F}preview_delivery_service_options`]: (ctx) => offerSlots(ctx, 'delivery'),
  [`${F}preview_pickup_service_options`]: (ctx) => offerSlots(ctx, 'pickup'),
  [`${F}list_delivery_service_options`]: (ctx) => (
    requireUser(ctx.world, ctx.path.user_id),
    offerSlots(ctx, 'delivery')
  ),
  [`${F}list_pickup_service_options`]: (ctx) => (
    requireUser(ctx.world, ctx.path.user_id),
    offerSlots(ctx, 'pickup')
  ),
  [`${F}list_last_mile_service_options`]: (ctx) => (
    requireUser(ctx.world, ctx.path.user_id),
    offerSlots(ctx, 'last_mile')
  ),
  [`${F}reserve_service_option`]: (ctx) =>
    reserve(ctx, ctx.world.serviceOptions[ctx.path.service_option_id]),
  [`${F}reserve_previewed_service_option`]: (ctx) =>
    reserve(ctx, ctx.world.serviceOptions[ctx.path.service_option_id]),
  [`${F}reserve_desired_window`]: (ctx) => {
    const body = record(ctx.body);
    const same = (a: unknown, b: unknown) => Date.parse(String(a)) === Date.parse(String(b));
    const option = Object.values(ctx.world.serviceOptions).find(
      (o) =>
        o.workflow === (body.workflow ?? 'delivery') &&
        o.store_location === body.store_location &&
        same(o.window_starts_at, body.window_starts_at) &&
        same(o.window_ends_at, body.window_ends_at),
    );
    return reserve(ctx, option);
  },
  [`${F}get_service_option_hold`]: (ctx) => {
    requireUser(ctx.world, ctx.path.user_id);
    const hold = liveHold(ctx.world, ctx.path.user_id, ctx.now);
    if (!hold) throw fail(404, 4006, 'the user has no live time-slot hold');
    return { status: 200, body: hold };
  },
  [`${F}release_service_option_hold`]: (ctx) => {
    requireUser(ctx.world, ctx.path.user_id);
    if (!liveHold(ctx.world, ctx.path.user_id, ctx.now))
      throw fail(404, 4006, 'the user has no live time-slot hold');
    delete ctx.world.holds[ctx.path.user_id];
    return { status: 204 };
  },
  [`${F}create_delivery_order`]: createOrder('delivery'),
  [`${F}create_pickup_order`]: createOrder('pickup'),
  [`${F}create_last_mile_order`]: createOrder('last_mile'),
  [`${F}get_order`]: (ctx) => ({
    status: 200,
    body: view(findOrder(ctx.world, ctx.path.order_id, ctx.path.user_id)),
  }),
  [`${F}lastmile_get_order`]: (ctx) => ({
    status: 200,
    body: view(findOrder(ctx.world, ctx.path.order_id)),
  }),
  [`${F}update_order`]: async (ctx) => {
    const order = findOrder(ctx.world, ctx.path.order_id, ctx.path.user_id);
    if (!['brand_new', 'acknowledged'].includes(String(order.status)))
      throw fail(409, 3002, `a ${String(order.status)} order cannot be changed`);
    const body = record(ctx.body);
    if (body.special_instructions !== undefined)
      order.special_instructions = body.special_instructions;
    if (body.items !== undefined) order.items = orderItems(body.items, []);
    if (body.service_option_hold_id !== undefined) {
      const option = takeHold(ctx, ctx.path.user_id, body.service_option_hold_id);
      order.window_starts_at = option.window_starts_at;
      order.window_ends_at = option.window_ends_at;
      order.fulfillment_details = {
        ...details(order),
        window_starts_at: option.window_starts_at,
        window_ends_at: option.window_ends_at,
      };
      await move(ctx, order, 'rescheduled');
    } else order.updated_at = iso(ctx.now);
    return { status: 200, body: view(order) };
  },
  [`${F}cancel_order`]: (ctx) =>
    cancel(ctx, findOrder(ctx.world, ctx.path.order_id, ctx.path.user_id)),
  [`${F}cancel_last_mile_order`]: (ctx) => cancel(ctx, findOrder(ctx.world, ctx.path.order_id)),
  [`${F}update_tip`]: async (ctx) => {
    const order = findOrder(ctx.world, ctx.path.order_id, ctx.path.user_id);
    const previous = order.tip_amount_cents ?? 0;
    order.tip_amount_cents = record(ctx.body).tip_amount_cents;
    order.updated_at = iso(ctx.now);
    await ctx.emit('tip_adjustment', order, { tip_amount_cents: order.tip_amount_cents });
    return {
      status: 200,
      body: {
        ...record(ctx.example().body),
        order_id: order.order_id,
        tip_amount_cents: order.tip_amount_cents,
        previous_tip_amount_cents: previous,
        updated_at: order.updated_at,
      },
    };
  },
  [`${F}lastmile_stage_order`]: async (ctx) => {
    const order = findOrder(ctx.world, ctx.path.order_id);
    if (!['brand_new', 'acknowledged'].includes(String(order.status)))
      throw fail(409, 3002, `a ${String(order.status)} order cannot be staged`);
    const body = record(ctx.body);
    order.fulfillment_details = { ...details(order), bag_count: body.bag_count ?? null };
    await move(ctx, order, 'staged');
    return { status: 200, body: view(order) };
  },
  [`${S}create_sandbox_user`]: (ctx) => {
    const body = record(ctx.body);
    const userId = String(body.user_id);
    const existing = ctx.world.users[userId];
    if (existing) return { status: 200, body: { ...record(ctx.example(200).body), ...existing } };
    const template = record(ctx.example(201).body ?? ctx.example(200).body);
    const user = {
      ...template,
      ...body,
      created_at: iso(ctx.now),
      expires_at: iso(ctx.now + 30 * 24 * 3_600_000),
    };
    ctx.world.users[userId] = user;
    return { status: 201, body: user };
  },
  [`${S}delete_sandbox_user`]: async (ctx) => {
    const userId = ctx.path.user_id;
    if (!ctx.world.users[userId]) throw fail(422, 1002, `no sandbox user ${userId}`, 'user_id');
    delete ctx.world.users[userId];
    delete ctx.world.holds[userId];
    await ctx.emit('user.deleted', null, { user_id: userId, requested_by: 'retailer' });
    return {
      status: 202,
      body: {
        ...record(ctx.example().body),
        user_id: userId,
        requested_at: iso(ctx.now),
        event_id: ctx.world.callbacks[0]?.event_id,
      },
    };
  },
  [`${S}update_order_status`]: async (ctx) => {
    const order = findOrder(ctx.world, ctx.path.order_id);
    const status = String(record(ctx.body).status);
    const previous = await setStatus(ctx, order, status);
    return {
      status: 200,
      body: {
        ...record(ctx.example().body),
        order_id: order.order_id,
        previous_status: previous,
        status,
        event_id: ctx.world.callbacks[0].event_id,
        occurred_at: iso(ctx.now),
      },
    };
  },
  [`${S}send_order_event`]: async (ctx) => {
    const order = findOrder(ctx.world, ctx.path.order_id);
    const body = record(ctx.body);
    const type = String(body.event_type);
    const letters = EVENTS[type];
    if (!letters || !letters.includes(LETTER[String(order.workflow)] ?? '?'))
      throw fail(
        422,
        1002,
        `${type} is not an event of ${String(order.workflow)} orders`,
        'event_type',
      );
    await ctx.emit(type, order, record(body.data));
    return {
      status: 200,
      body: {
        ...record(ctx.example().body),
        order_id: order.order_id,
        event_type: type,
        status: order.status,
        event_id: ctx.world.callbacks[0].event_id,
        occurred_at: iso(ctx.now),
      },
    };
  },
  [`${S}pick_order_item`]: pickItem,
  [`${S}list_callback_deliveries`]: deliveries,
  // The twin applies a catalog batch at once, so a page's poll loop ends on its first read.
  'catalog/get_batch': (ctx) => {
    const batch = record(ctx.example().body);
    const count = typeof batch.item_count === 'number' ? batch.item_count : 0;
    return {
      status: 200,
      body: {
        ...batch,
        id: ctx.path.batch_id,
        status: 'completed',
        applied_count: count,
        pending_enrichment_count: 0,
        rejected_count: 0,
        completed_at: iso(ctx.now),
      },
    };
  },
  [`${F}create_linking_token`]: (ctx) => {
    requireUser(ctx.world, ctx.path.user_id);
    const token = newId('lnk');
    const link: Resource = {
      user_id: ctx.path.user_id,
      redirect_uri: record(ctx.body).redirect_uri,
      expires_at: iso(ctx.now + LINKING_MS),
      status: 'pending',
    };
    bucket(ctx.world, 'links')[token] = link;
    return {
      status: 201,
      body: {
        linking_token: token,
        linking_url: `https://www.aisle.example/account_linking/${token}`,
        expires_at: link.expires_at,
      },
    };
  },
  [`${S}authorize_platform_user`]: (ctx) => {
    const body = record(ctx.body);
    const token = String(body.linking_token);
    const link = liveLink(ctx, token);
    link.status = body.status;
    const redirect = `${String(link.redirect_uri)}?linking_token=${encodeURIComponent(token)}&status=${encodeURIComponent(String(body.status))}`;
    return {
      status: 200,
      body: {
        ...record(ctx.example().body),
        user_id: ctx.path.user_id,
        linking_token: token,
        status: body.status,
        redirect_url: redirect,
        authorized_at: iso(ctx.now),
      },
    };
  },
  [`${F}link_account`]: (ctx) => {
    // An unknown user is 404 1016 whatever the token, as the definition documents.
    requireUser(ctx.world, ctx.path.user_id);
    const token = String(record(ctx.body).linking_token);
    const link = liveLink(ctx, token);
    if (link.status !== 'approved')
      throw fail(
        409,
        3002,
        `the customer has not approved this link (${String(link.status)})`,
        'linking_token',
      );
    const account = {
      user_id: ctx.path.user_id,
      status: 'linked',
      linked_at: iso(ctx.now),
      has_membership: true,
    };
    bucket(ctx.world, 'accounts')[ctx.path.user_id] = account;
    delete bucket(ctx.world, 'links')[token];
    return { status: 200, body: account };
  },
  [`${F}get_linked_account`]: (ctx) => {
    requireUser(ctx.world, ctx.path.user_id);
    const account = bucket(ctx.world, 'accounts')[ctx.path.user_id];
    return {
      status: 200,
      body: account ?? {
        user_id: ctx.path.user_id,
        status: 'not_linked',
        linked_at: null,
        has_membership: false,
      },
    };
  },
  [`${S}create_shopper`]: (ctx) => {
    const shopper = {
      ...record(ctx.example().body),
      ...record(ctx.body),
      id: newId('shp'),
      created_at: iso(ctx.now),
      expires_at: iso(ctx.now + 30 * 24 * 3_600_000),
    };
    bucket(ctx.world, 'shoppers')[shopper.id] = shopper;
    return { status: 201, body: shopper };
  },
  [`${S}create_batch`]: async (ctx) => {
    const body = record(ctx.body);
    const ids = (Array.isArray(body.order_ids) ? body.order_ids : []).map(String);
    const orders = ids.map((id) => findOrder(ctx.world, id));
    for (const order of orders)
      if (order.status !== 'brand_new')
        throw fail(
          409,
          3002,
          `order ${String(order.order_id)} is ${String(order.status)}; only new orders are batched`,
        );
    const results = [];
    for (const order of orders) {
      await move(ctx, order, 'acknowledged');
      results.push({
        order_id: order.order_id,
        status: order.status,
        event_id: ctx.world.callbacks[0]?.event_id ?? null,
      });
    }
    const batch = {
      ...record(ctx.example().body),
      id: newId('bch'),
      shopper_id: body.shopper_id ?? null,
      driver_id: body.driver_id ?? null,
      orders: results,
      created_at: iso(ctx.now),
    };
    bucket(ctx.world, 'batches')[batch.id] = batch;
    return { status: 201, body: batch };
  },
  [`${S}reset_sandbox`]: (ctx) => {
    const w = ctx.world;
    const deleted = {
      users: Object.keys(w.users).length,
      orders: Object.keys(w.orders).length,
      shoppers: Object.keys(w.extra.shoppers ?? {}).length,
      batches: Object.keys(w.extra.batches ?? {}).length,
      holds: Object.keys(w.holds).length,
      callbacks: w.callbacks.length,
    };
    // Reset sends no callbacks (CONTRIBUTING.md "Sandbox").
    w.users = {};
    w.orders = {};
    w.holds = {};
    w.serviceOptions = {};
    w.extra = {};
    withoutPrototypes(w);
    w.callbacks = [];
    return {
      status: 200,
      body: { ...record(ctx.example().body), deleted, reset_at: iso(ctx.now) },
    };
  },
};

/**
 * Arranges a fresh example world so that one documented request can succeed: a create does not
 * find the resource it creates, and the hold the request names is the user's live hold.
 */
export function arrangeFor(
  world: World,
  spec: OperationSpec,
  path: Record<string, string>,
  body: unknown,
  now: number,
  workflowHint?: string,
): void {
  const ids = record(body);
  const [first] = slots(now, STORE_ZONES['0142']);
  // The slots a reader would have listed before reserving one, the path's option among them
  // (in the workflow the requests work in, else the option's documented one, else delivery).
  const named = path.service_option_id;
  const namedWorkflow =
    workflowHint ?? String(world.serviceOptions[named ?? '']?.workflow ?? 'delivery');
  for (const workflow of ['delivery', 'pickup', 'last_mile'])
    for (const [i, slot] of slots(now, STORE_ZONES['0142']).entries()) {
      const option = serviceOption(workflow, '0142', slot);
      if (i === 0 && workflow === namedWorkflow && named) option.id = named;
      world.serviceOptions[option.id as string] = option;
    }
  // A request about a user that the example world lacks finds that user (a create does not).
  const creates = spec.responses.some((r) => r.status === 201) && /\/users$/.test(spec.path);
  const freed = bucket(world, 'freedUsers');
  if (path.user_id && !world.users[path.user_id] && !creates && !freed[path.user_id]) {
    const template = world.users['cust-8812'] ?? {};
    world.users[path.user_id] = { ...clone(template), user_id: path.user_id };
  }
  // A batch takes new orders: the ones it names are brand_new. The first request of a reset
  // that arranges an order decides its status; later ones (a tutorial's next steps) keep it.
  const arranged = bucket(world, 'arrangedOrders');
  if (Array.isArray(ids.order_ids))
    for (const id of ids.order_ids)
      if (world.orders[String(id)] && !arranged[String(id)]) {
        world.orders[String(id)].status = 'brand_new';
        arranged[String(id)] = {};
      }
  // A status move finds its order one step before the status it names (statuses move one step
  // at a time), or batched when the request's status is not known yet (a script's loop).
  if (/\/status$/.test(spec.path) && path.order_id && !arranged[path.order_id]) {
    const order = world.orders[path.order_id];
    const steps = LIFECYCLE[String(order?.workflow)] ?? [];
    const target = steps.indexOf(String(ids.status));
    if (order) {
      order.status = target > 0 ? steps[target - 1] : 'acknowledged';
      arranged[path.order_id] = {};
    }
  }
  // The hold endpoints read the user's live hold: the documented one.
  if (/\/service_option_hold$/.test(spec.path) && path.user_id && world.users[path.user_id]) {
    const documented = record(spec.responses[0]?.example).id;
    world.holds[path.user_id] = holdOf(
      serviceOption('delivery', '0142', first),
      now,
      typeof documented === 'string' ? documented : undefined,
    );
  }
  // A linking token a request names was created for the user, and approved.
  if (typeof ids.linking_token === 'string' && path.user_id) {
    const redirect = String(record(spec.responses[0]?.example).redirect_url ?? '').split('?')[0];
    bucket(world, 'links')[ids.linking_token] = {
      user_id: path.user_id,
      redirect_uri:
        redirect || 'https://fresh-market.storefront.aisle.example/account/aisle-linked',
      expires_at: iso(now + LINKING_MS),
      status: 'approved',
    };
  }
  // A pick finds its order picking and its line still to pick: the example delivery order
  // under the request's order_id, and a line it lacks as a copy of its first line.
  if (/\/items\/\{line_num\}\/pick$/.test(spec.path) && path.order_id) {
    const example = Object.values(world.orders).find((o) => o.workflow === 'delivery');
    world.orders[path.order_id] ??= { ...clone(example ?? {}), order_id: path.order_id };
    const order = world.orders[path.order_id];
    order.status = 'picking';
    const items = (Array.isArray(order.items) ? order.items : []).map(record);
    const lineNum = Number(path.line_num);
    let line = items.find((i) => Number(i.line_num) === lineNum);
    if (!line && items[0]) items.push((line = { ...clone(items[0]), line_num: lineNum }));
    if (line) line.status = 'to_pick';
    order.items = items;
  }
  // Deleting a user needs no open order: the example orders are done.
  if (spec.method === 'DELETE' && path.user_id)
    for (const order of Object.values(world.orders))
      if (order.user_id === path.user_id) order.status = 'delivered';
  if (spec.responses.some((r) => r.status === 201)) {
    if (typeof ids.order_id === 'string') delete world.orders[ids.order_id];
    if (typeof ids.user_id === 'string' && creates) {
      // …and a later request of the same reset (a tutorial's next step) does not bring it back.
      delete world.users[ids.user_id];
      freed[ids.user_id] = {};
    }
  }
  // The hold a request names is the user's live hold, for a slot of the request's workflow.
  const holdId = ids.service_option_hold_id;
  const userId = path.user_id;
  if (typeof holdId === 'string' && userId && world.users[userId]) {
    const workflow = /pickup/.test(spec.path)
      ? 'pickup'
      : /last_mile/.test(spec.path)
        ? 'last_mile'
        : 'delivery';
    const store = String(ids.store_location ?? '0142');
    world.holds[userId] = holdOf(serviceOption(workflow, store, first), now, holdId);
  }
}

/**
 * The sandbox's example world (design/sandbox-twin.md): the documented example customer and
 * her three example orders, and the time slots a reader lists, moved to the next slots from
 * now. Kept apart from the Connect handlers (connect.ts), so the browser's Try it panel seeds
 * a world (on its first request, a token) without loading the handlers, which come with the
 * panel's second chunk when a Connect request first needs them (design/try-it.md, "Bytes").
 */
import { iso, newId, type Resource, type World } from './world';

/** Module-key prefix of the Fulfillment API's operations. */
const F = 'fulfillment/';

export const SLOT_FIRST_HOUR = 8;
export const SLOT_LAST_HOUR = 20;
export const SLOT_DAYS = 7;
/** How many slots a list answers: the next ones from now. */
export const SLOTS_LISTED = 6;

export const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export function details(order: Resource): Record<string, unknown> {
  return record(order.fulfillment_details);
}

/** UTC offset of `timeZone` at `ms`, in minutes (`America/Chicago` in March: -300). */
export function offsetMinutes(timeZone: string, ms: number): number {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
      .formatToParts(new Date(ms))
      .find((p) => p.type === 'timeZoneName')?.value;
    const m = /GMT([+-])(\d{1,2})(?::(\d{2}))?/.exec(name ?? '');
    return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) : 0;
  } catch {
    return 0;
  }
}

/** The next SLOTS_LISTED hourly windows from `now`, within store hours, up to 7 days ahead. */
export function slots(now: number, timeZone: string): { starts: number; ends: number }[] {
  const out: { starts: number; ends: number }[] = [];
  const hour = 3_600_000;
  let t = Math.ceil((now + 1) / hour) * hour;
  const until = now + SLOT_DAYS * 24 * hour;
  while (out.length < SLOTS_LISTED && t < until) {
    const local = new Date(t + offsetMinutes(timeZone, t) * 60_000).getUTCHours();
    if (local >= SLOT_FIRST_HOUR && local < SLOT_LAST_HOUR) out.push({ starts: t, ends: t + hour });
    t += hour;
  }
  return out;
}

export const STORE_ZONES: Record<string, string> = { '0142': 'America/Chicago' };

/** Slot prices by workflow, USD, as the fulfillment definition's examples show them. */
export const PRICES: Record<string, string> = {
  delivery: '7.99',
  pickup: '0.00',
  last_mile: '5.99',
};

/** A service option of `workflow` at `store` for one slot, at the documented price. */
export function serviceOption(
  workflow: string,
  store: string,
  slot: { starts: number; ends: number },
  id = newId('so'),
): Resource {
  return {
    id,
    workflow,
    store_location: store,
    window_starts_at: iso(slot.starts),
    window_ends_at: iso(slot.ends),
    price: PRICES[workflow] ?? PRICES.delivery,
    currency: 'USD',
    availability: 'available',
  };
}

/**
 * Operations whose first documented success the example world is made of; the generator
 * writes them to `seed.json`, so a browser loads no operation chunk to reset.
 */
export const SEED_EXAMPLES = [
  `${F}list_delivery_service_options`,
  `${F}list_pickup_service_options`,
  `${F}list_last_mile_service_options`,
  `${F}create_user`,
  `${F}create_delivery_order`,
  `${F}create_pickup_order`,
  `${F}create_last_mile_order`,
];

/** The example world: the documented example user, and her example orders (one per workflow). */
export async function seedWorld(
  world: World,
  examples: Record<string, unknown>,
  now: number,
): Promise<void> {
  const example = async (key: string) => record(clone(examples[key]));
  // The documented time slots (so_41873…), moved to the next slots from now, so a reserve
  // a page shows finds its option.
  const [first] = slots(now, STORE_ZONES['0142']);
  for (const [key, workflow] of [
    [`${F}list_delivery_service_options`, 'delivery'],
    [`${F}list_pickup_service_options`, 'pickup'],
    [`${F}list_last_mile_service_options`, 'last_mile'],
  ]) {
    const listed = (await example(key)).service_options;
    for (const [i, raw] of (Array.isArray(listed) ? listed : []).entries()) {
      const documented = record(raw);
      const hour = 3_600_000;
      world.serviceOptions[String(documented.id)] = {
        ...documented,
        ...serviceOption(workflow, String(documented.store_location ?? '0142'), {
          starts: first.starts + i * hour,
          ends: first.ends + i * hour,
        }),
        id: documented.id,
        availability: documented.availability ?? 'available',
      };
    }
  }
  const user = await example(`${F}create_user`);
  world.users[String(user.user_id)] = { ...user, created_at: iso(now), updated_at: iso(now) };
  const orders = [
    await example(`${F}create_delivery_order`),
    await example(`${F}create_pickup_order`),
    await example(`${F}create_last_mile_order`),
  ];
  for (const order of orders) {
    if (!order.order_id) continue;
    const d = details(order);
    world.orders[String(order.order_id)] = {
      ...order,
      // New, as a page's next step expects: batched, moved, updated or canceled.
      status: 'brand_new',
      store_location: d.store_location,
      window_starts_at: d.window_starts_at ?? null,
      window_ends_at: d.window_ends_at ?? null,
    };
  }
}

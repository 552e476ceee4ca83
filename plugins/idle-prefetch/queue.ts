/**
 * An idle-time work queue: items are handled during browser idle periods, a few at a time,
 * so that no task runs longer than the idle deadline allows, nor longer than a slice of it.
 */

/** The part of `IdleDeadline` the queue reads: milliseconds left in this idle period. */
export interface Deadline {
  timeRemaining(): number;
}

/** Schedules a callback for the next idle period (`requestIdleCallback` in browsers). */
export type ScheduleIdle = (callback: (deadline: Deadline) => void) => void;

/**
 * Time kept free at the end of each idle period, in ms. One prefetch (route match plus a
 * `<link rel=prefetch>` per chunk) measured about 3 ms at Lighthouse's 4× CPU slowdown, so 5 ms
 * left is the point where starting another could overrun the period.
 */
export const IDLE_MARGIN_MS = 5;

/**
 * Most time one idle callback spends on the queue, in ms, however long its idle period (up to
 * 50 ms). A period used to its end made tasks over the Long Tasks API's 50 ms: search hits'
 * links prefetched in a 55 ms callback at Lighthouse's 4× CPU slowdown
 * (design/search-engine.md, "Longest task while searching"). 30 ms leaves 20 ms for the item
 * that crosses it and a minor garbage collection (10 ms in that trace).
 */
export const IDLE_SLICE_MS = 30;

/**
 * Returns `enqueue(item)`: the item is passed to `run` during a later idle period, once, in
 * arrival order; items already queued or already run are ignored. Errors thrown by `run` are
 * caught and logged so that one bad item does not stop the queue.
 */
export function createIdleQueue<T>(run: (item: T) => void, scheduleIdle: ScheduleIdle) {
  const queue: T[] = [];
  const seen = new Set<T>();
  let scheduled = false;

  function drain(deadline: Deadline) {
    scheduled = false;
    const available = deadline.timeRemaining();
    while (
      queue.length > 0 &&
      deadline.timeRemaining() > IDLE_MARGIN_MS &&
      available - deadline.timeRemaining() < IDLE_SLICE_MS
    ) {
      const item = queue.shift() as T;
      try {
        run(item);
      } catch (error) {
        console.error('idle-prefetch: could not prefetch', item, error);
      }
    }
    if (queue.length > 0) schedule();
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    scheduleIdle(drain);
  }

  return function enqueue(item: T): void {
    if (seen.has(item)) return;
    seen.add(item);
    queue.push(item);
    schedule();
  };
}

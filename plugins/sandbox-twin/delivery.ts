/**
 * Callbacks delivered to the integrator's own endpoint (`--callback-url`), as Aisle delivers
 * them (docs/connect/api/webhooks.mdx): a `POST` of the envelope with the documented headers,
 * signed again at each attempt (`X-Aisle-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>`)
 * with `X-Aisle-Delivery-Attempt` counting up, retried on any answer other than 2xx or no answer
 * within the timeout, on the documented schedule (`callbackRetry` in src/data/facts/limits.ts).
 * `timeScale` divides the delays and the timeout, so a test suite need not wait 30 seconds.
 */
import { callbackRetry, callbackRetryDelays } from '../../src/data/facts/limits';
import { CALLBACK_SECRET, hmacSha256Hex } from './twin/callbacks';
import type { CallbackDelivery } from './twin/types';

/** One attempt, as `GET /__twin/deliveries` lists it. */
export interface DeliveryAttempt {
  event_id: string;
  event_type: string;
  attempt: number;
  /** ISO 8601 time the attempt was sent. */
  sent_at: string;
  /** The endpoint's status, or null when it did not answer in time or could not be reached. */
  status: number | null;
  /** Why an attempt without a status failed (`timeout after 10 s`, `ECONNREFUSED`). */
  error?: string;
  /** Seconds until the next attempt (before `timeScale`), or null when there is none. */
  next_in_seconds: number | null;
}

/** How to deliver. */
export interface DelivererOptions {
  /** The integrator's endpoint, http or https. */
  url: string;
  /** Delays and timeout are divided by this (default 1: the documented schedule). */
  timeScale?: number;
  /** Random number in [0, 1) for the jitter (tests pass a fixed one). */
  random?: () => number;
}

/** Most attempts the log keeps, newest last; older ones are dropped. */
export const DELIVERY_LOG_MAX = 1000;

/**
 * A deliverer: `deliver` starts a callback's attempts; `log` lists them; `close` stops every
 * pending retry. Never throws: a failed attempt is logged and retried.
 */
export function createDeliverer(options: DelivererOptions) {
  const scale = options.timeScale ?? 1;
  const random = options.random ?? Math.random;
  const delays = callbackRetryDelays();
  const log: DeliveryAttempt[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let closed = false;

  const later = (seconds: number, run: () => void) => {
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        if (!closed) run();
      },
      (seconds * 1000) / scale,
    );
    timers.add(timer);
  };

  async function attempt(delivery: CallbackDelivery, n: number): Promise<void> {
    const t = Math.floor(Date.now() / 1000);
    const mac = await hmacSha256Hex(CALLBACK_SECRET, `${t}.${delivery.body}`);
    const entry: DeliveryAttempt = {
      event_id: delivery.event_id,
      event_type: delivery.event_type,
      attempt: n,
      sent_at: new Date(t * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      status: null,
      next_in_seconds: null,
    };
    try {
      const answer = await fetch(options.url, {
        method: 'POST',
        headers: {
          ...delivery.headers,
          'x-aisle-delivery-attempt': String(n),
          'x-aisle-signature': `t=${t},v1=${mac}`,
        },
        body: delivery.body,
        redirect: 'manual',
        signal: AbortSignal.timeout((callbackRetry.timeoutSeconds * 1000) / scale),
      });
      await answer.arrayBuffer().catch(() => undefined);
      entry.status = answer.status;
    } catch (error) {
      const e = error as Error & { cause?: { code?: string } };
      entry.error =
        e.name === 'TimeoutError'
          ? `timeout after ${callbackRetry.timeoutSeconds} s`
          : (e.cause?.code ?? e.message);
    }
    const ok = entry.status !== null && entry.status >= 200 && entry.status < 300;
    if (!ok && n < callbackRetry.attempts) {
      const base = delays[n - 1];
      const jittered = base * (1 + callbackRetry.jitter * (2 * random() - 1));
      entry.next_in_seconds = Math.round(jittered * 10) / 10;
      later(jittered, () => void attempt(delivery, n + 1));
    }
    log.push(entry);
    if (log.length > DELIVERY_LOG_MAX) log.splice(0, log.length - DELIVERY_LOG_MAX);
  }

  return {
    deliver(delivery: CallbackDelivery): void {
      if (!closed) void attempt(delivery, 1);
    },
    /** The attempts so far, newest first. */
    log(): DeliveryAttempt[] {
      return [...log].reverse();
    },
    close(): void {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

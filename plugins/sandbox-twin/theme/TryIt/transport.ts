/**
 * How the panel's Send reaches the sandbox twin. Preferred: msw's service worker (setupWorker,
 * msw 2.15.0), so the panel runs the real `fetch(url, init)` it shows and the worker hands
 * requests to the sandbox hosts, and nothing else, to `twin.handle` (`onUnhandledRequest:
 * 'bypass'`). When the worker cannot start (no `navigator.serviceWorker`, an insecure context,
 * registration fails or takes longer than `WORKER_START_MS`), requests to the sandbox hosts are
 * answered by `twin.handle` in the page; any other URL (a production server) is always a real
 * fetch.
 */
import type { Twin, TwinRequest, TwinResponse } from '../../twin/types';

/** `worker`: msw's service worker answers; `page`: the twin is called in the page. */
export type TransportMode = 'worker' | 'page';

/** A started transport: its mode, and `send`, which never throws (network errors included). */
export interface Transport {
  mode: TransportMode;
  /** Why the worker did not start (`page` mode only), for the console. */
  reason?: string;
  send(request: TwinRequest): Promise<TwinResponse | { error: string }>;
}

/** Longest wait for the worker to register and activate, ms (a first visit measured ~300 ms). */
export const WORKER_START_MS = 5000;

async function startWorker(twin: Twin, workerUrl: string): Promise<void> {
  const { startMswWorker } = await import(/* webpackChunkName: "try-it-msw" */ './msw-worker');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error('the worker did not start in time')),
      WORKER_START_MS,
    );
  });
  try {
    await Promise.race([startMswWorker(twin, workerUrl), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function realFetch(request: TwinRequest): Promise<TwinResponse | { error: string }> {
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return { status: response.status, headers, body: await response.text() };
  } catch (error) {
    return { error: (error as Error).message || String(error) };
  }
}

/**
 * Starts the transport for `twin`: the service worker when the browser allows it, else the
 * in-page path. Never throws.
 * @param workerUrl the worker script's URL (`<baseUrl>mockServiceWorker.js`).
 */
export async function startTransport(twin: Twin, workerUrl: string): Promise<Transport> {
  let reason: string | undefined;
  if (
    typeof navigator === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !navigator.serviceWorker
  )
    reason = 'this browser offers no service worker';
  else if (!window.isSecureContext) reason = 'the page is not served over https';
  else {
    try {
      await startWorker(twin, workerUrl);
      return { mode: 'worker', send: realFetch };
    } catch (error) {
      reason = (error as Error).message || String(error);
    }
  }
  return {
    mode: 'page',
    reason,
    async send(request) {
      if (!twin.handles(request.url)) return realFetch(request);
      try {
        return await twin.handle(request);
      } catch (error) {
        return { error: (error as Error).message || String(error) };
      }
    },
  };
}

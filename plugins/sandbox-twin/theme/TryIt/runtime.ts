/**
 * The page's sandbox runtime: the browser twin and its transport (msw's service worker, or the
 * in-page path), started once per page load and shared by every Try it panel and the flow
 * runner of a page (design/try-it.md).
 */
import { loadBrowserTwin } from '../../twin/browser';
import type { Twin } from '../../twin/types';
import { type Transport, startTransport } from './transport';

/** The twin and the transport that reaches it. */
export interface Runtime {
  twin: Twin;
  transport: Transport;
}

let runtime: Promise<Runtime> | undefined;

/**
 * The page's twin and transport, started on the first call.
 * @param baseUrl the site's base URL, where the worker script is (`/mockServiceWorker.js`).
 */
export function startRuntime(baseUrl: string): Promise<Runtime> {
  runtime ??= loadBrowserTwin().then(async (twin) => ({
    twin,
    transport: await startTransport(twin, `${baseUrl}mockServiceWorker.js`),
  }));
  return runtime;
}

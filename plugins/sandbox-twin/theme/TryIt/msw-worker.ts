/**
 * msw's service worker for the Try it panel, in its own chunk (imported by transport.ts only
 * when the browser can run a worker). Named imports, so the bundler keeps only what is used:
 * a dynamic `import('msw')` kept the whole package, GraphQL included (114 KB gzip measured,
 * design/try-it.md). The handler extends msw's `RequestHandler` instead of using `http.all`,
 * whose URL matching (path-to-regexp) and cookie parsing the twin does not need: 2.5 KB gzip
 * less (design/try-it.md, "Bytes").
 */
import { RequestHandler } from 'msw';
import { setupWorker } from 'msw/browser';
import type { Twin } from '../../twin/types';

/** Statuses whose response has no body (Fetch standard, "null body status"). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** Hands the requests the twin answers (`twin.handles(url)`) to `twin.handle`. */
class TwinHandler extends RequestHandler {
  readonly #twin: Twin;

  constructor(twin: Twin) {
    super({
      info: { header: 'sandbox twin' },
      resolver: async ({ request }) => {
        const body = await request.text();
        const answer = await twin.handle({
          method: request.method,
          url: request.url,
          headers: Object.fromEntries(request.headers),
          body: body === '' ? undefined : body,
        });
        return new Response(NULL_BODY_STATUSES.has(answer.status) ? null : answer.body, {
          status: answer.status,
          headers: answer.headers,
        });
      },
    });
    this.#twin = twin;
  }

  predicate({ request }: { request: Request }): boolean {
    return this.#twin.handles(request.url);
  }

  log(): void {
    // quiet: the panel shows each answer
  }
}

/**
 * Registers msw's worker (`workerUrl`) with one handler: requests the twin answers for go to
 * `twin.handle`; every other request is left to the network (`onUnhandledRequest: 'bypass'`).
 * @throws Error when the worker cannot register or activate.
 */
export async function startMswWorker(twin: Twin, workerUrl: string): Promise<void> {
  await setupWorker(new TwinHandler(twin)).start({
    serviceWorker: { url: workerUrl },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
}

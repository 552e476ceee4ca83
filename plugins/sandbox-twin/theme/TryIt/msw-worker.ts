/**
 * msw's service worker for the Try it panel, in its own chunk (imported by transport.ts only
 * when the browser can run a worker). Named imports, so the bundler keeps only what is used:
 * a dynamic `import('msw')` kept the whole package, GraphQL included (114 KB gzip measured,
 * design/try-it.md).
 */
import { http, HttpResponse } from 'msw';
import { setupWorker } from 'msw/browser';
import type { Twin } from '../../twin/types';

/**
 * Registers msw's worker (`workerUrl`) with one handler: requests the twin answers for go to
 * `twin.handle`; every other request is left to the network (`onUnhandledRequest: 'bypass'`).
 * @throws Error when the worker cannot register or activate.
 */
export async function startMswWorker(twin: Twin, workerUrl: string): Promise<void> {
  const handler = http.all(
    ({ request }) => twin.handles(request.url),
    async ({ request }) => {
      const body = await request.text();
      const answer = await twin.handle({
        method: request.method,
        url: request.url,
        headers: Object.fromEntries(request.headers),
        body: body === '' ? undefined : body,
      });
      return new HttpResponse(answer.body, { status: answer.status, headers: answer.headers });
    },
  );
  await setupWorker(handler).start({
    serviceWorker: { url: workerUrl },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
}

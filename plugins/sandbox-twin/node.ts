/**
 * The sandbox twin in Node: the same generated modules and handlers as in the browser, with
 * the world in memory, served over HTTP by `npm run sandbox` (scripts/sandbox.ts) for readers'
 * own code and for the sample run in CI (design/sandbox-twin.md).
 *
 * Besides the APIs (answered by path, whatever the host: the paths of the ten APIs do not
 * overlap), the server answers `GET /__twin/health` (200 once ready), `GET /__twin` (the sandbox
 * credentials), `POST /__twin/reset`
 * (optional JSON `{"before": {"method", "url", "body"}}`: reset, arranged so that request can
 * succeed; 204) and `GET /__twin/callbacks` (the callbacks delivered, newest first).
 */
import { mkdir } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_SITE_URL } from '../../config/env';
import { openapiPages } from '../../config/openapi';
import { buildTwinData, type RouteSpec, writeTwinData } from './generate';
import { CALLBACK_SECRET, CALLBACK_URL } from './twin/callbacks';
import { arrangeFor, connectHandlers, seedWorld } from './twin/connect';
import { createTwin, MAX_BODY_BYTES, type OperationModule, type ResetRequest } from './twin/twin';
import { CREDENTIALS } from './twin/world';

/** True for a `before` entry of `POST /__twin/reset`: method and URL strings, a string body. */
function isResetRequest(value: unknown): value is ResetRequest {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const r = value as Record<string, unknown>;
  return (
    typeof r.method === 'string' &&
    typeof r.url === 'string' &&
    (r.body === undefined || typeof r.body === 'string')
  );
}

/** A Node twin and what it was made from. */
export type NodeTwin = ReturnType<typeof createTwin>;

/**
 * Generates the twin's modules into `<siteDir>/node_modules/.cache/sandbox-twin` and makes a
 * twin over them.
 * @param localOrigin the server's own origin, answered by path (`http://127.0.0.1:4010`).
 * @param now clock for tests (Unix ms).
 * @throws Error when a definition does not bundle.
 */
export async function createNodeTwin(
  siteDir: string,
  localOrigin: string | Set<string>,
  now?: () => number,
): Promise<NodeTwin> {
  const dir = join(siteDir, 'node_modules', '.cache', 'sandbox-twin');
  await mkdir(dir, { recursive: true });
  await writeTwinData(dir, await buildTwinData(siteDir, openapiPages.apis));
  const routes = JSON.parse(readFileSync(join(dir, 'routes.json'), 'utf8')) as RouteSpec[];
  // The validators' runtime helpers (OPERATION_RUNTIME) from the site's own dependencies.
  const require = createRequire(join(siteDir, 'package.json'));
  return createTwin({
    routes,
    load: async (key) => {
      const file = pathToFileURL(join(dir, 'ops', `${key}.js`)).href;
      const mod = (await import(/* @vite-ignore */ file)) as {
        default: (r: NodeJS.Require) => OperationModule;
      };
      return mod.default(require);
    },
    handlers: connectHandlers,
    seed: seedWorld,
    examples: JSON.parse(readFileSync(join(dir, 'seed.json'), 'utf8')) as Record<string, unknown>,
    arrange: arrangeFor,
    now,
    localOrigins: typeof localOrigin === 'string' ? [localOrigin] : localOrigin,
  });
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = body === undefined ? '' : JSON.stringify(body, null, 2);
  res.writeHead(status, {
    ...(text && { 'content-type': 'application/json; charset=utf-8' }),
    ...headers,
  });
  res.end(text);
}

/**
 * Reads a body of at most MAX_BODY_BYTES: `text` is undefined when it is larger, and then
 * reading stops (a declared `Content-Length` over the limit is not read at all), so a 100 MB
 * body costs no more than the limit; `bytes` is the size declared or read so far.
 */
function readBody(req: IncomingMessage): Promise<{ text?: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_BODY_BYTES) return resolve({ bytes: declared });
    const chunks: Buffer[] = [];
    let bytes = 0;
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes <= MAX_BODY_BYTES) return void chunks.push(chunk);
      req.off('data', onData);
      req.pause();
      resolve({ bytes });
    };
    req.on('data', onData);
    req.on('end', () => resolve({ bytes, text: Buffer.concat(chunks).toString('utf8') }));
    req.on('error', reject);
  });
}

/**
 * True for a web origin allowed to call the twin from a browser: a page on this machine
 * (`localhost`, `127.0.0.1`, `[::1]`, any port) or the docs site. Any other page a developer
 * happens to open gets no CORS headers, so it cannot drive their local twin.
 */
export function corsAllowed(origin: string | undefined, siteOrigin = DEFAULT_SITE_URL): boolean {
  if (!origin) return false;
  if (origin === siteOrigin) return true;
  try {
    const url = new URL(origin);
    return (
      /^https?:$/.test(url.protocol) &&
      ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) &&
      url.origin === origin
    );
  } catch {
    return false;
  }
}

/** CORS headers for a request from `origin`: none unless corsAllowed. */
function corsHeaders(origin: string | undefined): Record<string, string> {
  const vary = { vary: 'Origin' };
  if (!corsAllowed(origin)) return vary;
  return {
    ...vary,
    'access-control-allow-origin': origin!,
    'access-control-allow-headers': '*',
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-expose-headers': '*',
  };
}

/**
 * Starts the twin's HTTP server on `host:port` (port 0 picks a free one). The port opens once
 * the twin is ready, so the first request is answered by it (`GET /__twin/health` answers 200
 * from then on).
 * @param now the twin's clock (Unix ms); default the real one.
 * @returns the server, its origin and the twin.
 * @throws Error when a definition does not bundle or the port is taken.
 */
export async function startSandboxServer(
  siteDir: string,
  port: number,
  host = '127.0.0.1',
  now?: () => number,
): Promise<{ server: Server; origin: string; twin: NodeTwin }> {
  const localOrigins = new Set<string>();
  const twin = await createNodeTwin(siteDir, localOrigins, now);
  let origin = '';
  const server = createServer(async (req, res) => {
    const cors = corsHeaders(req.headers.origin);
    try {
      const path = req.url ?? '/';
      if (req.method === 'OPTIONS') return send(res, 204, undefined, cors);
      const { text, bytes } = await readBody(req);
      if (path === '/__twin/health' && req.method === 'GET')
        return send(res, 200, { status: 'ok', world: twin.worldSize() }, cors);
      if (path === '/__twin' && req.method === 'GET')
        return send(
          res,
          200,
          { credentials: CREDENTIALS, callbacks: { url: CALLBACK_URL, secret: CALLBACK_SECRET } },
          cors,
        );
      if (path === '/__twin/callbacks' && req.method === 'GET')
        return send(res, 200, { callbacks: twin.callbacks() }, cors);
      if (path === '/__twin/reset' && req.method === 'POST') {
        let before: unknown;
        try {
          const parsed: unknown = text ? JSON.parse(text) : undefined;
          before =
            parsed && typeof parsed === 'object'
              ? (parsed as { before?: unknown }).before
              : undefined;
        } catch {
          return send(
            res,
            400,
            { errors: [{ code: 1004, message: 'the body is not valid JSON', meta: {} }] },
            cors,
          );
        }
        const list = before === undefined ? [] : Array.isArray(before) ? before : [before];
        if (!list.every(isResetRequest))
          return send(
            res,
            400,
            {
              errors: [
                {
                  code: 1002,
                  message:
                    '"before" must be a request or a list of requests: {"method": "POST", "url": "…", "body": "…"}, with string values',
                  meta: { field: 'before' },
                },
              ],
            },
            cors,
          );
        await twin.resetFor(list as ResetRequest[]);
        return send(res, 204, undefined, cors);
      }
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers))
        if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
      const answer = await twin.handle({
        method: req.method ?? 'GET',
        url: `${origin}${path.startsWith('/') ? path : `/${path}`}`,
        headers,
        // An oversized body is not kept; its size makes the twin answer 413 1003.
        body: text,
        bodyBytes: bytes,
      });
      // An oversized body was not read to its end: the connection closes after the 413.
      const close = text === undefined ? { connection: 'close' } : {};
      res.writeHead(answer.status, { ...cors, ...answer.headers, ...close });
      res.end(answer.body);
    } catch (error) {
      send(res, 500, {
        errors: [
          {
            code: 5001,
            message: `the sandbox server failed: ${(error as Error).message}`,
            meta: {},
          },
        ],
      });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  origin = `http://${host}:${actual}`;
  localOrigins.add(origin);
  return { server, origin, twin };
}

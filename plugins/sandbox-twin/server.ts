/**
 * The sandbox twin over HTTP (design/sandbox-twin.md): the layer `npm run sandbox`
 * (./node.ts) and the published single file (./standalone.ts) share. It knows nothing of how
 * its twin was made, so the single file carries no definition tooling.
 *
 * Besides the APIs (answered by path, whatever the host: the paths of the ten APIs do not
 * overlap), the server answers `GET /__twin/health` (200 once ready, with the world's sizes),
 * `GET /__twin` (the sandbox credentials), `POST /__twin/reset` (optional JSON
 * `{"before": {"method", "url", "body"}}`: reset, arranged so that request can succeed; 204),
 * `GET /__twin/callbacks` (the callbacks sent, newest first), `GET /__twin/deliveries` (their
 * attempts at the `--callback-url` endpoint, newest first) and `POST /__twin/clients` (a new test
 * client with a world of its own; `?client_id=` on the GETs and `"client_id"` in the reset's body
 * name its world, the sandbox's own by default).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { DEFAULT_SITE_URL } from '../../config/env';
import { sampleEnvironment } from '../../src/data/facts/examples';
import { SCOPES, TOKEN_PATH } from './twin/auth';
import { CALLBACK_SECRET, CALLBACK_URL } from './twin/callbacks';
import { type createTwin, MAX_BODY_BYTES, type ResetRequest } from './twin/twin';
import { sandboxTwinLimits } from '../../src/data/facts/limits';
import { CREDENTIALS } from './twin/world';
import { createDeliverer } from './delivery';

/** A twin the server can serve: createTwin's, with its reset for a request. */
export type ServedTwin = ReturnType<typeof createTwin>;

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

/** What the command line sets (`npm run sandbox -- …`, `node aisle-sandbox.mjs …`). */
export interface ServerArgs {
  port: number;
  host: string;
  /** Unix ms the twin's clock starts at. */
  nowMs?: number;
  /** The integrator's endpoint callbacks are delivered to (./delivery.ts). */
  callbackUrl?: string;
  /** Retry delays and timeout divided by this (default 1). */
  callbackTimeScale?: number;
}

const usage = (command: string) => `Usage: ${command} [options]

  --port N                  port to listen on (default 4010, or PORT; 0 picks a free one)
  --host H                  address to listen on (default 127.0.0.1)
  --now T                   start the twin's clock at T (e.g. 2026-03-14T15:30:00Z)
  --callback-url URL        also deliver every callback to URL, signed and retried as documented
  --callback-time-scale N   divide the retry delays and the 10 s timeout by N (e.g. 1000)${
    command.startsWith('node ') ? "\n  --version                 print the twin's version" : ''
  }
  --help                    print this`;

/**
 * Reads the command line and `PORT`.
 * @returns the options, or a message saying what is wrong (exit 2) or the usage (exit 0).
 */
export function parseServerArgs(
  argv: string[],
  env: Record<string, string | undefined>,
  command = 'npm run sandbox --',
): ServerArgs | { message: string; exit: 0 | 2 } {
  const options: ServerArgs = { port: 4010, host: '127.0.0.1' };
  const usageText = usage(command);
  const setPort = (raw: string | undefined): string | undefined => {
    const port = Number(raw);
    if (raw === undefined || !/^\d+$/.test(raw) || port > 65535)
      return `the port must be a number from 0 to 65535, not ${JSON.stringify(raw ?? '')}`;
    options.port = port;
    return undefined;
  };
  if (env.PORT !== undefined) {
    const problem = setPort(env.PORT);
    if (problem) return { message: `PORT: ${problem}`, exit: 2 };
  }
  const refuse = (message: string) => ({ message: `${message}\n\n${usageText}`, exit: 2 as const });
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s) : [arg];
    const value = () => inline ?? argv[++i];
    if (flag === '--help' || flag === '-h') return { message: usageText, exit: 0 };
    if (flag === '--port') {
      const problem = setPort(value());
      if (problem) return refuse(`--port: ${problem}`);
    } else if (flag === '--host') {
      const host = value();
      if (!host) return refuse('--host needs an address');
      options.host = host;
    } else if (flag === '--now') {
      const raw = value();
      const ms = raw === undefined ? NaN : Date.parse(raw);
      if (Number.isNaN(ms))
        return refuse(
          `--now must be an ISO 8601 time such as 2026-03-14T15:30:00Z, not ${JSON.stringify(raw ?? '')}`,
        );
      options.nowMs = ms;
    } else if (flag === '--callback-url') {
      const raw = value() ?? '';
      let url: URL | undefined;
      try {
        url = new URL(raw);
      } catch {
        url = undefined;
      }
      if (!url || !/^https?:$/.test(url.protocol))
        return refuse(`--callback-url must be an http or https URL, not ${JSON.stringify(raw)}`);
      options.callbackUrl = url.href;
    } else if (flag === '--callback-time-scale') {
      const raw = value();
      const n = Number(raw);
      if (!raw || !Number.isFinite(n) || n < 1 || n > 1_000_000)
        return refuse(
          `--callback-time-scale must be a number from 1 to 1000000, not ${JSON.stringify(raw ?? '')}`,
        );
      options.callbackTimeScale = n;
    } else return refuse(`unknown option ${JSON.stringify(arg)}`);
  }
  return options;
}

/**
 * Serves `twin` over HTTP on `host:port` (port 0 picks a free one). Call it once the twin is
 * ready: the port opens now, and the first request is the twin's to answer.
 * @param localOrigins the twin's live set of origins answered by path; the server's own origin
 *   is added to it once the port is known.
 * @returns the server and its origin (`http://127.0.0.1:4010`).
 * @throws Error when the port is taken or cannot be opened.
 */
export async function serveTwin(
  twin: ServedTwin,
  localOrigins: Set<string>,
  port: number,
  host = '127.0.0.1',
  callbacks: Pick<ServerArgs, 'callbackUrl' | 'callbackTimeScale'> = {},
): Promise<{ server: Server; origin: string }> {
  let origin = '';
  const deliverer = callbacks.callbackUrl
    ? createDeliverer({ url: callbacks.callbackUrl, timeScale: callbacks.callbackTimeScale })
    : undefined;
  if (deliverer) twin.onCallback((delivery) => deliverer.deliver(delivery));
  const server = createServer(async (req, res) => {
    const cors = corsHeaders(req.headers.origin);
    try {
      const path = req.url ?? '/';
      if (req.method === 'OPTIONS') return send(res, 204, undefined, cors);
      const { text, bytes } = await readBody(req);
      const own = path.split('?')[0];
      // A test client's world is named by `?client_id=` (GET) or `"client_id"` (reset's body).
      const named = new URLSearchParams(path.split('?')[1] ?? '').get('client_id') ?? undefined;
      const unknownClient = (id: string) =>
        send(
          res,
          404,
          {
            errors: [
              {
                code: 1016,
                message: `no sandbox client ${id} on this twin (created with POST /__twin/clients; the least recently used of over ${sandboxTwinLimits.clients} are dropped)`,
                meta: { field: 'client_id' },
              },
            ],
          },
          cors,
        );
      if (own.startsWith('/__twin') && named !== undefined && !twin.hasClient(named))
        return unknownClient(named);
      if (own === '/__twin/health' && req.method === 'GET')
        return send(res, 200, { status: 'ok', world: twin.worldSize(named) }, cors);
      if (own === '/__twin/clients' && req.method === 'POST')
        return send(res, 201, twin.createClient(), cors);
      if (own === '/__twin' && req.method === 'GET')
        return send(
          res,
          200,
          { credentials: CREDENTIALS, callbacks: { url: CALLBACK_URL, secret: CALLBACK_SECRET } },
          cors,
        );
      if (own === '/__twin/callbacks' && req.method === 'GET')
        return send(res, 200, { callbacks: twin.callbacks(named) }, cors);
      if (own === '/__twin/deliveries' && req.method === 'GET')
        return send(
          res,
          200,
          { url: callbacks.callbackUrl ?? null, deliveries: deliverer?.log() ?? [] },
          cors,
        );
      if (own === '/__twin/reset' && req.method === 'POST') {
        let before: unknown;
        let client: unknown;
        try {
          const parsed: unknown = text ? JSON.parse(text) : undefined;
          before =
            parsed && typeof parsed === 'object'
              ? (parsed as { before?: unknown }).before
              : undefined;
          client =
            parsed && typeof parsed === 'object'
              ? (parsed as { client_id?: unknown }).client_id
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
        if (client !== undefined && (typeof client !== 'string' || !twin.hasClient(client)))
          return unknownClient(JSON.stringify(client));
        await twin.resetFor(list as ResetRequest[], client);
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
  server.on('close', () => deliverer?.close());
  return { server, origin };
}

/**
 * What a reader needs to run the samples against a twin at `origin`: the two variables with a
 * token that has every Connect scope (asked of the twin itself), the key-based APIs' keys, and
 * the twin's own endpoints, as lines to print.
 */
export async function describeTwin(origin: string): Promise<string[]> {
  const answer = await fetch(`${origin}${TOKEN_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: CREDENTIALS.client_id,
      client_secret: CREDENTIALS.client_secret,
      grant_type: 'client_credentials',
      scope: SCOPES.join(' '),
    }),
  });
  const { access_token: token } = (await answer.json()) as { access_token?: string };
  const { baseUrl, token: tokenVariable } = sampleEnvironment;
  return [
    `Sandbox twin on ${origin}`,
    '',
    'Run the samples of the API pages against it:',
    `  export ${baseUrl}=${origin}`,
    `  export ${tokenVariable}=${token ?? '(no token: see the message above)'}`,
    `The token has every Connect scope for 24 hours. For the key-based APIs, set ${tokenVariable} to their key:`,
    ...Object.entries(CREDENTIALS.api_keys).map(([api, key]) => `  ${api.padEnd(18)} ${key}`),
    '',
    `  health:       GET ${origin}/__twin/health`,
    `  credentials:  GET ${origin}/__twin`,
    `  token:        POST ${origin}${TOKEN_PATH}`,
    `  callbacks:    GET ${origin}/__twin/callbacks`,
    `  reset:        POST ${origin}/__twin/reset`,
    `  new client:   POST ${origin}/__twin/clients (credentials with a world of their own)`,
  ];
}

/**
 * The sandbox twin as the sample run uses it: started with `npm run sandbox` (or reached at
 * `SAMPLES_TWIN_URL`), its credentials and a token, resets, and recording proxies that stand
 * in front of it so every request a sample sends is seen with its status and body, whatever
 * the language.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { SCOPES } from '../../plugins/sandbox-twin/twin/auth';

/** The twin's sandbox credentials (`GET /__twin`). */
export interface TwinCredentials {
  client_id: string;
  client_secret: string;
  /** API key per definition name (`ads`, `developer-platform`, `foodstorm`, …). */
  api_keys: Record<string, string>;
}

/** One request a sample sent, and the twin's answer. */
export interface Exchange {
  method: string;
  /** Path and query, as sent. */
  url: string;
  requestBody: string;
  status: number;
  body: string;
}

/** Connect scopes (the twin's list, from CONTRIBUTING.md): the sample token carries all. */
export const ALL_SCOPES = SCOPES.join(' ');

/**
 * The twin's clock at start: the examples' day (design/sandbox-twin.md), so the time slots and
 * holds the samples name are still in the future.
 */
export const EXAMPLES_NOW = '2026-03-14T15:30:00Z';

/** A running twin: its origin, and how to stop it when this process started it. */
export interface RunningTwin {
  origin: string;
  stop(): Promise<void>;
}

async function waitFor(
  origin: string,
  child: ChildProcess | undefined,
  ms: number,
  log: () => string,
) {
  const until = Date.now() + ms;
  let lastError = '';
  while (Date.now() < until) {
    if (child && child.exitCode !== null) {
      throw new Error(`npm run sandbox exited with code ${child.exitCode}:\n${log()}`);
    }
    try {
      const res = await fetch(`${origin}/__twin`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
      lastError = `GET /__twin answered ${res.status}`;
    } catch (error) {
      lastError = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `the sandbox twin at ${origin} did not answer GET /__twin within ${ms / 1000} s (${lastError})\n${log()}`,
  );
}

/**
 * Starts the twin, or uses the one at `SAMPLES_TWIN_URL`.
 * @param port port for `npm run sandbox` (`PORT`).
 * @throws Error when package.json has no `sandbox` script, the twin exits, or it does not answer
 *   `GET /__twin` within 60 s.
 */
export async function startTwin(root: string, port: number): Promise<RunningTwin> {
  const given = process.env.SAMPLES_TWIN_URL;
  if (given) {
    const origin = new URL(given).origin;
    await waitFor(origin, undefined, 10_000, () => '');
    return { origin, stop: async () => {} };
  }
  const pkg = JSON.parse(await readFile(`${root}/package.json`, 'utf8')) as {
    scripts?: Record<string, string>;
  };
  if (!pkg.scripts?.sandbox) {
    throw new Error(
      'package.json has no "sandbox" script, so the sandbox twin cannot be started; ' +
        'set SAMPLES_TWIN_URL to the origin of a running twin',
    );
  }
  const origin = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn('npm', ['run', '--silent', 'sandbox'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      SANDBOX_NOW: process.env.SANDBOX_NOW ?? EXAMPLES_NOW,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  child.stderr?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    // The npm process group: npm, its shell and the server it started.
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    await new Promise((r) => {
      const timer = setTimeout(r, 3000);
      child.once('exit', () => {
        clearTimeout(timer);
        r(undefined);
      });
    });
  };
  try {
    await waitFor(origin, child, 60_000, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, stop };
}

/**
 * The sandbox credentials and a client-credentials token carrying every Connect scope.
 * @throws Error with the twin's answer when either call fails.
 */
export async function credentials(
  origin: string,
): Promise<{ creds: TwinCredentials; token: string; callbackSecret?: string }> {
  const res = await fetch(`${origin}/__twin`);
  const text = await res.text();
  let creds: TwinCredentials | undefined;
  let callbackSecret: string | undefined;
  try {
    const answer = JSON.parse(text) as {
      credentials?: TwinCredentials;
      callbacks?: { secret?: unknown };
    };
    creds = answer.credentials;
    if (typeof answer.callbacks?.secret === 'string') callbackSecret = answer.callbacks.secret;
  } catch {
    // reported below
  }
  if (!res.ok || !creds || typeof creds.client_id !== 'string') {
    throw new Error(
      `GET /__twin answered ${res.status} without credentials: ${text.slice(0, 300)}`,
    );
  }
  creds.api_keys ??= {};
  const token = await issueToken(origin, creds);
  return { creds, token, callbackSecret };
}

/**
 * A client-credentials token carrying every Connect scope.
 * @throws Error with the twin's answer when it gives none.
 */
export async function issueToken(origin: string, creds: TwinCredentials): Promise<string> {
  const tokenRes = await fetch(`${origin}/v2/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      client_id: creds.client_id,
      client_secret: creds.client_secret,
      grant_type: 'client_credentials',
      scope: ALL_SCOPES,
    }),
  });
  const tokenText = await tokenRes.text();
  let token: unknown;
  try {
    token = (JSON.parse(tokenText) as { access_token?: unknown }).access_token;
  } catch {
    // reported below
  }
  if (!tokenRes.ok || typeof token !== 'string') {
    throw new Error(
      `POST /v2/oauth/token answered ${tokenRes.status} without access_token: ${tokenText.slice(0, 300)}`,
    );
  }
  return token;
}

/** A request a reset is arranged for: method, URL on the twin, and its body when it has one. */
export interface ResetRequest {
  method: string;
  url: string;
  body?: string;
}

/**
 * Resets the twin to the example world, arranged so that `before` (a method and a URL on the
 * twin's origin) can succeed.
 * @throws Error when the twin does not answer 204.
 */
export async function reset(origin: string, before?: ResetRequest | ResetRequest[]): Promise<void> {
  const res = await fetch(`${origin}/__twin/reset`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: before ? JSON.stringify({ before }) : undefined,
  });
  if (res.status !== 204) {
    throw new Error(
      `POST /__twin/reset ${JSON.stringify(before ?? {})} answered ${res.status}: ${(await res.text()).slice(0, 300)}`,
    );
  }
}

/** A proxy on 127.0.0.1:`port` that forwards to the twin and records what passes. */
export class RecordingProxy {
  private exchanges: Exchange[] = [];
  private server?: Server;

  constructor(
    readonly port: number,
    private readonly target: string,
  ) {}

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts listening. @throws Error when the port is taken. */
  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.forward(req, res));
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  /** Returns what was recorded since the last call, and starts a new record. */
  take(): Exchange[] {
    const out = this.exchanges;
    this.exchanges = [];
    return out;
  }

  async stop(): Promise<void> {
    await new Promise((r) => (this.server ? this.server.close(r) : r(undefined)));
  }

  private async forward(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const requestBody = Buffer.concat(chunks);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || ['host', 'connection', 'content-length'].includes(name)) continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const method = req.method ?? 'GET';
    let status = 502;
    let body = '';
    let outHeaders: [string, string][] = [['content-type', 'text/plain']];
    try {
      const answer = await fetch(`${this.target}${req.url ?? '/'}`, {
        method,
        headers,
        body: ['GET', 'HEAD'].includes(method) ? undefined : requestBody,
        redirect: 'manual',
      });
      status = answer.status;
      body = await answer.text();
      outHeaders = [...answer.headers].filter(
        ([name]) =>
          !['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name),
      );
    } catch (error) {
      body = `the twin did not answer: ${(error as Error).message}`;
    }
    this.exchanges.push({
      method,
      url: req.url ?? '/',
      requestBody: requestBody.toString('utf8'),
      status,
      body,
    });
    res.writeHead(status, outHeaders);
    res.end(body);
  }
}

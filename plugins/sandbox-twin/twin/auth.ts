/**
 * The sandbox token and revoke endpoints (CONTRIBUTING.md "Connect API conventions", "Connect
 * API basics"): JSON bodies only (a form body is 415 1005), credentials in the query string 403
 * 2007, unknown credentials 401 2004, `scope` required and granted all or nothing (1001, 1002),
 * `client_credentials` tokens for 86400 s, `user_assertion` tokens for 900 s with the frontend
 * scopes only, 10 `client_credentials` requests per minute per client (429 2005).
 */
import { tokenLifetimes } from '../../../src/data/facts/limits';
import { type Answer, fail } from './errors';
import { CREDENTIALS, newToken, type SandboxClient, type World } from './world';

export const TOKEN_PATH = '/v2/oauth/token';
export const REVOKE_PATH = '/v2/oauth/revoke';

/** Every Connect scope (CONTRIBUTING.md "Scopes"). */
export const SCOPES = [
  'connect:fulfillment',
  'connect:data_ingestion',
  'connect:post_checkout',
  'connect:recommendations',
  'connect:transactions',
  'connect:sandbox',
];

/** Scopes a frontend `user_assertion` token can carry. */
const USER_SCOPES = ['connect:recommendations', 'connect:post_checkout'];

const CLIENT_TOKEN_SECONDS = tokenLifetimes.clientCredentials;
const USER_TOKEN_SECONDS = tokenLifetimes.userAssertion;
const TOKEN_REQUESTS_PER_MINUTE = 10;

function parseJsonBody(headers: Record<string, string>, text: string): Record<string, unknown> {
  const type = (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json')
    throw fail(415, 1005, `send the token request as application/json, not ${type || 'untyped'}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw fail(400, 1004, `the body is not valid JSON (${(error as Error).message})`);
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw fail(400, 1004, 'the body must be a JSON object');
  return body as Record<string, unknown>;
}

function checkClient(
  body: Record<string, unknown>,
  clients: ReadonlyMap<string, SandboxClient>,
): void {
  for (const field of ['client_id', 'client_secret'])
    if (typeof body[field] !== 'string' || body[field] === '')
      throw fail(422, 1001, `${field} is required`, field);
  const client = clients.get(body.client_id as string);
  if (!client || body.client_secret !== client.client_secret)
    throw fail(401, 2004, 'client_id or client_secret is wrong for the sandbox');
}

/** The sandbox's own client alone, for a twin without test clients of its own. */
const OWN_CLIENT: ReadonlyMap<string, SandboxClient> = new Map([
  [CREDENTIALS.client_id, CREDENTIALS],
]);

/**
 * Answers `POST /v2/oauth/token` or `POST /v2/oauth/revoke` on the Connect sandbox host, in the
 * world of the client the body names.
 * @param clients the credentials the twin knows, by client id (default: the sandbox's own).
 * @throws ApiError with the documented status and code.
 */
export function handleTokenRequest(
  world: World,
  url: URL,
  headers: Record<string, string>,
  text: string,
  now: number,
  clients: ReadonlyMap<string, SandboxClient> = OWN_CLIENT,
): Answer {
  if (['client_id', 'client_secret', 'token'].some((k) => url.searchParams.has(k)))
    throw fail(
      403,
      2007,
      'credentials in the query string are refused; send them in the JSON body',
    );
  const body = parseJsonBody(headers, text);
  checkClient(body, clients);
  if (url.pathname === REVOKE_PATH) {
    if (typeof body.token !== 'string' || body.token === '')
      throw fail(422, 1001, 'token is required', 'token');
    const record = world.tokens[body.token];
    const revoked = !!record && record.clientId === body.client_id && !record.revoked;
    if (revoked) record.revoked = true;
    return {
      status: 200,
      body: { revoked, revoked_at: revoked ? Math.floor(now / 1000) : null },
    };
  }
  const grant = body.grant_type;
  if (typeof grant !== 'string' || grant === '')
    throw fail(422, 1001, 'grant_type is required', 'grant_type');
  if (grant !== 'client_credentials' && grant !== 'user_assertion')
    throw fail(422, 1002, 'grant_type must be client_credentials or user_assertion', 'grant_type');
  if (typeof body.scope !== 'string' || body.scope.trim() === '')
    throw fail(422, 1001, 'scope is required', 'scope');
  const scopes = body.scope.trim().split(/\s+/);
  const allowed = grant === 'user_assertion' ? USER_SCOPES : SCOPES;
  const refused = scopes.filter((s) => !allowed.includes(s));
  if (refused.length)
    throw fail(422, 1002, `this grant cannot carry the scope ${refused.join(' ')}`, 'scope');
  let userId: string | undefined;
  if (grant === 'user_assertion') {
    if (typeof body.user_id !== 'string' || body.user_id === '')
      throw fail(422, 1001, 'user_id is required for user_assertion', 'user_id');
    userId = body.user_id;
  } else {
    if (body.user_id !== undefined)
      throw fail(422, 1002, 'user_id is not taken with client_credentials', 'user_id');
    const key = `token:${String(body.client_id)}`;
    const minute = Math.floor(now / 60_000) * 60_000;
    const [start, count] = world.rate[key] ?? [minute, 0];
    const used = start === minute ? count + 1 : 1;
    world.rate[key] = [minute, used];
    if (used > TOKEN_REQUESTS_PER_MINUTE) {
      const error = fail(
        429,
        2005,
        `more than ${TOKEN_REQUESTS_PER_MINUTE} token requests in one minute; reuse the token you have`,
      );
      error.headers['retry-after'] = String(Math.ceil((minute + 60_000 - now) / 1000));
      throw error;
    }
  }
  const seconds = grant === 'user_assertion' ? USER_TOKEN_SECONDS : CLIENT_TOKEN_SECONDS;
  const token = newToken();
  world.tokens[token] = {
    clientId: String(body.client_id),
    scopes,
    expiresAt: now + seconds * 1000,
    ...(userId && { userId }),
  };
  // Expired tokens are dropped, so the world does not grow without end.
  for (const [t, record] of Object.entries(world.tokens))
    if (record.expiresAt <= now) delete world.tokens[t];
  return {
    status: 200,
    body: {
      access_token: token,
      token_type: 'Bearer',
      expires_in: seconds,
      scope: scopes.join(' '),
      created_at: Math.floor(now / 1000),
    },
  };
}

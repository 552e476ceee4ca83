/**
 * Sandbox credentials for the Try it panel (design/try-it.md, "Credentials"): the published
 * test key of a key-based API, or a `client_credentials` token from the sandbox's token
 * endpoint (on Connect's sandbox host, which every sandbox host's tokens come from), kept for
 * the tab per scope set.
 */
import { baseUrls } from '../../../../src/data/facts/hosts';
import { CREDENTIALS } from '../../twin/world';
import type { OperationSpec, TwinRequest } from '../../twin/types';

/** The sandbox's token endpoint (twin/auth.ts TOKEN_PATH on Connect's sandbox host). */
export const TOKEN_URL = `${baseUrls.connect.sandbox}/v2/oauth/token`;

/**
 * The sandbox's published test key of a key-based API (CONTRIBUTING.md "Sandbox twin"), as
 * the credential header takes it, or undefined for an API with OAuth tokens.
 */
export function testKey(op: OperationSpec): string | undefined {
  const key = CREDENTIALS.api_keys[op.api];
  if (!key || !op.security) return undefined;
  return op.security.kind === 'bearer' ? `Bearer ${key}` : key;
}

/** True when the operation takes a token the panel gets from the token endpoint. */
export function takesToken(op: OperationSpec): boolean {
  return op.security?.kind === 'bearer' && !testKey(op);
}

/** The token request for `scopes` with the sandbox's published client credentials. */
export function tokenRequest(scopes: string[]): TwinRequest {
  return {
    method: 'POST',
    url: TOKEN_URL,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      client_id: CREDENTIALS.client_id,
      client_secret: CREDENTIALS.client_secret,
      grant_type: 'client_credentials',
      scope: scopes.join(' '),
    }),
  };
}

/** The `access_token` of a 200 token answer, or undefined. */
export function accessToken(
  result: { status: number; body: string } | { error: string },
): string | undefined {
  if ('error' in result || result.status !== 200) return undefined;
  try {
    const token = (JSON.parse(result.body) as { access_token?: unknown }).access_token;
    return typeof token === 'string' && token ? token : undefined;
  } catch {
    return undefined;
  }
}

/** Where a token is kept for the tab: per scope set, since a token of other scopes answers 403 2002. */
export const tokenKey = (scopes: string[]) => `aisle-try-it:token:${[...scopes].sort().join(' ')}`;

/** The tab's stored token for `scopes`, or ''. */
export function storedToken(scopes: string[]): string {
  try {
    return sessionStorage.getItem(tokenKey(scopes)) ?? '';
  } catch {
    return '';
  }
}

/** Keeps a token for the tab (nothing when storage is refused, as in private mode). */
export function storeToken(scopes: string[], token: string): void {
  try {
    sessionStorage.setItem(tokenKey(scopes), token);
  } catch {
    // Storage refused: the token still fills this page's header.
  }
}

/** Forgets every stored token (Reset sandbox: the twin forgot them too). */
export function dropTokens(): void {
  try {
    for (const key of Object.keys(sessionStorage))
      if (key.startsWith('aisle-try-it:token:')) sessionStorage.removeItem(key);
  } catch {
    // Nothing stored.
  }
}

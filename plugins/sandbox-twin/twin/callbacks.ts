/**
 * Signing callbacks as the platform does (CONTRIBUTING.md "Callbacks"): the header
 * `X-Aisle-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` with the callback
 * secret, by Web Crypto (browsers in a secure context, Node 20).
 */
import type { CallbackDelivery } from './types';

/**
 * The sandbox twin's callback secret and endpoint: readers verify the inspector's signatures with
 * this secret (`AISLE_CALLBACK_SECRET` in the samples); the endpoint is the example of
 * CONTRIBUTING.md "Connect API basics".
 */
export const CALLBACK_SECRET = 'whsec_sandbox_7Q4mX9cT2vR8';
export const CALLBACK_URL = 'https://shop.fresh-market.example/aisle/callbacks';

/** Hex HMAC-SHA256 of `message` with `secret`; undefined when Web Crypto is unavailable. */
export async function hmacSha256Hex(secret: string, message: string): Promise<string | undefined> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return undefined;
  const enc = new TextEncoder();
  const key = await subtle.importKey(
    'raw',
    enc.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await subtle.sign('HMAC', key, enc.encode(message)));
  return [...mac].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The delivery of one callback envelope signed at `t` (Unix seconds). Without Web Crypto (a page
 * served over plain HTTP from another host) the signature header says so instead.
 */
export async function signCallback(
  envelope: { event_id: string; event_type: string; order_id: string | null },
  t: number,
): Promise<CallbackDelivery> {
  const body = JSON.stringify(envelope);
  const mac = await hmacSha256Hex(CALLBACK_SECRET, `${t}.${body}`);
  return {
    event_id: envelope.event_id,
    event_type: envelope.event_type,
    order_id: envelope.order_id,
    url: CALLBACK_URL,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Aisle-Callbacks/2.0',
      'x-aisle-delivery-attempt': '1',
      'x-aisle-signature': mac
        ? `t=${t},v1=${mac}`
        : 'unsigned: Web Crypto needs a secure context (HTTPS or localhost)',
    },
    body,
  };
}

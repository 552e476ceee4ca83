/**
 * The request the panel edits, as the URL and `fetch` init it sends and as a cURL command.
 * Pure functions (unit-tested in tests/unit/try-it.test.ts).
 */
import type { OperationSpec, TwinRequest } from '../../twin/types';

/** What the reader edits: every value a string, as typed. */
export interface RequestDraft {
  server: string;
  path: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** Body text; empty for none. */
  body: string;
}

/** A value from an example as the text a reader would type (`undefined` → empty). */
export function exampleText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * A random UUID (version 4) for `Idempotency-Key`: `crypto.randomUUID` where the context
 * offers it (secure contexts), else built from `crypto.getRandomValues`.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The draft an operation starts with: its examples, the sandbox server, no credential yet.
 * `Idempotency-Key` gets a new UUID instead of the documented example: every page documents the
 * same key, and the platform answers 409 1008 when a key comes back with another body.
 */
export function initialDraft(op: OperationSpec): RequestDraft {
  const pick = (where: 'path' | 'query' | 'header') =>
    Object.fromEntries(
      op.parameters
        .filter(
          (p) => p.in === where && (where === 'path' || p.required || p.example !== undefined),
        )
        .map((p) => [p.name, exampleText(p.example)]),
    );
  const headers: Record<string, string> = {};
  if (op.security) headers[op.security.header] = '';
  if (op.requestBody) headers['Content-Type'] = 'application/json';
  Object.assign(headers, pick('header'));
  for (const name of Object.keys(headers))
    if (name.toLowerCase() === 'idempotency-key') headers[name] = newIdempotencyKey();
  const example = op.requestBody?.example;
  return {
    server: op.sandboxServer,
    path: pick('path'),
    query: pick('query'),
    headers,
    body: example === undefined ? '' : JSON.stringify(example, null, 2),
  };
}

/**
 * The absolute URL: server, path with its parameters filled in (percent-encoded), and the
 * query parameters that have a value.
 */
export function requestUrl(op: OperationSpec, draft: RequestDraft): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(draft.path[name] ?? ''),
  );
  const query = new URLSearchParams(Object.entries(draft.query).filter(([, v]) => v !== ''));
  const search = query.toString();
  return `${draft.server.replace(/\/$/, '')}${path}${search ? `?${search}` : ''}`;
}

/** The request to send: method, URL, the headers that have a value, the body when there is one. */
export function buildRequest(op: OperationSpec, draft: RequestDraft): TwinRequest {
  const headers = Object.fromEntries(
    Object.entries(draft.headers).filter(([name, value]) => name.trim() && value !== ''),
  );
  const hasBody = op.method !== 'GET' && op.method !== 'HEAD' && draft.body.trim() !== '';
  return {
    method: op.method,
    url: requestUrl(op, draft),
    headers,
    ...(hasBody && { body: draft.body }),
  };
}

/** `text` quoted for a POSIX shell (single quotes; `'` as `'\''`). */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The request as one cURL command, lines joined with ` \` continuations. */
export function curlCommand(request: TwinRequest): string {
  const lines = [`curl --request ${request.method} ${shellQuote(request.url)}`];
  for (const [name, value] of Object.entries(request.headers))
    lines.push(`--header ${shellQuote(`${name}: ${value}`)}`);
  if (request.body !== undefined) lines.push(`--data-raw ${shellQuote(request.body)}`);
  return lines.join(' \\\n  ');
}

/** Body text for display: pretty JSON when it parses, else as received. */
export function prettyBody(body: string): { text: string; json: boolean } {
  if (!body.trim()) return { text: '', json: false };
  try {
    return { text: JSON.stringify(JSON.parse(body), null, 2), json: true };
  } catch {
    return { text: body, json: false };
  }
}

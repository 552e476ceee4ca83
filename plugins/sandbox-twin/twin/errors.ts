/**
 * The platform's error answers (CONTRIBUTING.md "Connect API conventions" and "Error codes in
 * use"): `{"errors": [{"code", "message", "meta": {"key"}}]}` with the documented status, and the
 * mapping from Ajv's validation errors to codes 1001–1003.
 */

/** One entry of an `errors` array. */
export interface PlatformError {
  code: number;
  message: string;
  /** Always present (every definition requires it); `key` when the error is about a field. */
  meta: { key?: string };
}

/** An answer the pipeline or a handler ends with: status, JSON body, extra headers. */
export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Thrown by handlers to end a request with a documented error. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: PlatformError[],
    readonly headers: Record<string, string> = {},
  ) {
    super(errors.map((e) => `${e.code} ${e.message}`).join('; '));
    this.name = 'ApiError';
  }
}

/**
 * A one-error ApiError.
 * @param key the field the error is about (`meta.key`), in dots and brackets (`items[0].count`).
 */
export function fail(status: number, code: number, message: string, key?: string): ApiError {
  return new ApiError(status, [{ code, message, meta: key ? { key } : {} }]);
}

/** The answer of an ApiError. */
export function errorAnswer(error: ApiError): Answer {
  return { status: error.status, body: { errors: error.errors }, headers: error.headers };
}

/** The subset of Ajv's ErrorObject the mapping reads. */
export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Keywords that say a value is too long, too short or out of range: code 1003. */
const RANGE_KEYWORDS = new Set([
  'maxLength',
  'minLength',
  'maximum',
  'minimum',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'maxItems',
  'minItems',
  'maxProperties',
  'minProperties',
]);

/** Keywords whose failure only says which branch failed; the branch's own errors say why. */
const BRANCH_KEYWORDS = new Set(['oneOf', 'anyOf', 'if', 'then', 'else', 'not']);

/** JSON Pointer `/items/0/count` → `items[0].count`; `prefix` for parameters (`query`). */
export function metaKey(pointer: string, extra?: string): string {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined) parts.push(extra);
  return parts.reduce(
    (key, part) => (/^\d+$/.test(part) ? `${key}[${part}]` : key ? `${key}.${part}` : part),
    '',
  );
}

/**
 * Ajv errors as platform errors, one per problem (validation reports every problem at once):
 * `required` → 1001, range keywords → 1003, anything else → 1002. Branch summaries (`oneOf`
 * failed) are dropped when a more precise error exists for the same place.
 */
export function validationErrors(issues: ValidationIssue[]): PlatformError[] {
  const precise = issues.filter((i) => !BRANCH_KEYWORDS.has(i.keyword));
  const chosen = precise.length ? precise : issues;
  const out: PlatformError[] = [];
  const seen = new Set<string>();
  for (const issue of chosen) {
    const missing = issue.keyword === 'required' ? String(issue.params.missingProperty) : undefined;
    const key = metaKey(issue.instancePath, missing);
    const code = missing !== undefined ? 1001 : RANGE_KEYWORDS.has(issue.keyword) ? 1003 : 1002;
    let message: string;
    if (missing !== undefined) message = `${key} is required`;
    else if (issue.keyword === 'additionalProperties')
      message = `${metaKey(issue.instancePath, String(issue.params.additionalProperty))} is not a known field`;
    else if (issue.keyword === 'enum')
      message = `${key || 'the body'} must be one of ${(issue.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    else message = `${key || 'the body'} ${issue.message ?? 'is invalid'}`;
    const id = `${code} ${message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const metaField =
      issue.keyword === 'additionalProperties'
        ? metaKey(issue.instancePath, String(issue.params.additionalProperty))
        : key;
    out.push({ code, message, meta: metaField ? { key: metaField } : {} });
  }
  return out;
}

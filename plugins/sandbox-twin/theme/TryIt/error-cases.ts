/**
 * The Try it panel's menu of an operation's documented errors (design/try-it.md, "First send"):
 * for each error its definition documents (status and code of the first example), the change
 * to the prefilled request meant to get it from the sandbox, or none when the sandbox does not
 * produce it on request (a server fault, an upstream timeout, a rule with no generic trigger).
 * Pure functions; tests/unit/try-it-first-send.test.ts sends every offered case in Node and
 * checks the answer is the documented status and code.
 */
import type { OperationSpec } from '../../twin/types';
import { freshId, headerName } from './fresh';
import type { RequestDraft } from './request';

/** One documented error, and whether the panel can send a request meant to get it. */
export interface ErrorCase {
  status: number;
  code: number;
  /** The documented example's message. */
  message: string;
  /** What the panel changes to get it (a sentence for the reader), or undefined when it cannot. */
  how?: string;
}

/** What to send for a case: the drafts in order (the last answer is the one shown). */
export interface ErrorPlan {
  drafts: RequestDraft[];
  /** Run the operation's preparation first (errors that need the state a success needs). */
  prepare: boolean;
  /** Get the credential with these scopes instead of the operation's (403 2002). */
  scopes?: string[];
}

/** Scopes the sandbox grants that an operation may lack (CONTRIBUTING.md "Scopes"). */
const OTHER_SCOPES = ['connect:recommendations', 'connect:transactions', 'connect:fulfillment'];

const clone = (d: RequestDraft): RequestDraft => ({
  ...d,
  path: { ...d.path },
  query: { ...d.query },
  headers: { ...d.headers },
});

function bodyOf(draft: RequestDraft): Record<string, unknown> | undefined {
  try {
    const body = JSON.parse(draft.body) as unknown;
    return body && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function withBody(draft: RequestDraft, body: unknown): RequestDraft {
  return { ...clone(draft), body: JSON.stringify(body, null, 2) };
}

/** A value of another JSON type than `value`, so a schema refuses it (1002). */
function wrongType(value: unknown): unknown {
  if (typeof value === 'string') return 12345;
  if (typeof value === 'number' || typeof value === 'boolean') return 'not-a-' + typeof value;
  return 'not-an-object';
}

/**
 * The change that gets `code` from the sandbox for `op`, from its prefilled `draft`, or
 * undefined when there is none. Keys are codes of CONTRIBUTING.md "Error codes in use".
 */
function planFor(
  op: OperationSpec,
  draft: RequestDraft,
  code: number,
): [string, ErrorPlan] | undefined {
  const body = bodyOf(draft);
  const requiredField = op.requestBody?.fields.find((f) => f.required && body && f.name in body);
  const firstField = body ? Object.keys(body)[0] : undefined;
  const key = headerName(draft.headers, 'Idempotency-Key');
  const stateful = (op.tryIt?.fresh ?? []).length > 0 || op.tryIt?.prepare !== undefined;
  const plan = (drafts: RequestDraft[], prepare = false, scopes?: string[]): ErrorPlan => ({
    drafts,
    prepare,
    ...(scopes && { scopes }),
  });
  switch (code) {
    case 2001:
      if (!op.security) return undefined;
      return [
        `sends no ${op.security.header} header`,
        plan([{ ...clone(draft), headers: { ...draft.headers, [op.security.header]: '' } }]),
      ];
    case 2002: {
      if (op.security?.kind !== 'bearer' || !op.security.scopes.length) return undefined;
      const other = OTHER_SCOPES.find((s) => !op.security?.scopes.includes(s));
      return other
        ? [`sends a token with only ${other}`, plan([clone(draft)], false, [other])]
        : undefined;
    }
    case 2005: {
      // One more request than the API's sandbox limit per second (src/data/facts/limits.ts).
      const burst = (op.rateLimit ?? 10) + 1;
      return [
        `sends ${burst} requests at once with a body that is not JSON, so nothing is created`,
        plan(
          Array.from({ length: burst }, () =>
            op.requestBody ? { ...clone(draft), body: '{' } : clone(draft),
          ),
        ),
      ];
    }
    case 1001:
      if (!requiredField || !body) return undefined;
      return [
        `leaves out the required field ${requiredField.name}`,
        plan([withBody(draft, { ...body, [requiredField.name]: undefined })]),
      ];
    case 1002:
      if (!body || !firstField) return undefined;
      return [
        `sends ${firstField} as another JSON type`,
        plan([withBody(draft, { ...body, [firstField]: wrongType(body[firstField]) })]),
      ];
    case 1004:
      if (!op.requestBody) return undefined;
      return ['sends a body that is not JSON', plan([{ ...clone(draft), body: '{' }])];
    case 1005: {
      if (!op.requestBody) return undefined;
      const type = headerName(draft.headers, 'Content-Type');
      return [
        'sends the body as text/plain',
        plan([
          {
            ...clone(draft),
            headers: { ...draft.headers, [type ?? 'Content-Type']: 'text/plain' },
          },
        ]),
      ];
    }
    case 1006:
      if (!key) return undefined;
      return [
        'sends an Idempotency-Key that is not a UUID',
        plan([{ ...clone(draft), headers: { ...draft.headers, [key]: 'not-a-uuid' } }]),
      ];
    case 1008: {
      if (!key || !body || !firstField) return undefined;
      // A field no schema knows is accepted (no request schema closes its properties), so only
      // the key's reuse with another body is wrong.
      const changed = withBody(draft, { ...body, note: 'a second body' });
      return [
        'sends the request, then the same Idempotency-Key with another body',
        plan([clone(draft), changed], true),
      ];
    }
    case 1016:
    case 3001:
    case 4101: {
      // An id no request created: the documented one with other digits.
      const name = code === 1016 ? 'user_id' : code === 3001 ? 'order_id' : undefined;
      const param = op.parameters.find((p) => p.in === 'path' && (name ? p.name === name : true));
      if (!param || !stateful) return undefined;
      return [
        `asks for a ${param.name} that does not exist`,
        plan([
          {
            ...clone(draft),
            path: { ...draft.path, [param.name]: freshId(draft.path[param.name]) },
          },
        ]),
      ];
    }
    case 3003:
    case 1017: {
      // The documented id, which the example world already holds, instead of a fresh one.
      const field = code === 3003 ? 'order_id' : 'user_id';
      if (!op.tryIt?.fresh?.includes(`/${field}`)) return undefined;
      const documented = (op.requestBody?.example as Record<string, unknown> | undefined)?.[field];
      if (!body || typeof documented !== 'string' || !(field in body)) return undefined;
      return [
        `sends the documented ${field} ${documented}, which the example data already has`,
        plan([withBody(draft, { ...body, [field]: documented })]),
      ];
    }
    case 4002: {
      const documented = (op.requestBody?.example as Record<string, unknown> | undefined)
        ?.service_option_hold_id;
      if (!body || typeof documented !== 'string') return undefined;
      return [
        `sends the documented hold ${documented} without reserving a time slot`,
        plan([withBody(draft, { ...body, service_option_hold_id: documented })]),
      ];
    }
    default:
      return undefined;
  }
}

/**
 * The documented error examples of `op` (status ≥ 400, first example of each), each with the
 * change the panel makes to get it, when it has one.
 */
export function errorCases(
  op: OperationSpec,
  draft: RequestDraft,
): (ErrorCase & { plan?: ErrorPlan })[] {
  const cases: (ErrorCase & { plan?: ErrorPlan })[] = [];
  for (const response of op.responses) {
    if (response.status < 400) continue;
    const error = (
      response.example as { errors?: { code?: unknown; message?: unknown }[] } | undefined
    )?.errors?.[0];
    if (typeof error?.code !== 'number') continue;
    // The sandbox answers a code with one status per operation (`errorStatuses`): a code the
    // definition also shows under another status is listed, not offered, under this one.
    const answered = op.errorStatuses[String(error.code)];
    const found =
      answered === undefined || answered === response.status
        ? planFor(op, draft, error.code)
        : undefined;
    cases.push({
      status: response.status,
      code: error.code,
      message: String(error.message ?? ''),
      ...(found && { how: found[0], plan: found[1] }),
    });
  }
  return cases;
}

/**
 * What makes the Try it panel's first Send succeed (design/try-it.md, "First send"): fresh ids
 * and a fresh `Idempotency-Key` for what a call creates, and the preparation an operation's
 * definition describes (`x-aisle-try-it`, plugins/sandbox-twin/try-it-extension.ts): earlier
 * calls in the sandbox whose answers fill the request. Pure functions over a RequestDraft and
 * injected I/O, so Node (tests/unit/try-it-first-send.test.ts) runs the same code as the panel.
 * In the panel's chunk `try-it-extra` (extra.ts), loaded on the first Prepare, Send of an
 * operation with a preparation, or opening of the errors menu; fresh ids are in fresh.ts.
 */
import type {
  OperationSpec,
  PrepareParameter,
  PrepareReplacement,
  TwinRequest,
  TwinResponse,
} from '../../twin/types';
import { freshDraft, firstError, headerName, pointerGet, pointerSet } from './fresh';
import { type RequestDraft, buildRequest, initialDraft } from './request';

/** What runtime expressions read: the request being prepared and the steps' outputs. */
interface Scope {
  draft: RequestDraft;
  outputs: Record<string, Record<string, unknown>>;
}

/**
 * The value of a literal or an Arazzo runtime expression (types.ts PrepareValue).
 * @throws Error when an expression names a step output or request value that does not exist.
 */
export function evaluate(value: unknown, scope: Scope): unknown {
  if (typeof value !== 'string' || !value.startsWith('$')) return value;
  const step = /^\$steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(value);
  if (step) {
    const found = scope.outputs[step[1]]?.[step[2]];
    if (found === undefined) throw new Error(`${value} has no value`);
    return found;
  }
  const req = /^\$request\.(path|query|header)\.([\w-]+)$/.exec(value);
  if (req) {
    const part = req[1] === 'header' ? 'headers' : (req[1] as 'path' | 'query');
    const found =
      part === 'headers'
        ? scope.draft.headers[headerName(scope.draft.headers, req[2]) ?? req[2]]
        : scope.draft[part][req[2]];
    if (found === undefined || found === '') throw new Error(`${value} is empty`);
    return found;
  }
  const body = /^\$request\.body#(.*)$/.exec(value);
  if (body) {
    const found = pointerGet(JSON.parse(scope.draft.body || 'null'), body[1]);
    if (found === undefined) throw new Error(`${value} is not in the body`);
    return found;
  }
  throw new Error(`${value} is not a runtime expression the panel evaluates`);
}

/**
 * `draft` with `parameters` and body `replacements` applied, their values evaluated in `scope`.
 * @throws Error when a value cannot be evaluated or the body is not JSON.
 */
export function applyGiven(
  draft: RequestDraft,
  parameters: PrepareParameter[] = [],
  replacements: PrepareReplacement[] = [],
  scope: Scope,
): RequestDraft {
  const next: RequestDraft = {
    ...draft,
    path: { ...draft.path },
    query: { ...draft.query },
    headers: { ...draft.headers },
  };
  for (const p of parameters) {
    const text = String(evaluate(p.value, scope));
    if (p.in === 'header') next.headers[headerName(next.headers, p.name) ?? p.name] = text;
    else next[p.in][p.name] = text;
  }
  if (replacements.length) {
    let body: unknown;
    try {
      body = JSON.parse(draft.body || '{}');
    } catch {
      throw new Error('the body is not valid JSON, so the prepared values cannot be put into it');
    }
    for (const r of replacements) pointerSet(body, r.target, evaluate(r.value, scope));
    next.body = JSON.stringify(body, null, 2);
  }
  return next;
}

/** An answer as the transport gives it: a response, or why no request went out. */
export type SendResult = TwinResponse | { error: string };

/** The I/O a preparation needs. */
export interface PrepareIo {
  /** An operation's spec by module key (`sandbox/update_order_status`). */
  load(key: string): Promise<OperationSpec>;
  send(request: TwinRequest): Promise<SendResult>;
  /** The sandbox credential for an operation, as its header's value (`Bearer sbx_…`), or ''. */
  credential(op: OperationSpec): Promise<string>;
}

/** One call a preparation made, for the panel's log. */
export interface PreparedCall {
  stepId: string;
  method: string;
  url: string;
  /** HTTP status, or undefined when the request did not go out. */
  status?: number;
  /** The values it gave (its outputs), or the error it answered. */
  outputs: Record<string, unknown>;
  error?: { code?: number; message: string };
}

/** What a preparation did: the calls, and the prepared draft or why it stopped. */
export type Prepared =
  | { ok: true; calls: PreparedCall[]; draft: RequestDraft }
  | { ok: false; calls: PreparedCall[]; message: string; code?: number; api?: string };

/**
 * Runs `op`'s preparation (its `tryIt.prepare`) for `draft`: each step's documented example
 * request with the step's parameters, replacements and fresh ids, a new `Idempotency-Key` and
 * the sandbox credential; stops at the first answer that is not 2xx. Never throws: a failure is
 * `{ ok: false }` with the calls made and the reason.
 */
export async function runPrepare(
  op: OperationSpec,
  draft: RequestDraft,
  io: PrepareIo,
): Promise<Prepared> {
  const plan = op.tryIt?.prepare;
  const calls: PreparedCall[] = [];
  if (!plan) return { ok: true, calls, draft };
  const scope: Scope = { draft, outputs: {} };
  for (const step of plan.steps) {
    let spec: OperationSpec;
    let request: TwinRequest;
    try {
      spec = await io.load(step.operation);
      let stepDraft = freshDraft(initialDraft(spec), step.fresh);
      stepDraft = applyGiven(stepDraft, step.parameters, step.replacements, scope);
      if (spec.security) stepDraft.headers[spec.security.header] = await io.credential(spec);
      request = buildRequest(spec, stepDraft);
    } catch (error) {
      return { ok: false, calls, message: `Step ${step.stepId}: ${(error as Error).message}` };
    }
    const result = await io.send(request);
    const call: PreparedCall = {
      stepId: step.stepId,
      method: request.method,
      url: request.url,
      outputs: {},
    };
    calls.push(call);
    if ('error' in result) {
      call.error = { message: result.error };
      return { ok: false, calls, message: `The request did not go out: ${result.error}` };
    }
    call.status = result.status;
    if (result.status < 200 || result.status > 299) {
      const error = firstError(result.body) ?? { message: `answered ${result.status}` };
      call.error = error;
      return { ok: false, calls, message: error.message, code: error.code, api: spec.api };
    }
    let body: unknown;
    try {
      body = result.body ? JSON.parse(result.body) : undefined;
    } catch {
      body = undefined;
    }
    for (const [name, expression] of Object.entries(step.outputs ?? {})) {
      const value = pointerGet(body, expression.replace(/^\$response\.body#/, ''));
      if (value === undefined)
        return { ok: false, calls, message: `Step ${step.stepId}: the answer has no ${name}` };
      call.outputs[name] = value;
    }
    scope.outputs[step.stepId] = call.outputs;
  }
  try {
    return {
      ok: true,
      calls,
      draft: applyGiven(draft, plan.parameters, plan.replacements, scope),
    };
  } catch (error) {
    return { ok: false, calls, message: (error as Error).message };
  }
}

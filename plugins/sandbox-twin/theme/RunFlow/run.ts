/**
 * One step of a flow page, run in the page's sandbox twin (a lazy chunk, loaded on the first
 * Run): the step's operation's documented example request, with fresh ids and a new
 * `Idempotency-Key` (as Try it sends), the values earlier steps gave put in by the step's
 * parameters and replacements (the Arazzo subset of `x-aisle-try-it`, prepare.ts), and the
 * flow's token as the credential. The answer and the step's outputs come back for the page.
 */
import { loadOperation } from '../../twin/browser';
import type { PrepareParameter, PrepareReplacement, TwinRequest } from '../../twin/types';
import { testKey } from '../TryIt/credential';
import { firstError, freshDraft, pointerGet } from '../TryIt/fresh';
import { applyGiven } from '../TryIt/prepare';
import { buildRequest, initialDraft } from '../TryIt/request';
import { startRuntime } from '../TryIt/runtime';

/** A step as a flow page declares it. */
export interface FlowStepSpec {
  /** Its id, for later steps' `$steps.<id>.outputs.<name>`. */
  id: string;
  /** Module key of its operation: `<api>/<operationId>` (`fulfillment/create_user`). */
  operation: string;
  parameters?: PrepareParameter[];
  replacements?: PrepareReplacement[];
  /** JSON Pointers of body values given a fresh id per run. */
  fresh?: string[];
  /** Values of its answer later steps read: name → `$response.body#/<pointer>`. */
  outputs?: Record<string, string>;
}

/** What a run of one step gives the page. */
export interface StepRun {
  request: TwinRequest;
  status?: number;
  /** The answer's body as received, or why no request went out. */
  body: string;
  ok: boolean;
  outputs: Record<string, unknown>;
  /** The first error's code and message, for a failed step. */
  error?: { code?: number; message: string };
  ms: number;
}

/** The step whose `access_token` output is the flow's credential. */
export const TOKEN_STEP = 'token';

/**
 * Runs `step` with the outputs of the steps run before it.
 * @param outputs earlier steps' outputs by step id (the token step's `access_token` first).
 * @param baseUrl the site's base URL, for the twin's service worker.
 * @throws Error when the step names an unknown operation, an output no earlier step gave, or a
 *   body that is not JSON (the page shows the message).
 */
export async function runStep(
  step: FlowStepSpec,
  outputs: Record<string, Record<string, unknown>>,
  baseUrl: string,
): Promise<StepRun> {
  const [api, operationId] = step.operation.split('/');
  const [spec, runtime] = await Promise.all([
    loadOperation(api, operationId),
    startRuntime(baseUrl),
  ]);
  let draft = freshDraft(initialDraft(spec), step.fresh);
  draft = applyGiven(draft, step.parameters, step.replacements, { draft, outputs });
  if (spec.security) {
    const key = testKey(spec);
    const token = outputs[TOKEN_STEP]?.access_token;
    if (!key && typeof token !== 'string')
      throw new Error('this call needs the token of step 1: run it first');
    draft.headers[spec.security.header] = key ?? `Bearer ${String(token)}`;
  }
  const request = buildRequest(spec, draft);
  const started = performance.now();
  const result = await runtime.transport.send(request);
  const ms = Math.round(performance.now() - started);
  if ('error' in result)
    return {
      request,
      body: result.error,
      ok: false,
      outputs: {},
      ms,
      error: { message: result.error },
    };
  const ok = result.status >= 200 && result.status < 300;
  const run: StepRun = { request, status: result.status, body: result.body, ok, outputs: {}, ms };
  if (!ok) {
    run.error = firstError(result.body) ?? { message: `answered ${result.status}` };
    return run;
  }
  let json: unknown;
  try {
    json = result.body ? JSON.parse(result.body) : undefined;
  } catch {
    json = undefined;
  }
  for (const [name, expression] of Object.entries(step.outputs ?? {}))
    run.outputs[name] = pointerGet(json, expression.replace(/^\$response\.body#/, ''));
  return run;
}

/**
 * Starts the sandbox again from its example world: the state the flow made is dropped, and so
 * is the flow's token (a reset drops the twin's tokens).
 */
export async function resetSandbox(baseUrl: string): Promise<void> {
  const runtime = await startRuntime(baseUrl);
  await runtime.twin.reset();
}

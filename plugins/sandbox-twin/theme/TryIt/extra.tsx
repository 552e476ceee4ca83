/**
 * The Try it panel's second chunk (`try-it-extra`, design/try-it.md "Bytes"): the preparation
 * runner, the documented errors menu and what shows their results, loaded when the reader first
 * needs them (a Prepare, the Send of an operation with a preparation, an error answer, opening
 * the errors menu), so the panel's first opening stays in its budget.
 */
import React, { type ReactNode } from 'react';
import { apiOfFile } from '../../../../src/data/facts/apis';
import { errorOf } from '../../../../src/data/facts/errors';
import type { CallbackDelivery, OperationSpec, TwinRequest } from '../../twin/types';
import { Code, statusClass } from './code';
import { freshDraft, headerName, pointerGet } from './fresh';
import { type ErrorCase, errorCases } from './error-cases';
import type { Prepared } from './prepare';
import { type RequestDraft, buildRequest, prettyBody } from './request';

export { runPrepare } from './prepare';

/** The styles of what this chunk draws (the panel's own are in panel-styles.ts). */
const EXTRA_CSS = `
.try-it__errors ul,
.try-it__calls {
  margin: 0.5rem 0 0;
  padding-left: 1.25rem;
}
.try-it__errors li,
.try-it__calls li {
  margin-bottom: 0.35rem;
  overflow-wrap: anywhere;
}
`;

if (typeof document !== 'undefined' && !document.head.querySelector('style[data-try-it-extra]')) {
  const style = document.createElement('style');
  style.dataset.tryItExtra = '';
  style.textContent = EXTRA_CSS;
  document.head.append(style);
}

/**
 * The documented fix of `code` for a definition's API family (the error catalogue,
 * src/data/facts/errors.ts), or undefined.
 */
export function fixOf(api: string, code: number): string | undefined {
  const family = apiOfFile(`openapi/${api}.yaml`);
  return family ? errorOf(family, code)?.fix : undefined;
}

/** Inline Markdown of the facts (code spans, links) as text with `<code>` for code spans. */
export function InlineText({ text }: { text: string }): ReactNode {
  return text
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .split('`')
    .map((part, i) =>
      i % 2 ? <code key={i}>{part}</code> : <React.Fragment key={i}>{part}</React.Fragment>,
    );
}

/** What a preparation did: each call (method, path, status, the values it gave), and why it stopped. */
export function PrepareResult({ prepared }: { prepared: Prepared }): ReactNode {
  const fix =
    !prepared.ok && prepared.code !== undefined && prepared.api
      ? fixOf(prepared.api, prepared.code)
      : undefined;
  return (
    <>
      {prepared.calls.length > 0 && (
        <ol className="try-it__calls">
          {prepared.calls.map((c, i) => (
            <li key={i}>
              <span className={`api-method api-method--${c.method.toLowerCase()}`}>{c.method}</span>{' '}
              <code>{new URL(c.url).pathname}</code>{' '}
              {c.status !== undefined && (
                <span className={`api-status api-status--${statusClass(c.status)}`}>
                  {c.status}
                </span>
              )}
              {Object.entries(c.outputs).map(([name, value]) => (
                <span key={name}>
                  {' '}
                  {name} <code>{String(value)}</code>
                </span>
              ))}
              {c.error && <span> {c.error.message}</span>}
            </li>
          ))}
        </ol>
      )}
      {!prepared.ok && (
        <p className="try-it__warning" role="alert">
          Prepare did not succeed: {prepared.message}
          {fix && (
            <>
              {' '}
              What to do: <InlineText text={fix} /> Reset sandbox starts again from the example
              data.
            </>
          )}
        </p>
      )}
    </>
  );
}

/**
 * What an error answer asks of the reader: the way to the token control for a 401, else the
 * documented fix of the answer's code.
 */
export function AnswerNotes({
  op,
  code,
  status,
  onToken,
}: {
  op: OperationSpec;
  code?: number;
  status: number;
  onToken?: () => void;
}): ReactNode {
  if (status === 401 && onToken && op.security)
    return (
      <p className="try-it__warning">
        The sandbox did not accept the credential in <code>{op.security.header}</code>.{' '}
        <button type="button" className="button button--sm button--link" onClick={onToken}>
          Go to the token control
        </button>{' '}
        to get a new sandbox token.
      </p>
    );
  const fix = code === undefined ? undefined : fixOf(op.api, code);
  return fix ? (
    <p className="try-it__note">
      <code>{code}</code> What to do: <InlineText text={fix} />
    </p>
  ) : null;
}

/** The documented errors of `op`, each with its Send button or why the sandbox cannot give it. */
export function ErrorsList({
  op,
  draft,
  disabled,
  onSend,
}: {
  op: OperationSpec;
  draft: RequestDraft;
  disabled: boolean;
  onSend: (c: ErrorCase) => void;
}): ReactNode {
  return (
    <ul>
      {errorCases(op, draft).map((c) => (
        <li key={`${c.status} ${c.code}`}>
          <span className={`api-status api-status--${statusClass(c.status)}`}>{c.status}</span>{' '}
          <code>{c.code}</code> {c.message}{' '}
          {c.how ? (
            <>
              <button
                type="button"
                className="button button--sm button--secondary"
                disabled={disabled}
                onClick={() => onSend(c)}
              >
                Send for {c.status} {c.code}
              </button>{' '}
              <span className="try-it__hint">The panel {c.how}.</span>
            </>
          ) : (
            <span className="try-it__hint">The sandbox does not answer it on request.</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The I/O of sending an error case. */
export interface CaseIo {
  /** Runs the operation's preparation; the prepared draft, or undefined when it failed. */
  prepare(draft: RequestDraft): Promise<RequestDraft | undefined>;
  send(
    request: TwinRequest,
  ): Promise<{ status: number; headers: Record<string, string>; body: string } | { error: string }>;
  /** A token with `scopes` (for 403 2002), or undefined. */
  token(scopes: string[]): Promise<string | undefined>;
}

/**
 * Sends the requests meant to get one documented error (error-cases.ts) and returns the last
 * answer, or undefined when the case cannot be sent (its preparation failed).
 */
export async function sendErrorCase(
  op: OperationSpec,
  draft: RequestDraft,
  wanted: ErrorCase,
  io: CaseIo,
) {
  const find = (d: RequestDraft) =>
    errorCases(op, d).find((c) => c.code === wanted.code && c.status === wanted.status)?.plan;
  // A new Idempotency-Key: the reader's last send may have used the panel's (the 1008 case sends
  // its two requests with this one key).
  const start = freshDraft(draft);
  const base = find(start)?.prepare ? await io.prepare(start) : start;
  const plan = base && find(base);
  if (!plan) return undefined;
  const other = plan.scopes ? await io.token(plan.scopes) : undefined;
  const header = op.security?.header;
  const started = performance.now();
  let result: Awaited<ReturnType<CaseIo['send']>> = { error: 'nothing was sent' };
  for (const d of plan.drafts) {
    if (other && header) d.headers[header] = `Bearer ${other}`;
    result = await io.send(buildRequest(op, d));
  }
  return { ...result, ms: performance.now() - started };
}

/** One delivered callback: event, order, endpoint, signature and body. */
export function CallbackItem({ delivery }: { delivery: CallbackDelivery }): ReactNode {
  const name = headerName(delivery.headers, 'X-Aisle-Signature');
  const signature = name === undefined ? undefined : delivery.headers[name];
  const body = prettyBody(delivery.body);
  return (
    <li className="try-it__callback">
      <details>
        <summary>
          <code>{delivery.event_type}</code>
          {delivery.order_id && <span> · {delivery.order_id}</span>}
        </summary>
        <dl className="try-it__pairs">
          <dt>Endpoint</dt>
          <dd>
            <code>{delivery.url}</code>
          </dd>
          <dt>X-Aisle-Signature</dt>
          <dd>
            <code className="try-it__signature">{signature ?? '(none)'}</code>
          </dd>
        </dl>
        <Code text={body.text} json={body.json} label={`${delivery.event_type} callback body`} />
      </details>
    </li>
  );
}

/** The values of `draft` a preparation fills, to tell whether the reader changed them. */
export function preparedValues(op: OperationSpec, draft: RequestDraft): string {
  const plan = op.tryIt?.prepare;
  if (!plan) return '';
  let body: unknown;
  try {
    body = JSON.parse(draft.body || 'null');
  } catch {
    body = undefined;
  }
  const param = (where: string, name: string) =>
    where === 'header' ? draft.headers[name] : draft[where as 'path' | 'query'][name];
  // What the steps read from the request too: a request the reader pointed at another user or
  // order is theirs to prepare.
  const read = plan.steps
    .flatMap((s) => [...(s.parameters ?? []), ...(s.replacements ?? [])])
    .map((x) => (typeof x.value === 'string' ? x.value : ''))
    .map((v) => {
      const m = /^\$request\.(path|query|header)\.([\w-]+)$/.exec(v);
      if (m) return param(m[1], m[2]);
      const b = /^\$request\.body#(.*)$/.exec(v);
      return b ? pointerGet(body, b[1]) : undefined;
    });
  return JSON.stringify([
    (plan.parameters ?? []).map((p) => param(p.in, p.name)),
    (plan.replacements ?? []).map((r) => pointerGet(body, r.target)),
    read,
  ]);
}

/**
 * The Try it panel (a lazy chunk, loaded when the reader opens it): the operation's request
 * prefilled from its example (OperationSpec of the sandbox twin), sent with `fetch` to the
 * sandbox server, where msw's service worker hands it to the twin (transport.ts); the answer
 * with status, headers, body and time; Copy as cURL; Reset sandbox; and the callbacks the twin
 * delivered. The twin keeps its state in sessionStorage, so a flow can go from page to page.
 *
 * The first Send succeeds with no field edited (design/try-it.md, "First send"): the panel gets
 * a sandbox token by itself, gives what a call creates a fresh id and `Idempotency-Key` per send,
 * and runs the operation's preparation (`x-aisle-try-it` in its definition) before a Send that
 * needs earlier state, showing each call it made.
 */
import React, {
  type ReactNode,
  useEffect,
  useId,
  useInsertionEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { loadOperation } from '../../twin/browser';
import type {
  CallbackDelivery,
  OperationSpec,
  ParameterSpec,
  TwinResponse,
} from '../../twin/types';
import { productionServer } from '../../hosts';
import { Code, statusClass } from './code';
import { type RequestDraft, buildRequest, curlCommand, initialDraft, prettyBody } from './request';
import {
  accessToken,
  dropTokens,
  storedToken,
  storeToken,
  takesToken,
  testKey,
  tokenRequest,
} from './credential';
import type { ErrorCase } from './error-cases';
import { firstError, freshDraft, headerName, pointerGet, pointerSet } from './fresh';
import type { Prepared } from './prepare';
import { insertPanelStyles } from './panel-styles';
import { type Runtime, startRuntime } from './runtime';
import type { Transport } from './transport';

/** Props: the operation, the site's base URL (for the worker script) and the build's switch. */
export interface PanelProps {
  api: string;
  operationId: string;
  baseUrl: string;
  /** TRY_IT_REAL_HOSTS=true: offer the production server too (never intercepted). */
  realHosts: boolean;
}

/** The operation's description (its chunk only), or null when the twin has no such operation. */
function operationOf(api: string, operationId: string): Promise<OperationSpec | null> {
  return loadOperation(api, operationId).catch(() => null);
}

type Answer = (TwinResponse & { ms: number }) | { error: string; ms: number };

function ParameterInputs({
  title,
  specs,
  values,
  onChange,
  idPrefix,
}: {
  title: string;
  specs: ParameterSpec[];
  values: Record<string, string>;
  onChange: (name: string, value: string) => void;
  idPrefix: string;
}): ReactNode {
  if (!specs.length) return null;
  return (
    <fieldset className="try-it__group">
      <legend>{title}</legend>
      {specs.map((p) => {
        const id = `${idPrefix}-${p.in}-${p.name}`;
        return (
          <div className="try-it__row" key={p.name}>
            <label htmlFor={id}>
              <code>{p.name}</code>
              <span className="try-it__hint">
                {p.type ?? 'string'}
                {p.required ? ', required' : ''}
              </span>
            </label>
            {p.enum?.length ? (
              <select
                id={id}
                value={values[p.name] ?? ''}
                onChange={(e) => onChange(p.name, e.target.value)}
              >
                {!p.required && <option value="">(none)</option>}
                {p.enum.map((v) => (
                  <option key={String(v)} value={String(v)}>
                    {String(v)}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                type="text"
                spellCheck={false}
                autoComplete="off"
                required={p.required}
                value={values[p.name] ?? ''}
                onChange={(e) => onChange(p.name, e.target.value)}
              />
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

/** A copy of a draft that later edits of either do not reach. */
const copyDraft = (d: RequestDraft): RequestDraft => JSON.parse(JSON.stringify(d)) as RequestDraft;

/** The preparation runner and the errors menu: a second chunk, fetched when first needed. */
const loadExtra = () => import(/* webpackChunkName: "try-it-extra" */ './extra');
type Extra = Awaited<ReturnType<typeof loadExtra>>;

/** The documented error examples of `op` with a code (the errors menu lists them). */
const documentedErrors = (op: OperationSpec) =>
  op.responses.filter(
    (r) =>
      r.status >= 400 &&
      typeof (r.example as { errors?: { code?: unknown }[] } | undefined)?.errors?.[0]?.code ===
        'number',
  ).length;

/**
 * A sandbox token for `scopes`: the tab's stored one, else a new one from the token endpoint
 * (kept for the tab). Undefined when the endpoint refused (its answer is in the status line).
 */
async function tokenFor(rt: Runtime, scopes: string[]): Promise<string | undefined> {
  const stored = storedToken(scopes);
  if (stored) return stored;
  const token = accessToken(await rt.transport.send(tokenRequest(scopes)));
  if (token) storeToken(scopes, token);
  return token;
}

/** A description with code spans (`name`) as text with `<code>` elements. */
function CodeSpans({ text }: { text: string }): ReactNode {
  return text
    .split('`')
    .map((part, i) =>
      i % 2 ? <code key={i}>{part}</code> : <React.Fragment key={i}>{part}</React.Fragment>,
    );
}

/** The panel of one operation; loads the twin and its operations on mount. */
export default function Panel({ api, operationId, baseUrl, realHosts }: PanelProps): ReactNode {
  const idPrefix = useId();
  const [rt, setRt] = useState<Runtime>();
  const [op, setOp] = useState<OperationSpec | null>();
  const [loadError, setLoadError] = useState<string>();
  const [draft, setDraft] = useState<RequestDraft>();
  const [target, setTarget] = useState<'sandbox' | 'production'>('sandbox');
  const [answer, setAnswer] = useState<Answer>();
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState('');
  // The answer line shows status and time already: then the message is for screen readers only.
  const [statusQuiet, setStatusQuiet] = useState(false);
  const [curl, setCurl] = useState<string>();
  const [callbacks, setCallbacks] = useState<CallbackDelivery[]>([]);
  const sandboxCredential = useRef('');
  // A copy of the draft as the panel last filled it (on opening, with a token, by a
  // preparation, with fresh ids), never the reader's edits, and whether it has been sent since:
  // a value the reader did not change gets a fresh id, key or preparation before the next Send.
  const filled = useRef<RequestDraft | undefined>(undefined);
  const sent = useRef(false);
  const [prepared, setPrepared] = useState<Prepared>();
  const [extra, setExtra] = useState<Extra>();
  // The callbacks inspector draws its entries with the second chunk.
  useEffect(() => {
    if (callbacks.length && !extra) void needExtra();
  });
  /** The second chunk, kept in state once loaded so its components render. */
  const needExtra = () =>
    loadExtra().then((m) => {
      setExtra(() => m);
      return m;
    });
  const tokenButton = useRef<HTMLButtonElement>(null);
  // The token the panel is getting by itself (on opening, after a reset): Send waits for it.
  const pendingToken = useRef<Promise<string | undefined>>(undefined);

  // Before the panel is laid out, so it never shows unstyled.
  useInsertionEffect(insertPanelStyles, []);

  useEffect(() => {
    let live = true;
    let unsubscribe: (() => void) | undefined;
    Promise.all([startRuntime(baseUrl), operationOf(api, operationId)])
      .then(([started, found]) => {
        if (!live) return;
        setRt(started);
        setOp(found);
        if (found) {
          const first = freshDraft(initialDraft(found), found.tryIt?.fresh);
          const key = testKey(found);
          const token =
            found.security && takesToken(found) ? storedToken(found.security.scopes) : '';
          if (found.security && key) first.headers[found.security.header] = key;
          else if (found.security && token)
            first.headers[found.security.header] = `Bearer ${token}`;
          filled.current = copyDraft(first);
          setDraft(first);
          // No token kept for this tab yet: get one, as the reader would with the button.
          if (found.security && takesToken(found) && !token) {
            const header = found.security.header;
            pendingToken.current = tokenFor(started, found.security.scopes).then((t) => {
              if (live && t) {
                setDraft((d) => d && { ...d, headers: { ...d.headers, [header]: `Bearer ${t}` } });
                if (filled.current) filled.current.headers[header] = `Bearer ${t}`;
              }
              return t;
            });
          }
        }
        setCallbacks(started.twin.callbacks());
        unsubscribe = started.twin.onCallback((d) => setCallbacks((list) => [d, ...list]));
      })
      .catch((error: unknown) => {
        if (live) setLoadError((error as Error).message || String(error));
      });
    return () => {
      live = false;
      unsubscribe?.();
    };
  }, [api, operationId, baseUrl]);

  const request = useMemo(() => (op && draft ? buildRequest(op, draft) : undefined), [op, draft]);
  const bodyProblem = useMemo(() => {
    if (!draft?.body.trim() || !op?.requestBody) return undefined;
    try {
      JSON.parse(draft.body);
      return undefined;
    } catch (error) {
      return `The body is not valid JSON (${(error as Error).message}); the server will refuse it.`;
    }
  }, [draft?.body, op?.requestBody]);

  if (loadError)
    return (
      <p className="try-it__message" role="alert">
        The sandbox could not start: {loadError}
      </p>
    );
  if (!rt || op === undefined)
    return (
      <p className="try-it__message" role="status">
        Starting the sandbox…
      </p>
    );
  if (!op || !draft || !request)
    return (
      <p className="try-it__message" role="status">
        This operation cannot be tried in the sandbox.
      </p>
    );

  const production = realHosts ? productionServer(op.sandboxServer) : undefined;
  const security = op.security;
  const set = (part: 'path' | 'query' | 'headers', name: string, value: string) =>
    setDraft((d) => d && { ...d, [part]: { ...d[part], [name]: value } });

  const chooseTarget = (next: 'sandbox' | 'production') => {
    if (next === target || !production) return;
    setTarget(next);
    setDraft((d) => {
      if (!d) return d;
      const headers = { ...d.headers };
      if (security) {
        if (next === 'production') {
          sandboxCredential.current = headers[security.header] ?? '';
          headers[security.header] = '';
        } else headers[security.header] = sandboxCredential.current;
      }
      return { ...d, server: next === 'production' ? production : op.sandboxServer, headers };
    });
    setAnswer(undefined);
  };

  const say = (message: string) => {
    setStatusQuiet(false);
    setStatus(message);
  };

  /** The I/O of a preparation: the twin's operations, the transport, the tab's tokens. */
  const prepareIo = {
    load: (key: string) => {
      const [a, ...rest] = key.split('/');
      return loadOperation(a, rest.join('/'));
    },
    send: (r: Parameters<Transport['send']>[0]) => rt.transport.send(r),
    credential: async (spec: OperationSpec) =>
      testKey(spec) ??
      (spec.security && takesToken(spec)
        ? `Bearer ${(await tokenFor(rt, spec.security.scopes)) ?? ''}`
        : ''),
  };

  /** Runs the preparation on `from`; the prepared draft, or undefined when it failed. */
  const prepare = async (from: RequestDraft): Promise<RequestDraft | undefined> => {
    const plan = op.tryIt?.prepare;
    if (!plan) return from;
    say(`Preparing: ${plan.summary}…`);
    const { runPrepare } = await needExtra();
    const result = await runPrepare(op, from, prepareIo);
    setPrepared(result);
    if (!result.ok) {
      say(`Prepare did not succeed: ${result.message}`);
      return undefined;
    }
    filled.current = copyDraft(result.draft);
    setDraft(result.draft);
    sent.current = false;
    say(`Prepared: ${plan.summary}, in ${result.calls.length} calls.`);
    return result.draft;
  };

  const send = async () => {
    setSending(true);
    let next: RequestDraft | undefined = draft;
    // A token the panel is still getting fills the header it left empty or filled itself.
    const token = await pendingToken.current;
    const header = security?.header;
    if (token && header && draft.headers[header] === filled.current?.headers[header])
      next = { ...draft, headers: { ...draft.headers, [header]: `Bearer ${token}` } };
    const auto = filled.current;
    if (sent.current && auto) {
      // What the panel filled and the reader left alone gets a fresh id and key.
      const current = next;
      const same = (p: string) => {
        try {
          return pointerGet(JSON.parse(current.body), p) === pointerGet(JSON.parse(auto.body), p);
        } catch {
          return false;
        }
      };
      const pointers = (op.tryIt?.fresh ?? []).filter(same);
      const renewed = freshDraft(current, pointers);
      const key = headerName(current.headers, 'Idempotency-Key');
      if (key && current.headers[key] !== auto.headers[key])
        renewed.headers[key] = current.headers[key];
      else if (key) auto.headers[key] = renewed.headers[key];
      // The panel's new values become the ones a later Send compares with.
      if (pointers.length) {
        const mine = JSON.parse(auto.body) as unknown;
        const theirs = JSON.parse(renewed.body) as unknown;
        for (const p of pointers) pointerSet(mine, p, pointerGet(theirs, p));
        auto.body = JSON.stringify(mine, null, 2);
      }
      next = renewed;
    }
    if (op.tryIt?.prepare && (sent.current || prepared?.ok !== true)) {
      const { preparedValues } = await needExtra();
      if (!auto || preparedValues(op, next) === preparedValues(op, auto))
        next = await prepare(next);
    }
    if (!next) {
      setSending(false);
      return;
    }
    setDraft(next);
    say('Sending…');
    const started = performance.now();
    const result = await rt.transport.send(buildRequest(op, next));
    const ms = performance.now() - started;
    sent.current = true;
    if (!('error' in result) && result.status >= 400) await needExtra();
    setAnswer({ ...result, ms });
    setSending(false);
    setStatusQuiet(!('error' in result));
    setStatus(
      'error' in result
        ? `The request failed: ${result.error}`
        : `Answer ${result.status} in ${Math.round(ms)} ms.`,
    );
  };

  /** Sends the request meant to get one documented error (error-cases.ts). */
  const sendCase = async (wanted: ErrorCase) => {
    setSending(true);
    setPrepared(undefined);
    say(`Sending to get ${wanted.status} ${wanted.code}…`);
    const result = await (
      await needExtra()
    ).sendErrorCase(op, draft, wanted, {
      prepare,
      send: (r) => rt.transport.send(r),
      token: async (scopes) => accessToken(await rt.transport.send(tokenRequest(scopes))),
    });
    setSending(false);
    if (!result) return;
    sent.current = true;
    setAnswer(result);
    setStatusQuiet(false);
    setStatus(
      'error' in result
        ? `The request failed: ${result.error}`
        : `Answer ${result.status} in ${Math.round(result.ms)} ms (the documented error is ${wanted.status} ${wanted.code}).`,
    );
  };

  const getToken = async () => {
    if (!security) return;
    say('Getting a sandbox token…');
    dropTokens();
    const result = await rt.transport.send(tokenRequest(security.scopes));
    const token = accessToken(result);
    if (!token) {
      say(
        'error' in result
          ? `No token: ${result.error}`
          : `No token: the token endpoint answered ${result.status}.`,
      );
      return;
    }
    storeToken(security.scopes, token);
    set('headers', security.header, `Bearer ${token}`);
    say(`Sandbox token received; it fills the ${security.header} header.`);
  };

  const copyCurl = async () => {
    const command = curlCommand(request);
    try {
      await navigator.clipboard.writeText(command);
      setCurl(undefined);
      say('cURL command copied.');
    } catch {
      setCurl(command);
      say('The clipboard is not available: the command is shown below the buttons.');
    }
  };

  const reset = async () => {
    await rt.twin.reset();
    dropTokens();
    setCallbacks(rt.twin.callbacks());
    setAnswer(undefined);
    setPrepared(undefined);
    sent.current = false;
    say('Sandbox reset to the example data; tokens were dropped.');
    // The twin forgot its tokens: the panel gets a new one, as it did when it opened.
    if (security && takesToken(op) && target === 'sandbox') {
      const header = security.header;
      // The old token is gone from the twin: the field shows none until the new one is here.
      set('headers', header, '');
      if (filled.current) filled.current.headers[header] = '';
      pendingToken.current = tokenFor(rt, security.scopes);
      const token = await pendingToken.current;
      set('headers', header, token ? `Bearer ${token}` : '');
      if (filled.current) filled.current.headers[header] = token ? `Bearer ${token}` : '';
      if (token) say('Sandbox reset to the example data; a new sandbox token fills the header.');
    }
  };

  const params = (where: ParameterSpec['in']) => op.parameters.filter((p) => p.in === where);
  const id = (name: string) => `${idPrefix}-${name}`;
  const credential = security ? (draft.headers[security.header] ?? '') : '';
  const answerBody = answer && !('error' in answer) ? prettyBody(answer.body) : undefined;
  const errorCount = documentedErrors(op);
  const answerCode =
    answer && !('error' in answer) && answer.status >= 400
      ? firstError(answer.body)?.code
      : undefined;
  return (
    <section className="try-it__panel" aria-label={`Try ${op.operationId}`}>
      <p className="try-it__mode">
        {rt.transport.mode === 'worker'
          ? 'Sandbox requests are answered in your browser by the sandbox twin; nothing is sent to Aisle.'
          : 'This browser cannot run the service worker, so sandbox requests are answered in the page.'}
      </p>

      <fieldset className="try-it__group">
        <legend>Server</legend>
        {production ? (
          <div className="try-it__choice">
            {(['sandbox', 'production'] as const).map((t) => (
              <label key={t}>
                <input
                  type="radio"
                  name={id('target')}
                  value={t}
                  checked={target === t}
                  onChange={() => chooseTarget(t)}
                />{' '}
                {t === 'sandbox' ? 'Sandbox' : 'Production'}
              </label>
            ))}
          </div>
        ) : null}
        <p className="try-it__url">
          <span className={`api-method api-method--${op.method.toLowerCase()}`}>{op.method}</span>{' '}
          <code>{request.url}</code>
        </p>
      </fieldset>

      {security && (
        <fieldset className="try-it__group">
          <legend>Credential</legend>
          <div className="try-it__row">
            <label htmlFor={id('credential')}>
              <code>{security.header}</code>
              <span className="try-it__hint">
                {target === 'production'
                  ? 'your production token'
                  : security.kind === 'bearer' && !testKey(op)
                    ? 'Bearer token'
                    : 'API key'}
              </span>
            </label>
            <input
              id={id('credential')}
              type="text"
              spellCheck={false}
              autoComplete="off"
              value={credential}
              onChange={(e) => set('headers', security.header, e.target.value)}
            />
          </div>
          {target === 'sandbox' &&
            (testKey(op) ? (
              <p className="try-it__note">
                Prefilled with the sandbox&apos;s published test key for this API.
              </p>
            ) : security.kind === 'bearer' ? (
              <p className="try-it__note">
                {credential
                  ? `A sandbox token with ${security.scopes.join(' ') || 'no'} scope was filled in for you; paste your own sandbox token to use it instead.`
                  : 'No token yet: get one, or paste your own sandbox token.'}{' '}
                <button
                  type="button"
                  ref={tokenButton}
                  className="button button--sm button--secondary"
                  onClick={getToken}
                >
                  {credential ? 'Get a new sandbox token' : 'Get a sandbox token'}
                </button>
              </p>
            ) : (
              <p className="try-it__note">
                This API takes an API key in <code>{security.header}</code>: paste your test key
                from the Platform Portal.
              </p>
            ))}
        </fieldset>
      )}

      <ParameterInputs
        title="Path parameters"
        specs={params('path')}
        values={draft.path}
        onChange={(n, v) => set('path', n, v)}
        idPrefix={idPrefix}
      />
      <ParameterInputs
        title="Query parameters"
        specs={params('query')}
        values={draft.query}
        onChange={(n, v) => set('query', n, v)}
        idPrefix={idPrefix}
      />
      <ParameterInputs
        title="Headers"
        specs={params('header')}
        values={draft.headers}
        onChange={(n, v) => set('headers', n, v)}
        idPrefix={idPrefix}
      />

      {op.requestBody && (
        <div className="try-it__group">
          <label className="try-it__legend" htmlFor={id('body')}>
            Body (JSON{op.requestBody.required ? ', required' : ''})
          </label>
          <textarea
            id={id('body')}
            className="try-it__body"
            spellCheck={false}
            rows={Math.min(16, Math.max(4, draft.body.split('\n').length))}
            value={draft.body}
            aria-describedby={bodyProblem ? id('body-problem') : undefined}
            onChange={(e) => {
              const body = e.target.value;
              setDraft((d) => d && { ...d, body });
            }}
          />
          {bodyProblem && (
            <p className="try-it__warning" id={id('body-problem')}>
              {bodyProblem}
            </p>
          )}
          {op.requestBody.fields.length > 0 && (
            <details className="try-it__fields">
              <summary>Fields ({op.requestBody.fields.length})</summary>
              <ul>
                {op.requestBody.fields.map((f) => (
                  <li key={f.name}>
                    <code>{f.name}</code> <span className="try-it__hint">{f.type}</span>
                    {f.required && <span className="try-it__required"> required</span>}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </div>
      )}

      {op.tryIt?.prepare && target === 'sandbox' && (
        <div className="try-it__group try-it__prepare">
          <p className="try-it__note">
            <strong>Needs earlier state.</strong> <CodeSpans text={op.tryIt.prepare.description} />{' '}
            Send prepares it first; the calls it made are listed here.
          </p>
          <button
            type="button"
            className="button button--sm button--secondary"
            disabled={sending}
            onClick={() => void prepare(draft)}
          >
            Prepare: {op.tryIt.prepare.summary}
          </button>
          {prepared && extra && <extra.PrepareResult prepared={prepared} />}
        </div>
      )}

      <div className="try-it__actions">
        <button
          type="button"
          className="button button--sm button--primary"
          onClick={send}
          disabled={sending}
        >
          Send
        </button>
        <button type="button" className="button button--sm button--secondary" onClick={copyCurl}>
          Copy as cURL
        </button>
        <button type="button" className="button button--sm button--secondary" onClick={reset}>
          Reset sandbox
        </button>
      </div>
      {target === 'sandbox' && errorCount > 0 && (
        <details
          className="try-it__group try-it__errors"
          onToggle={(e) => {
            if (e.currentTarget.open) void needExtra();
          }}
        >
          <summary>Documented errors ({errorCount})</summary>
          {extra ? (
            <extra.ErrorsList op={op} draft={draft} disabled={sending} onSend={sendCase} />
          ) : (
            <p className="try-it__note">Loading…</p>
          )}
        </details>
      )}

      <p
        className={`try-it__status${statusQuiet ? ' try-it__status--quiet' : ''}`}
        role="status"
        aria-live="polite"
      >
        {status}
      </p>
      {curl && <Code text={curl} json={false} label="cURL command" />}

      {answer && (
        <div className="try-it__answer" data-ms={answer.ms.toFixed(1)}>
          {'error' in answer ? (
            <p className="try-it__warning">The request failed: {answer.error}</p>
          ) : (
            <>
              <p className="try-it__answer-line">
                <span className={`api-status api-status--${statusClass(answer.status)}`}>
                  {answer.status}
                </span>{' '}
                <span>{Math.round(answer.ms)} ms</span>
              </p>
              <details className="try-it__headers">
                <summary>Headers ({Object.keys(answer.headers).length})</summary>
                <dl className="try-it__pairs">
                  {Object.entries(answer.headers).map(([name, value]) => (
                    <React.Fragment key={name}>
                      <dt>{name}</dt>
                      <dd>
                        <code>{value}</code>
                      </dd>
                    </React.Fragment>
                  ))}
                </dl>
              </details>
              {answer.status >= 400 && extra && (
                <extra.AnswerNotes
                  op={op}
                  code={answerCode}
                  status={answer.status}
                  onToken={
                    security && takesToken(op) ? () => tokenButton.current?.focus() : undefined
                  }
                />
              )}
              {answerBody?.text && (
                <Code text={answerBody.text} json={answerBody.json} label="Response body" />
              )}
            </>
          )}
        </div>
      )}

      <section className="try-it__callbacks" aria-label="Callbacks">
        <p className="try-it__legend">Callbacks ({callbacks.length})</p>
        {callbacks.length && !extra ? (
          <p className="try-it__note">Loading the callbacks…</p>
        ) : callbacks.length && extra ? (
          <ul>
            {callbacks.map((d) => (
              <extra.CallbackItem key={d.event_id} delivery={d} />
            ))}
          </ul>
        ) : (
          <p className="try-it__note">
            None yet: callbacks the sandbox sends for your orders appear here, newest first.
          </p>
        )}
      </section>
    </section>
  );
}

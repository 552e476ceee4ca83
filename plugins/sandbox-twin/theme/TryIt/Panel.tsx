/**
 * The Try it panel (a lazy chunk, loaded when the reader opens it): the operation's request
 * prefilled from its example (OperationSpec of the sandbox twin), sent with `fetch` to the
 * sandbox server, where msw's service worker hands it to the twin (transport.ts); the answer
 * with status, headers, body and time; Copy as cURL; Reset sandbox; and the callbacks the twin
 * delivered. The twin keeps its state in sessionStorage, so a flow can go from page to page.
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
import { loadBrowserTwin, loadOperation } from '../../twin/browser';
import { CREDENTIALS } from '../../twin/world';
import type {
  CallbackDelivery,
  OperationSpec,
  ParameterSpec,
  Twin,
  TwinResponse,
} from '../../twin/types';
import { productionServer } from '../../hosts';
import { jsonTokens } from './json-tokens';
import { type RequestDraft, buildRequest, curlCommand, initialDraft, prettyBody } from './request';
import { insertPanelStyles } from './panel-styles';
import { type Transport, startTransport } from './transport';

/** Props: the operation, the site's base URL (for the worker script) and the build's switch. */
export interface PanelProps {
  api: string;
  operationId: string;
  baseUrl: string;
  /** TRY_IT_REAL_HOSTS=true: offer the production server too (never intercepted). */
  realHosts: boolean;
}

/** Longest body drawn with token colours; a longer one is shown plain (no long task). */
const HIGHLIGHT_MAX_CHARS = 100_000;

interface Runtime {
  twin: Twin;
  transport: Transport;
}
let runtime: Promise<Runtime> | undefined;

/** The page's twin and transport, started once per page load. */
function startRuntime(baseUrl: string): Promise<Runtime> {
  runtime ??= loadBrowserTwin().then(async (twin) => ({
    twin,
    transport: await startTransport(twin, `${baseUrl}mockServiceWorker.js`),
  }));
  return runtime;
}

/** The operation's description (its chunk only), or null when the twin has no such operation. */
function operationOf(api: string, operationId: string): Promise<OperationSpec | null> {
  return loadOperation(api, operationId).catch(() => null);
}

/**
 * The sandbox's published test key of a key-based API (CONTRIBUTING.md "Sandbox twin"), as
 * the credential header takes it, or undefined for an API with OAuth tokens.
 */
function testKey(op: OperationSpec): string | undefined {
  const key = CREDENTIALS.api_keys[op.api];
  if (!key || !op.security) return undefined;
  return op.security.kind === 'bearer' ? `Bearer ${key}` : key;
}

/**
 * Where a sandbox token is kept for the tab: per host and scope set, so a page whose operation
 * needs another scope (`connect:sandbox`) does not get a token that would answer 403 2002.
 */
const tokenKey = (server: string, scopes: string[]) =>
  `aisle-try-it:token:${new URL(server).origin}:${[...scopes].sort().join(' ')}`;

function storedToken(server: string, scopes: string[]): string {
  try {
    return sessionStorage.getItem(tokenKey(server, scopes)) ?? '';
  } catch {
    return '';
  }
}

function headerOf(headers: Record<string, string>, name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : headers[key];
}

/** `2xx`… for the API pages' status badge colours, `other` outside 100–599. */
function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other';
}

type Answer = (TwinResponse & { ms: number }) | { error: string; ms: number };

/** JSON with the site's code colours (plugins/static-highlight CSS), or plain text. */
function Code({ text, json, label }: { text: string; json: boolean; label: string }): ReactNode {
  const tokens = json && text.length <= HIGHLIGHT_MAX_CHARS ? jsonTokens(text) : undefined;
  return (
    // A scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
    <pre className="prism-code language-json try-it__code" tabIndex={0} aria-label={label}>
      <code>
        {tokens
          ? tokens.map((t, i) =>
              t.type ? (
                <span key={i} className={`token ${t.type}`}>
                  {t.text}
                </span>
              ) : (
                t.text
              ),
            )
          : text}
      </code>
    </pre>
  );
}

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

function CallbackItem({ delivery }: { delivery: CallbackDelivery }): ReactNode {
  const signature = headerOf(delivery.headers, 'X-Aisle-Signature');
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
          const first = initialDraft(found);
          const key = testKey(found);
          const token =
            key || found.security?.kind !== 'bearer'
              ? ''
              : storedToken(found.sandboxServer, found.security.scopes);
          if (found.security && key) first.headers[found.security.header] = key;
          else if (found.security && token)
            first.headers[found.security.header] = `Bearer ${token}`;
          setDraft(first);
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

  const send = async () => {
    setSending(true);
    say('Sending…');
    const started = performance.now();
    const result = await rt.transport.send(request);
    const ms = performance.now() - started;
    setAnswer({ ...result, ms });
    setSending(false);
    setStatusQuiet(!('error' in result));
    setStatus(
      'error' in result
        ? `The request failed: ${result.error}`
        : `Answer ${result.status} in ${Math.round(ms)} ms.`,
    );
  };

  const getToken = async () => {
    if (!security) return;
    say('Getting a sandbox token…');
    const tokenUrl = `${new URL(op.sandboxServer).origin}/v2/oauth/token`;
    const result = await rt.transport.send({
      method: 'POST',
      url: tokenUrl,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        client_id: CREDENTIALS.client_id,
        client_secret: CREDENTIALS.client_secret,
        grant_type: 'client_credentials',
        scope: security.scopes.join(' '),
      }),
    });
    let token: unknown;
    if (!('error' in result) && result.status === 200) {
      try {
        token = (JSON.parse(result.body) as { access_token?: unknown }).access_token;
      } catch {
        token = undefined;
      }
    }
    if (typeof token !== 'string' || !token) {
      say(
        'error' in result
          ? `No token: ${result.error}`
          : `No token: the token endpoint answered ${result.status}.`,
      );
      return;
    }
    try {
      sessionStorage.setItem(tokenKey(op.sandboxServer, security.scopes), token);
    } catch {
      // Storage refused (private mode): the token still fills this page's header.
    }
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
    try {
      for (const key of Object.keys(sessionStorage))
        if (key.startsWith('aisle-try-it:token:')) sessionStorage.removeItem(key);
    } catch {
      // Nothing stored.
    }
    setCallbacks(rt.twin.callbacks());
    setAnswer(undefined);
    // The twin forgot its tokens: a sandbox token in the header would answer 401.
    if (security?.kind === 'bearer' && !testKey(op) && target === 'sandbox')
      set('headers', security.header, '');
    say('Sandbox reset to the example data; tokens were dropped.');
  };

  const params = (where: ParameterSpec['in']) => op.parameters.filter((p) => p.in === where);
  const id = (name: string) => `${idPrefix}-${name}`;
  const credential = security ? (draft.headers[security.header] ?? '') : '';
  const answerBody = answer && !('error' in answer) ? prettyBody(answer.body) : undefined;

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
              <button
                type="button"
                className="button button--sm button--secondary"
                onClick={getToken}
              >
                Get a sandbox token
              </button>
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
              {answerBody?.text && (
                <Code text={answerBody.text} json={answerBody.json} label="Response body" />
              )}
            </>
          )}
        </div>
      )}

      <section className="try-it__callbacks" aria-label="Callbacks">
        <p className="try-it__legend">Callbacks ({callbacks.length})</p>
        {callbacks.length ? (
          <ul>
            {callbacks.map((d) => (
              <CallbackItem key={d.event_id} delivery={d} />
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

/**
 * Shapes shared by the sandbox twin (design/sandbox-twin.md), the Try it panel and
 * `npm run sandbox`: one handler set, three runtimes (browser through msw, Node over HTTP, CI).
 */

/** A request as the twin sees it; `url` is absolute (`https://connect.sandbox.aisle.example/v2/…`). */
export interface TwinRequest {
  method: string;
  url: string;
  /** Header names in any case; the twin lower-cases them. */
  headers: Record<string, string>;
  /** Raw body text, undefined for none. */
  body?: string;
  /**
   * Size of the body as received, in bytes, when the caller stopped reading it (a server's
   * limit): the twin then answers 413 without the text. Default: the size of `body`.
   */
  bodyBytes?: number;
}

/** The twin's answer. `body` is the raw text (JSON for every answer of the platform). */
export interface TwinResponse {
  status: number;
  /** Header names lower-case. */
  headers: Record<string, string>;
  body: string;
}

/**
 * A callback the twin delivered (into the inspector; nothing leaves the machine): the envelope
 * of CONTRIBUTING.md "Callbacks" signed with the sandbox callback secret
 * (`X-Aisle-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`).
 */
export interface CallbackDelivery {
  event_id: string;
  event_type: string;
  order_id: string | null;
  /** The endpoint it would be POSTed to (the example endpoint of CONTRIBUTING.md). */
  url: string;
  headers: Record<string, string>;
  /** The JSON body exactly as signed. */
  body: string;
}

/** A parameter of an operation, as the Try it panel edits it. */
export interface ParameterSpec {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  /** JSON Schema type name for the editor's hint (`string`, `integer`, …). */
  type?: string;
  enum?: unknown[];
  example?: unknown;
}

/** A top-level field of a JSON request body, as a hint beside the body editor. */
export interface FieldHint {
  name: string;
  type: string;
  required: boolean;
  description?: string;
}

/** What a credential looks like for an operation. */
export interface SecuritySpec {
  /** `bearer`: `Authorization: Bearer <token>`; `apiKey`: a key in `header`. */
  kind: 'bearer' | 'apiKey';
  header: string;
  /** OAuth scopes the operation needs (empty for API keys). */
  scopes: string[];
}

/** One operation of an OpenAPI definition, as the twin routes it and the panel shows it. */
export interface OperationSpec {
  /** Definition name: `fulfillment`, `catalog`, … (the `openapi/<api>.yaml` file). */
  api: string;
  operationId: string;
  /** Upper case. */
  method: string;
  /** Path template as in the definition, without the server's base path: `/v2/users/{user_id}`. */
  path: string;
  /** Origin + base path of the sandbox or test server: `https://connect.sandbox.aisle.example`. */
  sandboxServer: string;
  parameters: ParameterSpec[];
  /** JSON request body, when the operation takes one. */
  requestBody?: { required: boolean; example?: unknown; fields: FieldHint[] };
  security: SecuritySpec | null;
  /** Documented statuses, success first, with their first example body. */
  responses: { status: number; example?: unknown }[];
  /**
   * The status each error code is documented with on this operation (from the error responses'
   * examples), e.g. `{ "1001": 400 }` where the definition shows 1001 under `400`.
   */
  errorStatuses: Record<string, number>;
  /** Requests per second one credential may send the sandbox (RouteSpec.rateLimit). */
  rateLimit?: number;
  /** What the Try it panel does before a send (the definition's `x-aisle-try-it`). */
  tryIt?: TryItSpec;
}

/**
 * A value a preparation puts into a request: a literal, or an Arazzo 1.0 runtime expression
 * (`$request.path.<name>`, `$request.query.<name>`, `$request.header.<name>`,
 * `$request.body#/<pointer>`: the prepared request as the panel holds it;
 * `$steps.<stepId>.outputs.<name>`: an earlier step's output).
 */
export type PrepareValue = unknown;

/** A parameter a step or the prepared request gets (Arazzo's Parameter Object). */
export interface PrepareParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  value: PrepareValue;
}

/** A value put at a JSON Pointer (RFC 6901) of a JSON body (Arazzo's Payload Replacement Object). */
export interface PrepareReplacement {
  target: string;
  value: PrepareValue;
}

/**
 * One call of a preparation: the operation's documented example request, with these
 * parameters and replacements, a fresh id at each `fresh` pointer and a new `Idempotency-Key`.
 * It succeeds on a 2xx answer; `outputs` name values of it (`$response.body#/<pointer>`).
 */
export interface PrepareStep {
  stepId: string;
  /** Module key of the operation: `<api>/<operationId>`. */
  operation: string;
  parameters?: PrepareParameter[];
  replacements?: PrepareReplacement[];
  fresh?: string[];
  outputs?: Record<string, string>;
}

/**
 * The earlier state an operation needs in the sandbox, and the calls that make it: run by the
 * panel's Prepare control (and before a Send that would otherwise fail for want of it).
 */
export interface PreparePlan {
  /** Lower-case verb phrase for the control: "reserve a time slot". */
  summary: string;
  /** Why the operation needs it and what the steps do (inline Markdown code spans). */
  description: string;
  steps: PrepareStep[];
  /** What the steps give the prepared request. */
  parameters?: PrepareParameter[];
  replacements?: PrepareReplacement[];
}

/** An operation's Try it behaviour beyond its examples (`x-aisle-try-it` in its definition). */
export interface TryItSpec {
  /** JSON Pointers of body values that name what the call creates: a fresh id per send. */
  fresh?: string[];
  prepare?: PreparePlan;
}

/** A twin: answers requests to the sandbox hosts, keeps state, records callbacks. */
export interface Twin {
  /** True when `url` is on a host the twin answers for (sandbox and test hosts only). */
  handles(url: string): boolean;
  /** Answers one request; never throws (a bug answers 500 with code 5001). */
  handle(request: TwinRequest): Promise<TwinResponse>;
  /** Callbacks delivered since the last reset, newest first. */
  callbacks(): CallbackDelivery[];
  /** Calls `listener` on every new callback; returns the function that unsubscribes. */
  onCallback(listener: (delivery: CallbackDelivery) => void): () => void;
  /** Drops all state back to the example world (CONTRIBUTING.md "Example data"). */
  reset(): Promise<void>;
}

/**
 * The modules the generated validators `require` (Ajv's standalone output, with the formats of
 * ajv-formats): whoever loads an operation module must provide each of them.
 */
export const OPERATION_RUNTIME = [
  'ajv/dist/runtime/ucs2length',
  'ajv/dist/runtime/equal',
  'ajv-formats/dist/formats',
] as const;

/** A route's module key, `<api>/<operationId>`: its file under `ops/`, its handler's key. */
export function moduleKey(route: { api: string; operationId: string }): string {
  return `${route.api}/${route.operationId}`;
}

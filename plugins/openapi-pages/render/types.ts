/**
 * What the page renderer works from: the operation or webhook (typed with openapi-types'
 * OpenAPI 3.1 objects), the definition-wide context, and the site's wording.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import type { Document, Resolve } from '../load';

/** The vendor extensions an operation may carry (openapi/README.md). */
export interface OperationExtensions {
  /** URL slug overriding the one made from the operationId. */
  'x-slug'?: string;
  /** `false` keeps the page out of the sidebar. */
  'x-sidebar'?: boolean;
  /** Hand-written pages to list under Related. */
  'x-related'?: { label?: string; href?: string }[];
  /** Workflows a webhook is sent in (`delivery`, `pickup`, `last_mile`). */
  'x-workflows'?: string[];
}

/** An operation object with this site's extensions. */
export type Operation = OpenAPIV3_1.OperationObject<OperationExtensions>;

/** A security scheme with this site's `x-example-token` (the token samples show). */
export type SecurityScheme = OpenAPIV3_1.SecuritySchemeObject & { 'x-example-token'?: string };

/** An operation or webhook, ready to render. */
export interface PageSource {
  kind: 'operation' | 'webhook';
  operationId: string;
  /** URL path of the page. */
  permalink: string;
  method: string;
  /** Path template (`/v2/…/{user_id}`) for operations, the event type for webhooks. */
  path: string;
  tag: string;
  /** Position in its sidebar group, from 1. */
  position: number;
  operation: Operation;
  /** Path-level parameters (merged under operation-level ones). */
  pathParameters: unknown[];
  sidebar: boolean;
}

/** URL paths of the pages that explain what every operation of an API shares. */
export interface DocLinks {
  /** How to get a token or key. */
  auth?: string;
  /** The list of scopes. */
  scopes?: string;
  /** The error-code catalogue. */
  errors?: string;
  /** How callbacks are signed and retried. */
  webhooks?: string;
  /** How to run the request samples (their environment variables). */
  samples?: string;
}

/**
 * The words the generated pages use around the definition's own text, passed in by the site
 * (config/openapi.ts) so the renderer holds no prose of its own.
 */
export interface Wording {
  /** Section headings. */
  sections: {
    endpoint: string;
    authorization: string;
    request: string;
    requestWebhook: string;
    responses: string;
    responsesWebhook: string;
    related: string;
    samples: string;
    requestSample: string;
    responseSample: string;
    payloadSample: string;
    /** Before the request samples: `{variables}` is the list of environment variables they read. */
    samplesEnvironment: string;
    /** Text of the link to `links.samples`. */
    samplesHow: string;
  };
  /** Group headings of the parameters, by `in`. */
  parameters: { path: string; query: string; header: string; cookie: string; body: string };
  /** Labels of the authorization list. */
  auth: {
    scheme: string;
    header: string;
    scopes: string;
    none: string;
    anyOf: string;
    oauthClientCredentials: string;
    oauth: string;
    httpBearer: string;
    apiKey: string;
    howToGet: string;
    allScopes: string;
    webhookSignature: string;
    webhookHow: string;
  };
  field: {
    required: string;
    deprecated: string;
    values: string;
    example: string;
    circular: string;
    depth: string;
    /** Summary of a field's children: `{n}` is the count. */
    children: string;
    itemChildren: string;
    mapChildren: string;
    oneOf: string;
    anyOf: string;
    discriminator: string;
    requires: string;
    arrayBody: string;
    expandAll: string;
    collapseAll: string;
  };
  responses: {
    codes: string;
    headers: string;
    body: string;
    noBody: string;
    errorsPage: string;
    /** Text of the link to the API's error-code page. */
    errorsLink: string;
    webhookAnswer: string;
  };
  endpoint: {
    onBaseUrl: string;
    environment: string;
    baseUrl: string;
    deprecated: string;
    sentIn: string;
    eventType: string;
    callbackUrl: string;
  };
  related: { definition: string; schemas: string };
  /** The schemas page: title and introduction (`{api}` is the API's title). */
  schemasPage: { title: string; sidebarLabel: string; description: string };
  /** The downloads page: Markdown before and after the table, and the table's six columns. */
  downloadsPage: {
    title: string;
    description: string;
    introduction: string;
    columns: [string, string, string, string, string, string];
    /** Text of each Postman collection's link (the file names are long for a phone). */
    postmanLink: string;
    after: string;
  };
}

/** The definition-wide context of a page. */
export interface RenderContext {
  doc: Document;
  resolve: Resolve;
  /** The API's id, its definition's file name (`fulfillment`); the sandbox twin's API name. */
  apiId: string;
  /** Title of the API, e.g. `Fulfillment API`. */
  apiTitle: string;
  /** URL of the downloadable definition, e.g. `/openapi/fulfillment.yaml`. */
  downloadUrl: string;
  /** URL path of the API's schemas page, e.g. `/connect/fulfillment/api/schemas`. */
  schemasUrl: string;
  /** Hand-written pages the generated ones point to (URL paths); a missing one is not linked. */
  links: DocLinks;
  wording: Wording;
}

/**
 * One MDX page per OpenAPI operation or webhook. Everything a reader needs is in the static
 * HTML: endpoint, authorization, parameter and body tables, request samples in five languages
 * (Tabs, `groupId="code-language"` as on hand-written pages), responses, errors and related
 * links. The only components used are the theme's Tabs and TabItem.
 */
import type { Node, Resolved } from './load';
import {
  type Block,
  type Inline,
  code,
  codeBlock,
  heading,
  jsx,
  jsxInline,
  link,
  list,
  markdownBlocks,
  markdownInline,
  paragraph,
  plainText,
  strong,
  table,
  text,
  toMdx,
} from './mdx';
import { mediaExamples, parameterExample, requestSnippets } from './samples';
import { type FieldRow, constraintsOf, flattenSchema, typeLabel } from './schema';

type Resolve = (node: unknown) => Resolved;

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
  operation: Node;
  /** Path-level parameters (merged under operation-level ones). */
  pathParameters: unknown[];
  sidebar: boolean;
}

/** The definition-wide context of a page. */
export interface RenderContext {
  doc: Node;
  resolve: Resolve;
  /** Title of the API, e.g. `Fulfillment API`. */
  apiTitle: string;
  /** URL of the downloadable definition, e.g. `/openapi/fulfillment.yaml`. */
  downloadUrl: string;
  /** Hand-written pages the generated ones point to (URL paths); a missing one is not linked. */
  links: DocLinks;
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
}

/**
 * The credential header of an operation's first security requirement, for samples:
 * OAuth 2.0 and HTTP bearer give `Authorization: Bearer <token>` (or the scheme's
 * `x-example-token`, e.g. `keys.<key>`), an API key in a header gives `<Name>: <api_key>`.
 */
export function credentialHeader(
  operation: Node,
  ctx: Pick<RenderContext, 'doc' | 'resolve'>,
): { name: string; value: string } | undefined {
  const requirement = ((operation.security ?? ctx.doc.security ?? []) as Node[])[0];
  const name = requirement ? Object.keys(requirement)[0] : undefined;
  if (!name) return undefined;
  const schemes = ((ctx.doc.components as Node | undefined)?.securitySchemes ?? {}) as Node;
  const scheme = ctx.resolve(schemes[name]).node;
  if (scheme.type === 'apiKey' && scheme.in === 'header')
    return { name: String(scheme.name), value: String(scheme['x-example-token'] ?? '<api_key>') };
  return {
    name: 'Authorization',
    value: `Bearer ${String(scheme['x-example-token'] ?? '<token>')}`,
  };
}

const STATUS_TEXT: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No Content',
  '400': 'Bad Request',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'Not Found',
  '405': 'Method Not Allowed',
  '409': 'Conflict',
  '410': 'Gone',
  '413': 'Payload Too Large',
  '415': 'Unsupported Media Type',
  '422': 'Unprocessable Content',
  '429': 'Too Many Requests',
  '500': 'Internal Server Error',
  '502': 'Bad Gateway',
  '503': 'Service Unavailable',
  '504': 'Gateway Timeout',
};

/** `201 Created`, `4XX`, `default`. */
export function statusLabel(status: string): string {
  return STATUS_TEXT[status] ? `${status} ${STATUS_TEXT[status]}` : status;
}

/** Front matter description: the first sentences of the description, 50–160 characters. */
export function pageDescription(source: PageSource, apiTitle: string): string {
  // The first paragraph only, whole sentences up to 160 characters; a sentence that
  // introduces a list ("…is one of:") is dropped.
  const first = String(source.operation.description ?? source.operation.summary ?? '')
    .trim()
    .split(/\n\s*\n/)[0];
  const sentences = plainText(first)
    .split(/(?<=[.!?:])\s+/)
    .filter(Boolean);
  if (sentences.length > 1 && sentences[sentences.length - 1].endsWith(':')) sentences.pop();
  let out = '';
  for (const sentence of sentences) {
    if (`${out} ${sentence}`.trim().length > 160) break;
    out = `${out} ${sentence}`.trim();
  }
  out = out.replace(/:$/, '.');
  if (!out && sentences.length) out = `${sentences[0].slice(0, 157).replace(/\s+\S*$/, '')}…`;
  if (out.length < 50) {
    const what =
      source.kind === 'webhook'
        ? `The ${source.path} callback of the ${apiTitle}`
        : `${source.method.toUpperCase()} ${source.path} in the ${apiTitle}`;
    out = `${String(source.operation.summary ?? source.operationId)}: ${what}.`.slice(0, 160);
  }
  return out;
}

/**
 * Wraps blocks that repeat on every page of an API (base URLs, authorization, error table,
 * related links) so the search index leaves them out (plugins/search-index SEARCH_EXCLUDE_CLASS).
 */
function searchExcluded(blocks: Block[]): Block {
  return jsx('div', { className: 'search-exclude' }, blocks);
}

/** Name of an environment from a server description: `Sandbox (separate…)` → `Sandbox`. */
function environmentName(description: string): string {
  return /^[^.(:;,]+/.exec(plainText(description))?.[0].trim() ?? '';
}

function yamlString(value: string): string {
  return JSON.stringify(value);
}

function frontMatter(source: PageSource, ctx: RenderContext): string {
  const title = String(source.operation.summary ?? source.operationId);
  const lines = [
    '---',
    `id: ${source.operationId}`,
    `title: ${yamlString(title)}`,
    `sidebar_label: ${yamlString(title)}`,
    `sidebar_position: ${source.position}`,
    `sidebar_class_name: ${yamlString(`api-sidebar-item api-sidebar-item--${source.kind === 'webhook' ? 'event' : source.method}`)}`,
    `description: ${yamlString(pageDescription(source, ctx.apiTitle))}`,
    `slug: ${source.permalink}`,
    'toc_max_heading_level: 3',
    ...(source.sidebar ? [] : ['displayed_sidebar: null']),
    `keywords: ${JSON.stringify([source.operationId, source.kind === 'webhook' ? source.path : `${source.method.toUpperCase()} ${source.path}`])}`,
    '---',
  ];
  return lines.join('\n');
}

/** Parameters of an operation (path-level ones first, overridden by name and location). */
function parametersOf(source: PageSource, resolve: Resolve): Node[] {
  const byKey = new Map<string, Node>();
  for (const raw of [
    ...source.pathParameters,
    ...((source.operation.parameters as unknown[]) ?? []),
  ]) {
    const p = resolve(raw).node;
    byKey.set(`${p.in}:${p.name}`, p);
  }
  return [...byKey.values()];
}

function describeCell(row: {
  description: string;
  values: string[];
  constraints: string[];
  variant?: string;
  deprecated: boolean;
  example?: unknown;
}): Inline[] {
  const cell: Inline[] = [];
  if (row.deprecated) cell.push(strong(text('Deprecated.')), text(' '));
  if (row.variant) cell.push(text(`(${row.variant})`));
  const description = markdownInline(row.description);
  if (cell.length && description.length) cell.push(text(' '));
  cell.push(...description);
  const add = (label: string, parts: Inline[]) => {
    if (cell.length) cell.push(text(' '));
    cell.push(text(`${label}: `), ...parts, text('.'));
  };
  const join = (items: Inline[]): Inline[] =>
    items.flatMap((item, i) => (i ? [text(', '), item] : [item]));
  if (row.values.length) add('Allowed values', join(row.values.map((v) => code(v))));
  if (row.constraints.length) add('Constraints', withCode(row.constraints.join(', ')));
  if (row.example !== undefined) add('Example', [code(JSON.stringify(row.example))]);
  return cell.length ? cell : [text('—')];
}

/** Text with `backtick` spans as inline code; nothing else is interpreted (`>= 1` stays text). */
function withCode(value: string): Inline[] {
  return value
    .split(/(`[^`]*`)/)
    .filter(Boolean)
    .map((part) =>
      part.startsWith('`') && part.endsWith('`') ? code(part.slice(1, -1)) : text(part),
    );
}

function fieldTable(rows: FieldRow[]): Block {
  return table(
    ['Field', 'Type', 'Required', 'Description'],
    rows.map((r) => [
      [code(r.name)],
      [text(r.type)],
      [text(r.required ? 'Yes' : 'No')],
      describeCell(r),
    ]),
  );
}

function parameterTable(params: Node[], ctx: RenderContext): Block {
  return table(
    ['Name', 'Type', 'Required', 'Description'],
    params.map((p) => {
      const schema = ctx.resolve(p.schema ?? {}).node;
      const example = parameterExample(p, ctx.doc, ctx.resolve);
      return [
        [code(String(p.name))],
        [text(typeLabel(p.schema ?? {}, ctx.resolve))],
        [text(p.required === true || p.in === 'path' ? 'Yes' : 'No')],
        describeCell({
          description: String(p.description ?? schema.description ?? ''),
          values: Array.isArray(schema.enum) ? schema.enum.map((v) => JSON.stringify(v)) : [],
          constraints: constraintsOf(schema),
          deprecated: p.deprecated === true,
          example,
        }),
      ];
    }),
  );
}

const LOCATIONS: [string, string][] = [
  ['path', 'Path parameters'],
  ['query', 'Query parameters'],
  ['header', 'Header parameters'],
  ['cookie', 'Cookie parameters'],
];

function jsonMedia(content: unknown): { type: string; media: Node } | undefined {
  if (!content || typeof content !== 'object') return undefined;
  const entries = Object.entries(content as Node);
  const found = entries.find(([t]) => /json/.test(t)) ?? entries[0];
  return found ? { type: found[0], media: found[1] as Node } : undefined;
}

function exampleBlocks(examples: ReturnType<typeof mediaExamples>, titlePrefix: string): Block[] {
  return examples.map((ex) => {
    const title = [titlePrefix, ex.title].filter(Boolean).join(': ');
    return codeBlock(
      'json',
      JSON.stringify(ex.value, null, 2),
      title ? `title=${JSON.stringify(title)}` : undefined,
    );
  });
}

/** Authorization section: what the security requirement asks for, in words. */
function authorization(source: PageSource, ctx: RenderContext): Block[] {
  const requirements = (source.operation.security ?? ctx.doc.security ?? []) as Node[];
  if (source.kind === 'webhook') {
    return [
      paragraph(
        text('Aisle signs each callback with the '),
        code('X-Aisle-Signature'),
        text(' header; verify it before you trust the body.'),
        ...(ctx.links.webhooks
          ? [
              text(' The scheme and verification code: '),
              link(ctx.links.webhooks, text('Webhooks')),
              text('.'),
            ]
          : []),
      ),
    ];
  }
  if (!requirements.length) return [paragraph(text('None: this operation needs no credentials.'))];
  const schemes = ((ctx.doc.components as Node | undefined)?.securitySchemes ?? {}) as Node;
  const items: Inline[][] = [];
  for (const requirement of requirements) {
    const parts: Inline[] = [];
    for (const [name, scopes] of Object.entries(requirement)) {
      const scheme = ctx.resolve(schemes[name]).node;
      if (parts.length) parts.push(text(' and '));
      if (scheme.type === 'oauth2') {
        const flows = Object.keys((scheme.flows ?? {}) as Node);
        parts.push(
          text('OAuth 2.0 bearer token ('),
          text(flows.includes('clientCredentials') ? 'client credentials' : flows.join(', ')),
          text(')'),
        );
      } else if (scheme.type === 'http') {
        parts.push(text(`HTTP ${String(scheme.scheme ?? '')} token`));
      } else if (scheme.type === 'apiKey') {
        parts.push(
          text('API key in the '),
          code(String(scheme.name)),
          text(` ${String(scheme.in)}`),
        );
      } else {
        parts.push(text(name));
      }
      const list_ = (scopes as string[]) ?? [];
      if (list_.length)
        parts.push(
          text(' with the scope '),
          ...list_.flatMap((s, i) => (i ? [text(', '), code(s)] : [code(s)])),
        );
      const description = markdownInline(String(scheme.description ?? ''));
      if (description.length) parts.push(text('. '), ...description);
    }
    const last = parts[parts.length - 1];
    if (!(last?.type === 'text' && /[.!?]$/.test(last.value))) parts.push(text('.'));
    items.push(parts);
  }
  const blocks: Block[] = [];
  if (items.length === 1) blocks.push(paragraph(...items[0]));
  else blocks.push(paragraph(text('Any one of:')), list(items));
  const header = credentialHeader(source.operation, ctx);
  const send: Inline[] = [];
  if (header) send.push(text('Send it as '), code(`${header.name}: ${header.value}`), text('.'));
  if (ctx.links.auth)
    send.push(text(' How to get one: '), link(ctx.links.auth, text('Authentication')), text('.'));
  if (ctx.links.scopes)
    send.push(
      text(' All scopes: '),
      link(ctx.links.scopes, text('Permissions and scopes')),
      text('.'),
    );
  if (send.length) blocks.push(paragraph(...send));
  return blocks;
}

/** Fills path parameters with their examples: `/v2/users/{user_id}` → `/v2/users/cust-8812`. */
function fillPath(path: string, params: Node[], ctx: RenderContext): string {
  return path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const p = params.find((q) => q.in === 'path' && q.name === name);
    const value = p ? parameterExample(p, ctx.doc, ctx.resolve) : undefined;
    return value === undefined ? whole : encodeURIComponent(String(value));
  });
}

function servers(source: PageSource, ctx: RenderContext): Node[] {
  return ((source.operation.servers ?? ctx.doc.servers ?? []) as Node[]).filter((s) => s.url);
}

function requestSamples(
  source: PageSource,
  params: Node[],
  body: unknown,
  ctx: RenderContext,
): Block {
  const server = servers(source, ctx)[0];
  // Server variables (`https://{store}.foodstorm.example`) take their default in samples.
  const variables = (server?.variables ?? {}) as Node;
  const base = String(server?.url ?? '')
    .replace(/\{([^}]+)\}/g, (whole, name: string) =>
      String((variables[name] as Node | undefined)?.default ?? whole),
    )
    .replace(/\/$/, '');
  const headers: { name: string; value: string }[] = [];
  const credential = credentialHeader(source.operation, ctx);
  if (credential) headers.push(credential);
  if (body !== undefined) headers.push({ name: 'Content-Type', value: 'application/json' });
  for (const p of params.filter((q) => q.in === 'header')) {
    if (p.required !== true && p.example === undefined) continue;
    const value = parameterExample(p, ctx.doc, ctx.resolve);
    if (value !== undefined) headers.push({ name: String(p.name), value: String(value) });
  }
  const query = params
    .filter((q) => q.in === 'query' && (q.required === true || q.example !== undefined))
    .map((q) => ({
      name: String(q.name),
      value: String(parameterExample(q, ctx.doc, ctx.resolve)),
    }));
  const snippets = requestSnippets({
    method: source.method,
    url: `${base}${fillPath(source.path, params, ctx)}`,
    headers,
    query,
    body,
  });
  return jsx(
    'Tabs',
    { groupId: 'code-language' },
    snippets.map((s) =>
      jsx('TabItem', { value: s.value, label: s.label }, [codeBlock(s.language, s.code)]),
    ),
  );
}

function responsesOf(source: PageSource): [string, unknown][] {
  return Object.entries((source.operation.responses ?? {}) as Node);
}

function isError(status: string): boolean {
  return /^[45]/.test(status) || status === 'default';
}

/** The response sections: one `###` per success status, then the errors. */
function responses(source: PageSource, ctx: RenderContext): Block[] {
  const blocks: Block[] = [];
  const all = responsesOf(source);
  const success = all.filter(([s]) => !isError(s));
  const errors = all.filter(([s]) => isError(s));
  blocks.push(
    heading(2, text(source.kind === 'webhook' ? 'Responses from your endpoint' : 'Responses')),
  );
  if (source.kind === 'webhook')
    blocks.push(
      searchExcluded([
        paragraph(
          text('Answer with a '),
          code('2xx'),
          text(
            ' status once the event is stored. Any other answer, or none, makes Aisle retry with exponential back-off for 24 hours.',
          ),
        ),
      ]),
    );
  for (const [status, raw] of success) {
    const response = ctx.resolve(raw).node;
    blocks.push(heading(3, text(statusLabel(status))));
    blocks.push(...markdownBlocks(String(response.description ?? '')));
    blocks.push(...responseDetails(response, ctx, statusLabel(status)));
  }
  if (errors.length) {
    blocks.push(heading(2, text('Errors')));
    const errorBlocks: Block[] = [];
    if (ctx.links.errors)
      errorBlocks.push(
        paragraph(
          text('Every error code, with what to do about it: '),
          link(ctx.links.errors, text('Error and status codes')),
          text('.'),
        ),
      );
    errorBlocks.push(
      table(
        ['Status', 'When'],
        errors.map(([status, raw]) => [
          [text(statusLabel(status))],
          markdownInline(String(ctx.resolve(raw).node.description ?? '')),
        ]),
      ),
    );
    for (const [status, raw] of errors) {
      const response = ctx.resolve(raw).node;
      const media = jsonMedia(response.content);
      if (!media) continue;
      const examples = mediaExamples(media.media, ctx.doc, ctx.resolve, 'response');
      errorBlocks.push(...exampleBlocks(examples, statusLabel(status)));
    }
    blocks.push(searchExcluded(errorBlocks));
  }
  return blocks;
}

function responseDetails(response: Node, ctx: RenderContext, label: string): Block[] {
  const blocks: Block[] = [];
  const headers = Object.entries((response.headers ?? {}) as Node);
  if (headers.length) {
    blocks.push(
      table(
        ['Header', 'Type', 'Description'],
        headers.map(([name, raw]) => {
          const h = ctx.resolve(raw).node;
          return [
            [code(name)],
            [text(typeLabel(h.schema ?? {}, ctx.resolve))],
            markdownInline(String(h.description ?? '')),
          ];
        }),
      ),
    );
  }
  const media = jsonMedia(response.content);
  if (media?.media.schema) {
    blocks.push(paragraph(text('Body ('), code(media.type), text('):')));
    blocks.push(fieldTable(flattenSchema(media.media.schema, ctx.resolve, 'response')));
    blocks.push(
      ...exampleBlocks(mediaExamples(media.media, ctx.doc, ctx.resolve, 'response'), label),
    );
  }
  return blocks;
}

function related(source: PageSource, ctx: RenderContext): Block[] {
  const items = ((source.operation['x-related'] ?? []) as Node[])
    .filter((r) => r.href && r.label)
    .map((r) => [link(String(r.href), text(String(r.label)))]);
  items.push([
    link(`pathname://${ctx.downloadUrl}`, text(`${ctx.apiTitle} definition (OpenAPI 3.1, YAML)`)),
  ]);
  return [heading(2, text('Related')), searchExcluded([list(items)])];
}

/**
 * Renders one page.
 * @returns the MDX source (front matter, imports, body).
 * @throws Error when a sample cannot be produced (the message names the operation).
 */
export function renderPage(source: PageSource, ctx: RenderContext): string {
  const op = source.operation;
  const params = parametersOf(source, ctx.resolve);
  const blocks: Block[] = [];
  const method = source.kind === 'webhook' ? 'post' : source.method;
  blocks.push(
    jsx('div', { className: 'api-endpoint' }, [
      paragraph(
        jsxInline('span', { className: `api-method api-method--${method}` }, [
          text(method.toUpperCase()),
        ]),
        text(' '),
        code(source.kind === 'webhook' ? 'your callback URL' : source.path),
      ),
    ]),
  );
  if (op.deprecated === true)
    blocks.push(
      paragraph(
        strong(text('Deprecated.')),
        text(
          ' This operation still works; see the changelog for its replacement and removal date.',
        ),
      ),
    );
  blocks.push(...markdownBlocks(String(op.description ?? '')));
  if (source.kind === 'webhook') {
    const workflows = (op['x-workflows'] ?? []) as string[];
    if (workflows.length)
      blocks.push(
        paragraph(
          strong(text('Sent in:')),
          text(' '),
          text(workflows.map((w) => w.replace(/_/g, ' ')).join(', ')),
          text(workflows.length === 1 ? ' workflow.' : ' workflows.'),
        ),
      );
    blocks.push(paragraph(strong(text('Event type:')), text(' '), code(source.path)));
  }

  if (source.kind === 'operation') {
    blocks.push(heading(2, text('Endpoint')));
    const endpoint: Block[] = [];
    endpoint.push(
      paragraph(
        code(`${source.method.toUpperCase()} ${source.path}`),
        text(' on the base URL of the environment:'),
      ),
    );
    endpoint.push(
      table(
        ['Environment', 'Base URL'],
        servers(source, ctx).map((s) => [
          [text(environmentName(String(s.description ?? '')) || 'Server')],
          [code(String(s.url).replace(/\/$/, ''))],
        ]),
      ),
    );
    blocks.push(searchExcluded(endpoint));
  }
  blocks.push(heading(2, text('Authorization')));
  blocks.push(searchExcluded(authorization(source, ctx)));

  blocks.push(heading(2, text(source.kind === 'webhook' ? 'Request sent by Aisle' : 'Request')));
  for (const [where, title] of LOCATIONS) {
    const group = params.filter((p) => p.in === where);
    if (!group.length) continue;
    blocks.push(heading(3, text(title)));
    blocks.push(parameterTable(group, ctx));
  }
  const requestBody = op.requestBody ? ctx.resolve(op.requestBody).node : undefined;
  const bodyMedia = jsonMedia(requestBody?.content);
  const bodyExamples = bodyMedia
    ? mediaExamples(bodyMedia.media, ctx.doc, ctx.resolve, 'request')
    : [];
  if (bodyMedia?.media.schema) {
    blocks.push(heading(3, text('Body')));
    const intro: Inline[] = [code(bodyMedia.type)];
    if (requestBody?.required === true) intro.push(text(', required'));
    intro.push(text('.'));
    blocks.push(paragraph(...intro));
    blocks.push(...markdownBlocks(String(requestBody?.description ?? '')));
    blocks.push(fieldTable(flattenSchema(bodyMedia.media.schema, ctx.resolve, 'request')));
  }
  if (source.kind === 'operation') {
    blocks.push(heading(3, text('Example request')));
    blocks.push(requestSamples(source, params, bodyExamples[0]?.value, ctx));
    if (bodyExamples.length > 1) {
      blocks.push(paragraph(text('Other request bodies:')));
      blocks.push(...exampleBlocks(bodyExamples.slice(1), ''));
    }
  } else if (bodyExamples.length) {
    blocks.push(heading(3, text('Example')));
    blocks.push(...exampleBlocks(bodyExamples, ''));
  }
  blocks.push(...responses(source, ctx));
  blocks.push(...related(source, ctx));

  const imports =
    source.kind === 'operation'
      ? "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n"
      : '';
  const note = `{/* Generated from the OpenAPI definition by plugins/openapi-pages: edit the definition, not this file. */}\n\n`;
  return `${frontMatter(source, ctx)}\n\n${imports}${note}${toMdx(blocks)}`;
}

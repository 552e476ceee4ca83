/**
 * The samples pane: the request sample in five languages (Tabs with `groupId="code-language"`,
 * shared with hand-written pages) and a response sample per status (Tabs, the first success
 * selected). On wide screens it sits beside the fields and stays in view; below the
 * breakpoint it follows the endpoint (design/openapi-pages.md, "Two panes").
 *
 * Both Tabs are `lazy`: the static HTML holds the selected sample only, and a tab's sample is
 * rendered when it is chosen. The hidden ones were half of an operation page's elements
 * (design/openapi-pages.md, "Samples in the static HTML"); the Markdown twin keeps them all.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { mediaExamples, parameterExample, type NamedExample } from '../samples';
import { SAMPLE_ENV, requestSnippets } from '../snippets';
import { type Block, type Inline, code, codeBlock, jsx, link, paragraph, text } from '../mdx';
import { credentialHeader } from './authorization';
import { fillPath, sandboxServer } from './endpoint';
import { isError, jsonMedia, responsesOf } from './responses';
import type { PageSource, RenderContext } from './types';

/** JSON code blocks of examples, titled `prefix: example title` when there is a title. */
export function exampleBlocks(examples: NamedExample[], prefix = ''): Block[] {
  return examples.map((ex) => {
    const title = [prefix, ex.title].filter(Boolean).join(': ');
    return codeBlock(
      'json',
      JSON.stringify(ex.value, null, 2),
      title ? `title=${JSON.stringify(title)}` : undefined,
    );
  });
}

function label(value: string): Block {
  return jsx('div', { className: 'api-samples__label' }, [paragraph(text(value))]);
}

/**
 * The line before the request samples: the environment variables they read (the base URL, the
 * credential when the operation takes one, and its `x-aisle-sample-env` values), linked to how
 * to run them (`links.samples`) when the site names that page.
 */
function samplesEnvironment(source: PageSource, ctx: RenderContext): Block {
  const names = [
    SAMPLE_ENV.baseUrl,
    ...(credentialHeader(source.operation, ctx) ? [SAMPLE_ENV.token] : []),
    ...Object.values(sampleEnv(source.operation)),
  ].filter((name, i, all) => all.indexOf(name) === i);
  const [before, after] = ctx.wording.sections.samplesEnvironment.split('{variables}');
  const line: Inline[] = [text(before ?? '')];
  names.forEach((name, i) => {
    if (i > 0) line.push(text(i === names.length - 1 ? ' and ' : ', '));
    line.push(code(name));
  });
  line.push(text(after ?? ''));
  if (ctx.links.samples)
    line.push(
      text(' ('),
      link(ctx.links.samples, text(ctx.wording.sections.samplesHow)),
      text(')'),
    );
  line.push(text('.'));
  return jsx('div', { className: 'api-samples__environment' }, [paragraph(...line)]);
}

/**
 * An operation's `x-aisle-sample-env`: body values its samples read from environment
 * variables (`/client_secret: AISLE_CLIENT_SECRET`), by JSON Pointer; malformed entries are
 * left out.
 */
export function sampleEnv(operation: object): Record<string, string> {
  const raw = (operation as { 'x-aisle-sample-env'?: unknown })['x-aisle-sample-env'];
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  return Object.fromEntries(
    Object.entries(raw).filter(
      ([pointer, name]) =>
        /^(\/[^/]*)+$/.test(pointer) && typeof name === 'string' && /^[A-Z][A-Z0-9_]*$/.test(name),
    ),
  );
}

/** The `fresh` pointers of an operation's `x-aisle-try-it` (what a call creates). */
function freshPointers(source: PageSource): string[] {
  const tryIt = (source.operation as { 'x-aisle-try-it'?: { fresh?: unknown } })['x-aisle-try-it'];
  return Array.isArray(tryIt?.fresh) ? tryIt.fresh.filter((p) => typeof p === 'string') : [];
}

/**
 * The request sample tabs of an operation: samples that read the base URL and the credential
 * from the environment and make a new `Idempotency-Key` and fresh ids per run (snippets.ts).
 */
function requestSamples(
  source: PageSource,
  params: OpenAPIV3_1.ParameterObject[],
  body: unknown,
  ctx: RenderContext,
): Block {
  const headers: { name: string; value: string }[] = [];
  const credential = credentialHeader(source.operation, ctx);
  let idempotencyKey: string | undefined;
  for (const p of params.filter((q) => q.in === 'header')) {
    if (/^idempotency-key$/i.test(p.name)) {
      idempotencyKey = p.name;
      continue;
    }
    if (p.required !== true && p.example === undefined) continue;
    const value = parameterExample(p, ctx.doc, ctx.resolve);
    if (value !== undefined) headers.push({ name: p.name, value: String(value) });
  }
  const query = params
    .filter((q) => q.in === 'query' && (q.required === true || q.example !== undefined))
    .map((q) => ({ name: q.name, value: String(parameterExample(q, ctx.doc, ctx.resolve)) }));
  const server = sandboxServer(source, ctx);
  const snippets = requestSnippets({
    method: source.method,
    origin: server.origin,
    path: `${server.basePath}${fillPath(source.path, params, ctx)}`,
    headers,
    query,
    body,
    idempotencyKey,
    fresh: freshPointers(source),
    env: sampleEnv(source.operation),
    ...(credential && {
      credential: {
        name: credential.name,
        prefix: credential.name.toLowerCase() === 'authorization' ? 'Bearer ' : '',
      },
    }),
  });
  return jsx(
    'Tabs',
    { groupId: 'code-language', className: 'api-samples__request', lazy: true },
    snippets.map((s) =>
      jsx('TabItem', { value: s.value, label: s.label }, [codeBlock(s.language, s.code)]),
    ),
  );
}

/** A response sample per status, success first. */
function responseSamples(source: PageSource, ctx: RenderContext): Block | undefined {
  const all = responsesOf(source, ctx);
  const ordered = [...all.filter(([s]) => !isError(s)), ...all.filter(([s]) => isError(s))];
  if (!ordered.some(([, r]) => r.content)) return undefined;
  const panels = ordered.map(([status, response]) => {
    const media = jsonMedia(response.content);
    const examples = media ? mediaExamples(media.media, ctx.doc, ctx.resolve, 'response') : [];
    const body = examples.length
      ? exampleBlocks(examples)
      : [paragraph(text(ctx.wording.responses.noBody))];
    return jsx('TabItem', { value: status, label: status }, body);
  });
  return jsx('Tabs', { className: 'api-samples__responses', lazy: true }, panels);
}

/**
 * The pane's blocks.
 * @param requestExamples the request body's examples (the first goes into the samples).
 */
export function samplesPane(
  source: PageSource,
  params: OpenAPIV3_1.ParameterObject[],
  requestExamples: NamedExample[],
  ctx: RenderContext,
): Block {
  const w = ctx.wording.sections;
  const blocks: Block[] = [];
  if (source.kind === 'operation') {
    blocks.push(label(w.requestSample));
    blocks.push(samplesEnvironment(source, ctx));
    blocks.push(requestSamples(source, params, requestExamples[0]?.value, ctx));
    // The Try it panel (plugins/sandbox-twin): this operation against the sandbox twin.
    if (source.operation.operationId)
      blocks.push(jsx('TryIt', { api: ctx.apiId, operationId: source.operation.operationId }, []));
    if (requestExamples.length > 1) blocks.push(...exampleBlocks(requestExamples.slice(1)));
  } else if (requestExamples.length) {
    blocks.push(label(w.payloadSample));
    blocks.push(...exampleBlocks(requestExamples));
  }
  const responses = responseSamples(source, ctx);
  if (responses) blocks.push(label(w.responseSample), responses);
  // Code and tab labels are not search content (plugins/search-index SEARCH_EXCLUDE_CLASS).
  // A div with the aside's role: the `.md` twins keep no tag docusaurus-plugin-llms does not know.
  return jsx(
    'div',
    {
      className: 'api-page__samples search-exclude',
      role: 'complementary',
      'aria-label': w.samples,
    },
    [jsx('div', { className: 'api-page__samples-inner' }, blocks)],
  );
}

/**
 * Responses per status: each status is a native `<details>` (theme/ApiDetails), the first
 * success open and the errors collapsed with their error codes; inside, the description, the
 * headers and the body's field tree. The samples pane shows an example per status.
 */
import { STATUS_CODES } from 'node:http';
import type { OpenAPIV3_1 } from 'openapi-types';
import {
  type Block,
  heading,
  jsx,
  link,
  markdownBlocks,
  markdownInline,
  paragraph,
  text,
} from '../mdx';
import { bodyBlocks, headerBlocks, typeInlines } from './fields';
import { typeParts } from '../schema';
import { searchExcluded } from './endpoint';
import type { PageSource, RenderContext } from './types';

/**
 * Status text alone (`Created`, from Node's `http.STATUS_CODES`), or the status itself when it
 * has none (`4XX`, `default`).
 */
function statusText(status: string): string {
  return STATUS_CODES[status] ?? status;
}

/** True for 4xx, 5xx and `default` responses. */
export function isError(status: string): boolean {
  return /^[45]/.test(status) || status === 'default';
}

/** The JSON media type of a content map (else its first one). */
export function jsonMedia(
  content: Record<string, OpenAPIV3_1.MediaTypeObject> | undefined,
): { type: string; media: OpenAPIV3_1.MediaTypeObject } | undefined {
  if (!content) return undefined;
  const entries = Object.entries(content);
  const found = entries.find(([t]) => /json/.test(t)) ?? entries[0];
  return found ? { type: found[0], media: found[1] } : undefined;
}

/** The responses of an operation, resolved, in definition order. */
export function responsesOf(
  source: PageSource,
  ctx: RenderContext,
): [string, OpenAPIV3_1.ResponseObject][] {
  return Object.entries(source.operation.responses ?? {}).map(([status, raw]) => [
    status,
    ctx.resolve<OpenAPIV3_1.ResponseObject>(raw).node,
  ]);
}

/** Numeric `code` values in a response's examples (the platform's error codes), sorted. */
export function errorCodes(response: OpenAPIV3_1.ResponseObject, ctx: RenderContext): string[] {
  const codes = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'code' && (typeof inner === 'number' || /^\d+$/.test(String(inner))))
          codes.add(String(inner));
        else visit(inner);
      }
  };
  const media = jsonMedia(response.content)?.media;
  if (media?.example !== undefined) visit(media.example);
  for (const raw of Object.values(media?.examples ?? {}))
    visit(ctx.resolve<OpenAPIV3_1.ExampleObject>(raw).node.value);
  // The description may name codes the examples do not show (`code \`2002\``).
  for (const match of String(response.description ?? '').matchAll(/\bcodes?\s+`?(\d{3,5})`?/g))
    codes.add(match[1]);
  return [...codes].sort();
}

function statusBlock(
  status: string,
  response: OpenAPIV3_1.ResponseObject,
  open: boolean,
  ctx: RenderContext,
): Block {
  const w = ctx.wording.responses;
  const body: Block[] = [...markdownBlocks(String(response.description ?? ''))];
  const headers = Object.entries(response.headers ?? {}).map(
    ([name, raw]) =>
      [name, ctx.resolve<OpenAPIV3_1.HeaderObject>(raw).node] as [string, OpenAPIV3_1.HeaderObject],
  );
  if (headers.length) {
    body.push(paragraph(text(`${w.headers}:`)));
    body.push(headerBlocks(headers, ctx));
  }
  const media = jsonMedia(response.content);
  const named = media?.media.schema ? ctx.resolve(media.media.schema).name : undefined;
  if (media?.media.schema && isError(status) && named) {
    // Errors share one named shape: linked to the schemas page, not drawn again per status
    // (its fields would repeat on every page; the samples pane shows each status's example).
    body.push(
      paragraph(
        text(`${w.body} (${media.type}): `),
        ...typeInlines(typeParts(media.media.schema, ctx.resolve), ctx),
        text('.'),
      ),
    );
  } else if (media?.media.schema) {
    body.push(paragraph(text(`${w.body} (${media.type}):`)));
    body.push(...bodyBlocks(media.media.schema, 'response', ctx));
  } else if (!headers.length && !response.content) body.push(paragraph(text(w.noBody)));
  const codes = isError(status) ? errorCodes(response, ctx) : [];
  return jsx(
    'ApiDetails',
    {
      className: 'api-response',
      status,
      summary: statusText(status),
      note: codes.length ? `${w.codes} ${codes.join(', ')}` : undefined,
      open: open || undefined,
    },
    body,
  );
}

/** The Responses section (left pane). */
export function responsesSection(source: PageSource, ctx: RenderContext): Block[] {
  const w = ctx.wording;
  const all = responsesOf(source, ctx);
  const blocks: Block[] = [
    heading(
      2,
      text(source.kind === 'webhook' ? w.sections.responsesWebhook : w.sections.responses),
    ),
  ];
  if (source.kind === 'webhook')
    blocks.push(searchExcluded([paragraph(...markdownInline(w.responses.webhookAnswer))]));
  const firstSuccess = all.find(([s]) => !isError(s))?.[0];
  for (const [status, response] of all.filter(([s]) => !isError(s)))
    blocks.push(statusBlock(status, response, status === firstSuccess, ctx));
  const errors = all.filter(([s]) => isError(s));
  if (errors.length) {
    const errorBlocks = errors.map(([status, response]) =>
      statusBlock(status, response, false, ctx),
    );
    if (ctx.links.errors)
      errorBlocks.push(
        paragraph(
          text(`${w.responses.errorsPage}: `),
          link(ctx.links.errors, text(w.responses.errorsLink)),
          text('.'),
        ),
      );
    blocks.push(searchExcluded(errorBlocks));
  }
  return blocks;
}

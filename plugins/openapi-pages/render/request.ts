/** The Request section: parameters by location, then the body's field tree. */
import type { OpenAPIV3_1 } from 'openapi-types';
import { type Block, type Inline, code, heading, markdownBlocks, paragraph, text } from '../mdx';
import { bodyBlocks, parameterBlocks } from './fields';
import { jsonMedia } from './responses';
import type { PageSource, RenderContext } from './types';

const LOCATIONS = ['path', 'query', 'header', 'cookie'] as const;

/** Parameters of an operation (path-level ones first, overridden by name and location). */
export function parametersOf(
  source: PageSource,
  ctx: RenderContext,
): OpenAPIV3_1.ParameterObject[] {
  const byKey = new Map<string, OpenAPIV3_1.ParameterObject>();
  for (const raw of [...source.pathParameters, ...(source.operation.parameters ?? [])]) {
    const p = ctx.resolve<OpenAPIV3_1.ParameterObject>(raw).node;
    byKey.set(`${p.in}:${p.name}`, p);
  }
  return [...byKey.values()];
}

/** The request body object and its JSON media type, if the operation has a body. */
export function requestBodyOf(source: PageSource, ctx: RenderContext) {
  const body = source.operation.requestBody
    ? ctx.resolve<OpenAPIV3_1.RequestBodyObject>(source.operation.requestBody).node
    : undefined;
  return { body, media: jsonMedia(body?.content) };
}

export function requestSection(
  source: PageSource,
  params: OpenAPIV3_1.ParameterObject[],
  ctx: RenderContext,
): Block[] {
  const w = ctx.wording;
  const blocks: Block[] = [
    heading(2, text(source.kind === 'webhook' ? w.sections.requestWebhook : w.sections.request)),
  ];
  for (const where of LOCATIONS) {
    const group = params.filter((p) => p.in === where);
    if (!group.length) continue;
    blocks.push(heading(3, text(w.parameters[where])));
    blocks.push(parameterBlocks(group, ctx));
  }
  const { body, media } = requestBodyOf(source, ctx);
  if (media?.media.schema) {
    blocks.push(heading(3, text(w.parameters.body)));
    const intro: Inline[] = [code(media.type)];
    if (body?.required === true) intro.push(text(`, ${w.field.required}`));
    intro.push(text('.'));
    blocks.push(paragraph(...intro));
    blocks.push(...markdownBlocks(String(body?.description ?? '')));
    blocks.push(...bodyBlocks(media.media.schema, 'request', ctx));
  }
  return blocks;
}

/** The Related section: the operation's `x-related` pages, its schemas and its definition. */
import { type Block, heading, link, list, text } from '../mdx';
import { searchExcluded } from './endpoint';
import type { PageSource, RenderContext } from './types';

export function relatedSection(source: PageSource, ctx: RenderContext): Block[] {
  const w = ctx.wording.related;
  const items = (source.operation['x-related'] ?? [])
    .filter((r) => r.href && r.label)
    .map((r) => [link(String(r.href), text(String(r.label)))]);
  items.push([link(ctx.schemasUrl, text(w.schemas.replace('{api}', ctx.apiTitle)))]);
  items.push([
    link(`pathname://${ctx.downloadUrl}`, text(w.definition.replace('{api}', ctx.apiTitle))),
  ]);
  return [heading(2, text(ctx.wording.sections.related)), searchExcluded([list(items)])];
}

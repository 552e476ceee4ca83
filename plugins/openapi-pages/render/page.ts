/** Front matter of a generated page: id, title, sidebar entry, description, slug, keywords. */
import { plainText } from '../mdx';
import type { PageSource, RenderContext } from './types';

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

const yamlString = (value: string) => JSON.stringify(value);

/**
 * The YAML front matter. The table of contents is hidden: on these pages its column holds the
 * samples pane (design/openapi-pages.md, "Two panes").
 */
export function frontMatter(source: PageSource, ctx: RenderContext): string {
  const title = String(source.operation.summary ?? source.operationId);
  const kind = source.kind === 'webhook' ? 'event' : source.method;
  const keyword =
    source.kind === 'webhook' ? source.path : `${source.method.toUpperCase()} ${source.path}`;
  return [
    '---',
    `id: ${source.operationId}`,
    `title: ${yamlString(title)}`,
    `sidebar_label: ${yamlString(title)}`,
    `sidebar_position: ${source.position}`,
    `sidebar_class_name: ${yamlString(`api-sidebar-item api-sidebar-item--${kind}`)}`,
    `description: ${yamlString(pageDescription(source, ctx.apiTitle))}`,
    `slug: ${source.permalink}`,
    'hide_table_of_contents: true',
    ...(source.sidebar ? [] : ['displayed_sidebar: null']),
    `keywords: ${JSON.stringify([source.operationId, keyword])}`,
    '---',
  ].join('\n');
}

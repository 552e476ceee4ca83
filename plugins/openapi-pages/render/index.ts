/**
 * One MDX page per OpenAPI operation or webhook, in two panes (design/openapi-pages.md):
 * the head (method, path, description, endpoint), then the samples pane, then the fields
 * (authorization, request, responses, related). CSS puts the samples beside the fields on wide
 * screens and keeps them in view; on narrow ones they follow the endpoint. Everything is in the
 * static HTML; the components are the theme's Tabs and this plugin's ApiDetails and ApiExpandAll.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { mediaExamples } from '../samples';
import {
  type Block,
  code,
  heading,
  jsx,
  link,
  markdownBlocks,
  paragraph,
  table,
  text,
  toMdx,
} from '../mdx';
import type { ApiSummary } from '../generate';
import { authorization } from './authorization';
import { endpointLine, endpointSection, introduction, searchExcluded } from './endpoint';
import { treeBlocks, typeInlines } from './fields';
import { frontMatter } from './page';
import { relatedSection } from './related';
import { parametersOf, requestBodyOf, requestSection } from './request';
import { responsesSection } from './responses';
import { samplesPane } from './samples-pane';
import { rootSchema, type SchemaView } from '../schema';
import type { PageSource, RenderContext, Wording } from './types';

export { credentialHeader } from './authorization';
export type * from './types';

/** The components every generated page imports (the samples and fields partials too). */
export const IMPORTS = [
  "import Tabs from '@theme/Tabs';",
  "import TabItem from '@theme/TabItem';",
  "import ApiDetails from '@theme/ApiDetails';",
  "import ApiField from '@theme/ApiField';",
  "import ApiExpandAll from '@theme/ApiExpandAll';",
  // The Try it button of plugins/sandbox-twin (its panel loads on click).
  "import TryIt from '@theme/TryIt';",
].join('\n');

/** The note atop every generated file. */
export const NOTE =
  '{/* Generated from the OpenAPI definition by plugins/openapi-pages: edit the definition, not this file. */}';

function expandAll(ctx: RenderContext): Block {
  const w = ctx.wording.field;
  return jsx('ApiExpandAll', { expand: w.expandAll, collapse: w.collapseAll }, []);
}

/**
 * Renders one page.
 * @returns the MDX source (front matter, imports, body).
 * @throws Error when a sample cannot be produced (the message names the operation).
 */
export function renderPage(source: PageSource, ctx: RenderContext): string {
  const params = parametersOf(source, ctx);
  const { media } = requestBodyOf(source, ctx);
  const requestExamples = media ? mediaExamples(media.media, ctx.doc, ctx.resolve, 'request') : [];
  const head: Block[] = [
    endpointLine(source, ctx),
    ...introduction(source, ctx),
    ...endpointSection(source, ctx),
  ];
  const main: Block[] = [
    expandAll(ctx),
    heading(2, text(ctx.wording.sections.authorization)),
    searchExcluded(authorization(source, ctx)),
    ...requestSection(source, params, ctx),
    ...responsesSection(source, ctx),
    ...relatedSection(source, ctx),
  ];
  const page = jsx('div', { className: 'api-page' }, [
    jsx('div', { className: 'api-page__head' }, head),
    samplesPane(source, params, requestExamples, ctx),
    jsx('div', { className: 'api-page__main' }, main),
  ]);
  return `${frontMatter(source, ctx)}\n\n${IMPORTS}\n\n${NOTE}\n\n${toMdx([page])}`;
}

/**
 * The schemas page of an API: every component schema as a `##` section (its anchor is
 * fields.ts schemaAnchor) with its description and field tree, read-only and write-only
 * fields marked.
 */
export function renderSchemasPage(
  ctx: RenderContext,
  page: { id: string; permalink: string; position: number },
): string {
  const w = ctx.wording.schemasPage;
  const schemas = Object.entries(ctx.doc.components?.schemas ?? {}) as [
    string,
    OpenAPIV3_1.SchemaObject,
  ][];
  const blocks: Block[] = [expandAll(ctx)];
  for (const [name, raw] of schemas) {
    const schema = raw as SchemaView;
    const section: Block[] = [heading(2, text(name))];
    section.push(...markdownBlocks(String(schema.description ?? '')));
    const root = rootSchema({ $ref: `#/components/schemas/${name}` }, ctx.resolve, 'both');
    if (root.tree) section.push(...treeBlocks(root.tree, ctx));
    else section.push(paragraph(...typeInlines(root.type, ctx)));
    blocks.push(...section);
  }
  const title = w.title.replace('{api}', ctx.apiTitle);
  const front = [
    '---',
    `id: ${page.id}`,
    `title: ${JSON.stringify(title)}`,
    `sidebar_label: ${JSON.stringify(w.sidebarLabel)}`,
    `sidebar_position: ${page.position}`,
    `description: ${JSON.stringify(w.description.replace('{api}', ctx.apiTitle))}`,
    `slug: ${page.permalink}`,
    'toc_max_heading_level: 2',
    '---',
  ].join('\n');
  return `${front}\n\n${IMPORTS}\n\n${NOTE}\n\n${toMdx([jsx('div', { className: 'api-page api-schemas' }, [paragraph(text(w.description.replace('{api}', ctx.apiTitle))), ...blocks])])}`;
}

/**
 * The page listing every definition for download (plugin option `downloadsDoc`): API, version,
 * operation and callback counts, the YAML file and the reference index.
 */
export function renderDownloadsPage(apis: ApiSummary[], wording: Wording): string {
  const w = wording.downloadsPage;
  const rows = apis.map((api) => [
    [link(api.reference, text(api.title))],
    [code(api.version)],
    [text(String(api.operations))],
    [text(String(api.webhooks))],
    [link(`pathname://${api.download}`, text(api.download.split('/').pop() ?? api.download))],
    [link(`pathname://${api.postman}`, text(w.postmanLink))],
  ]);
  const front = [
    '---',
    `title: ${JSON.stringify(w.title)}`,
    `description: ${JSON.stringify(w.description)}`,
    '---',
  ].join('\n');
  return `${front}\n\n${NOTE}\n\n${toMdx([
    ...markdownBlocks(w.introduction),
    table(w.columns, rows),
    ...markdownBlocks(w.after),
  ])}`;
}
